/**
 * /money's text of one store and period: what Ozon accrued by kind, the ads, the net, and the
 * balance of the period. Pure, over a translate function; money through core/numbers.
 * Tests: none directly
 */
import type { MoneyFigures, MoneyPeriodKind } from "../../services/money/index.ts";
import type { Translator } from "../core/i18n.ts";
import { dayText, kopecksMoneyText, localeOf } from "../core/numbers.ts";

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
