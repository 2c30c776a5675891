/**
 * The two screens a campaign card's message shows, built from JSON-safe facts so that both the
 * /campaigns buttons and the card's dialogs (which redraw the card after a change, reading Ozon
 * only inside `conversation.external`) draw them the same way: the card itself, and a page of
 * its product bids.
 * Tests: none directly
 */
import type { InlineKeyboard } from "grammy";
import { type CampaignStateKey, toggleOf } from "../../../services/ads/index.ts";
import type { Translator } from "../../core/i18n.ts";
import { campaignTitle } from "../format.ts";
import { type BidLine, type CampaignCardView, campaignCardText } from "./format.ts";
import { bidsKeyboard, type CardButtons, cardKeyboard } from "./keyboards.ts";

export interface Screen {
  text: string;
  keyboard: InlineKeyboard;
}

/** The card: state, budget, period, yesterday's spend (when known), under `notice` if any. */
export function cardScreen(
  t: Translator,
  b: CardButtons,
  view: CampaignCardView,
  spend: string | undefined,
  listPage: number,
  notice = "",
  was?: CampaignStateKey,
): Screen {
  const card = campaignCardText(t, view, spend, was);
  return {
    text: notice ? `${notice}\n\n${card}` : card,
    keyboard: cardKeyboard(b, t, view, toggleOf(view), listPage),
  };
}

/**
 * A page of the campaign's product bids, buttons only (as the campaign lists): each product's
 * button says its title, SKU and bid; the message over them says what to do and the page.
 */
export function bidsScreen(
  t: Translator,
  b: CardButtons,
  campaign: { id: string; title: string },
  listed: { items: readonly BidLine[]; page: number; more: boolean },
): Screen {
  const head = t("campaigns-bids-head", { title: campaignTitle(campaign), page: listed.page });
  const what = listed.items.length > 0 ? t("campaigns-bids-hint") : t("campaigns-bids-empty");
  return {
    text: `${head}\n${what}`,
    keyboard: bidsKeyboard(b, t, campaign.id, listed.items, listed.page, listed.more),
  };
}
