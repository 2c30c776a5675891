/**
 * What /status shows, gathered in one go as plain data (the bot formats it): per store its loops,
 * its Ozon failures over the last hour, its keys, its last push and its report jobs waiting; for
 * the bot its own loops, the Telegram queue, the processes and which runs each loop, the version,
 * uptime and memory.
 * Tests: test/services/health/two-processes.test.ts
 */
import { type MethodCatalogue, methodCatalogue } from "../../openapi/catalogue.ts";
import type { ApiHealth, ShopHealth } from "../../shops/health.ts";
import type { Shop } from "../../shops/registry.ts";
import { ReportJobRepository, type ReportJobState } from "../ads/index.ts";
import type { LoopHealth, LoopStatus } from "./health.ts";
import { type SwitchOffNotice, switchOffsInUse } from "./ozon-switch-offs.ts";
import type { ProcessRecord } from "./records.ts";
import { isStalled } from "./stall-watch.ts";
import type { TelegramVitals, Vitals } from "./vitals.ts";

export interface LoopLine extends LoopStatus {
  stalled: boolean;
}

export interface StoreStatus {
  shopId: string;
  name: string;
  paused: boolean;
  loops: LoopLine[];
  /** Kinds of Ozon failure over the last hour, most first. */
  ozonFailures: Array<[string, number]>;
  seller?: ApiHealth;
  performance?: ApiHealth;
  lastPushAt: number | undefined;
  /** Report jobs not finished yet; none for a store without advertising. */
  reportJobsWaiting: number | undefined;
}

export interface StatusSnapshot {
  now: number;
  stores: StoreStatus[];
  /** Loops of the bot as a whole (schedules, pushes). */
  botLoops: LoopLine[];
  /** Ozon methods this version relies on that Ozon announces switching off, soonest first. */
  ozonSwitchOffs: SwitchOffNotice[];
  telegram: TelegramVitals | undefined;
  /** The live processes; shown when several may share the store. */
  processes: ProcessRecord[];
  thisProcess: string;
  shared: boolean;
  version: string;
  uptimeMs: number;
  rssBytes: number;
  heapUsedBytes: number;
}

export interface SnapshotSources {
  shops: { all(): readonly Shop[] };
  shopHealth: ShopHealth | undefined;
  loopHealth: LoopHealth;
  vitals: Vitals;
  /** Several processes may share the store (Redis). */
  shared: boolean;
  version: string;
  now?: () => number;
  /** Ozon's documents as this version knows them (default: `ozon-openapi/lifecycle.json`). */
  ozonMethods?: MethodCatalogue;
}

const WAITING: ReadonlySet<ReportJobState> = new Set([
  "queued",
  "submitted",
  "ready",
  "delivering",
]);

/** Report jobs of a store by state (its own part of the store). */
export async function reportJobsByState(shop: Shop): Promise<Map<ReportJobState, number>> {
  const counts = new Map<ReportJobState, number>();
  for (const job of await new ReportJobRepository(shop.store).all()) {
    counts.set(job.state, (counts.get(job.state) ?? 0) + 1);
  }
  return counts;
}

/**
 * A store's Ozon failures over the last hour, most first: this process's as they are now, and
 * the other live processes' as their last heartbeat carried them.
 */
function failuresOf(
  shopId: string,
  vitals: Vitals,
  processes: readonly ProcessRecord[],
  self: string,
): Array<[string, number]> {
  const sum = new Map<string, number>(vitals.ozonFailuresLastHour(shopId));
  for (const p of processes) {
    if (p.id === self) continue;
    for (const [kind, n] of p.ozonFailures?.[shopId] ?? []) {
      if (typeof kind === "string" && typeof n === "number")
        sum.set(kind, (sum.get(kind) ?? 0) + n);
    }
  }
  return [...sum].sort((a, b) => b[1] - a[1]);
}

export async function takeSnapshot(sources: SnapshotSources): Promise<StatusSnapshot> {
  const { loopHealth, vitals } = sources;
  const now = (sources.now ?? Date.now)();
  const processes = await loopHealth.processes();
  const loops = (await loopHealth.loops(processes))
    .map((loop) => ({
      ...loop,
      stalled: isStalled(loop, now, loopHealth.startedAt, loopHealth.stallFloorMs),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const stores = await Promise.all(
    sources.shops.all().map(async (shop): Promise<StoreStatus> => {
      const keys = await sources.shopHealth?.of(shop.id);
      let waiting: number | undefined;
      if (shop.performance) {
        waiting = 0;
        for (const [state, count] of await reportJobsByState(shop)) {
          if (WAITING.has(state)) waiting += count;
        }
      }
      return {
        shopId: shop.id,
        name: shop.name,
        paused: shop.paused,
        loops: shop.paused ? [] : loops.filter((l) => l.shopId === shop.id),
        ozonFailures: failuresOf(shop.id, vitals, processes, loopHealth.processId),
        ...(shop.seller && keys ? { seller: keys.seller } : {}),
        ...(shop.performance && keys ? { performance: keys.performance } : {}),
        lastPushAt: await loopHealth.lastPushAt(shop.id),
        reportJobsWaiting: waiting,
      };
    }),
  );
  const memory = process.memoryUsage();
  const today = new Date(now).toISOString().slice(0, 10);
  return {
    now,
    stores,
    botLoops: loops.filter((l) => l.shopId === undefined),
    ozonSwitchOffs: await switchOffsInUse(sources.ozonMethods ?? methodCatalogue(), today),
    telegram: vitals.telegram(),
    processes,
    thisProcess: loopHealth.processId,
    shared: sources.shared,
    version: sources.version,
    uptimeMs: now - vitals.startedAt,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
  };
}
