/**
 * The sales watcher of one store: FBO orders (shipped from Ozon's warehouses) told as they happen
 * to the chats that chose "🛒 Sales" for the store, and a cancelled one told on the same card.
 *
 * One pass (`runOnce`), only while this process holds the store's lease:
 * 1. The cursor: the time up to which every order was told (`sales:cursor`, in the store). The
 *    first pass ever only sets it to now (old orders are not dumped on the team).
 * 2. Orders that went into processing since the cursor (less `overlapMs`: Ozon may list an order
 *    a little after its time), to now, oldest first, page by page (`/v3/posting/fbo/list`).
 *    One already done (`sales:seen:`) is skipped: a restart or a second process repeats nothing.
 * 3. Each chat gets the orders it does not have yet: one card each, or, when more than
 *    `burstThreshold` are owed at once, digests of `digestSize`. A chat is marked told of an order
 *    only after Telegram accepted its message (`sales:told:`), which is also where its card is.
 * 4. An order every chat has (or that was given up after MAX_TRIES passes) is done; the cursor
 *    moves to the oldest order not done, or to the pass's end when all are: nothing is lost.
 * 5. Every `cancelCheckMs`: the cancelled orders of the last FOLLOW_DAYS; each one told is redrawn
 *    as cancelled on every card that shows it, once (`sales:cancelled:`).
 * Tests: test/services/sales/watcher-cap.test.ts, test/bot/fbo-stock/fbo-stock.test.ts and 2 more
 */
import type { Logger } from "../../logger.ts";
import type { FboPosting } from "../../ozon/seller/fbo.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";
import type { Sale, SalesAudience, SalesNotifier, SalesPassReport } from "./types.ts";

export type { Sale, SalesAudience, SalesNotifier, SalesPassReport } from "./types.ts";

export const SALES_LEASE_NAME = "sales-watcher";
export const SALES_POLL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MARK_TTL_MS = 14 * DAY_MS;
const CARD_TTL_MS = 7 * DAY_MS;
/** Cancelled orders are looked for over this many days back (a card is edited for a week). */
const FOLLOW_DAYS = 7;
/** Passes an order may fail for some chat before it is given up. */
export const MAX_TRIES = 5;
/**
 * A pass lists at most this many orders (the cursor takes the rest next pass), and its look for
 * cancelled ones as many.
 */
export const MAX_LISTED = 5_000;

/** What the watcher reads from Ozon (the Seller client's `fbo` fits). */
export interface SalesSource {
  list(
    filter: { since: string; to: string; statuses?: readonly string[] },
    signal?: AbortSignal,
  ): AsyncIterable<FboPosting>;
}

export interface SalesWatcherOptions {
  shopId: string;
  source: SalesSource;
  store: Store;
  notifier: SalesNotifier;
  pollMs?: number;
  /** More orders than this owed to one chat at once become digests. Default 5. */
  burstThreshold?: number;
  /** Orders per digest. Default 25 (a line is at most ~140 characters: within 4 096). */
  digestSize?: number;
  /** How far before the cursor each pass looks again. Default 15 min. */
  overlapMs?: number;
  /** How often cancelled orders are looked for. Default 5 min. */
  cancelCheckMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  now?: () => number;
  logger?: Pick<Logger, "warn" | "info" | "error" | "debug">;
}

interface Cursor {
  /** ISO time up to which every order was told. */
  at: string;
}

/** A message that shows some orders: a card (one) or a digest (several). */
export interface SalesMessage {
  sales: Sale[];
  cancelled: string[];
}

const CURSOR_KEY = "sales:cursor";
const CANCEL_CHECK_KEY = "sales:cancel-checked";
const seenKey = (n: string) => `sales:seen:${n}`;
const triesKey = (n: string) => `sales:tries:${n}`;
const toldKey = (n: string, chatId: number) => `sales:told:${n}:${chatId}`;
const whereKey = (n: string) => `sales:where:${n}`;
const cancelledKey = (n: string) => `sales:cancelled:${n}`;
export const salesMessageKey = (chatId: number, messageId: number) =>
  `sales:msg:${chatId}:${messageId}`;

