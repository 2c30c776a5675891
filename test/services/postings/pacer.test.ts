import { describe, expect, it } from "vitest";
import {
  PacerClosedError,
  type PaceTarget,
  SendPacer,
  type SendPacerOptions,
} from "../../../src/services/postings/pacer.ts";
import { ManualClock } from "./manual-clock.ts";

interface Start {
  chat: string;
  at: number;
  label: string;
}

function setup(options: Omit<SendPacerOptions, "clock"> = {}) {
  const clock = new ManualClock(1_000_000);
  const pacer = new SendPacer({ ...options, clock });
  const starts: Start[] = [];
  const send = (target: PaceTarget, label: string) =>
    pacer.schedule(target, async () => {
      starts.push({ chat: `${target.kind}:${target.chatId}`, at: clock.now(), label });
      return label;
    });
  return { clock, pacer, starts, send };
}

const privateChat = (chatId: number): PaceTarget => ({ chatId, kind: "private" });
const group = (chatId: number): PaceTarget => ({ chatId, kind: "group" });

/** The most starts inside any window of `windowMs` (half-open), with a float tolerance. */
function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (const [i, t] of sorted.entries()) {
    const inside = sorted.slice(i).filter((u) => u < t + windowMs - 1e-6).length;
    most = Math.max(most, inside);
  }
  return most;
}

