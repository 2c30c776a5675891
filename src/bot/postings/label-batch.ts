/**
 * Starts a batch of labels for a chat (from /today's buttons or a picked set): a progress message,
 * Ozon's label tasks created, and the batch handed to the shop's LabelDesk, which delivers the PDF
 * when Ozon is done — also after a restart, once across processes. When Ozon retired its task
 * methods the labels are printed at once, 20 a call, with progress in the same message.
 * Tests: none directly
 */
import { randomUUID } from "node:crypto";
import { type LabelDesk, type LabelJob, TAP_HOLD_MS } from "../../services/postings/label-desk.ts";
import { beginLabels } from "../../services/postings/labels.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { type AuditRecorder, actorOf, audited } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { describeOzonError, problemText } from "./format.ts";
import type { SellerShop } from "./posting-shop.ts";

/**
 * A second tap while a batch is on its way sends nothing more: the key is released when the batch
 * ends and renewed while Ozon prepares it (TAP_HOLD_MS).
 */
const BATCH_ONCE_MS = TAP_HOLD_MS;

/**
 * The tap that asks for a batch keyed `onceKey`, answered: true when it may start one, false (the
 * person told so) while a batch of the same key is on its way.
 */
export async function claimBatchTap(
  ctx: BotContext,
  shop: SellerShop,
  onceKey: string,
): Promise<boolean> {
  if (!(await shop.store.setIfAbsent(onceKey, true, { ttlMs: BATCH_ONCE_MS }))) {
    await ctx.answerCallbackQuery({ text: ctx.t("labels-once") });
    return false;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("postings-label-preparing") });
  return true;
}

export interface LabelBatchRequest {
  shops: ShopRegistry;
  shop: SellerShop;
  desk: LabelDesk | undefined;
  numbers: readonly string[];
  /** Released when the batch ends (delivered, failed or given up). */
  onceKey: string;
  /** Where the batch is recorded (the audit trail). */
  audit?: AuditRecorder;
}

/** Runs until Ozon has the tasks (or printed directly); the desk does the rest. */
export async function startLabelBatch(ctx: BotContext, request: LabelBatchRequest): Promise<void> {
  const { shops, shop, desk, numbers } = request;
  const tagged = (text: string) => withShopTag(ctx.t, shops, shop.id, text);
  if (!desk) {
    // The module is stopping (or not started): nothing could follow the batch.
    await shop.store.delete(request.onceKey);
    return void (await ctx.reply(tagged(ctx.t("labels-not-now"))));
  }
  const progress = await ctx.reply(tagged(ctx.t("labels-preparing", { count: numbers.length })));
  const job: LabelJob = {
    id: randomUUID(),
    chatId: progress.chat.id,
    askedBy: ctx.from?.id,
    messageId: progress.message_id,
    locale: ctx.locale,
    postings: numbers.length,
    tasks: [],
    createdAt: Date.now(),
    polls: 0,
    toldSlow: false,
    onceKey: request.onceKey,
  };
  let shown = "";
  const onProgress = async (p: { ready: number; tasks: number }) => {
    const text = tagged(
      ctx.t("labels-progress", { count: numbers.length, ready: p.ready, parts: p.tasks }),
    );
    if (text === shown) return;
    shown = text;
    await ctx.api
      .editMessageText(progress.chat.id, progress.message_id, text)
      .catch(() => undefined);
  };
  let begun: Awaited<ReturnType<typeof beginLabels>>;
  try {
    const first = numbers[0] ?? "";
    begun = await audited(
      request.audit,
      {
        kind: "label-batch",
        actor: actorOf(ctx),
        shopId: shop.id,
        objectId: numbers.length > 1 ? `${first} +${numbers.length - 1}` : first,
        to: numbers.join(", "),
      },
      () => beginLabels(shop.seller, numbers, { onProgress }),
    );
  } catch (error) {
    return desk.failNow(job, problemText(ctx.t, describeOzonError(error)));
  }
  if ("batch" in begun) return desk.deliverNow(job, begun.batch);
  job.tasks = begun.tasks;
  job.postings = begun.tasks.reduce((sum, task) => sum + task.postings, 0);
  await desk.track(job);
}