/** The order as the cards tell it (JSON-safe: kept with the card to redraw it). */
export function saleOf(p: FboPosting): Sale {
  return {
    postingNumber: p.postingNumber,
    inProcessAt: p.inProcessAt ?? "",
    city: p.city,
    cluster: p.clusterTo,
    lines: p.lines.slice(0, 20).map((l) => ({
      name: l.name ?? l.offerId ?? l.sku ?? "?",
      offerId: l.offerId,
      quantity: l.quantity,
      priceKopecks: l.priceKopecks,
    })),
  };
}

export class SalesWatcher {
  readonly #o: SalesWatcherOptions;
  readonly #loop: BackgroundLoop<SalesPassReport>;
  readonly #now: () => number;

  constructor(options: SalesWatcherOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#loop = new BackgroundLoop({
      name: "sales watcher",
      round: (signal) => this.#pass(signal),
      pauseMs: () => Math.max(1000, options.pollMs ?? SALES_POLL_MS),
      lease: loopLease(options.store, SALES_LEASE_NAME, options.lease),
      logger: options.logger,
      shop: options.shopId,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  async runOnce(): Promise<SalesPassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { ...emptyReport(), leader: false };
  }

  async #pass(signal: AbortSignal): Promise<SalesPassReport> {
    const { store, source, notifier, shopId } = this.#o;
    const report = emptyReport();
    const now = this.#now();
    const nowIso = new Date(now).toISOString();
    const cursor = await store.get<Cursor>(CURSOR_KEY);
    if (!cursor || !Number.isFinite(Date.parse(cursor.at))) {
      await store.set(CURSOR_KEY, { at: nowIso } satisfies Cursor);
      report.firstRun = true;
      return report;
    }
    const overlap = this.#o.overlapMs ?? 15 * 60_000;
    const since = new Date(Math.min(Date.parse(cursor.at), now) - overlap).toISOString();
    const fresh: FboPosting[] = [];
    /** Where a listing cut short at MAX_LISTED stopped: the cursor goes no further. */
    let cutAt: number | undefined;
    for await (const posting of source.list({ since, to: nowIso }, signal)) {
      // The cap first: orders already seen or cancelled count too, or the listing never stops.
      if (report.listed >= MAX_LISTED) {
        cutAt = timeOf(posting.inProcessAt, now);
        break;
      }
      report.listed++;
      if ((await store.get(seenKey(posting.postingNumber))) !== undefined) continue;
      if (posting.status === "cancelled") {
        // Cancelled before anyone was told of it: nothing to tell.
        await store.set(seenKey(posting.postingNumber), true, { ttlMs: MARK_TTL_MS });
        continue;
      }
      fresh.push(posting);
    }
    report.fresh = fresh.length;
    const audience = fresh.length > 0 ? await notifier.audience(shopId) : [];
    const undone = new Set(fresh.map((p) => p.postingNumber));
    const failedFor = new Map<string, number>();
    for (const chat of audience) {
      signal.throwIfAborted();
      const owed: FboPosting[] = [];
      for (const p of fresh) {
        if (timeOf(p.inProcessAt, now) < timeOf(chat.since, 0)) continue;
        if ((await store.get(toldKey(p.postingNumber, chat.chatId))) !== undefined) continue;
        owed.push(p);
      }
      const ok = await this.#serve(chat, owed.map(saleOf), report);
      if (!ok) for (const p of owed) failedFor.set(p.postingNumber, 1);
    }
    let oldestUndone: number | undefined;
    for (const p of fresh) {
      if (failedFor.has(p.postingNumber)) {
        const tries = (await store.increment(triesKey(p.postingNumber))) ?? 0;
        if (tries < MAX_TRIES) {
          const at = timeOf(p.inProcessAt, now);
          if (oldestUndone === undefined || at < oldestUndone) oldestUndone = at;
          continue;
        }
        this.#o.logger?.warn(
          { posting: p.postingNumber },
          "an FBO order could not be told; given up",
        );
      }
      await store.set(seenKey(p.postingNumber), true, { ttlMs: MARK_TTL_MS });
      await store.delete(triesKey(p.postingNumber));
      undone.delete(p.postingNumber);
    }
    // Nothing lost: the cursor never passes an order some chat is still owed.
    const next = new Date(Math.min(oldestUndone ?? now, cutAt ?? now, now)).toISOString();
    await store.set(CURSOR_KEY, { at: next } satisfies Cursor);
    await this.#followCancellations(now, signal, report);
    return report;
  }

  /** One chat's owed orders: cards, or digests for a burst. False when a send failed. */
  async #serve(chat: SalesAudience, owed: Sale[], report: SalesPassReport): Promise<boolean> {
    const { store, notifier, shopId } = this.#o;
    if (owed.length === 0) return true;
    const burst = owed.length > (this.#o.burstThreshold ?? 5);
    const size = burst ? (this.#o.digestSize ?? 25) : 1;
    for (let i = 0; i < owed.length; i += size) {
      const group = owed.slice(i, i + size);
      let sent: { chatId: number; messageId: number } | "gone";
      try {
        sent = await notifier.send(chat, shopId, { sales: group, cancelled: [] });
      } catch (error) {
        this.#o.logger?.warn(
          { err: error, chat_id: chat.chatId },
          "an FBO order could not be told",
        );
        return false;
      }
      if (sent !== "gone") {
        await store.set(
          salesMessageKey(sent.chatId, sent.messageId),
          { sales: group, cancelled: [] } satisfies SalesMessage,
          { ttlMs: CARD_TTL_MS },
        );
      }
      for (const sale of group) {
        const where = sent === "gone" ? 0 : sent.messageId;
        await store.set(toldKey(sale.postingNumber, chat.chatId), where, { ttlMs: MARK_TTL_MS });
        if (sent !== "gone") await this.#addWhere(sale.postingNumber, sent);
      }
      if (burst) report.digests++;
      else report.cards++;
      report.told += group.length;
    }
    return true;
  }

  async #addWhere(postingNumber: string, at: { chatId: number; messageId: number }) {
    const { store } = this.#o;
    for (;;) {
      const old = await store.get<Array<{ chatId: number; messageId: number }>>(
        whereKey(postingNumber),
      );
      const next = [...(old ?? []), at].slice(-50);
      if (old === undefined) {
        if (await store.setIfAbsent(whereKey(postingNumber), next, { ttlMs: CARD_TTL_MS })) return;
      } else if (
        await store.compareAndSet(whereKey(postingNumber), old, next, { ttlMs: CARD_TTL_MS })
      ) {
        return;
      }
    }
  }

  /** Cancelled orders that were told: every card of theirs redrawn as cancelled, once. */
  async #followCancellations(now: number, signal: AbortSignal, report: SalesPassReport) {
    const { store, source, notifier, shopId } = this.#o;
    const every = this.#o.cancelCheckMs ?? 5 * 60_000;
    const last = await store.get<number>(CANCEL_CHECK_KEY);
    if (typeof last === "number" && now - last < every && now >= last) return;
    const since = new Date(now - FOLLOW_DAYS * DAY_MS).toISOString();
    const to = new Date(now).toISOString();
    let listed = 0;
    for await (const p of source.list({ since, to, statuses: ["cancelled"] }, signal)) {
      if (++listed > MAX_LISTED) break;
      if (p.status !== "cancelled") continue;
      if ((await store.get(cancelledKey(p.postingNumber))) !== undefined) continue;
      const where =
        (await store.get<Array<{ chatId: number; messageId: number }>>(
          whereKey(p.postingNumber),
        )) ?? [];
      if (where.length === 0) continue;
      for (const at of where) {
        const key = salesMessageKey(at.chatId, at.messageId);
        const message = await store.get<SalesMessage>(key);
        if (!message || message.cancelled.includes(p.postingNumber)) continue;
        const next = { ...message, cancelled: [...message.cancelled, p.postingNumber] };
        try {
          await notifier.redraw(at, shopId, next);
        } catch (error) {
          // The card is gone or cannot be edited: the order is not held up by it.
          this.#o.logger?.warn(
            { err: error, chat_id: at.chatId },
            "a sale's card could not be redrawn",
          );
        }
        await store.set(key, next, { ttlMs: CARD_TTL_MS });
      }
      await store.set(cancelledKey(p.postingNumber), true, { ttlMs: MARK_TTL_MS });
      report.cancelled++;
    }
    await store.set(CANCEL_CHECK_KEY, now, { ttlMs: DAY_MS });
  }
}

/** Epoch ms of an ISO time Ozon wrote; `fallback` when it wrote none that parses. */
function timeOf(iso: string | undefined, fallback: number): number {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(at) ? at : fallback;
}

function emptyReport(): SalesPassReport {
  return {
    leader: true,
    firstRun: false,
    listed: 0,
    fresh: 0,
    told: 0,
    cards: 0,
    digests: 0,
    cancelled: 0,
  };
}
