/**
 * Postings as text: the full card of an alert, a line of a digest, a posting's gist (/postings,
 * the chooser), and Ozon's failures as plain sentences (a locale key with its variables, so a
 * dialog can keep it in its replay log).
 * Tests: test/bot/postings/texts.test.ts, test/bot/core/ozon-failure-texts.test.ts
 */
import type { Posting } from "../../ozon/seller/types.ts";
import type { Locale } from "../core/i18n.ts";
import { isoMomentText, ozonMoneyText, todayMomentText } from "../core/numbers.ts";
import { ozonWords } from "../core/ozon-words.ts";

export { describeOzonError, type Problem } from "../../services/postings/problem.ts";
export { problemText } from "../../services/problem.ts";

import { clip, graphemePrefix } from "../../text.ts";

export type Translate = (key: string, variables?: Record<string, string | number>) => string;

export interface PostingFormat {
  t: Translate;
  locale: Locale;
  timezone: string;
}

/** How a person's context (a handler's or a dialog's) writes postings. */
export function formatOf(
  ctx: Pick<PostingFormat, "t" | "locale">,
  timezone: string,
): PostingFormat {
  return { t: ctx.t, locale: ctx.locale, timezone };
}

export const AWAITING_PACKAGING = "awaiting_packaging";

/** Re-exported for the dialogs that cut posting texts with it; the cut itself is src/text.ts. */
export { clip };

/** A deadline as every moment is written ("8 Dec, 14:00"); "—" when Ozon gave no time. */
export function formatDeadline(iso: string | undefined, format: PostingFormat): string {
  return isoMomentText(format.locale, iso, format.timezone);
}

/** "14:02" on the day of `now`, else as every moment is written ("8 Dec, 14:02"). */
export function formatMoment(iso: string, format: PostingFormat, now: number): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return iso;
  return todayMomentText(format.locale, at, format.timezone, now);
}

/** "1 390 ₽" / "RUB 1,390" from Ozon's "1390.0000" and its currency code. */
export function formatPrice(price: string, currency: string | undefined, t: Translate): string {
  return ozonMoneyText(t, price, currency);
}

export function unitCount(posting: Posting): number {
  return posting.products.reduce((sum, product) => sum + product.quantity, 0);
}

/**
 * The longest text a card or a dialog summary may take: Telegram takes 4096 characters, and a
 * reminder puts a sentence in front of the card.
 */
export const TEXT_BUDGET = 3800;
/** Room kept for the "…and N more" line. */
const MORE_LINE_RESERVE = 80;

/**
 * The items (one or more lines each) that fit in `budget` characters, joined by newlines; the
 * ones left out are counted in a last line made by `more`.
 */
export function fitItems(
  items: readonly string[],
  budget: number,
  more: (left: number) => string,
): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const [i, item] of items.entries()) {
    const reserve = i < items.length - 1 ? MORE_LINE_RESERVE : 0;
    if (used + item.length + 1 + reserve > budget) {
      kept.push(clip(more(items.length - i), MORE_LINE_RESERVE));
      return kept;
    }
    kept.push(item);
    used += item.length + 1;
  }
  return kept;
}

/** The characters of Ozon's delivery method name a card shows (one line on a phone). */
const DELIVERY_METHOD_CHARS = 36;

/** The full posting: numbers, deadline, delivery, warehouse and the products that fit. */
export function postingCard(posting: Posting, format: PostingFormat): string {
  const { t } = format;
  const lines = [
    t("postings-card-title", {
      posting: posting.postingNumber,
      order: posting.orderNumber ?? "—",
    }),
    t("postings-card-deadline", { deadline: formatDeadline(posting.shipmentDate, format) }),
    // The delivery method short (Ozon's names run to three lines on a phone), the warehouse below.
    t("postings-card-delivery", {
      method: ozonWords(t, clip(posting.deliveryMethod?.name ?? "—", DELIVERY_METHOD_CHARS)),
    }),
    t("postings-card-warehouse", { warehouse: posting.deliveryMethod?.warehouse ?? "—" }),
    "",
  ];
  const products = posting.products.map((product, index) =>
    t("postings-card-product", {
      index: index + 1,
      name: clip(product.name, 200),
      article: product.offerId ?? product.sku,
      quantity: product.quantity,
      price: formatPrice(product.price, product.currency, t),
    }),
  );
  const head = lines.join("\n");
  const budget = TEXT_BUDGET - head.length - 1;
  const more = (count: number) => t("postings-card-more", { count });
  return [head, ...fitItems(products, budget, more)].join("\n");
}

/** One posting on one or two lines (digests, /postings), at most `budget` characters. */
export function postingLine(
  posting: Posting,
  index: number,
  format: PostingFormat,
  budget: number,
): string {
  const head = format.t("postings-line", {
    index,
    posting: posting.postingNumber,
    deadline: formatDeadline(posting.shipmentDate, format),
    warehouse: posting.deliveryMethod?.warehouse ?? "—",
    units: unitCount(posting),
  });
  const products = productsLine(posting.products, budget - head.length - 4);
  return products ? `${head}\n   ${products}` : clip(head, budget);
}

/** Room for the products of a posting in its one-line gist (by default). */
const GIST_PRODUCTS = 34;

/**
 * A posting in a few words, for a phone screen or a button: "Short product name ×1; +2 · 23 Nov,
 * 14:00" (its products shortened, then the deadline).
 */
