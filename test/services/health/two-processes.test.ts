/**
 * Two processes on one real Redis, each with its own loop board, loop health and stall watch,
 * and one background loop of a store under a shared lease: /status's data shows both processes
 * and which one runs the loop; when the loop stalls exactly one process tells (and exactly one
 * tells the recovery), whichever holds the lease. A round that runs long but reports progress is
 * working, not stalled, in the eyes of both processes; the same round without progress is stalled.
 */
import { afterAll, afterEach, expect, it } from "vitest";
import { BackgroundLoop } from "../../../src/services/background-loop.ts";
import { LoopHealth } from "../../../src/services/health/health.ts";
import { LoopBoard, reportProgress } from "../../../src/services/health/loop-board.ts";
import { takeSnapshot } from "../../../src/services/health/snapshot.ts";
import { type StallChange, StallWatch } from "../../../src/services/health/stall-watch.ts";
import { Vitals } from "../../../src/services/health/vitals.ts";
import type { Shop } from "../../../src/shops/registry.ts";
import { runForShop } from "../../../src/shops/shop-scope.ts";
import { createStoreLease } from "../../../src/store/lease.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { waitFor } from "../../support/wait.ts";

const redis = await redisAvailability();

interface Process {
  store: RedisStore;
  loop: BackgroundLoop<void>;
  health: LoopHealth;
  watch: StallWatch;
  changes: StallChange[];
  vitals: Vitals;
}

redis.describe("loop health across two processes", () => {
  const prefix = uniquePrefix("loop-health");
  const running: Process[] = [];
  let failing = false;
  /** A round runs this long (ms), reporting progress every 100 ms when `progressing`. */
  let busyMs = 0;
  let progressing = false;
  /** What both processes told, in the order they told it. */
  const told: Array<StallChange & { by: string }> = [];
  afterEach(async () => {
    for (const p of running.splice(0)) {
      await p.loop.stop();
      await p.watch.stop();
      await p.health.stop();
      await p.store.close();
    }
  });
  afterAll(() => removeKeys(redis.url, prefix));

  /** A process; `loopName` apart from the other test's (a stall is told once an hour per loop). */
  async function start(name: string, loopName = "posting watcher"): Promise<Process> {
    const store = await RedisStore.open({ url: redis.url, prefix });
    const board = new LoopBoard();
    const loop = new BackgroundLoop<void>({
      name: loopName,
      round: async (signal) => {
        if (failing) throw new Error("Ozon refuses");
        for (const end = Date.now() + busyMs; Date.now() < end && !signal.aborted; ) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          if (progressing) reportProgress();
        }
      },
      pauseMs: () => 100,
      lease: createStoreLease(store, { name: `shop-1:${loopName}`, ttlMs: 900, holderId: name }),
      board,
    });
    const vitals = new Vitals();
    vitals.ozonCall("shop-1", { method: "/v3/posting/fbs/unfulfilled/list", outcome: "timeout" });
    if (name === "a") {
      vitals.ozonCall("shop-1", { method: "/v1/chat/list", outcome: "keys_refused" });
    }
    const health = new LoopHealth({
      ozonFailures: () => vitals.ozonFailuresByShop(),
      store,
      version: "9.9.9",
      board,
      processId: `host|${name}`,
      heartbeatMs: 200,
      // Stalled after three seconds without a good pass (the default, two minutes, is too long
      // to wait for here).
      stallFloorMs: 3_000,
    });
    const watch = new StallWatch({ store, health, isActive: () => true });
    const changes: StallChange[] = [];
    watch.onChange((change) => {
      changes.push(change);
      told.push({ ...change, by: name });
    });
    health.start();
    runForShop("shop-1", () => loop.start());
    watch.start();
    const p = { store, loop, health, watch, changes, vitals };
    running.push(p);
    return p;
  }

  async function lookAgain(...processes: Process[]): Promise<void> {
    for (let i = 0; i < 3; i++) await Promise.all(processes.map((p) => p.watch.check()));
  }

  it("lists both processes and the holder; one process tells a stall and its recovery", async () => {
    const a = await start("a");
    const b = await start("b");
    await waitFor(async () => (await a.health.processes()).length === 2, {
      message: "two processes",
    });
    await waitFor(async () => {
      const [loop] = await b.health.loops();
      return loop?.holder !== undefined && loop.okAt !== undefined;
    });
    const loops = await b.health.loops();
    expect(loops).toHaveLength(1);
    expect(loops[0]?.shopId).toBe("shop-1");
    expect(["host|a", "host|b"]).toContain(loops[0]?.holder);
    const processes = await a.health.processes();
    expect(processes.map((p) => p.version)).toEqual(["9.9.9", "9.9.9"]);
    expect(processes.flatMap((p) => p.loops.filter((l) => l.held))).toHaveLength(1);

    // Ozon failures over the last hour: this process's own and the other's from its heartbeat.
    const shop = {
      id: "shop-1",
      ref: "1",
      name: "One",
      origin: "env",
      paused: false,
      store: b.store,
    };
    const snapshot = await takeSnapshot({
      shops: { all: () => [shop as Shop] },
      shopHealth: undefined,
      loopHealth: b.health,
      vitals: b.vitals,
      shared: true,
      version: "9.9.9",
    });
    expect(snapshot.stores[0]?.ozonFailures).toEqual([
      ["timeout", 2],
      ["keys_refused", 1],
    ]);
    expect(snapshot.stores[0]?.loops.map((l) => l.holder)).toEqual([loops[0]?.holder]);

    failing = true;
    const all = () => told;
    await waitFor(() => all().some((c) => c.kind === "stalled"), {
      message: "the stall told",
      timeoutMs: 10_000,
    });
    // Both look again, several times: nobody tells it again.
    await lookAgain(a, b);
    expect(all().filter((c) => c.kind === "stalled")).toHaveLength(1);
    expect(all()[0]).toMatchObject({ shopId: "shop-1", loop: "posting watcher" });

    failing = false;
    await waitFor(() => all().some((c) => c.kind === "recovered"), {
      message: "the recovery told",
      timeoutMs: 10_000,
    });
    await lookAgain(a, b);
    expect(all().map((c) => c.kind)).toEqual(["stalled", "recovered"]);
  });

  it("a long round that makes progress is working; without progress it is stalled", async () => {
    told.length = 0;
    failing = false;
    const a = await start("a", "busy watcher");
    const b = await start("b", "busy watcher");
    await waitFor(async () => (await b.health.loops())[0]?.okAt !== undefined, {
      message: "a good round",
    });
    // Four seconds a round, more than the stall time, reporting progress as it goes.
    busyMs = 4_000;
    progressing = true;
    const started = Date.now();
    while (Date.now() - started < 7_000) {
      await lookAgain(a, b);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(told).toEqual([]);
    // A round that goes on without progress: stalled once three of its intervals (now about
    // 4 s each) passed without a good round.
    busyMs = 60_000;
    progressing = false;
    await waitFor(() => told.some((c) => c.kind === "stalled"), {
      message: "the silent round told as a stall",
      timeoutMs: 25_000,
    });
    busyMs = 0;
  }, 60_000);
});
