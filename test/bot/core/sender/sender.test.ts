import { describe, expect, it } from "vitest";
import {
  MemorySendBudget,
  type Priority,
  SenderClosedError,
  type SendRequest,
  TelegramSender,
  type TelegramSenderOptions,
} from "../../../../src/bot/core/sender/index.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { maxInWindow } from "./windows.ts";

interface Start {
  chat: string;
  at: number;
  label: string;
}

function setup(options: Omit<TelegramSenderOptions, "clock"> = {}) {
  const clock = new ManualClock(1_000_000);
  const sender = new TelegramSender({ ...options, clock });
  const starts: Start[] = [];
  const send = (target: SendRequest, label: string) =>
    sender.schedule(target, async () => {
      starts.push({ chat: `${target.kind}:${target.chatId}`, at: clock.now(), label });
      return label;
    });
  return { clock, sender, starts, send };
}

const privateChat = (chatId: number, priority: Priority = "alert"): SendRequest => ({
  chatId,
  kind: "private",
  priority,
});
const group = (chatId: number, priority: Priority = "alert"): SendRequest => ({
  chatId,
  kind: "group",
  priority,
});

describe("TelegramSender, as the posting pacer was", () => {
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
    const sender = new TelegramSender({
      clock,
      retryAfterMs: (error) =>
        error instanceof Error && error.message === "429" ? 5_000 : undefined,
    });
    const attempts: Array<{ label: string; at: number }> = [];
    let refuseOnce = true;
    const first = sender.schedule(privateChat(1), async () => {
      attempts.push({ label: "a", at: clock.now() });
      if (refuseOnce) {
        refuseOnce = false;
        throw new Error("429");
      }
      return "a";
    });
    const second = sender.schedule(privateChat(1), async () => {
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
    const { clock, sender } = setup();
    const tries: number[] = [];
    const result = sender.schedule(group(-9), async () => {
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
    const { clock, sender } = setup({ maxRateLimitRetries: 2 });
    let tries = 0;
    const result = sender.schedule(privateChat(8), async () => {
      tries += 1;
      throw Object.assign(new Error("429"), { error_code: 429, parameters: { retry_after: 1 } });
    });
    const failed = expect(result).rejects.toThrow("429");
    await clock.advance(10_000);
    await failed;
    expect(tries).toBe(3);
  });

  it("gives any other failure back to the caller and carries on", async () => {
    const { clock, sender, send } = setup();
    const failing = sender.schedule(privateChat(3), async () => {
      throw new Error("chat not found");
    });
    const next = send(privateChat(3), "after");
    const failed = expect(failing).rejects.toThrow("chat not found");
    await clock.advance(2_000);
    await failed;
    expect(await next).toBe("after");
  });

  it("rejects queued sends on close without sending them", async () => {
    const { clock, sender, starts, send } = setup();
    const sends = [send(privateChat(4), "x"), send(privateChat(4), "y")];
    await clock.advance(0);
    sender.close();
    await expect(sends[0]).resolves.toBe("x");
    await expect(sends[1]).rejects.toBeInstanceOf(SenderClosedError);
    await expect(send(privateChat(4), "z")).rejects.toBeInstanceOf(SenderClosedError);
    expect(starts.map((s) => s.label)).toEqual(["x"]);
  });

  it("resolves onIdle when everything queued went out", async () => {
    const { clock, sender, send } = setup();
    for (let i = 0; i < 3; i++) void send(privateChat(2), `i${i}`);
    let idle = false;
    void sender.onIdle().then(() => {
      idle = true;
    });
    await clock.advance(1_500);
    expect(idle).toBe(false);
    expect(sender.pending).toBe(1);
    await clock.advance(1_000);
    expect(idle).toBe(true);
    expect(sender.pending).toBe(0);
  });
});

/** A send the test finishes by hand, to hold it in flight. */
function held<T>(value: T) {
  let finish: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    get started() {
      return started;
    },
    finish,
    send: async () => {
      started = true;
      await gate;
      return value;
    },
  };
}

const tooManyRequests = (seconds: number) =>
  Object.assign(new Error(`Too Many Requests: retry after ${seconds}`), {
    error_code: 429,
    parameters: { retry_after: seconds },
  });

describe("TelegramSender priorities", () => {
  it("lets an answer to a person overtake a queued bulk backlog in the same chat", async () => {
    const { clock, starts, send } = setup();
    const backlog = Array.from({ length: 5 }, (_, i) => send(privateChat(7, "bulk"), `b${i}`));
    await clock.advance(1_500); // b0 at 0 and b1 at 1000 went; b2..b4 wait
    const answer = send(privateChat(7, "interactive"), "answer");
    await clock.advance(10_000);
    await Promise.all([...backlog, answer]);
    expect(starts.map((s) => s.label)).toEqual(["b0", "b1", "answer", "b2", "b3", "b4"]);
    const t0 = starts[0]?.at ?? 0;
    expect(starts.map((s) => s.at - t0)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
  });

  it("keeps the order of one priority in a chat while a higher one goes first", async () => {
    const { clock, starts, send } = setup();
    const all = [
      send(group(-3, "alert"), "a1"),
      send(group(-3, "bulk"), "d1"),
      send(group(-3, "alert"), "a2"),
      send(group(-3, "bulk"), "d2"),
      send(group(-3, "alert"), "a3"),
    ];
    await clock.advance(60_000);
    await Promise.all(all);
    expect(starts.map((s) => s.label)).toEqual(["a1", "a2", "a3", "d1", "d2"]);
  });

  it("gives the global limit to alerts before digests queued earlier in other chats", async () => {
    const { clock, starts, send } = setup();
    const digests = Array.from({ length: 60 }, (_, i) => send(privateChat(100 + i, "bulk"), "d"));
    const alerts = Array.from({ length: 30 }, (_, i) => send(privateChat(500 + i, "alert"), "a"));
    await clock.advance(5_000);
    await Promise.all([...digests, ...alerts]);
    // The first digest took the token at once; every alert came before the remaining digests.
    expect(starts.map((s) => s.label).join("")).toBe(`d${"a".repeat(30)}${"d".repeat(59)}`);
  });
});

describe("TelegramSender and Telegram's 429", () => {
  it("holds only that chat when one chat is refused", async () => {
    const { clock, sender, starts, send } = setup();
    let refused = false;
    const limited = sender.schedule(privateChat(1), async () => {
      if (!refused) {
        refused = true;
        throw tooManyRequests(10);
      }
      starts.push({ chat: "private:1", at: clock.now(), label: "retried" });
      return "retried";
    });
    await clock.advance(0);
    const others = [send(privateChat(2), "x"), send(privateChat(3), "y")];
    await clock.advance(1_000);
    expect(starts.map((s) => s.label)).toEqual(["x", "y"]);
    await clock.advance(10_000);
    await Promise.all([limited, ...others]);
    expect(starts.at(-1)).toEqual({ chat: "private:1", at: 1_010_000, label: "retried" });
  });

  it("holds everyone when a second chat is refused while the first still waits", async () => {
    const { clock, sender, starts, send } = setup();
    const refuseOnce = (chatId: number) => {
      let refused = false;
      return sender.schedule(privateChat(chatId), async () => {
        if (!refused) {
          refused = true;
          throw tooManyRequests(5);
        }
        return "ok";
      });
    };
    const first = refuseOnce(1);
    const second = refuseOnce(2);
    await clock.advance(100); // both refused at once: Telegram is limiting the whole bot
    const third = send(privateChat(3), "z");
    await clock.advance(4_800);
    expect(starts).toEqual([]);
    await clock.advance(1_000);
    await Promise.all([first, second, third]);
    expect(starts.map((s) => s.label)).toEqual(["z"]);
    expect(starts[0]?.at).toBeGreaterThanOrEqual(1_005_000);
  });
});

describe("TelegramSender stopping", () => {
  it("close() rejects queued sends but lets the one in flight finish", async () => {
    const { clock, sender, starts, send } = setup();
    const inFlight = held("delivered");
    const first = sender.schedule(privateChat(4), inFlight.send);
    const queued = [send(privateChat(4), "later"), send(group(-4, "bulk"), "other")];
    await clock.advance(0);
    expect(inFlight.started).toBe(true);
    queued.forEach((p) => void p.catch(() => undefined));

    let closed = false;
    const closing = sender.close().then(() => {
      closed = true;
    });
    for (const p of queued) await expect(p).rejects.toBeInstanceOf(SenderClosedError);
    expect(closed).toBe(false); // still waiting for the send in flight
    inFlight.finish();
    await expect(first).resolves.toBe("delivered");
    await closing;
    expect(starts).toEqual([]); // neither queued send went out
    expect(sender.pending).toBe(0);
  });

  it("does not retry a send Telegram refused with 429 once closed", async () => {
    const { clock, sender } = setup();
    let tries = 0;
    const send = sender.schedule(privateChat(5), async () => {
      tries += 1;
      void sender.close(); // the stop comes while this send is at Telegram
      throw Object.assign(new Error("429"), { error_code: 429, parameters: { retry_after: 5 } });
    });
    const refused = expect(send).rejects.toBeInstanceOf(SenderClosedError);
    await clock.advance(10_000);
    await refused;
    expect(tries).toBe(1);
  });

  it("leaves no wait behind on the clock after stop, so nothing keeps the process alive", async () => {
    const clock = new ManualClock(0);
    const stop = new AbortController();
    const sender = new TelegramSender({
      clock,
      signal: stop.signal,
    });
    const sends = [1, 2, 3].map((i) => sender.schedule(group(-8), async () => i));
    await clock.advance(0);
    expect(clock.sleeping).toBe(1); // the next group message waits 3 s
    stop.abort();
    await expect(sends[0]).resolves.toBe(1);
    await expect(sends[1]).rejects.toBeInstanceOf(SenderClosedError);
    await expect(sends[2]).rejects.toBeInstanceOf(SenderClosedError);
    await clock.advance(0);
    expect(clock.sleeping).toBe(0);
    await expect(sender.schedule(group(-8), async () => 4)).rejects.toBeInstanceOf(
      SenderClosedError,
    );
  });
});

describe("MemorySendBudget", () => {
  it("does not stall when the system clock is set back", async () => {
    const clock = new ManualClock(Date.parse("2026-06-15T09:00:00Z"));
    const budget = new MemorySendBudget({ clock });
    const chat = { chatId: 5, kind: "private" } as const;
    expect(await budget.take(chat)).toEqual({ granted: true });
    await clock.advance(-3_600_000); // an hour back
    expect(await budget.take(chat)).toMatchObject({ granted: false });
    await clock.advance(1000); // the second the chat's limit asks for, not an hour and a second
    expect(await budget.take(chat)).toEqual({ granted: true });
  });
});