export function postingGist(posting: Posting, format: PostingFormat, room = GIST_PRODUCTS): string {
  const products = productsLine(posting.products, room) ?? "—";
  return `${products} · ${formatDeadline(posting.shipmentDate, format)}`;
}

/** A product name is not cut shorter than this: "Вод…" says nothing; the line drops it instead. */
const MIN_NAME_CHARS = 12;

/**
 * "Name ×2; Other name ×1" within `room` characters: whole items first; the first that does not
 * fit is shortened at a word boundary when enough of its name is left, and the rest are counted
 * ("+3"). Undefined when not even one name fits readably.
 */
function productsLine(products: Posting["products"], room: number): string | undefined {
  const parts: string[] = [];
  let used = 0;
  for (const [i, product] of products.entries()) {
    const quantity = ` ×${product.quantity}`;
    const separator = parts.length > 0 ? 2 : 0;
    const left = products.length - i - 1;
    const tail = left > 0 ? `; +${left}`.length : 0;
    const whole = `${product.name}${quantity}`;
    if (used + separator + whole.length + tail <= room) {
      parts.push(whole);
      used += separator + whole.length;
      continue;
    }
    const nameRoom = room - used - separator - quantity.length - tail;
    if (nameRoom >= MIN_NAME_CHARS) {
      parts.push(`${shortenName(product.name, nameRoom)}${quantity}`);
      if (left > 0) parts.push(`+${left}`);
    } else if (parts.length > 0) {
      parts.push(`+${products.length - i}`);
    }
    break;
  }
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/** The name cut to `max` characters after its last whole word (mid-word only in one long word), with "…". */
function shortenName(name: string, max: number): string {
  if (name.length <= max) return name;
  const cut = graphemePrefix(name, max - 1);
  const space = cut.lastIndexOf(" ");
  const words = space >= 4 ? cut.slice(0, space) : cut;
  return `${words.trimEnd()}…`;
}

/** Who cancelled, as the locale's `postings-cancelled` selects it. */
export type CancelledBy = "buyer" | "seller" | "ozon" | "delivery" | "other";

const CANCELLED_BY_TYPE: Record<string, CancelledBy> = {
  client: "buyer",
  customer: "buyer",
  buyer: "buyer",
  seller: "seller",
  ozon: "ozon",
  system: "ozon",
  delivery: "delivery",
};

const CANCELLED_BY_INITIATOR: Record<string, CancelledBy> = {
  покупатель: "buyer",
  клиент: "buyer",
  продавец: "seller",
  ozon: "ozon",
  система: "ozon",
  "служба доставки": "delivery",
};

/** Who cancelled the posting, from Ozon's `cancellation_type` (else its initiator's words). */
export function cancelledBy(posting: Posting): CancelledBy {
  const { type, initiator } = posting.cancellation ?? {};
  return (
    CANCELLED_BY_TYPE[type?.trim().toLowerCase() ?? ""] ??
    CANCELLED_BY_INITIATOR[initiator?.trim().toLowerCase() ?? ""] ??
    "other"
  );
}

/** "❌ 12345678-0001-1 cancelled by the buyer — do not ship." with Ozon's reason when given. */
export function cancelledText(
  t: Translate,
  posting: Posting,
  options: { afterPacking?: boolean } = {},
): string {
  // Packed and then cancelled: the parcel is ready at the warehouse, so the courier is the risk.
  const key = options.afterPacking ? "postings-cancelled-packed" : "postings-cancelled";
  const head = t(key, {
    posting: posting.postingNumber,
    who: cancelledBy(posting),
  });
  const reason = posting.cancellation?.reason?.trim();
  return reason
    ? `${head}\n${t("postings-cancelled-reason", { reason: clip(reason, 200) })}`
    : head;
}

/** Who packed it and when, as far as the bot knows. */
export interface PackedNews {
  by?: { name: string; at: string };
  /** When the bot saw it packed (epoch ms), when nobody packed it through the bot. */
  seenAt: number;
}

/** "✅ 12345678-0001-1 is packed — Vika, 14:02." (or "outside the bot", seen at 14:05). */
export function packedText(
  t: Translate,
  format: PostingFormat,
  posting: string,
  news: PackedNews,
): string {
  if (news.by) {
    return t("postings-packed-by", {
      posting,
      name: clip(news.by.name, 100),
      time: formatMoment(news.by.at, format, news.seenAt),
    });
  }
  const seen = new Date(news.seenAt).toISOString();
  return t("postings-packed-outside", { posting, time: formatMoment(seen, format, news.seenAt) });
}

/** "⏰ Deadline of 12345678-0001-1 moved: pack by 24 Nov, 14:00 (was 23 Nov, 14:00)." */
export function deadlineMovedText(
  t: Translate,
  format: PostingFormat,
  posting: Posting,
  previous: string | undefined,
): string {
  return t("postings-deadline-moved", {
    posting: posting.postingNumber,
    deadline: formatDeadline(posting.shipmentDate, format),
    previous: formatDeadline(previous, format),
  });
}

/**
 * "✅ Posting … is packed. The label is below; again with the button:" — the resulting postings are named only when Ozon
 * split it into several (one package kept the number, which said twice reads as a mistake).
 */
export function shipDoneText(t: Translate, posting: string, parts: readonly string[]): string {
  if (parts.length === 0 || (parts.length === 1 && parts[0] === posting)) {
    return t("postings-ship-done-one", { posting });
  }
  return t("postings-ship-done", { posting, numbers: parts.join(", ") });
}