describe("SendPacer", () => {
  it("sends at most one message per second to a private chat, in order", async () => {
    const { clock, starts, send } = setup();
    const results = Array.from({ length: 5 }, (_, i) => send(privateChat(7), `m${i}`));
    await clock.advance(10_000);
    expect(await Promise.all(results)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(starts.map((s) => s.label)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    const t0 = starts[0]?.at ?? 0;
    expect(starts.map((s) => s.at - t0)).toEqual([0, 1000, 2000, 3000, 4000]);
  });

  it("keeps a group under 20 messages a minute and drops none of 25", async () => {
    const { clock, starts, send } = setup();
    const results = Array.from({ length: 25 }, (_, i) => send(group(-100), `g${i}`));
    await clock.advance(30_000);
    expect(starts.length).toBeLessThan(25); // still queued, not dropped
    await clock.advance(60_000);
    await Promise.all(results);
    expect(starts).toHaveLength(25);
    const times = starts.map((s) => s.at);
    expect(maxInWindow(times, 60_000)).toBeLessThanOrEqual(20);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(3000 - 1e-6);
    }
  });

  it("keeps all chats together under 30 messages a second", async () => {
    const { clock, starts, send } = setup();
    const results = Array.from({ length: 100 }, (_, i) => send(privateChat(i + 1), `p${i}`));
    await clock.advance(5_000);
    await Promise.all(results);
    expect(starts).toHaveLength(100);
    expect(
      maxInWindow(
        starts.map((s) => s.at),
        1000,
      ),
    ).toBe(30);
  });

  it("lets one busy chat not hold up another", async () => {
    const { clock, starts, send } = setup();
    const groupSends = Array.from({ length: 10 }, (_, i) => send(group(-5), `g${i}`));
    const privateSends = Array.from({ length: 3 }, (_, i) => send(privateChat(9), `p${i}`));
    await clock.advance(2_500);
    await Promise.all(privateSends);
    expect(starts.filter((s) => s.chat === "private:9")).toHaveLength(3);
    expect(starts.filter((s) => s.chat === "group:-5")).toHaveLength(1);
    await clock.advance(30_000);
    await Promise.all(groupSends);
  });

  it("retries a send Telegram refused with 429 after retry_after, keeping the order", async () => {
    const clock = new ManualClock(0);
    const pacer = new SendPacer({
      clock,
      retryAfterMs: (error) =>
        error instanceof Error && error.message === "429" ? 5_000 : undefined,
    });
    const attempts: Array<{ label: string; at: number }> = [];
    let refuseOnce = true;
    const first = pacer.schedule(privateChat(1), async () => {
      attempts.push({ label: "a", at: clock.now() });
      if (refuseOnce) {
        refuseOnce = false;
        throw new Error("429");
      }
      return "a";
    });
    const second = pacer.schedule(privateChat(1), async () => {
      attempts.push({ label: "b", at: clock.now() });
      return "b";
    });
    await clock.advance(10_000);
    expect(await first).toBe("a");
    expect(await second).toBe("b");
    expect(attempts).toEqual([
      { label: "a", at: 0 },
      { label: "a", at: 5_000 },
      { label: "b", at: 6_000 },
    ]);
  });

  it("understands a Bot API 429 (error_code, parameters.retry_after) by default", async () => {
    const { clock, pacer } = setup();
    const tries: number[] = [];
    const result = pacer.schedule(group(-9), async () => {
      tries.push(clock.now());
      if (tries.length === 1) {
        throw Object.assign(new Error("Too Many Requests: retry after 7"), {
          error_code: 429,
          parameters: { retry_after: 7 },
        });
      }
      return "sent";
    });
    await clock.advance(10_000);
    expect(await result).toBe("sent");
    expect(tries.map((t) => t - (tries[0] ?? 0))).toEqual([0, 7_000]);
  });

  it("hands a 429 to the caller after maxRateLimitRetries", async () => {
    const { clock, pacer } = setup({ maxRateLimitRetries: 2 });
    let tries = 0;
    const result = pacer.schedule(privateChat(8), async () => {
      tries += 1;
      throw Object.assign(new Error("429"), { error_code: 429, parameters: { retry_after: 1 } });
    });
    const failed = expect(result).rejects.toThrow("429");
    await clock.advance(10_000);
    await failed;
    expect(tries).toBe(3);
  });

  it("gives any other failure back to the caller and carries on", async () => {
    const { clock, pacer, send } = setup();
    const failing = pacer.schedule(privateChat(3), async () => {
      throw new Error("chat not found");
    });
    const next = send(privateChat(3), "after");
    const failed = expect(failing).rejects.toThrow("chat not found");
    await clock.advance(2_000);
    await failed;
    expect(await next).toBe("after");
  });

  it("rejects queued sends on close without sending them", async () => {
    const { clock, pacer, starts, send } = setup();
    const sends = [send(privateChat(4), "x"), send(privateChat(4), "y")];
    await clock.advance(0);
    pacer.close();
    await expect(sends[0]).resolves.toBe("x");
    await expect(sends[1]).rejects.toBeInstanceOf(PacerClosedError);
    await expect(send(privateChat(4), "z")).rejects.toBeInstanceOf(PacerClosedError);
    expect(starts.map((s) => s.label)).toEqual(["x"]);
  });

  it("resolves onIdle when everything queued went out", async () => {
    const { clock, pacer, send } = setup();
    for (let i = 0; i < 3; i++) void send(privateChat(2), `i${i}`);
    let idle = false;
    void pacer.onIdle().then(() => {
      idle = true;
    });
    await clock.advance(1_500);
    expect(idle).toBe(false);
    expect(pacer.pending).toBe(1);
    await clock.advance(1_000);
    expect(idle).toBe(true);
    expect(pacer.pending).toBe(0);
  });
  it("drops sends still waiting when their signal aborts; the one in flight finishes", async () => {
    const { clock, pacer } = setup();
    const stop = new AbortController();
    const started: string[] = [];
    let finishFirst: () => void = () => {};
    const first = pacer.schedule(
      group(-100),
      () =>
        new Promise<string>((resolve) => {
          started.push("g0");
          finishFirst = () => resolve("g0");
        }),
      stop.signal,
    );
    const queued = [1, 2, 3].map((i) =>
      pacer.schedule(
        group(-100),
        async () => {
          started.push(`g${i}`);
          return `g${i}`;
        },
        stop.signal,
      ),
    );
    const other = pacer.schedule(group(-200), async () => "other");
    await clock.advance(0);
    expect(started).toEqual(["g0"]);
    const reason = new Error("stopping");
    stop.abort(reason);
    for (const send of queued) expect(await send.catch((e: unknown) => e)).toBe(reason);
    finishFirst();
    expect(await first).toBe("g0");
    await clock.advance(10_000);
    expect(await other).toBe("other"); // another caller's send is not touched
    expect(started).toEqual(["g0"]);
    expect(pacer.pending).toBe(0);
    await pacer.onIdle();
    await expect(pacer.schedule(group(-100), async () => "late", stop.signal)).rejects.toBe(reason);
  });

  it("does not retry after a 429 once the signal aborted", async () => {
    const { clock, pacer } = setup();
    const stop = new AbortController();
    let tries = 0;
    const send = pacer.schedule(
      privateChat(5),
      async () => {
        tries++;
        if (tries === 1) stop.abort(new Error("stopping"));
        throw { error_code: 429, parameters: { retry_after: 5 } };
      },
      stop.signal,
    );
    await clock.advance(10_000);
    await expect(send).rejects.toMatchObject({ error_code: 429 });
    expect(tries).toBe(1);
  });
});
