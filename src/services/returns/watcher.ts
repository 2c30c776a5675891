/**
 * The returns watcher of one shop: each pass lists the returns on their way back to the seller
 * or waiting at the pickup point, and the new rFBS return requests, and has the notifier tell the
 * chats that chose returns about each one not told before. An event is marked done only after
 * every chat has it (Telegram accepted) or was given up, so a restart repeats nothing told and
 * loses nothing; the notifier's own marks per chat keep a repeated pass from telling anyone twice.
 * Tries are counted per chat: a chat Telegram keeps refusing holds up no other and fails no pass,
 * and after MAX_CHAT_TRIES passes it is given up for that event (so the event, and an rFBS
 * request's read, is not repeated every pass for ever). The first
 * pass ever only notes what is there: old returns are not dumped on the team (/returns lists them).
 * Tests: test/services/returns/money.test.ts, test/bot/returns/amounts.test.ts and 2 more
 */
import type { Logger } from "../../logger.ts";
import {
  type ReturnsApi,
  RFBS_DECISION_DAYS,
  type RfbsRequest,
  type RfbsRequestBrief,
  type SellerReturn,
} from "../../ozon/seller/returns.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";

export const RETURNS_LEASE_NAME = "returns-watcher";
export const RETURNS_POLL_MS = 10 * 60 * 1000;
const DONE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Passes an event may fail for one chat before it is given up for that chat. */
export const MAX_CHAT_TRIES = 5;
const TRIES_TTL_MS = 7 * DAY_MS;

export type ReturnEvent =
  | { kind: "return"; key: string; shopId: string; ret: SellerReturn }
  | {
      kind: "rfbs";
      key: string;
      shopId: string;
      request: RfbsRequest;
      deadline: string | undefined;
    };

export interface ReturnsNotifier {
  /**
   * Tells every chat that chose returns and does not have it yet, but those in `skip` (given
   * up); resolves with the chats where it failed and may work later.
   */
  alert(event: ReturnEvent, skip: ReadonlySet<number>): Promise<{ failed: number[] }>;
}

export interface ReturnsWatcherOptions {
  shopId: string;
  api: Pick<ReturnsApi, "open" | "rfbsOpen" | "rfbsGet">;
  store: Store;
  notifier: ReturnsNotifier;
  pollMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  logger?: Pick<Logger, "warn" | "info" | "error">;
}

export interface ReturnsPassReport {
  leader: boolean;
  firstRun: boolean;
  alerted: number;
}

const PRIMED_KEY = "returns:primed";
const doneKey = (key: string) => `returns:done:${key}`;
/** Failed passes per chat of an event not yet done. */
const triesKey = (key: string) => `returns:tries:${key}`;

/** When Ozon expects the seller's decision on a request filed at `createdAt`. */
export function decisionDeadline(createdAt: string | undefined): string | undefined {
  const at = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(at) ? new Date(at + RFBS_DECISION_DAYS * DAY_MS).toISOString() : undefined;
}

type Item = { key: string; ret: SellerReturn } | { key: string; request: RfbsRequestBrief };

export class ReturnsWatcher {
  readonly #o: ReturnsWatcherOptions;
  readonly #loop: BackgroundLoop<ReturnsPassReport>;

  constructor(options: ReturnsWatcherOptions) {
    this.#o = options;
    this.#loop = new BackgroundLoop({
      name: "returns watcher",
      round: (signal) => this.#pass(signal),
      pauseMs: () => Math.max(1000, options.pollMs ?? RETURNS_POLL_MS),
      lease: loopLease(options.store, RETURNS_LEASE_NAME, options.lease),
      logger: options.logger,
    });
  }

  start(): void {
    this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  async runOnce(): Promise<ReturnsPassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { leader: false, firstRun: false, alerted: 0 };
  }

  async #pass(signal: AbortSignal): Promise<ReturnsPassReport> {
    const { api, store } = this.#o;
    const firstRun = (await store.get(PRIMED_KEY)) === undefined;
    const returns = await api.open(signal);
    const requests = (await api.rfbsOpen(signal)).filter((r) => r.groupState === "New");
    const keys: Item[] = [
      ...returns.map((ret) => ({ key: `return:${ret.id}:${ret.stage}`, ret })),
      ...requests.map((request) => ({ key: `rfbs:${request.id}:new`, request })),
    ];
    let alerted = 0;
    // One event that cannot be read now (Ozon refused) holds up none of the others; it is tried
    // again next pass, and the pass reports the first failure. A chat refusing fails no pass.
    let failed: unknown;
    for (const item of keys) {
      signal.throwIfAborted();
      if ((await store.get(doneKey(item.key))) !== undefined) continue;
      if (!firstRun) {
        let told: boolean;
        try {
          told = await this.#tell(item, signal);
        } catch (error) {
          if (signal.aborted) throw error;
          this.#o.logger?.warn({ err: error, event: item.key }, "a return could not be told yet");
          failed ??= error;
          continue;
        }
        if (!told) continue;
        alerted++;
      }
      // Every chat has it (or was given up): never again.
      await store.set(doneKey(item.key), true, { ttlMs: DONE_TTL_MS });
      await store.delete(triesKey(item.key));
    }
    if (failed !== undefined) throw failed;
    if (firstRun) await store.set(PRIMED_KEY, new Date().toISOString());
    return { leader: true, firstRun, alerted };
  }

  /** True when every chat has it or was given up; false when some chat is to be tried again. */
  async #tell(item: Item, signal: AbortSignal): Promise<boolean> {
    const { api, notifier, shopId, store, logger } = this.#o;
    const tries = (await store.get<Record<string, number>>(triesKey(item.key))) ?? {};
    const skip = new Set(
      Object.entries(tries)
        .filter(([, count]) => count >= MAX_CHAT_TRIES)
        .map(([chatId]) => Number(chatId)),
    );
    let event: ReturnEvent;
    if ("ret" in item) {
      event = { kind: "return", key: item.key, shopId, ret: item.ret };
    } else {
      const request = await api.rfbsGet(item.request.id, signal);
      event = {
        kind: "rfbs",
        key: item.key,
        shopId,
        request,
        deadline: decisionDeadline(request.createdAt ?? item.request.createdAt),
      };
    }
    const { failed } = await notifier.alert(event, skip);
    if (failed.length === 0) return true;
    const next = { ...tries };
    for (const chatId of failed) next[chatId] = (next[chatId] ?? 0) + 1;
    await store.set(triesKey(item.key), next, { ttlMs: TRIES_TTL_MS });
    const left = failed.filter((chatId) => (next[chatId] ?? 0) < MAX_CHAT_TRIES);
    const givenUp = failed.filter((chatId) => !left.includes(chatId));
    if (givenUp.length > 0) {
      logger?.warn(
        { event: item.key, chats: givenUp },
        "a return could not be told to a chat; given up",
      );
    }
    return left.length === 0;
  }
}
