// What bench/stores.ts reads from the sandbox's request log: calls per minute by store and kind,
// poll passes per store, and small statistics. Not a benchmark of its own (see bench/run.ts).

/** One entry of GET /_sandbox/requests (src/sandbox/server.ts RequestLogEntry). */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  at: number;
  store?: string;
  durationMs: number;
}

export type CallKind = "postings list" | "chat list" | "chat history" | "other";
export const CALL_KINDS: readonly CallKind[] = [
  "postings list",
  "chat list",
  "chat history",
  "other",
];
export type ListKind = "postings" | "chats";

export function kindOf(path: string): CallKind {
  if (/^\/v\d\/posting\/fbs\/unfulfilled\/list$/.test(path)) return "postings list";
  if (/^\/v\d\/chat\/list$/.test(path)) return "chat list";
  if (/^\/v\d\/chat\/(history|updates)$/.test(path)) return "chat history";
  return "other";
}

function listOf(path: string): ListKind | undefined {
  const kind = kindOf(path);
  return kind === "postings list" ? "postings" : kind === "chat list" ? "chats" : undefined;
}

export interface CallRates {
  /** Calls per minute of all stores. */
  total: number;
  /** Calls per minute of each store (Client-Id), every store of the run listed. */
  perStore: Map<string, number>;
  /** Calls per minute of each kind, all stores together. */
  perKind: Map<CallKind, number>;
}

/** Calls per minute in [from, to) from the log, per store and kind. */
export function callRates(
  log: readonly LoggedRequest[],
  storeIds: readonly string[],
  from: number,
  to: number,
): CallRates {
  const perMinute = 60_000 / (to - from);
  const perStore = new Map(storeIds.map((id) => [id, 0]));
  const perKind = new Map(CALL_KINDS.map((kind) => [kind, 0]));
  let total = 0;
  for (const entry of log) {
    if (entry.at < from || entry.at >= to) continue;
    total += perMinute;
    if (entry.store) perStore.set(entry.store, (perStore.get(entry.store) ?? 0) + perMinute);
    const kind = kindOf(entry.path);
    perKind.set(kind, (perKind.get(kind) ?? 0) + perMinute);
  }
  return { total, perStore, perKind };
}

/**
 * Start times of each store's passes of one kind: list requests closer than `gapMs` to the one
 * before belong to the same pass (its further pages).
 */
export function passStarts(
  log: readonly LoggedRequest[],
  kind: ListKind,
  gapMs: number,
): Map<string, number[]> {
  const starts = new Map<string, number[]>();
  const last = new Map<string, number>();
  for (const entry of log) {
    if (!entry.store || listOf(entry.path) !== kind) continue;
    const previous = last.get(entry.store);
    if (previous === undefined || entry.at - previous >= gapMs) {
      const list = starts.get(entry.store) ?? [];
      list.push(entry.at);
      starts.set(entry.store, list);
    }
    last.set(entry.store, entry.at);
  }
  return starts;
}

export interface Fairness {
  /** The largest time between two consecutive pass starts of one store, and whose. */
  maxGapMs: number;
  worstStore: string | undefined;
  /** Fewest and most passes a store made in the window. */
  fewestPasses: number;
  mostPasses: number;
}

/** Pass gaps of the stores in `storeIds` whose passes started within [from, to). */
export function fairness(
  starts: Map<string, number[]>,
  storeIds: readonly string[],
  from: number,
  to: number,
): Fairness {
  let maxGapMs = 0;
  let worstStore: string | undefined;
  let fewestPasses = Infinity;
  let mostPasses = 0;
  for (const id of storeIds) {
    const inWindow = (starts.get(id) ?? []).filter((at) => at >= from && at < to);
    fewestPasses = Math.min(fewestPasses, inWindow.length);
    mostPasses = Math.max(mostPasses, inWindow.length);
    // The wait before the first pass in the window counts too: a store that stalls shows here.
    const points = [from, ...inWindow, to];
    for (let i = 1; i < points.length; i++) {
      const gap = (points[i] as number) - (points[i - 1] as number);
      if (gap > maxGapMs) {
        maxGapMs = gap;
        worstStore = id;
      }
    }
  }
  return { maxGapMs, worstStore, fewestPasses, mostPasses };
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

export function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
