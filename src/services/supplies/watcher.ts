/**
 * The supplies watcher of one store: every pass reads the FBO supply orders whose state changed
 * last (one page of `/v3/supply-order/list` sorted by the change, then `/v3/supply-order/get`),
 * and tells the chats that chose the store's FBO alerts when one was accepted, accepted with
 * discrepancies, or cancelled (or rejected, or overdue) — once: a change is marked told for a chat
 * only after Telegram accepted, and the state is kept only when every chat has it. The first pass
 * ever only notes the states. Runs under the store's lease.
 * Tests: none directly
 */
import type { Logger } from "../../logger.ts";
import { SUPPLY_STATES, type SupplyOrder, type SupplyState } from "../../ozon/seller/supplies.ts";
import { type Lease, loopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { BackgroundLoop } from "../background-loop.ts";

export const SUPPLIES_LEASE_NAME = "supplies-watcher";
export const SUPPLIES_POLL_MS = 10 * 60_000;
/** Orders read a pass: the most recently changed (far more than change in one poll). */
export const SUPPLIES_PER_PASS = 100;
const STATE_TTL_MS = 120 * 24 * 60 * 60 * 1000;

/** The states whose arrival is told. */
export const TOLD_STATES: ReadonlySet<string> = new Set([
  "COMPLETED",
  "REPORTS_CONFIRMATION_AWAITING",
  "REPORT_REJECTED",
  "CANCELLED",
  "REJECTED_AT_SUPPLY_WAREHOUSE",
  "OVERDUE",
]);

/** Every state Ozon documents (the one list, beside the client's endpoints). */
export const ALL_SUPPLY_STATES: readonly SupplyState[] = SUPPLY_STATES;

export interface SuppliesSource {
  ids(states: readonly SupplyState[], signal?: AbortSignal, max?: number): Promise<string[]>;
  get(ids: readonly string[], signal?: AbortSignal): Promise<SupplyOrder[]>;
}

export interface SupplyNotifier {
  /**
   * Tells every chat of the store that has not been told of this order's state; throws when
   * some chat may take it later.
   */
  tellState(shopId: string, order: SupplyOrder, from: string | undefined): Promise<void>;
}

export interface SuppliesWatcherOptions {
  shopId: string;
  source: SuppliesSource;
  store: Store;
  notifier: SupplyNotifier;
  pollMs?: number;
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  logger?: Pick<Logger, "warn" | "info" | "error">;
}

export interface SuppliesPassReport {
  leader: boolean;
  firstRun: boolean;
  read: number;
  told: number;
}

const PRIMED_KEY = "supplies:primed";
const stateKey = (id: string) => `supplies:state:${id}`;

export class SuppliesWatcher {
  readonly #o: SuppliesWatcherOptions;
  readonly #loop: BackgroundLoop<SuppliesPassReport>;

  constructor(options: SuppliesWatcherOptions) {
    this.#o = options;
    this.#loop = new BackgroundLoop({
      name: "supplies watcher",
      round: (signal) => this.#pass(signal),
      pauseMs: () => Math.max(1000, options.pollMs ?? SUPPLIES_POLL_MS),
      lease: loopLease(options.store, SUPPLIES_LEASE_NAME, options.lease),
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

  async runOnce(): Promise<SuppliesPassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { leader: false, firstRun: false, read: 0, told: 0 };
  }

  async #pass(signal: AbortSignal): Promise<SuppliesPassReport> {
    const { store, source, notifier, shopId } = this.#o;
    const firstRun = (await store.get(PRIMED_KEY)) === undefined;
    const ids = await source.ids(ALL_SUPPLY_STATES, signal, SUPPLIES_PER_PASS);
    const orders = ids.length > 0 ? await source.get(ids, signal) : [];
    const report: SuppliesPassReport = { leader: true, firstRun, read: orders.length, told: 0 };
    let failed: unknown;
    for (const order of orders) {
      signal.throwIfAborted();
      const known = await store.get<string>(stateKey(order.id));
      if (known === order.state) continue;
      // An order first seen already in a told state is told too (it changed since the last pass),
      // unless this is the first pass ever.
      if (!firstRun && TOLD_STATES.has(order.state)) {
        try {
          await notifier.tellState(shopId, order, known);
          report.told++;
        } catch (error) {
          if (signal.aborted) throw error;
          this.#o.logger?.warn(
            { err: error, order: order.id },
            "a supply's state could not be told yet",
          );
          failed ??= error;
          continue;
        }
      }
      await store.set(stateKey(order.id), order.state, { ttlMs: STATE_TTL_MS });
    }
    if (firstRun) await store.set(PRIMED_KEY, new Date().toISOString());
    if (failed !== undefined) throw failed;
    return report;
  }
}
