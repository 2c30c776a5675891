/**
 * The texts of FBO sales: one order's card, a digest of a burst, both redrawn with a cancelled
 * order marked. Pure functions of the kept message (services/sales/types.ts).
 * Tests: test/bot/sales/format.test.ts
 */
import type { Sale } from "../../services/sales/index.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";
import { countText, kopecksMoneyText } from "../core/numbers.ts";

const NAME_LIMIT = 80;
const DIGEST_NAME_LIMIT = 50;

function kopecks(digits: string | undefined): bigint | undefined {
  return digits !== undefined && /^\d{1,18}$/.test(digits) ? BigInt(digits) : undefined;
}

/** The order's sum in kopecks (undefined when Ozon gave no price for some line). */
export function saleTotal(sale: Sale): bigint | undefined {
  let total = 0n;
  for (const line of sale.lines) {
    const each = kopecks(line.priceKopecks);
    if (each === undefined) return undefined;
    total += each * BigInt(line.quantity);
  }
  return total;
}

function whereText(t: Translator, sale: Sale): string {
  return t("sales-where", { city: sale.city ?? "—", cluster: sale.cluster ?? "—" });
}

/** One order's card; a cancelled one says so on top. */
export function saleCardText(t: Translator, sale: Sale, cancelled: boolean): string {
  const lines = [t(cancelled ? "sales-card-cancelled" : "sales-card-title")];
  for (const line of sale.lines) {
    const each = kopecks(line.priceKopecks);
    lines.push(
      t("sales-line", {
        name: clip(line.name, NAME_LIMIT),
        quantity: countText(t, line.quantity),
        price: each === undefined ? "—" : kopecksMoneyText(t, each),
      }),
    );
  }
  const total = saleTotal(sale);
  if (sale.lines.length > 1 && total !== undefined) {
    lines.push(t("sales-total", { sum: kopecksMoneyText(t, total) }));
  }
  lines.push(whereText(t, sale));
  lines.push(t("sales-posting", { posting: sale.postingNumber }));
  return lines.join("\n");
}

/** A burst of orders as one message: a line each, cancelled ones marked, the sum of the rest. */
export function salesDigestText(
  t: Translator,
  sales: readonly Sale[],
  cancelled: ReadonlySet<string>,
): string {
  const lines = [t("sales-digest-title", { count: sales.length })];
  let sum = 0n;
  let units = 0;
  /** Orders told without a price: the sum leaves them out, and says so. */
  let unpriced = 0;
  for (const sale of sales) {
    const first = sale.lines[0];
    const quantity = sale.lines.reduce((n, l) => n + l.quantity, 0);
    const total = saleTotal(sale);
    const gone = cancelled.has(sale.postingNumber);
    if (!gone) {
      sum += total ?? 0n;
      units += quantity;
      if (total === undefined) unpriced++;
    }
    lines.push(
      t(gone ? "sales-digest-line-cancelled" : "sales-digest-line", {
        name: clip(first?.name ?? "?", DIGEST_NAME_LIMIT),
        more: Math.max(0, sale.lines.length - 1),
        quantity: countText(t, quantity),
        sum: total === undefined ? "—" : kopecksMoneyText(t, total),
        cluster: clip(sale.cluster ?? sale.city ?? "—", 40),
      }),
    );
  }
  const totals = { units: countText(t, units), sum: kopecksMoneyText(t, sum) };
  lines.push(
    unpriced > 0
      ? t("sales-digest-total-unpriced", { ...totals, unpriced })
      : t("sales-digest-total", totals),
  );
  return lines.join("\n");
}

export function salesMessageText(
  t: Translator,
  message: { sales: readonly Sale[]; cancelled: readonly string[] },
): string {
  const [only] = message.sales;
  if (message.sales.length === 1 && only) {
    return saleCardText(t, only, message.cancelled.includes(only.postingNumber));
  }
  return salesDigestText(t, message.sales, new Set(message.cancelled));
}
