/**
 * The stock watcher of one store: every pass reads the FBS stock of every product at every
 * warehouse, compares it with the marks it keeps (crossings.ts) and tells subscribers of each new
 * crossing once. Passes run every `pollMinutes`, and at once on a push that says stock changed.
 *
 * What is remembered sits in one record of the store's part of the store (`stock:watch`): the
 * marks, and the outbox of alerts still owed to chats. A crossing and its alert are written in one
 * step, and a chat is marked done only after Telegram accepted the alert, so a restart (or
 * another process taking the lease over) neither repeats nor loses one. The first pass ever only
 * takes the marks: products already out of stock are not dumped on the sellers.
 * Tests: test/services/stock/watcher.test.ts, test/services/stock/watcher-redis.test.ts and 1 more
 */
import type { Logger } from "../../logger.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop, StoppingError } from "../background-loop.ts";
import { type Crossing, crossings, type StockLevel, type StockMark } from "./crossings.ts";

export const STOCK_LEASE_NAME = "stock-watch";
export const STOCK_STATE_KEY = "stock:watch";
/** An alert nobody could be told of within a day is stale news: it is dropped. */
export const ALERT_TTL_MS = 24 * 60 * 60 * 1000;
/** Passes an alert may fail for one chat before it is given up for that chat. */
export const MAX_TRIES = 5;
/** At most this many alerts wait (a store emptied at once is told of its first ones). */
export const MAX_OUTBOX = 500;
/** A push asking for a whole read gets one at most this often (regular passes count). */
export const FULL_PASS_GAP_MS = 60_000;
/** Stock pushes within this window are read together (the push dispatcher's gap for stocks). */
export const PUSH_WINDOW_MS = 5_000;
/** SKUs a pass reads on pushes' word at most; more and it reads every SKU (subject to the gap). */
export const MAX_PUSHED_SKUS = 1_000;

export interface StockAlert {
  /** Unique within the store: the pass's sequence number and the product at the warehouse. */
  id: string;
  shopId: string;
  mark: StockMark;
  level: StockLevel;
  threshold: number;
  /** ISO time the crossing was seen. */
  at: string;
}

export type StockSendResult = "sent" | "gone";

export interface StockNotifier {
  /** The chats that want this alert (opted in, its store and warehouse wanted). */
  audience(alert: StockAlert): Promise<number[]>;
  /**
   * Resolves once Telegram accepted the alert in this chat; "gone" when the chat can never get it
   * (the bot was blocked, the group is gone). Throws when it may work later.
   */
  send(chatId: number, alert: StockAlert): Promise<StockSendResult>;
}

/**
 * The FBS stock of every product of the store at every warehouse; with `skus`, only of those
 * products (SKUs outside the store's catalogue are not read).
 */
export type StockSource = (signal: AbortSignal, skus?: readonly string[]) => Promise<StockLevel[]>;

/** What pushes said of stock: SKUs that changed, or that everything should be read (`every`). */
export interface PushedStock {
  skus: readonly string[];
  every: boolean;
}

interface OutboxEntry {
  alert: StockAlert;
  /** Chats it is for, fixed when it is first delivered. */
  to?: number[];
  /** Chats that have it, or are done with it (gone, paused, given up). */
  done: number[];
  /** Failed sends so far, per chat (one failing chat holds up no other). */
  failures?: Record<string, number>;
  /** Kept from records written before tries were counted per chat; not read. */
  tries?: number;
}

export interface WatchState {
  /** The pass count, naming alerts. */
  seq: number;
  marks: Record<string, StockMark>;
  outbox: OutboxEntry[];
  /** When the last whole read began (epoch ms; absent before this was kept). */
  fullAt?: number;
  /** A push asked for a whole read that the minute's gap put off: the next one due does it. */
  fullWanted?: boolean;
}

export interface StockPassReport {
  leader: boolean;
  firstRun: boolean;
  /** Product–warehouse pairs read. */
  levels: number;
  /** What the pass read: every SKU, only those pushes named, or nothing (a whole read put off). */
  read: "all" | "named" | "none";
  crossings: number;
  /** Alerts accepted by Telegram in this pass (one per chat). */
  sent: number;
}

