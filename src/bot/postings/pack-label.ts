/**
 * After a pack, the card and the label.
 *
 * «⚡ Pack in 1 box» on a posting's card (drawOneTap): one tap packs it in one package and sends
 * the label right after; the card itself says it is packed. No confirmation: the button is the
 * whole decision (one box, nothing to type), the card above it shows what goes in, and a confirm
 * screen would only repeat the card. What needs more than one tap never ships from here: a
 * posting whose units need anything (marks, GTD, RNPT, weight, IMEI: Ozon is asked at the tap,
 * services/postings/units.ts; the card cannot know) turns into the ship dialog on the card, one
 * package already chosen, and one that no longer awaits packaging says what became of it (the
 * same dialog). What happens is decided by services/postings/one-tap.ts; this file draws what it
 * returns: the card says packed (or by whom), then the label.
 *
 * The label (sendLabel, sendLabelAfterPack): one posting's package label as a PDF, sent to the
 * chat of the update: by the Label button, and at once after any pack (⚡ on the card, or the ship
 * dialog's confirmation), so nobody taps for it. Each message's label goes once within
 * LABEL_ONCE_MS (a double tap, another process sharing the store); when no file went out, the
 * next tap tries again at once.
 * Tests: none directly
 */
import { InputFile } from "grammy";
import type { Logger } from "../../logger.ts";
import type { SellerClient } from "../../ozon/index.ts";
import { type LabelOutcome, labelOf, type OneTapOutcome } from "../../services/postings/one-tap.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { showScreen } from "../core/screen-text.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { shopFileName } from "./file-names.ts";
import { cancelledText, formatOf, problemText, shipDoneText } from "./format.ts";
import { labelKeyboard, withDeliveryButton } from "./keyboards.ts";
import { packedByText } from "./posting-fate.ts";
import type { SellerShop } from "./posting-shop.ts";
import type { PackedAnnouncer } from "./posting-steps.ts";

/**
 * A Label button pressed again within this time sends nothing more: a double tap, or a tap in
 * another process sharing the store, while the file is on its way. Later taps print it again.
 */
export const LABEL_ONCE_MS = 30_000;

export interface LabelShop {
  id: string;
  seller: SellerClient;
  store: Store;
}

export interface LabelSendDeps {
  shops: ShopRegistry;
  /** Where a label Ozon would not give is noted (none: not noted). */
  logger?: Logger;
}

/** The idempotency key of one Label button: its message and posting (whoever presses it). */
export function labelKey(ctx: BotContext, postingNumber: string): string {
  const query = ctx.callbackQuery;
  const message = query?.message;
  const button = message
    ? `${message.chat.id}:${message.message_id}`
    : `inline:${query?.inline_message_id ?? ctx.from?.id}`;
  return `label-press:${button}:${postingNumber}`;
}

/** The label as a PDF; false when Ozon gave none (the person is told why). */
export async function sendLabel(
  ctx: BotContext,
  shop: LabelShop,
  number: string,
  deps: LabelSendDeps,
): Promise<boolean> {
  await ctx.replyWithChatAction("upload_document");
  return drawLabel(ctx, shop, number, await labelOf(shop.seller, number), deps);
}

/** What Ozon gave for the label, drawn: the PDF, or why there is none. */
async function drawLabel(
  ctx: BotContext,
  shop: LabelShop,
  number: string,
  label: LabelOutcome,
  deps: LabelSendDeps,
): Promise<boolean> {
  const { shops, logger } = deps;
  if (label.kind === "cancelled") {
    await ctx.reply(withShopTag(ctx.t, shops, shop.id, cancelledText(ctx.t, label.posting)));
    return false;
  }
  if (label.kind === "refused") {
    logger?.info(
      { err: label.error, posting: number, shop: shop.id },
      "package label not available",
    );
    const reason = problemText(ctx.t, label.problem);
    await ctx.reply(ctx.t("postings-label-failed", { posting: number, reason }));
    return false;
  }
  const caption = ctx.t("postings-label-caption", { posting: number });
  const file = new InputFile(label.pdf, shopFileName(shops, shop.id, "label", number));
  await ctx.replyWithDocument(file, { caption: withShopTag(ctx.t, shops, shop.id, caption) });
  return true;
}

/**
 * The label right after a pack, as Ozon gave it with the pack, without another tap: marked as
 * sent for this message first (a tap on the packed card's Label meanwhile sends no second copy),
 * unmarked when none went out.
 */
export async function sendLabelAfterPack(
  ctx: BotContext,
  shop: LabelShop,
  number: string,
  label: LabelOutcome | undefined,
  deps: LabelSendDeps,
): Promise<boolean> {
  const key = labelKey(ctx, number);
  await shop.store.setIfAbsent(key, true, { ttlMs: LABEL_ONCE_MS });
  const send = label
    ? drawLabel(ctx, shop, number, label, deps)
    : sendLabel(ctx, shop, number, deps);
  const sent = await send.catch(async (error: unknown) => {
    await shop.store.delete(key);
    throw error;
  });
  if (!sent) await shop.store.delete(key);
  return sent;
}

export interface QuickPackDeps {
  codec: CallbackCodec;
  timezone: string;
  shops: ShopRegistry;
  announcePacked?: PackedAnnouncer;
  labels: LabelSendDeps;
}

/**
 * Draws a one-tap pack's outcome on the pressed card; "dialog" when the ship dialog must take
 * over (the handler enters it).
 */
export async function drawOneTap(
  ctx: BotContext,
  shop: SellerShop,
  number: string,
  outcome: OneTapOutcome,
  deps: QuickPackDeps,
): Promise<"dialog" | "done"> {
  const tagged = (text: string) => withShopTag(ctx.t, deps.shops, shop.id, text);
  switch (outcome.kind) {
    case "busy":
      return "done";
    case "dialog":
      return "dialog";
    case "unreadable":
      await ctx.reply(problemText(ctx.t, outcome.problem));
      return "done";
    case "failed": {
      // The card stays as it is: tapping it again is the retry.
      const reason = problemText(ctx.t, outcome.problem);
      await ctx.reply(tagged(ctx.t("postings-ship-failed", { posting: number, reason })));
      return "done";
    }
  }
  const labels = (parts: string[]) =>
    withDeliveryButton(
      labelKeyboard(deps.codec, ctx.t, parts, number, shop.ref),
      deps.codec,
      ctx.t,
      outcome.posting,
      shop.ref,
    );
  if (outcome.kind === "packed-before") {
    const text = packedByText(formatOf(ctx, deps.timezone), number, outcome.by, Date.now());
    await showScreen(ctx, tagged(text), labels(outcome.by?.parts ?? []));
    return "done";
  }
  await showScreen(
    ctx,
    tagged(shipDoneText(ctx.t.bind(ctx), number, outcome.parts)),
    labels(outcome.parts),
  );
  const message = ctx.callbackQuery?.message;
  const kept = message ? { chatId: message.chat.id, messageId: message.message_id } : undefined;
  void deps.announcePacked?.(shop.id, outcome.posting, outcome.by, kept);
  // The label right after, without another tap.
  await sendLabelAfterPack(ctx, shop, number, outcome.label, deps.labels);
  return "done";
}
