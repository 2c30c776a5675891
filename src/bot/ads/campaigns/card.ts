/**
 * The campaign card a card dialog (budget, period, bid) was entered from, redrawn after a
 * confirmed change so that it no longer shows the old budget, period or bid. The card is the
 * message of the press that entered the dialog; the bid dialog is entered from the card turned
 * into a page of bids, so that page is redrawn. Ozon is read inside `conversation.external`
 * (session.call), the message is edited through `ctx` outside it. A refused edit (message too
 * old or deleted, nothing changed) or a failed read leaves the card as it was: the change itself
 * is done and its own screen says so.
 * Tests: none directly
 */
import type { InlineKeyboard } from "grammy";
import type { ConversationContext } from "../../core/context.ts";
import type { MessageRef } from "../../core/dialog/dialog.ts";
import { isNotModified } from "../../core/screen-text.ts";
import type { AdsDialogDeps, AdsShopSteps } from "../steps.ts";
import { cardView } from "./format.ts";
import type { CardButtons } from "./keyboards.ts";
import { bidsScreen, cardScreen } from "./screens.ts";

/** The message the dialog's entry press was on (undefined when entered by a command). */
export function enteredFrom(first: ConversationContext): MessageRef | undefined {
  const message = first.callbackQuery?.message;
  return message ? { chatId: message.chat.id, messageId: message.message_id } : undefined;
}

/** Where a card dialog puts the fresh card: the message and what it showed. */
export type CardPlace =
  | { kind: "card"; message: MessageRef; campaignId: string; listPage: number }
  | { kind: "bids"; message: MessageRef; campaignId: string; page: number; pageSize: number };

/** Redraws the card (or bids page) at `place` with the campaign as Ozon shows it now. */
export async function redrawCard(
  deps: AdsDialogDeps,
  session: AdsShopSteps,
  place: CardPlace,
): Promise<void> {
  const ctx = session.dialog.ctx;
  const t = session.dialog.t;
  const b: CardButtons = { codec: deps.codec, owner: ctx.from?.id ?? 0, shopRef: session.shop.ref };
  const { campaignId } = place;
  const read = await session.call(async ({ desk }) => {
    const campaign = await desk.read(campaignId);
    if (!campaign) return null;
    if (place.kind === "card") {
      const spend = (await desk.yesterdaySpend())?.get(campaignId)?.toString();
      return { kind: "card" as const, view: cardView(campaign), spend };
    }
    const listed = await desk.products(campaignId, place.page, place.pageSize);
    const items = listed.items.map((p) => ({ sku: p.sku, title: p.title, bid: p.bid?.toString() }));
    const page = { items, page: listed.page, more: listed.more };
    return { kind: "bids" as const, campaign: { id: campaign.id, title: campaign.title }, page };
  });
  if (!read.ok || !read.value) return;
  const fresh = read.value;
  const screen =
    fresh.kind === "card" && place.kind === "card"
      ? cardScreen(t, b, fresh.view, fresh.spend, place.listPage)
      : fresh.kind === "bids"
        ? bidsScreen(t, b, fresh.campaign, fresh.page)
        : undefined;
  if (screen)
    await editQuietly(deps, ctx, place.message, session.tagged(screen.text), screen.keyboard);
}

async function editQuietly(
  deps: AdsDialogDeps,
  ctx: ConversationContext,
  message: MessageRef,
  text: string,
  keyboard: InlineKeyboard,
): Promise<void> {
  try {
    await ctx.api.editMessageText(message.chatId, message.messageId, text, {
      reply_markup: keyboard,
      link_preview_options: { is_disabled: true },
    });
  } catch (error) {
    if (isNotModified(error)) return;
    deps.logger?.info({ err: error }, "a campaign card could not be redrawn after a change");
  }
}
