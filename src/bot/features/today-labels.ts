/**
 * Labels in batches from /today: every packed posting of today (tl:<shop>), or of one group of
 * the board (tl:<shop>:<warehouse>:<cutoff minute>), as one PDF. A progress message counts the
 * parts Ozon has prepared; postings Ozon could not print are named with its reason.
 */
import { InputFile } from "grammy";
import type { Logger } from "../../logger.ts";
import { batchLabels, LabelsNotReadyError } from "../../services/postings/labels.ts";
import { findGroup, todayBoard } from "../../services/postings/today.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotContext } from "../context.ts";
import { clip, describeOzonError, problemText } from "../format/postings.ts";
import type { Router } from "../router.ts";
import { shopFileName } from "../shop-files.ts";
import { withShopTag } from "../shops.ts";
import type { PostingShops, SellerShop } from "./posting-shop.ts";

export const TODAY_LABELS_CALLBACK = "tl";
/** A second tap while a batch is on its way sends nothing more. */
const BATCH_ONCE_MS = 5 * 60_000;
/** Postings named as not printed; the rest are counted. */
const UNPRINTED_SHOWN = 15;
const ID = /^\d{1,20}$/;

export interface TodayLabelsDeps {
  router: Router;
  codec: CallbackCodec;
  logger: Logger;
  timezone: string;
  where: PostingShops;
  pressedShop(ctx: BotContext, ref: string | undefined): Promise<SellerShop | undefined>;
  /** Poll interval of Ozon's label tasks (tests make it short). */
  pollMs?: number;
}

export function registerTodayLabels(deps: TodayLabelsDeps): void {
  const { router, logger, timezone, where } = deps;
  const { shops } = where;

  router.callback(TODAY_LABELS_CALLBACK, ["warehouse"], async (ctx, [ref, warehouse, minute]) => {
    const oneGroup = warehouse !== undefined || minute !== undefined;
    if (oneGroup && !(warehouse && ID.test(warehouse) && minute && ID.test(minute))) {
      return ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
    }
    const shop = await deps.pressedShop(ctx, ref);
    if (!shop) return;
    const key = `today-labels:${ctx.chat?.id ?? ctx.from?.id}:${warehouse ?? "all"}:${minute ?? ""}`;
    if (!(await shop.store.setIfAbsent(key, true, { ttlMs: BATCH_ONCE_MS }))) {
      return ctx.answerCallbackQuery({ text: ctx.t("postings-label-once") });
    }
    await ctx.answerCallbackQuery({ text: ctx.t("postings-label-preparing") });
    try {
      await sendBatch(
        ctx,
        shop,
        oneGroup ? { warehouse: warehouse ?? "", minute: Number(minute) } : undefined,
      );
    } finally {
      await shop.store.delete(key);
    }
  });

  async function sendBatch(
    ctx: BotContext,
    shop: SellerShop,
    group: { warehouse: string; minute: number } | undefined,
  ): Promise<void> {
    const tagged = (text: string) => withShopTag(ctx.t, shops, shop.id, text);
    let numbers: string[];
    try {
      const board = await todayBoard(shop.seller.shipping, Date.now(), timezone);
      if (group) {
        const found = findGroup(
          board,
          group.warehouse === "0" ? "" : group.warehouse,
          group.minute,
        );
        numbers = found?.packed.map((p) => p.postingNumber) ?? [];
      } else {
        numbers = board.packedToday;
      }
    } catch (error) {
      return void (await ctx.reply(tagged(problemText(ctx.t, describeOzonError(error)))));
    }
    if (numbers.length === 0) return void (await ctx.reply(tagged(ctx.t("labels-none-packed"))));

    const progress = await ctx.reply(tagged(ctx.t("labels-preparing", { count: numbers.length })));
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
    try {
      const batch = await batchLabels(shop.seller, numbers, {
        onProgress,
        ...(deps.pollMs ? { pollMs: deps.pollMs } : {}),
      });
      const notPrinted = batch.unprinted.slice(0, UNPRINTED_SHOWN).map((u) =>
        ctx.t("labels-unprinted-line", {
          posting: u.postingNumber,
          reason: clip(u.reason || "—", 80),
        }),
      );
      if (batch.unprinted.length > UNPRINTED_SHOWN) {
        notPrinted.push(
          ctx.t("labels-unprinted-more", { count: batch.unprinted.length - UNPRINTED_SHOWN }),
        );
      }
      const summary = [
        ctx.t("labels-done", { printed: batch.printed, count: numbers.length }),
        ...(notPrinted.length > 0 ? [ctx.t("labels-unprinted-title"), ...notPrinted] : []),
      ].join("\n");
      await ctx.api
        .editMessageText(progress.chat.id, progress.message_id, tagged(summary))
        .catch(() => ctx.reply(tagged(summary)));
      if (batch.pdf) {
        const caption = tagged(ctx.t("labels-caption", { count: batch.printed }));
        await ctx.replyWithDocument(
          new InputFile(batch.pdf, shopFileName(shops, shop.id, "labels", String(batch.printed))),
          {
            caption,
          },
        );
      }
    } catch (error) {
      logger.info({ err: error, shop: shop.id }, "batch labels failed");
      const text =
        error instanceof LabelsNotReadyError
          ? ctx.t("labels-still-preparing", { minutes: error.minutes })
          : ctx.t("labels-failed", { reason: problemText(ctx.t, describeOzonError(error)) });
      await ctx.api
        .editMessageText(progress.chat.id, progress.message_id, tagged(text))
        .catch(() => ctx.reply(tagged(text)));
    }
  }
}
