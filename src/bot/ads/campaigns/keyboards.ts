/**
 * Keyboards of /campaigns, of the one button kind CAMPAIGN_BUTTON (buttons.ts): the stores, a
 * store's list, a campaign's card, the pause/resume question and a page of product bids; and the
 * buttons of the period and bid dialogs opened from a card (the dialog toolkit signs them and adds
 * Close).
 * Tests: test/bot/ads/campaigns/buttons.test.ts
 */
import { InlineKeyboard } from "grammy";
import { historyButton } from "../../audit/index.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { ButtonData } from "../../core/dialog/dialog.ts";
import type { Translator } from "../../core/i18n.ts";
import { newRow } from "../../core/keyboard-rows.ts";
import { moneyText } from "../../core/numbers.ts";
import type { ShopChoice } from "../../core/shop-tags.ts";
import { CAMPAIGN_BUTTON, type CampaignAction } from "../buttons.ts";
import { campaignButton } from "../format.ts";
import { QUICK_REPORTS } from "../keyboards.ts";
import { type BidLine, bidButton, type CampaignCardView } from "./format.ts";

/** The card's ⚡ reports: yesterday and the last 7 days, by day. */
const CARD_QUICK_REPORTS = QUICK_REPORTS.filter((q) => q.id === "yd" || q.id === "7d");

export interface CardButtons {
  codec: CallbackCodec;
  owner: number;
  shopRef: string;
}

export function cardData(
  b: CardButtons,
  action: CampaignAction,
  id = "",
  extra: string | number = "",
): string {
  // Empty trailing arguments are left out (older buttons carry them as "").
  const carried = extra === "" ? undefined : String(extra);
  const campaign = id === "" && carried === undefined ? undefined : id;
  return CAMPAIGN_BUTTON.data(b.codec, b.owner, b.shopRef, action, campaign, carried);
}

export function storesKeyboard(
  codec: CallbackCodec,
  owner: number,
  shops: readonly ShopChoice[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  shops.forEach((shop, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(shop.name, cardData({ codec, owner, shopRef: shop.ref }, "l", "", 0));
  });
  return keyboard;
}

/** A campaign of the list and yesterday's spend on it (millionths; absent when unknown). */
export type ListedCampaign = CampaignCardView & { spend?: string | undefined };

/** A button per campaign ("Title · ▶️ 1 500 ₽ · вчера 812,40 ₽"), the pages, the stores. */
export function listKeyboard(
  b: CardButtons,
  t: Translator,
  items: readonly ListedCampaign[],
  page: number,
  pages: number,
  withStores: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const c of items) {
    const extra =
      c.spend === undefined
        ? ""
        : t("campaigns-spend-short", { amount: moneyText(t, BigInt(c.spend)) });
    newRow(keyboard).text(campaignButton(t, c, { extra }), cardData(b, "c", c.id, page));
  }
  if (pages > 1) {
    newRow(keyboard);
    if (page > 0) keyboard.text("«", cardData(b, "l", "", page - 1));
    keyboard.text(`${page + 1} / ${pages}`, cardData(b, "l", "", page));
    if (page < pages - 1) keyboard.text("»", cardData(b, "l", "", page + 1));
  }
  if (withStores) newRow(keyboard).text(t("campaigns-stores-button"), cardData(b, "s"));
  return keyboard;
}

const TOGGLE_KEYS = {
  pause: { button: "campaigns-pause-button", confirm: "campaigns-pause-confirm-button" },
  resume: { button: "campaigns-resume-button", confirm: "campaigns-resume-confirm-button" },
} as const;

export function cardKeyboard(
  b: CardButtons,
  t: Translator,
  c: CampaignCardView,
  toggle: "pause" | "resume" | undefined,
  listPage: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (toggle) {
    // One tap on the card acts: the card is what is paused; the change reads it again first.
    const action = toggle === "pause" ? "tp" : "tr";
    keyboard.text(t(TOGGLE_KEYS[toggle].button), cardData(b, action, c.id, listPage));
    keyboard.row();
  }
  keyboard
    .text(t("campaigns-budget-button"), cardData(b, "b", c.id, listPage))
    .text(t("campaigns-period-button"), cardData(b, "pd", c.id, listPage))
    .row()
    .text(t("campaigns-report-button"), cardData(b, "rp", c.id))
    .text(t("campaigns-bids-button"), cardData(b, "bi", c.id, 1))
    .row();
  // ⚡ That campaign's report over a usual period, ordered in one tap.
  for (const quick of CARD_QUICK_REPORTS) {
    keyboard.text(t(quick.key), cardData(b, "rq", c.id, quick.id));
  }
  keyboard
    .row()
    .text(t("campaigns-refresh-button"), cardData(b, "c", c.id, listPage))
    .text(t("campaigns-list-button"), cardData(b, "l", "", listPage))
    .row()
    .add(historyButton(t, b.codec, "c", c.id));
  return keyboard;
}

export function toggleConfirmKeyboard(
  b: CardButtons,
  t: Translator,
  id: string,
  toggle: "pause" | "resume",
  listPage: number,
): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      t(TOGGLE_KEYS[toggle].confirm),
      cardData(b, toggle === "pause" ? "tp" : "tr", id, listPage),
    )
    .row()
    .text(t("campaigns-back-to-card-button"), cardData(b, "c", id, listPage));
}

/** A page of product bids: a button per product (title · SKU · bid), the pager, back to the card. */
export function bidsKeyboard(
  b: CardButtons,
  t: Translator,
  id: string,
  items: readonly BidLine[],
  page: number,
  more: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  items.forEach((p, i) => {
    newRow(keyboard).text(bidButton(t, p), cardData(b, "bs", id, `${page}.${i}`));
  });
  if (page > 1 || more) {
    newRow(keyboard);
    if (page > 1) keyboard.text("«", cardData(b, "bi", id, page - 1));
    keyboard.text(String(page), cardData(b, "bi", id, page));
    if (more) keyboard.text("»", cardData(b, "bi", id, page + 1));
  }
  newRow(keyboard).text(t("campaigns-back-to-card-button"), cardData(b, "c", id, 0));
  return keyboard;
}

export function backToCardKeyboard(b: CardButtons, t: Translator, id: string): InlineKeyboard {
  return new InlineKeyboard().text(t("campaigns-back-to-card-button"), cardData(b, "c", id, 0));
}

// The period and bid dialogs.

/** "No end date": the campaign runs with no dates (step "u"). */
export function periodAskKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard().text(t("campaigns-period-unlimited-button"), button("u"));
}

/** Under a card dialog's old → new: confirm (step "y") or type another value (step "o"). */
function confirmOrOtherKeyboard(
  button: ButtonData,
  confirm: string,
  other: string,
): InlineKeyboard {
  return new InlineKeyboard().text(confirm, button("y")).row().text(other, button("o"));
}

export function periodConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return confirmOrOtherKeyboard(
    button,
    t("campaigns-period-confirm-button"),
    t("campaigns-period-other-button"),
  );
}

/** The bid question is answered by typing: no buttons but Close. */
export function bidAskKeyboard(_button: ButtonData, _t: Translator): InlineKeyboard {
  return new InlineKeyboard();
}

export function bidConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return confirmOrOtherKeyboard(
    button,
    t("campaigns-bid-confirm-button"),
    t("campaigns-bid-other-button"),
  );
}
