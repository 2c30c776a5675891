/**
 * The words of the workbook round trip: the preview, the progress, Ozon's answers, the result.
 * Tests: none directly
 */
import { kopecksToRoubles } from "../../services/stock/book-cells.ts";
import type { BookJob, BookResultLine } from "../../services/stock/book-desk.ts";
import {
  type ItemOutcome,
  PRICE_MOVED,
  PRICE_TOO_OFTEN,
  STOCK_TOO_BIG_CODE,
  STOCK_TOO_FREQUENT,
} from "../../services/stock/book-ozon.ts";
import {
  type BookPlan,
  type BookWarehouse,
  biggestChanges,
} from "../../services/stock/book-plan.ts";
import type { BookFileError } from "../../services/stock/book-read.ts";
import type { Translator } from "../core/i18n.ts";

const LISTED = 10;

export interface PreviewFacts {
  plan: BookPlan;
  warehouses: readonly BookWarehouse[];
  /** Changes left out because the person's role does not allow them. */
  notAllowed: { stock: number; prices: number };
}

const rub = (kopecks: string | undefined) =>
  kopecks === undefined ? "—" : kopecksToRoubles(BigInt(kopecks)).replace(".", ",");

export function previewText(t: Translator, facts: PreviewFacts): string {
  const { plan, warehouses, notAllowed } = facts;
  const names = new Map(warehouses.map((w) => [w.id, w.name]));
  const lines = [t("book-preview-title", { rows: plan.rows })];
  const { counts } = plan;
  if (counts.stock + counts.price + counts.oldPrice + counts.minPrice + counts.cost === 0) {
    lines.push(t("book-preview-nothing"));
  } else {
    lines.push(
      t("book-preview-counts", {
        stock: counts.stock,
        price: counts.price,
        old: counts.oldPrice,
        min: counts.minPrice,
      }),
    );
    if (counts.cost > 0) lines.push(t("book-preview-costs", { count: counts.cost }));
  }
  if (notAllowed.stock > 0)
    lines.push(t("book-preview-no-stock-role", { count: notAllowed.stock }));
  if (notAllowed.prices > 0)
    lines.push(t("book-preview-no-price-role", { count: notAllowed.prices }));
  const biggest = biggestChanges(plan, LISTED);
  if (biggest.length > 0) {
    lines.push("", t("book-preview-biggest"));
    for (const change of biggest) {
      const what =
        change.what === "stock"
          ? t("book-what-stock", { warehouse: names.get(change.warehouseId ?? "") ?? "?" })
          : t(`book-what-${change.what}`);
      const [from, to] =
        change.what === "stock"
          ? [change.from ?? "—", change.to]
          : [rub(change.from), rub(change.to)];
      lines.push(
        t("book-preview-change", { row: change.row, offer: change.offerId, what, from, to }),
      );
    }
  }
  if (plan.unknown.length > 0) {
    lines.push("", t("book-preview-unknown", { count: plan.unknown.length }));
    for (const one of plan.unknown.slice(0, LISTED)) {
      lines.push(t("book-preview-unknown-row", { row: one.row, offer: one.offerId }));
    }
    if (plan.unknown.length > LISTED)
      lines.push(t("book-preview-more", { count: plan.unknown.length - LISTED }));
  }
  if (plan.unreadable.length > 0) {
    lines.push("", t("book-preview-unreadable", { count: plan.unreadable.length }));
    for (const one of plan.unreadable.slice(0, LISTED)) {
      const why = one.problems
        .slice(0, 3)
        .map((p) => rowProblemText(t, p))
        .join("; ");
      lines.push(t("book-preview-unreadable-row", { row: one.row, why }));
    }
    if (plan.unreadable.length > LISTED) {
      lines.push(t("book-preview-more", { count: plan.unreadable.length - LISTED }));
    }
  }
  return lines.join("\n");
}

/** "offer_id_missing", "duplicate:4", "<column>:not_a_number" → words. */
export function rowProblemText(t: Translator, code: string): string {
  if (code === "offer_id_missing") return t("book-problem-offer-missing");
  if (code === "price_missing") return t("book-problem-price-missing");
  if (code.startsWith("duplicate:")) return t("book-problem-duplicate", { row: code.slice(10) });
  const cut = code.lastIndexOf(":");
  const column = code.slice(0, cut);
  const reason = code.slice(cut + 1);
  return t("book-problem-cell", {
    column,
    reason: t(`book-reason-${reason.replaceAll("_", "-")}`),
  });
}

export function fileErrorText(t: Translator, error: BookFileError, limit: string): string {
  const text = t(`book-file-${error.problem.replaceAll("_", "-")}`, { limit });
  return error.row === undefined ? text : `${text}\n${t("book-file-at-row", { row: error.row })}`;
}

export function progressText(t: Translator, job: BookJob): string {
  return t("book-progress", { sent: job.sent, total: job.total });
}

/** The job stopped: the sender's role no longer allows it; what had been sent before, if any. */
export function stoppedText(t: Translator, job: BookJob): string {
  const key = job.stopped === "cancelled" ? "book-stopped-cancelled" : "book-stopped-rights";
  return t(key, { sent: job.sent, total: job.total });
}

export function outcomeText(t: Translator, outcome: ItemOutcome): string {
  if (outcome.ok) return t("book-outcome-done");
  if (outcome.code === STOCK_TOO_FREQUENT) return t("book-outcome-too-many");
  if (outcome.code === PRICE_TOO_OFTEN) return t("book-outcome-price-too-often");
  if (outcome.code === STOCK_TOO_BIG_CODE) return t("book-outcome-stock-too-big");
  if (outcome.code === PRICE_MOVED) {
    return t("book-outcome-price-moved", { now: outcome.message.slice(0, 30) || "—" });
  }
  return t("book-outcome-refused", {
    code: outcome.code.slice(0, 60),
    message: outcome.message.slice(0, 300) || "—",
  });
}

export function resultSummary(t: Translator, lines: readonly BookResultLine[]): string {
  const done = lines.filter((l) => l.outcome.ok).length;
  const moved = lines.filter((l) => !l.outcome.ok && l.outcome.code === PRICE_MOVED).length;
  const summary = t("book-finished", { done, refused: lines.length - done - moved });
  return moved > 0 ? `${summary}\n${t("book-finished-moved", { count: moved })}` : summary;
}

/** One line of the result workbook: what was asked, and "done" or Ozon's error in words. */
export function resultRow(
  t: Translator,
  line: BookResultLine,
  warehouses: ReadonlyMap<string, string>,
): { what: string; value: string; outcome: string } {
  const outcome = outcomeText(t, line.outcome);
  if (line.kind === "stock") {
    const warehouse = warehouses.get(line.warehouseId ?? "") ?? line.warehouseId ?? "?";
    return { what: t("book-what-stock", { warehouse }), value: String(line.stock ?? ""), outcome };
  }
  const prices: NonNullable<BookResultLine["prices"]> = line.prices ?? { price: "" };
  const value = [
    prices.price && `${t("book-what-price")} ${prices.price}`,
    prices.oldPrice && `${t("book-what-oldPrice")} ${prices.oldPrice}`,
    prices.minPrice && `${t("book-what-minPrice")} ${prices.minPrice}`,
  ]
    .filter(Boolean)
    .join(" · ");
  return { what: t("book-what-prices"), value, outcome };
}
