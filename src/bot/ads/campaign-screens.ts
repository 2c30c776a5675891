/**
 * The two screens a campaign card's message shows, built from JSON-safe facts so that both the
 * /campaigns buttons and the card's dialogs (which redraw the card after a change, reading Ozon
 * only inside `conversation.external`) draw them the same way: the card itself, and a page of
 * its product bids.
 */
import type { InlineKeyboard } from "grammy";
import { toggleOf } from "../../services/ads/index.ts";
import type { Translator } from "../core/i18n.ts";
import { bidsKeyboard, type CardButtons, cardKeyboard } from "./campaign-keyboards.ts";
import { bidText, type CampaignCardView, campaignCardText } from "./campaigns-format.ts";
import { campaignTitle } from "./format.ts";

export interface Screen {
  text: string;
  keyboard: InlineKeyboard;
}

/** One product on a bids page (the bid as a string of millionths, none when Ozon sets it). */
export interface BidLine {
  sku: string;
  title: string;
  bid?: string;
}

/** The card: state, budget, period, yesterday's spend (when known), under `notice` if any. */
export function cardScreen(
  t: Translator,
  b: CardButtons,
  view: CampaignCardView,
  spend: string | undefined,
  listPage: number,
  notice = "",
): Screen {
  const card = campaignCardText(t, view, spend);
  return {
    text: notice ? `${notice}\n\n${card}` : card,
    keyboard: cardKeyboard(b, t, view, toggleOf(view), listPage),
  };
}

/** A page of the campaign's product bids, each a button to change it. */
export function bidsScreen(
  t: Translator,
  b: CardButtons,
  campaign: { id: string; title: string },
  listed: { items: readonly BidLine[]; page: number; more: boolean },
): Screen {
  const head = t("campaigns-bids-head", { title: campaignTitle(campaign), page: listed.page });
  const lines = listed.items.map((p, i) =>
    t("campaigns-bid-line", {
      number: i + 1,
      title: p.title || p.sku,
      sku: p.sku,
      bid: bidText(t, p.bid),
    }),
  );
  const body = lines.length > 0 ? lines : [t("campaigns-bids-empty")];
  return {
    text: [head, "", ...body, "", t("campaigns-bids-hint")].join("\n"),
    keyboard: bidsKeyboard(b, t, campaign.id, listed.items, listed.page, listed.more),
  };
}
