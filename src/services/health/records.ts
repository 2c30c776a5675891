/**
 * What the processes sharing a store know of each other's loops, kept in the store so that any
 * process's /status shows all of them:
 *
 *   health:process:<id>        each live process, rewritten every heartbeat with a TTL of three:
 *                              version, start, memory, and the loops on its board (held or not)
 *   health:loop:<shop>:<loop>  a loop's last round as its runner saw it (written at the end of a
 *                              round, at most once a second per loop; kept a week)
 *   health:push:<shop>         when Ozon's last push for the store arrived (at most every 10 s)
 *
 * A loop is listed only while a live process has it on its board, so a paused or removed store,
 * or a loop that no longer exists, leaves the screen with the process that ran it.
 * Tests: none directly
 */
import { hostname } from "node:os";
import { THIS_PROCESS } from "../../store/lease.ts";

export const PROCESS_PREFIX = "health:process:";
export const LOOP_PREFIX = "health:loop:";
export const PUSH_PREFIX = "health:push:";
export const ALARM_PREFIX = "health:alarm:";

/** A loop's identity across processes: `<shop or ->:<name>`. */
export function loopId(shopId: string | undefined, name: string): string {
  return `${shopId ?? "-"}:${name}`;
}

export interface ProcessRecord {
  id: string;
  host: string;
  pid: number;
  version: string;
  startedAt: number;
  rssBytes: number;
  /** When this record was written. */
  at: number;
  /** Ozon failures of this process's calls over the last hour, per store and kind. */
  ozonFailures?: Record<string, Array<[string, number]>>;
  /** The loops on this process's board, by loopId, and whether it runs their rounds. */
  loops: Array<{ id: string; shopId?: string; name: string; held: boolean }>;
}

export interface LoopRecord {
  shopId?: string;
  name: string;
  /** When a round last ended well. */
  okAt?: number;
  /** When the loop was first seen (the base when it never succeeded). */
  since: number;
  cycleMs?: number;
  durationMs?: number;
  failures: number;
  /** Written while a round runs: when it last reported progress; absent between rounds. */
  progressAt?: number;
  /** When this record was written, and by which process. */
  at: number;
  by: string;
}

/** This process, as the records name it. */
export const THIS_PROCESS_ID = `${hostname()}|${process.pid}|${THIS_PROCESS.start}`;
