/**
 * The name a delivered report file gets.
 * Tests: test/services/ads/reports/name.test.ts and 11 more
 */
import type { ReportJob } from "./jobs.ts";

/**
 * A file name a person recognises and every system accepts:
 * `ozon-ads_14275771_2026-10-01_2026-10-15.csv`; several campaigns join their ids
 * (`ozon-ads_1-2-3-and-7-more_...zip`); phrases and attribution reports say so in the prefix.
 * With `shopName` (several shops) the shop follows the prefix, in letters, digits and hyphens
 * only: `ozon-ads_Южный_14275771_...csv`.
 */
export function reportFileName(
  job: Pick<ReportJob, "kind" | "campaigns" | "period">,
  format: "csv" | "zip",
  shopName?: string,
): string {
  const prefix =
    job.kind === "campaigns"
      ? "ozon-ads"
      : job.kind === "phrases"
        ? "ozon-ads-phrases"
        : "ozon-ads-attribution";
  const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, "").slice(0, 24) || "x";
  const ids = job.campaigns.map((c) => safe(c.id));
  const shown = ids.length > 3 ? [...ids.slice(0, 3), `and-${ids.length - 3}-more`] : ids;
  const shop = shopName === undefined ? "" : safeShopName(shopName);
  const head = shop ? `${prefix}_${shop}` : prefix;
  return `${head}_${shown.join("-")}_${safe(job.period.from)}_${safe(job.period.to)}.${format}`;
}

/** A shop name as part of a file name: letters of any script, digits, single hyphens. */
export function safeShopName(name: string): string {
  return name
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32)
    .replace(/-+$/, "");
}
