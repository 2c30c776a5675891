/**
 * The texts of FBO stock per cluster: /stock's most urgent products with their clusters, and the
 * alert of products that fell under the store's days threshold. Pure functions.
 * Tests: test/bot/fbo-stock/format.test.ts, test/bot/fbo-stock/fbo-stock.test.ts
 */
import type { ClusterStock } from "../../services/fbo-stock/index.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";
import { countText, decimalText } from "../core/numbers.ts";

/** Products shown on /stock (the restock file has all of them). */
export const SCREEN_PRODUCTS = 12;
const ALERT_LINES = 30;

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

/** Clusters shown per product on /stock: the under-threshold ones first, then the fewest days. */
export const SCREEN_CLUSTERS = 3;
/**
 * Room for a text's own lines (Telegram takes 4 096 characters; the store's tag and the closing
 * "…and N more" line take the rest).
 */
const TEXT_ROOM = 3_800;

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
  const isLow = (row: ClusterStock) => row.dailySales > 0 && row.days < threshold;
  let text = t("fbo-stock-title", { threshold });
  let shown = 0;
  for (const list of ordered.slice(0, SCREEN_PRODUCTS)) {
    const first = list[0] as ClusterStock;
    const block = [
      "",
      t("fbo-stock-product", { name: clip(first.name, 60), offer: first.offerId ?? first.sku }),
    ];
    const clusters = [...list].sort(
      (a, b) => Number(isLow(b)) - Number(isLow(a)) || a.days - b.days,
    );
    for (const row of clusters.slice(0, SCREEN_CLUSTERS)) {
      block.push(
        // Without sales in the cluster its days of stock mean nothing (Ozon writes 0): left out.
        t(
          isLow(row)
            ? "fbo-stock-cluster-low"
            : row.dailySales > 0
              ? "fbo-stock-cluster"
              : "fbo-stock-cluster-idle",
          {
            cluster: clip(row.clusterName, 40),
            available: countText(t, row.available),
            days: decimalText(t, row.days),
            grade: gradeText(t, row.grade),
          },
        ),
      );
    }
    if (clusters.length > SCREEN_CLUSTERS) {
      block.push(t("fbo-stock-clusters-more", { count: clusters.length - SCREEN_CLUSTERS }));
    }
    const next = `${text}\n${block.join("\n")}`;
    if (shown > 0 && next.length > TEXT_ROOM) break;
    text = next;
    shown += 1;
  }
  if (ordered.length > shown) {
    text += `\n\n${t("fbo-stock-more", { count: ordered.length - shown })}`;
  }
  return text;
}

export function lowDaysText(
  t: Translator,
  falls: readonly ClusterStock[],
  threshold: number,
): string {
  let text = t("fbo-stock-low-title", { threshold, count: falls.length });
  let shown = 0;
  for (const row of falls.slice(0, ALERT_LINES)) {
    const line = t("fbo-stock-low-line", {
      name: clip(row.name, 50),
      cluster: clip(row.clusterName, 40),
      days: decimalText(t, row.days),
      available: countText(t, row.available),
    });
    if (text.length + 1 + line.length > TEXT_ROOM) break;
    text += `\n${line}`;
    shown += 1;
  }
  if (falls.length > shown) text += `\n${t("fbo-stock-more", { count: falls.length - shown })}`;
  return text;
}
