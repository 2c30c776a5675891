/**
 * /money's text of one store and period: what Ozon accrued by kind, the ads, the net, and the
 * balance of the period. Pure, over a translate function; money through core/numbers.
 * Tests: none directly
 */
import type {
  LossDay,
  MissedPayout,
  MoneyFigures,
  MoneyPeriodKind,
  ProductMargin,
} from "../../services/money/index.ts";
import type { Translator } from "../core/i18n.ts";
import { dayText, decimalText, kopecksMoneyText, localeOf } from "../core/numbers.ts";

export function moneyText(
  t: Translator,
  head: { store: string | undefined; kind: MoneyPeriodKind },
  f: MoneyFigures,
): string {
  const locale = localeOf(t);
  const money = (k: bigint) => kopecksMoneyText(t, k);
  const range = (r: { from: string; to: string }) =>
    r.from === r.to
      ? dayText(locale, r.from)
      : `${dayText(locale, r.from)} – ${dayText(locale, r.to)}`;
  const lines = [
    t("money-title", { store: head.store ?? "", many: head.store === undefined ? "no" : "yes" }),
    t("money-period", { period: head.kind, days: range(f.period) }),
  ];
  if (f.source === "statement") lines.push(t("money-statement", { days: range(f.covered) }));
  lines.push(
    "",
    t("money-sales", { amount: money(f.salesKopecks) }),
    t("money-returns", { amount: money(f.returnsKopecks) }),
    t("money-commission", { amount: money(f.commissionKopecks) }),
    t("money-delivery", { amount: money(f.deliveryKopecks) }),
    t("money-other", { amount: money(f.otherKopecks) }),
  );
  if (f.adsKopecks !== undefined) lines.push(t("money-ads", { amount: money(-f.adsKopecks) }));
  else if (f.adsFailed) lines.push(t("money-ads-failed"));
  lines.push(t("money-net", { amount: money(f.netKopecks) }), "", t("money-balance-title"));
  const optional = (key: string, k: bigint | undefined) =>
    lines.push(t(key, { amount: k === undefined ? "—" : money(k) }));
  optional("money-opening", f.openingKopecks);
  optional("money-accrued", f.accruedKopecks);
  optional("money-paid-out", f.paidOutKopecks);
  optional("money-closing", f.closingKopecks);
  return lines.join("\n");
}

/** How many products the margins screen lists. */
export const WORST_LISTED = 10;

export function marginsText(
  t: Translator,
  head: { store: string | undefined; kind: MoneyPeriodKind; period: { from: string; to: string } },
  rows: readonly ProductMargin[],
): string {
  const locale = localeOf(t);
  const money = (k: bigint) => kopecksMoneyText(t, k);
  const days =
    head.period.from === head.period.to
      ? dayText(locale, head.period.from)
      : `${dayText(locale, head.period.from)} – ${dayText(locale, head.period.to)}`;
  const lines = [
    t("money-margins-title", { store: head.store ?? "", many: head.store ? "yes" : "no" }),
    t("money-period", { period: head.kind, days }),
    "",
  ];
  if (rows.length === 0) return [...lines, t("money-margins-none")].join("\n");
  for (const [i, r] of rows.slice(0, WORST_LISTED).entries()) {
    lines.push(
      t("money-margins-line", {
        index: i + 1,
        product: r.offerId ?? `SKU ${r.sku}`,
        units: r.units,
        revenue: money(r.revenueKopecks),
        margin: money(r.marginKopecks),
        // Written as the person's language writes a number, with money's minus; none: left out.
        percent:
          r.marginPercent === undefined
            ? ""
            : ` (${decimalText(t, r.marginPercent, 2).replace(/^-/, "−")} %)`,
        cost: r.costKopecks === undefined ? "no" : "yes",
      }),
    );
  }
  if (rows.some((r) => r.costKopecks === undefined)) lines.push("", t("money-margins-no-cost"));
  return lines.join("\n");
}

/** A product sold at a loss yesterday, with its numbers. */
export function lossText(t: Translator, alert: LossDay): string {
  const money = (k: bigint) => kopecksMoneyText(t, k);
  const lines = [t("money-loss-title", { day: dayText(localeOf(t), alert.day) })];
  for (const r of alert.products) {
    lines.push(
      t("money-loss-line", {
        product: r.offerId ?? `SKU ${r.sku}`,
        units: r.units,
        revenue: money(r.revenueKopecks),
        charges: money(r.commissionKopecks + r.deliveryKopecks + r.otherKopecks),
        cost: r.costKopecks === undefined ? "—" : money(r.costKopecks),
        margin: money(r.marginKopecks),
      }),
    );
  }
  lines.push("", t("money-loss-hint"));
  return lines.join("\n");
}

export function missedPayoutText(t: Translator, alert: MissedPayout): string {
  return t("money-payout-missed", {
    day: dayText(localeOf(t), alert.day),
    balance: kopecksMoneyText(t, BigInt(alert.openingKopecks)),
  });
}
