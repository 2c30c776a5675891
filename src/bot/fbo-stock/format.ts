/**
 * The texts of FBO stock per cluster: /stock's most urgent products with their clusters, and the
 * alert of products that fell under the store's days threshold. Pure functions.
 * Tests: none directly
 */
import type { ClusterStock } from "../../services/fbo-stock/index.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";

/** Products shown on /stock (the restock file has all of them). */
export const SCREEN_PRODUCTS = 12;
const ALERT_LINES = 30;

const days = (d: number) => (Math.round(d * 10) / 10).toString();

export function gradeText(t: Translator, grade: string | undefined): string {
  const known = [
    "DEFICIT",
    "POPULAR",
    "ACTUAL",
    "SURPLUS",
    "NO_SALES",
    "WAS_NO_SALES",
    "RESTRICTED_NO_SALES",
    "COLLECTING_DATA",
    "WAITING_FOR_SUPPLY",
  ];
  return grade && known.includes(grade)
    ? t(`fbo-stock-grade-${grade.toLowerCase().replaceAll("_", "-")}`)
    : "—";
}

/** Products by their most urgent cluster (fewest days where they sell), each with its clusters. */
export function stockScreenText(
  t: Translator,
  rows: readonly ClusterStock[],
  threshold: number,
): string {
  const products = new Map<string, ClusterStock[]>();
  for (const row of rows) products.set(row.sku, [...(products.get(row.sku) ?? []), row]);
  const urgency = (list: ClusterStock[]) =>
    Math.min(...list.map((r) => (r.dailySales > 0 ? r.days : Number.POSITIVE_INFINITY)));
  const ordered = [...products.values()].sort((a, b) => urgency(a) - urgency(b));
  if (ordered.length === 0) return t("fbo-stock-empty");
  const lines = [t("fbo-stock-title", { threshold })];
  for (const list of ordered.slice(0, SCREEN_PRODUCTS)) {
    const first = list[0] as ClusterStock;
    lines.push(
      "",
      t("fbo-stock-product", { name: clip(first.name, 60), offer: first.offerId ?? first.sku }),
    );
    for (const row of [...list].sort((a, b) => a.days - b.days)) {
      const low = row.dailySales > 0 && row.days < threshold;
      lines.push(
        t(low ? "fbo-stock-cluster-low" : "fbo-stock-cluster", {
          cluster: clip(row.clusterName, 40),
          available: row.available,
          days: days(row.days),
          grade: gradeText(t, row.grade),
        }),
      );
    }
  }
  if (ordered.length > SCREEN_PRODUCTS) {
    lines.push("", t("fbo-stock-more", { count: ordered.length - SCREEN_PRODUCTS }));
  }
  return lines.join("\n");
}

export function lowDaysText(
  t: Translator,
  falls: readonly ClusterStock[],
  threshold: number,
): string {
  const lines = [t("fbo-stock-low-title", { threshold, count: falls.length })];
  for (const row of falls.slice(0, ALERT_LINES)) {
    lines.push(
      t("fbo-stock-low-line", {
        name: clip(row.name, 50),
        cluster: clip(row.clusterName, 40),
        days: days(row.days),
        available: row.available,
      }),
    );
  }
  if (falls.length > ALERT_LINES)
    lines.push(t("fbo-stock-more", { count: falls.length - ALERT_LINES }));
  return lines.join("\n");
}
