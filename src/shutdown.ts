/**
 * Stopping the running bot (SIGTERM, SIGINT, a polling failure) within a bound, whatever is in
 * progress — a backlog of relay sends, a dialog waiting for Ozon, a Telegram that stopped
 * answering:
 *  1. take no more updates (stop polling, stop accepting webhook connections);
 *  2. side by side, for at most `drainMs`: finish the updates in flight, and stop the modules'
 *     background work and the Telegram sender (between two sends; what was not sent goes out
 *     after the next start);
 *  3. polling: confirm the handled updates to Telegram (at most `confirmMs`);
 *  4. close the Ozon clients (requests still in flight are cut off after a second), the sandbox
 *     and the store.
 * With nothing stuck this takes well under a second, and at most about 8 s when everything is.
 * main.ts arms a watchdog for STOP_WATCHDOG_MS besides: should a step hang after all (a store that
 * never closes), the process ends with exit code 1 and a log line saying why.
 * Tests: test/shutdown.test.ts
 */
import type { Server } from "node:http";
import type { InflightUpdates } from "./bot/core/inflight.ts";
import type { BotModule } from "./bot/core/module.ts";
import { settlesBefore } from "./deadline.ts";
import type { Logger } from "./logger.ts";
import { closeServer } from "./server/http.ts";

export interface StopBounds {
  /** Updates in flight and the modules' background work, side by side. */
  drainMs: number;
  /** Confirming the handled updates to Telegram. */
  confirmMs: number;
}

export const STOP_BOUNDS: StopBounds = { drainMs: 5_000, confirmMs: 2_000 };

/** The whole stop; past it the watchdog ends the process with exit code 1. */
export const STOP_WATCHDOG_MS = 15_000;

export interface RunningParts {
  logger: Logger;
  /** The polling runner (none in webhook mode). */
  runner?: { stop(): Promise<void> } | undefined;
  server: Server;
  inflight: InflightUpdates;
  modules: readonly BotModule[];
  /** Closes the Ozon clients, the sandbox and the store. */
  container: { close(): Promise<void> };
  /** Polling: tells Telegram that every update before `offset` was handled. */
  confirm?: ((offset: number, signal: AbortSignal) => Promise<unknown>) | undefined;
}

export async function shutdown(parts: RunningParts, bounds: StopBounds = STOP_BOUNDS) {
  const { logger, inflight } = parts;
  const started = Date.now();
  const deadline = AbortSignal.timeout(bounds.drainMs);
  // Background work stops from the start: it does not depend on the updates in flight.
  const modulesStopped = stopModules(parts.modules, deadline, logger);
  // 1. Take no more updates.
  if (parts.runner && !(await settlesBefore(parts.runner.stop(), deadline))) {
    logger.warn("Polling did not stop in time; going on");
  }
  const serverClosed = closeServer(parts.server, bounds.drainMs);
  // 2. Finish what is in flight.
  if (!(await inflight.drain(Math.max(0, bounds.drainMs - (Date.now() - started))))) {
    logger.warn({ inFlight: inflight.size }, "Updates still in flight after the drain timeout");
  }
  await modulesStopped;
  // 3. Polling: confirm the handled updates so Telegram does not send them again after a restart.
  const last = inflight.highestDoneUpdateId;
  if (parts.confirm && last !== undefined) {
    await parts
      .confirm(last + 1, AbortSignal.timeout(bounds.confirmMs))
      .catch((error: unknown) => logger.warn({ err: error }, "Could not confirm the last updates"));
  }
  await serverClosed;
  // 4. Close the Ozon clients, the sandbox and the store.
  await parts.container.close();
}

/**
 * Stops the modules side by side, waiting at most until `deadline`. Last first: the Telegram
 * sender, last in the list (src/bot/modules.ts), refuses its queued sends at once, so the
 * loops waiting on them stop between two messages and leave the rest for the next start.
 */
export async function stopModules(
  modules: readonly BotModule[],
  deadline: AbortSignal,
  logger: Logger,
): Promise<void> {
  await Promise.all([...modules].reverse().map((m) => stopModule(m, deadline, logger)));
}

/** Stops one module, waiting at most until `deadline`. */
async function stopModule(module: BotModule, deadline: AbortSignal, logger: Logger) {
  const stopped = (module.stop?.(deadline) ?? Promise.resolve()).catch((error: unknown) =>
    logger.warn({ err: error, module: module.name }, "Stop failed"),
  );
  if (!(await settlesBefore(stopped, deadline))) {
    logger.warn({ module: module.name }, "Module still stopping at the deadline; going on");
  }
}

/**
 * Runs `stop`; when it has not finished after `ms`, calls `overrun` (main.ts logs and exits with
 * code 1), whatever `stop` is still waiting for.
 */
export async function withWatchdog(
  stop: () => Promise<void>,
  ms: number,
  overrun: () => void,
): Promise<void> {
  const timer = setTimeout(overrun, ms);
  try {
    await stop();
  } finally {
    clearTimeout(timer);
  }
}
