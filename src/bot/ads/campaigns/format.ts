/**
 * Texts of /campaigns: a campaign's card, its budget with the right word
 * (a day or a week), its period, yesterday's spend (only when known), and the old → new of a
 * change. Pure functions over a translate function.
 * Tests: test/bot/ads/english-numbers.test.ts
 */
import type { BidRefusal, BudgetCampaign, CampaignStateKey } from "../../../services/ads/index.ts";
import type { Translator } from "../../core/i18n.ts";
import { dayText, localeOf, moneyText, periodText } from "../../core/numbers.ts";
import { campaignTitle, STATE_ICONS, STATE_KEYS, titledButton } from "../format.ts";

/** What a card or a list line needs of a campaign (JSON-safe: money as strings of millionths). */
export interface CampaignCardView {
  id: string;
  title: string;
  stateKey: CampaignStateKey;
  kind: "daily" | "weekly" | "none";
  budget: string;
  fromDate: string;
  toDate: string;
}

export function cardView(c: BudgetCampaign): CampaignCardView {
  return {
    id: c.id,
    title: c.title,
    stateKey: c.stateKey,
    kind: c.kind ?? "none",
    budget: c.budget.toString(),
    fromDate: c.fromDate ?? "",
    toDate: c.toDate ?? "",
  };
}

export function stateText(t: Translator, key: CampaignStateKey): string {
  return `${STATE_ICONS[key]} ${t(STATE_KEYS[key])}`;
}

/** "1 500 ₽ в день", "4 900 ₽ в неделю", "без ограничения". */
export function campaignBudgetText(t: Translator, c: Pick<CampaignCardView, "kind" | "budget">) {
  const value = BigInt(c.budget);
  if (value === 0n || c.kind === "none") return t("ads-budget-unset");
  return t("campaigns-budget", { amount: moneyText(t, value), kind: c.kind });
}

/** "1 нояб. – 30 нояб.", "с 1 апр.", "по 30 нояб.", "без срока" (days as every day is written). */
export function campaignPeriodText(t: Translator, from: string, to: string): string {
  const locale = localeOf(t);
  const ruDate = (iso: string) => dayText(locale, iso);
  if (from && to) return periodText(locale, { from, to });
  if (from) return t("campaigns-period-from", { date: ruDate(from) });
  if (to) return t("campaigns-period-to", { date: ruDate(to) });
  return t("campaigns-period-none");
}

/** The card; `was` a state just changed from (a pause, a resume): its state line says so. */
export function campaignCardText(
  t: Translator,
  c: CampaignCardView,
  spend: string | undefined,
  was?: CampaignStateKey,
): string {
  const lines = [
    t("campaigns-card-title", { title: campaignTitle(c), id: c.id }),
    was === undefined
      ? t("campaigns-card-state", { state: stateText(t, c.stateKey) })
      : t("campaigns-card-state-changed", {
          state: stateText(t, c.stateKey),
          was: stateText(t, was),
        }),
    // ⚠️ on the list says only "look here": the card says what it means.
    ...(c.stateKey === "moderation_failed" ? [t("campaigns-card-moderation-failed")] : []),
    t("campaigns-card-budget", { budget: campaignBudgetText(t, c) }),
    t("campaigns-card-period", { period: campaignPeriodText(t, c.fromDate, c.toDate) }),
  ];
  if (spend !== undefined) {
    lines.push(t("campaigns-card-spend", { amount: moneyText(t, BigInt(spend)) }));
  }
  return lines.join("\n");
}

export const BID_REFUSAL_KEYS = {
  not_products: "campaigns-bids-not-products",
  pay_per_order: "campaigns-bids-pay-per-order",
  auto_strategy: "campaigns-bids-auto",
} as const satisfies Record<BidRefusal, string>;

/** A bid: "12,30 ₽", or "set by Ozon" when the product has none. */
export function bidText(t: Translator, bid: string | undefined): string {
  return bid === undefined ? t("campaigns-bid-none") : moneyText(t, BigInt(bid));
}

/** One product on a bids page (the bid as a string of millionths, none when Ozon sets it). */
export interface BidLine {
  sku: string;
  title: string;
  bid?: string | undefined;
}

/** A product's button on the bids page: "Title · SKU 123 · 12,30 ₽" (no title: the SKU alone). */
export function bidButton(t: Translator, product: BidLine): string {
  const tail = t("campaigns-bid-button", { sku: product.sku, bid: bidText(t, product.bid) });
  return product.title ? titledButton(product.title, tail) : tail;
}
