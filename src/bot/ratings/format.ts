/**
 * The ratings' texts: a crossing alert and the /rating screen. Pure, over a translate function.
 * Tests: none directly
 */

import type { FbsErrorIndex, Rating, RatingZone } from "../../ozon/seller/ratings.ts";
import type { RatingCrossing } from "../../services/ratings/index.ts";
import type { Translator } from "../core/i18n.ts";

const MARKS: Record<RatingZone, string> = { ok: "🟢", warning: "🟡", danger: "🔴", unknown: "⚪" };

function figure(value: number | undefined, type: string | undefined): string {
  if (value === undefined) return "—";
  const text = String(Math.round(value * 100) / 100);
  return type === "PERCENT" ? `${text} %` : text;
}

/** The threshold a crossing went over: the danger one when danger is either end, else warning. */
function crossedThreshold(crossing: RatingCrossing): number | undefined {
  const { rating, from, to } = crossing;
  return from === "danger" || to === "danger" ? rating.dangerThreshold : rating.warningThreshold;
}

export function crossingText(t: Translator, crossing: RatingCrossing): string {
  const { rating } = crossing;
  const lines = [
    t(crossing.worse ? "ratings-crossing-worse" : "ratings-crossing-better", {
      name: rating.name,
      zone: t("ratings-zone", { zone: crossing.to }),
    }),
    t("ratings-crossing-value", {
      value: figure(rating.value, rating.valueType),
      past: figure(rating.pastValue, rating.valueType),
    }),
  ];
  const threshold = crossedThreshold(crossing);
  if (threshold !== undefined) {
    lines.push(t("ratings-crossing-threshold", { threshold: figure(threshold, rating.valueType) }));
  }
  if (crossing.errors.length > 0) {
    lines.push(
      t("ratings-crossing-errors", {
        postings: crossing.errors.map((e) => e.postingNumber).join(", "),
      }),
    );
  }
  if (crossing.worse) lines.push(t("ratings-crossing-hint"));
  return lines.join("\n");
}

export function ratingsScreen(
  t: Translator,
  ratings: readonly Rating[],
  index: FbsErrorIndex | undefined,
): string {
  if (ratings.length === 0 && index?.index === undefined) return t("ratings-empty");
  const lines = ratings.map((r) => {
    const thresholds =
      r.warningThreshold !== undefined || r.dangerThreshold !== undefined
        ? t("ratings-line-thresholds", {
            warning: figure(r.warningThreshold, r.valueType),
            danger: figure(r.dangerThreshold, r.valueType),
          })
        : "";
    return t("ratings-line", {
      mark: MARKS[r.zone],
      name: r.name,
      value: figure(r.value, r.valueType),
      thresholds,
    });
  });
  if (index?.index !== undefined) {
    lines.push(
      t("ratings-fbs-index", {
        index: figure(index.index, undefined),
        from: index.periodFrom ?? "—",
        to: index.periodTo ?? "—",
      }),
    );
  }
  return [t("ratings-title"), ...lines, "", t("ratings-legend")].join("\n");
}
