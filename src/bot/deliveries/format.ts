/**
 * Texts of the seller's own deliveries: the delivery card, step outcomes, the list, a preview.
 * Tests: none directly
 */
import type { Posting } from "../../ozon/seller/types.ts";
import {
  actionsFor,
  type BadLine,
  type DeliveryAction,
  isOwnDelivery,
  type StatusGroup,
  type StepMark,
  type TrackingPair,
} from "../../services/deliveries/index.ts";
import { clip } from "../../text.ts";
import { countText, isoMomentText } from "../core/numbers.ts";
import { ozonWords } from "../core/ozon-words.ts";

type T = (key: string, variables?: Record<string, string | number>) => string;

export interface DeliveryFormat {
  t: T;
  locale: string;
  timezone: string;
}

const PRODUCTS_SHOWN = 5;

/** A status in the person's words (Ozon's code when the locale has none). */
export function statusText(t: T, status: string): string {
  return t("deliveries-status", { status });
}

/** A moment as every moment is written ("8 Dec, 14:00"). */
export function momentText(iso: string, format: DeliveryFormat): string {
  return isoMomentText(format.locale === "en" ? "en" : "ru", iso, format.timezone);
}

/** The card: the posting, its status and tracking number, its products, who moved it last. */
export function deliveryCard(
  posting: Posting,
  format: DeliveryFormat,
  last?: { action: DeliveryAction; mark: StepMark },
): string {
  const { t } = format;
  const lines = [
    t(isOwnDelivery(posting) ? "deliveries-card-title" : "deliveries-card-title-posting", {
      posting: posting.postingNumber,
    }),
    t("deliveries-card-status", { status: statusText(t, posting.status) }),
    posting.trackingNumber
      ? t("deliveries-card-tracking", { tracking: posting.trackingNumber })
      : t("deliveries-card-no-tracking"),
  ];
  if (posting.deliveryMethod?.name) {
    lines.push(
      t("deliveries-card-method", { method: ozonWords(t, clip(posting.deliveryMethod.name, 80)) }),
    );
  }
  for (const product of posting.products.slice(0, PRODUCTS_SHOWN)) {
    lines.push(`• ${clip(product.name, 60)} · ${countText(t, product.quantity)}`);
  }
  const more = posting.products.length - PRODUCTS_SHOWN;
  if (more > 0) lines.push(t("deliveries-card-more", { count: more }));
  if (last) {
    lines.push(
      "",
      t("deliveries-card-last", {
        step: t(`deliveries-step-${last.action}`),
        name: clip(last.mark.name, 40),
        at: momentText(last.mark.at, format),
      }),
    );
  }
  return lines.join("\n");
}

/** "Mark 123 as delivering?" with what it does. */
export function confirmText(t: T, action: DeliveryAction, postingNumber: string): string {
  return t(`deliveries-confirm-${action}`, { posting: postingNumber });
}

/** One posting of /deliveries: its status group's heading, its numbered line. */
export interface ListEntry {
  heading: string;
  line: string;
  /** Its number in the list (1 first). */
  number: number;
  postingNumber: string;
  shopRef: string;
  /** Delivered is open for it: the list offers ✅ N (asks to confirm) beside the card's N. */
  deliverable: boolean;
}

/** The list's entries, numbered across pages; a tracking number from Ozon clipped. */
export function listEntries(
  t: T,
  groups: ReadonlyArray<StatusGroup & { tag?: string; ref: string }>,
): ListEntry[] {
  const entries: ListEntry[] = [];
  for (const group of groups) {
    const heading = `${group.tag ? `${group.tag} · ` : ""}${statusText(t, group.status)}`;
    for (const posting of group.postings) {
      const track = posting.trackingNumber ? ` · ${clip(posting.trackingNumber, 64)}` : "";
      const number = entries.length + 1;
      entries.push({
        heading,
        line: `${number}. ${posting.postingNumber}${track}`,
        number,
        postingNumber: posting.postingNumber,
        shopRef: group.ref,
        deliverable: actionsFor(posting).includes("delivered"),
      });
    }
  }
  return entries;
}

/** One page of /deliveries: the title, then its entries under their headings. */
export function listText(t: T, total: number, page: readonly ListEntry[]): string {
  if (total === 0) return t("deliveries-list-empty");
  const lines = [t("deliveries-list-title", { count: total })];
  let heading: string | undefined;
  for (const entry of page) {
    if (entry.heading !== heading) lines.push("", entry.heading);
    heading = entry.heading;
    lines.push(entry.line);
  }
  if (page.some((entry) => entry.deliverable)) lines.push("", t("deliveries-list-hint"));
  return clip(lines.join("\n"), 4096);
}

const BAD_KEYS: Record<BadLine["reason"], string> = {
  format: "deliveries-bad-format",
  posting: "deliveries-bad-posting",
  tracking: "deliveries-bad-tracking",
  repeated: "deliveries-bad-repeated",
};

export function previewText(t: T, pairs: readonly TrackingPair[], bad: readonly BadLine[]): string {
  const lines = [t("deliveries-preview-title", { count: pairs.length })];
  for (const pair of pairs) lines.push(`${pair.postingNumber} → ${pair.trackingNumber}`);
  if (bad.length > 0) {
    lines.push("", t("deliveries-preview-bad", { count: bad.length }));
    for (const line of bad) {
      lines.push(t(BAD_KEYS[line.reason], { line: line.line, text: line.text }));
    }
  }
  if (pairs.length > 0) lines.push("", t("deliveries-preview-hint"));
  return clip(lines.join("\n"), 4000);
}

export interface TrackingOutcome {
  postingNumber: string;
  trackingNumber: string;
  ok: boolean;
  error: string | undefined;
}

export function appliedText(t: T, outcomes: readonly TrackingOutcome[]): string {
  const done = outcomes.filter((o) => o.ok);
  const refused = outcomes.filter((o) => !o.ok);
  const lines = [t("deliveries-applied-title", { done: done.length, total: outcomes.length })];
  for (const o of refused) {
    lines.push(
      t("deliveries-applied-refused", {
        posting: o.postingNumber,
        reason: o.error ? clip(o.error, 200) : t("deliveries-refused-no-words"),
      }),
    );
  }
  return clip(lines.join("\n"), 4000);
}
