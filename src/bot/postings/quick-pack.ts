/**
 * «⚡ Pack in 1 box» on a posting's card: one tap packs it in one package and sends the label
 * right after; the card itself says it is packed.
 *
 * No confirmation: the button is the whole decision (one box, nothing to type), the card above it
 * shows what goes in, and a confirm screen would only repeat the card. What needs more than one
 * tap never ships from here: a posting whose units need anything (marks, GTD, RNPT, weight, IMEI:
 * Ozon is asked at the tap, services/postings/units.ts; the card cannot know) turns into the ship
 * dialog on the card, one package already chosen, and one that no longer awaits packaging says
 * what became of it (the same dialog). What happens is decided by services/postings/one-tap.ts;
 * this file draws what it returns: the card says packed (or by whom), then the label.
 * Tests: none directly
 */

import type { OneTapOutcome } from "../../services/postings/one-tap.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import { showScreen } from "../core/screen-text.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { formatOf, problemText, shipDoneText } from "./format.ts";
import { labelKeyboard, withDeliveryButton } from "./keyboards.ts";
import type { LabelSendDeps } from "./label-send.ts";
import { sendLabelAfterPack } from "./label-send.ts";
import { packedByText } from "./posting-fate.ts";
import type { SellerShop } from "./posting-shop.ts";
import type { PackedAnnouncer } from "./posting-steps.ts";

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
