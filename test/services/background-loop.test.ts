import { afterEach, describe, expect, it } from "vitest";
import {
  BackgroundLoop,
  type BackgroundLoopOptions,
  type LoopLease,
  LoopStoppedError,
} from "../../src/services/background-loop.ts";
import { createStoreLease, LeaseLostError, leaseHolder } from "../../src/store/lease.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import { waitFor } from "../support/wait.ts";

const HOUR = 3_600_000;
const loops: Array<BackgroundLoop<unknown>> = [];
afterEach(async () => {
  await Promise.all(loops.splice(0).map((loop) => loop.stop(AbortSignal.timeout(100))));
});

/** A round the test finishes by hand. */
class Gate {
  #open: (() => void) | undefined;
  entered = 0;
  wait(): Promise<void> {
    this.entered++;
    return new Promise((resolve) => (this.#open = resolve));
  }
  open(): void {
    this.#open?.();
  }
}

/** A lease that counts how often the loop asks for it (taking or renewing). */
function counted(lease: LoopLease): LoopLease & { asked: number } {
  const wrapped = {
    ttlMs: lease.ttlMs,
    asked: 0,
    acquire: () => {
      wrapped.asked++;
      return lease.acquire();
    },
    release: () => lease.release(),
  };
  return wrapped;
}

function loop<R>(
  options: Partial<BackgroundLoopOptions<R>> & Pick<BackgroundLoopOptions<R>, "round">,
) {
  const made = new BackgroundLoop<R>({ name: "test loop", pauseMs: () => HOUR, ...options });
  loops.push(made as BackgroundLoop<unknown>);
  return made;
}

describe("BackgroundLoop", () => {
  it("runs the first round at once, then waits the pause; wake() cuts the pause short", async () => {
    let rounds = 0;
    const l = loop({ round: async () => ++rounds });
    l.start();
    expect(l.running).toBe(true);
    await waitFor(() => rounds === 1, { message: "the first round" });
    l.wake();
    await waitFor(() => rounds === 2, { message: "the round after wake()" });
  });

  it("a wake-up during a round runs another round right after it", async () => {
    const gate = new Gate();
    const l = loop({ round: () => gate.wait() });
    l.start();
    await waitFor(() => gate.entered === 1, { message: "the first round" });
    l.wake(); // the round in progress may have read its input already
    gate.open();
    await waitFor(() => gate.entered === 2, { message: "a second round without the hour's pause" });
  });

  it("runOnce() during a round runs one more round after it, shared by its callers", async () => {
    const gate = new Gate();
    let rounds = 0;
    const l = loop({
      round: async () => {
        rounds++;
        if (rounds === 1) await gate.wait();
        return rounds;
      },
    });
    const first = l.runOnce();
    const [a, b] = [l.runOnce(), l.runOnce()];
    gate.open();
    expect(await first).toEqual({ leader: true, result: 1 });
    expect(await a).toEqual({ leader: true, result: 2 });
    expect(await b).toEqual({ leader: true, result: 2 });
  });

  it("stop() ends the pause at once and the round's signal tells it to stop", async () => {
    let rounds = 0;
    let reason: unknown;
    const l = loop({
      round: async (signal) => {
        rounds++;
        if (rounds === 2) {
          await new Promise((resolve) => signal.addEventListener("abort", resolve));
          reason = signal.reason;
        }
      },
    });
    l.start();
    await waitFor(() => rounds === 1, { message: "the first round" });
    // Waiting out the hour's pause: stop() ends it.
    expect(await l.stop(AbortSignal.timeout(1_000))).toBe(true);
    expect(l.running).toBe(false);

    l.start(); // a round that waits for its signal
    await waitFor(() => rounds === 2, { message: "the second round" });
    expect(await l.stop(AbortSignal.timeout(1_000))).toBe(true);
    expect(reason).toBeInstanceOf(LoopStoppedError);
    expect(rounds).toBe(2);
  });

  it("stop() keeps its deadline when a round ignores the signal, and leaves the lease to run out", async () => {
    const store = new MemoryStore();
    const lease = createStoreLease(store, { name: "stuck", ttlMs: 60_000, holderId: "me" });
    const gate = new Gate();
    const l = loop({ round: () => gate.wait(), lease });
    l.start();
    await waitFor(() => gate.entered === 1, { message: "the round" });
    const started = Date.now();
    expect(await l.stop(AbortSignal.timeout(50))).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    // The round may still send: the lease is not handed to another process yet.
    expect(await leaseHolder(store, "stuck")).toBe("me");
    gate.open();
    await store.close();
  });

  it("stop() without a deadline uses its own", async () => {
    const gate = new Gate();
    const l = loop({ round: () => gate.wait(), stopTimeoutMs: 50 });
    l.start();
    await waitFor(() => gate.entered === 1, { message: "the round" });
    expect(await l.stop()).toBe(false);
    gate.open();
  });

  it("without a lease every round runs; a failed round is logged and the loop goes on", async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const l = loop({
      round: async () => {
        if (++rounds === 1) throw new Error("Ozon is down");
        return rounds;
      },
      pauseMs: () => 1,
      logger: { warn() {}, error: (object) => errors.push(object) },
    });
    l.start();
    await waitFor(() => rounds >= 2, { message: "a round after the failure" });
    expect(errors).toHaveLength(1);
  });

  describe("with a lease", () => {
    it("only the holder runs rounds; stop() hands the lease over", async () => {
      const store = new MemoryStore();
      const mine = loop({
        round: async () => "mine",
        lease: createStoreLease(store, { name: "l", ttlMs: 60_000 }),
      });
      const theirs = loop({
        round: async () => "theirs",
        lease: createStoreLease(store, { name: "l", ttlMs: 60_000 }),
      });
      expect(await mine.runOnce()).toEqual({ leader: true, result: "mine" });
      expect(await theirs.runOnce()).toEqual({ leader: false });
      expect(await mine.stop()).toBe(true);
      expect(await theirs.runOnce()).toEqual({ leader: true, result: "theirs" });
      await store.close();
    });

    it("is renewed during a round longer than its TTL", async () => {
      const store = new MemoryStore();
      const gate = new Gate();
      const lease = counted(createStoreLease(store, { name: "l", ttlMs: 60, holderId: "holder" }));
      const holder = loop({ round: () => gate.wait(), lease });
      const other = loop({
        round: async () => "other",
        lease: createStoreLease(store, { name: "l", ttlMs: 60, holderId: "other" }),
      });
      const round = holder.runOnce();
      await waitFor(() => gate.entered === 1, { message: "the long round" });
      // Five renewals (every third of the TTL) span well over one TTL: the other never leads.
      await waitFor(
        async () => {
          expect(await other.runOnce()).toEqual({ leader: false });
          return lease.asked > 5;
        },
        { rethrow: true, message: "five renewals during the round" },
      );
      expect(await other.runOnce()).toEqual({ leader: false });
      gate.open();
      await round;
      // Not renewed between hand-driven rounds: it runs out, and the other takes over.
      await waitFor(async () => (await other.runOnce()).leader, { message: "the takeover" });
      await store.close();
    });

    it("a renewal that finds the lease gone aborts the round with LeaseLostError", async () => {
      const store = new MemoryStore();
      let reason: unknown;
      const l = loop({
        round: (signal) =>
          new Promise<void>((resolve) =>
            signal.addEventListener("abort", () => {
              reason = signal.reason;
              resolve();
            }),
          ),
        lease: createStoreLease(store, { name: "l", ttlMs: 30, holderId: "me" }),
      });
      const round = l.runOnce();
      await waitFor(async () => (await leaseHolder(store, "l")) === "me", { message: "the lease" });
      await store.set("lease:l", "someone else", { ttlMs: 60_000 });
      await round;
      expect(reason).toBeInstanceOf(LeaseLostError);
      await store.close();
    });

    it("a follower of a running loop asks again within a third of the TTL", async () => {
      const store = new MemoryStore();
      await store.set("lease:l", "another process", { ttlMs: 60_000 });
      const changes: boolean[] = [];
      let rounds = 0;
      const lease = counted(createStoreLease(store, { name: "l", ttlMs: 150 }));
      const l = loop({
        round: async () => ++rounds,
        lease,
        onLeaseChange: (held) => changes.push(held),
      });
      l.start(); // pauses an hour after its own rounds, but not while it follows
      // Every 50 ms, four asks take 150 ms; the 2 s deadline leaves room for a busy machine
      // but not for a follower that waits a TTL or more between asks.
      await waitFor(() => lease.asked >= 4, { timeoutMs: 2_000, message: "four asks" });
      expect(rounds).toBe(0);
      await store.delete("lease:l"); // the holder died and its lease ran out
      await waitFor(() => rounds === 1, {
        timeoutMs: 2_000,
        message: "the round after the lease ran out",
      });
      expect(changes).toEqual([true]);
      await store.close();
    });
  });
});
