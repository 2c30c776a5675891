/**
 * The stop's bounds, with every part stuck at once: polling that does not stop, an update that
 * never finishes, a module that never stops, a Telegram that never confirms. The real process
 * is tested in test/main/stop-bounds.test.ts.
 */
import { createServer } from "node:http";
import type { Context } from "grammy";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InflightUpdates } from "../src/bot/core/inflight.ts";
import { shutdown, withWatchdog } from "../src/shutdown.ts";
import { captureLogger } from "./bot/harness.ts";

const never = () => new Promise<never>(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe("shutdown", () => {
  it("goes through every step within its bounds when every part is stuck", async () => {
    const { logger, logs } = captureLogger();
    const inflight = new InflightUpdates();
    const handle = inflight.middleware();
    await handle({ update: { update_id: 41 } } as Context, async () => {});
    void handle({ update: { update_id: 42 } } as Context, never); // never finishes
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    let closed = false;
    let confirmed: number | undefined;
    let moduleDeadline: AbortSignal | undefined;

    const started = Date.now();
    await shutdown(
      {
        logger,
        runner: { stop: never },
        server,
        inflight,
        modules: [
          {
            name: "stuck",
            stop: (deadline) => {
              moduleDeadline = deadline;
              return never();
            },
          },
        ],
        container: {
          close: async () => {
            closed = true;
          },
        },
        confirm: (offset, signal) => {
          confirmed = offset;
          return new Promise((_, reject) =>
            signal.addEventListener("abort", () => reject(signal.reason)),
          );
        },
      },
      { drainMs: 200, confirmMs: 100 },
    );
    const took = Date.now() - started;

    expect(took).toBeLessThan(1_000);
    expect(closed).toBe(true);
    expect(confirmed).toBe(42); // the highest update handled, 41, is confirmed
    expect(moduleDeadline?.aborted).toBe(true);
    expect(server.listening).toBe(false);
    const messages = logs.map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Polling did not stop in time; going on",
        "Updates still in flight after the drain timeout",
        "Module still stopping at the deadline; going on",
        "Could not confirm the last updates",
      ]),
    );
  });
});

describe("withWatchdog", () => {
  it("calls overrun when the stop hangs past its bound, and not when it ends in time", async () => {
    vi.useFakeTimers();
    const overrun = vi.fn();
    void withWatchdog(never, 15_000, overrun);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(overrun).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(overrun).toHaveBeenCalledTimes(1);

    const inTime = vi.fn();
    await withWatchdog(async () => {}, 15_000, inTime);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(inTime).not.toHaveBeenCalled();
  });
});