export interface StockWatcherOptions {
  shopId: string;
  source: StockSource;
  /** The store's part of the store (fenced while the lease is held, with several processes). */
  store: Store;
  notifier: StockNotifier;
  /** The store's threshold now (its own setting, else LOW_STOCK). */
  threshold(): Promise<number>;
  pollMinutes: number;
  /**
   * The first pass waits this long after start (default: 5 s and a random part of a minute), so
   * that many stores started together do not all read their catalogues in the same second, and a
   * store paused right after it was added costs no read.
   */
  firstPassDelayMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  logger?: Pick<Logger, "warn" | "info" | "error">;
  now?: () => Date;
}

export class StockWatcher {
  readonly #o: StockWatcherOptions;
  readonly #now: () => Date;
  readonly #loop: BackgroundLoop<StockPassReport>;
  #starting: NodeJS.Timeout | undefined;
  /** SKUs pushes named since the last pass began (this process's share of the push queue). */
  #named = new Set<string>();
  /** A push asked for a whole read. */
  #every = false;
  /** runOnce(): a whole read now, whatever the gap (tests, the first look). */
  #forceFull = false;
  /** When the next whole read is due (epoch ms, this process's latest view). */
  #fullDueAt = 0;

  constructor(options: StockWatcherOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => new Date());
    this.#loop = new BackgroundLoop({
      name: "stock watcher",
      round: (signal) => this.#pass(signal),
      // The regular pass, or sooner the whole read a push asked for once its minute is up.
      pauseMs: () => {
        const due = this.#fullDueAt - this.#now().getTime();
        return due > 0 ? Math.min(this.#pollMs(), due) : this.#pollMs();
      },
      lease: loopLease(options.store, STOCK_LEASE_NAME, options.lease),
      logger: options.logger,
    });
  }

  start(): void {
    if (this.#starting || this.#loop.running) return;
    const delay = this.#o.firstPassDelayMs ?? 5_000 + Math.floor(Math.random() * 55_000);
    this.#starting = setTimeout(() => this.#loop.start(), delay);
    this.#starting.unref();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    clearTimeout(this.#starting);
    return this.#loop.stop(deadline);
  }

  /** A pass soon for what a push said (a new posting's SKUs): never waits for it. */
  nudge(pushed: PushedStock): void {
    this.#note(pushed);
    this.#loop.wake();
  }

  /** A pass now for what pushes said; false when another process holds the lease. */
  async afterPush(pushed: PushedStock): Promise<boolean> {
    this.#note(pushed);
    const outcome = await this.#loop.runOnce();
    if (!outcome.leader) {
      // The leader's own dispatcher answers the same pushes from the queue.
      this.#named.clear();
      this.#every = false;
    }
    return outcome.leader;
  }

  /** A whole read now (tests and the regular poll's first look). */
  async runOnce(): Promise<StockPassReport> {
    this.#forceFull = true;
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { ...emptyReport(), leader: false };
  }

  #note({ skus, every }: PushedStock): void {
    if (every) this.#every = true;
    for (const sku of skus) this.#named.add(sku);
    if (this.#named.size > MAX_PUSHED_SKUS) {
      this.#named.clear();
      this.#every = true;
    }
  }

  #pollMs(): number {
    return Math.max(1, this.#o.pollMinutes * 60_000);
  }

  /** What this pass reads: everything when due or forced, else the SKUs pushes named. */
  #scope(saved: WatchState | undefined): "all" | string[] {
    const now = this.#now().getTime();
    const forced = this.#forceFull;
    const wanted = this.#every || saved?.fullWanted === true;
    const named = [...this.#named];
    this.#forceFull = false;
    this.#every = false;
    this.#named.clear();
    const fullAt = saved?.fullAt;
    if (forced || !saved || fullAt === undefined || now - fullAt >= this.#pollMs()) return "all";
    if (wanted && now - fullAt >= FULL_PASS_GAP_MS) return "all";
    if (wanted) this.#wantFull = true;
    return named;
  }

  /** Set by #scope: a whole read was asked for but put off (kept in the state). */
  #wantFull = false;

  async #pass(signal: AbortSignal): Promise<StockPassReport> {
    const report = emptyReport();
    const { store, source } = this.#o;
    const saved = await store.get<WatchState>(STOCK_STATE_KEY);
    this.#wantFull = false;
    const scope = this.#scope(saved);
    const startedAt = this.#now().getTime();
    const state: WatchState = saved
      ? { ...saved, outbox: [...saved.outbox] }
      : { seq: 0, marks: {}, outbox: [] };
    if (scope !== "all") {
      if (this.#wantFull) state.fullWanted = true;
      this.#fullDueAt = this.#dueAt(state);
      if (scope.length === 0) {
        report.read = "none";
        if (this.#wantFull && !saved?.fullWanted) await store.set(STOCK_STATE_KEY, state);
        report.sent = await this.#deliver(state, signal);
        return report;
      }
    }
    const levels = scope === "all" ? await source(signal) : await source(signal, scope);
    signal.throwIfAborted();
    report.levels = levels.length;
    report.read = scope === "all" ? "all" : "named";
    const threshold = await this.#o.threshold();
    // A read of some SKUs compares only their marks; the others stay as they were.
    const read = scope === "all" ? undefined : new Set(scope);
    const kept: Record<string, StockMark> = {};
    const compared: Record<string, StockMark> = {};
    for (const [key, mark] of Object.entries(state.marks)) {
      if (read && !read.has(key.slice(0, key.lastIndexOf("@")))) kept[key] = mark;
      else compared[key] = mark;
    }
    const found = crossings(compared, levels, threshold);
    state.marks = { ...kept, ...found.marks };
    if (scope === "all") {
      state.fullAt = startedAt;
      delete state.fullWanted;
    }
    this.#fullDueAt = this.#dueAt(state);
    state.seq += 1;
    if (saved) {
      report.crossings = found.crossings.length;
      this.#enqueue(state, found.crossings, threshold);
    } else {
      report.firstRun = true;
    }
    await store.set(STOCK_STATE_KEY, state);
    report.sent = await this.#deliver(state, signal);
    return report;
  }

  /** When the next whole read is due: the regular one, or sooner one a push asked for. */
  #dueAt(state: WatchState): number {
    const fullAt = state.fullAt ?? 0;
    const regular = fullAt + this.#pollMs();
    return state.fullWanted ? Math.min(regular, fullAt + FULL_PASS_GAP_MS) : regular;
  }

  #enqueue(state: WatchState, found: readonly Crossing[], threshold: number): void {
    const at = this.#now().toISOString();
    for (const { mark, level } of found) {
      state.outbox.push({
        alert: {
          id: `${state.seq}:${level.sku}@${level.warehouseId}`,
          shopId: this.#o.shopId,
          mark,
          level,
          threshold,
          at,
        },
        done: [],
      });
    }
    const over = state.outbox.length - MAX_OUTBOX;
    if (over > 0) {
      state.outbox.splice(0, over);
      this.#o.logger?.warn({ dropped: over }, "too many stock alerts waiting; the oldest dropped");
    }
  }

  /** Tells every chat what it is owed; the number of alerts Telegram accepted. */
  async #deliver(state: WatchState, signal: AbortSignal): Promise<number> {
    const { store, notifier, logger } = this.#o;
    let sent = 0;
    const save = () => store.set(STOCK_STATE_KEY, state);
    for (const entry of [...state.outbox]) {
      if (signal.aborted) break;
      const stale = this.#now().getTime() - Date.parse(entry.alert.at) > ALERT_TTL_MS;
      if (stale) {
        logger?.warn({ alert: entry.alert.id }, "a stock alert could not be delivered; given up");
        state.outbox = state.outbox.filter((other) => other !== entry);
        await save();
        continue;
      }
      if (entry.to === undefined) {
        entry.to = await notifier.audience(entry.alert);
        await save();
      }
      for (const chatId of entry.to) {
        if (signal.aborted) break;
        if (entry.done.includes(chatId)) continue;
        try {
          const result = await notifier.send(chatId, entry.alert);
          if (result === "sent") sent += 1;
          entry.done.push(chatId);
          await save();
        } catch (error) {
          // Stopping: nothing failed, the alert goes after the next start.
          if (error instanceof StoppingError) return sent;
          const failures = { ...entry.failures };
          failures[chatId] = (failures[chatId] ?? 0) + 1;
          entry.failures = failures;
          const log = { err: error, alert: entry.alert.id, chat: chatId };
          if (failures[chatId] >= MAX_TRIES) {
            // Given up for this chat only; the others have had it, or get it on.
            entry.done.push(chatId);
            logger?.warn(log, "a stock alert could not be delivered to a chat; given up");
          } else {
            logger?.warn(log, "stock alert not sent; tried again next pass");
          }
          await save();
        }
      }
      if (entry.to.every((chatId) => entry.done.includes(chatId))) {
        state.outbox = state.outbox.filter((other) => other !== entry);
        await save();
      }
    }
    return sent;
  }
}

function emptyReport(): StockPassReport {
  return { leader: true, firstRun: false, levels: 0, read: "all", crossings: 0, sent: 0 };
}
