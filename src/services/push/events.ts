/**
 * Ozon push notifications, read as hints. There is no signature, so nothing in a push is told to
 * anyone: it only says which shop should look again, and at what (its postings or its chats).
 * The poller of that shop then re-reads Ozon and delivers what is new, once (its ledgers dedupe
 * pushes, Ozon's retries and the regular polls alike).
 * Tests: test/services/push/events.test.ts, test/bot/stock/pushes.test.ts
 */
import { z } from "zod";

export const POSTING_EVENTS = [
  "TYPE_NEW_POSTING",
  "TYPE_POSTING_CANCELLED",
  "TYPE_STATE_CHANGED",
  "TYPE_CUTOFF_DATE_CHANGED",
  "TYPE_DELIVERY_DATE_CHANGED",
] as const;

export const CHAT_EVENTS = [
  "TYPE_NEW_MESSAGE",
  "TYPE_UPDATE_MESSAGE",
  "TYPE_MESSAGE_READ",
  "TYPE_CHAT_CLOSED",
] as const;

/** A store's stock changed (a posting reserved units, someone set it): the stock watcher looks. */
export const STOCK_EVENTS = ["TYPE_STOCKS_CHANGED"] as const;

export type PushArea = "postings" | "chats" | "stocks";

/** What is kept of one push: which shop looks again at what. */
export interface PushHint {
  shopId: string;
  area: PushArea;
  type: string;
  /** The posting or chat it names (logs, and the order of work); never trusted. */
  subject?: string;
  /**
   * The SKUs whose stock it says changed: a stock push's `items[].sku`, a new posting's
   * `products[].sku`; empty: it names none (the stock watcher reads every SKU, at most once a
   * minute). Absent for a push that is not about stock. Never trusted: only SKUs of the store's
   * own catalogue are read.
   */
  skus?: string[];
  receivedAt: string;
}

const id = z
  .union([z.string().trim().min(1).max(64), z.number().int().nonnegative()])
  .transform(String);

/** SKUs one push may name; a push naming more is read as naming none (a whole pass). */
export const MAX_SKUS_PER_PUSH = 1_000;

const sku = z
  .union([
    z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{0,19}$/),
    z.number().int().positive(),
  ])
  .transform((value) => (typeof value === "number" ? BigInt(value).toString() : value));

/** The SKUs a push names (`items` of a stock push, `products` of a new posting); [] if unreadable. */
const named = z.array(z.object({ sku }).loose()).max(MAX_SKUS_PER_PUSH);

function skusOf(list: unknown): string[] {
  const parsed = named.safeParse(list);
  return parsed.success ? [...new Set(parsed.data.map((item) => item.sku))] : [];
}

const envelope = z.object({
  message_type: z.string().min(1).max(64),
  seller_id: id.optional(),
  posting_number: z.string().max(64).optional(),
  chat_id: z.string().max(64).optional(),
  chat_type: z.string().max(64).optional(),
  items: z.unknown().optional(),
  products: z.unknown().optional(),
});

export type ReadPush =
  | { kind: "ping" }
  | {
      kind: "hint";
      sellerId: string;
      area: PushArea;
      type: string;
      subject?: string;
      skus?: string[];
    }
  /** A type the bot does not act on (stocks, FBO...): acknowledged, nothing kept. */
  | { kind: "ignored"; type: string }
  | { kind: "invalid"; missing: string };

export function readPush(body: unknown): ReadPush {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") || "body";
    return { kind: "invalid", missing: field };
  }
  const event = parsed.data;
  const type = event.message_type;
  if (type === "TYPE_PING") return { kind: "ping" };
  const area: PushArea | undefined = (POSTING_EVENTS as readonly string[]).includes(type)
    ? "postings"
    : (CHAT_EVENTS as readonly string[]).includes(type)
      ? "chats"
      : (STOCK_EVENTS as readonly string[]).includes(type)
        ? "stocks"
        : undefined;
  if (!area) return { kind: "ignored", type };
  if (!event.seller_id) return { kind: "invalid", missing: "seller_id" };
  if (area === "postings" && !event.posting_number) {
    return { kind: "invalid", missing: "posting_number" };
  }
  if (area === "chats") {
    if (!event.chat_id) return { kind: "invalid", missing: "chat_id" };
    // Support and notification chats are not buyers': nothing to relay.
    if (event.chat_type && event.chat_type !== "Buyer_Seller") return { kind: "ignored", type };
  }
  const subject =
    area === "postings" ? event.posting_number : area === "chats" ? event.chat_id : undefined;
  // What a push says of stock: a stock push always, a new posting (its units are reserved).
  const skus =
    area === "stocks"
      ? skusOf(event.items)
      : type === "TYPE_NEW_POSTING"
        ? skusOf(event.products)
        : undefined;
  return {
    kind: "hint",
    sellerId: event.seller_id,
    area,
    type,
    ...(subject ? { subject } : {}),
    ...(skus ? { skus } : {}),
  };
}
