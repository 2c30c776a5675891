/**
 * One Telegram budget for all processes (src/bot/core/sender/redis-send-budget.ts): two budgets on one
 * Redis prefix stand for two processes asking at once.
 */
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { RedisSendBudget } from "../../src/bot/core/sender/redis-send-budget.ts";
import type { SendTarget } from "../../src/bot/core/sender/send-budget.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../support/redis.ts";
import { waitFor } from "../support/wait.ts";

const redis = await redisAvailability();

redis.describe("send budget shared by processes (Redis)", () => {
  let prefix: string;
  let one: RedisSendBudget;
  let two: RedisSendBudget;
  beforeEach(async () => {
    prefix = uniquePrefix("send-budget");
    one = await RedisSendBudget.open({ url: redis.url, prefix });
    two = await RedisSendBudget.open({ url: redis.url, prefix });
  });
  afterEach(async () => {
    await one.close();
    await two.close();
    await removeKeys(redis.url, prefix);
  });
  afterAll(() => removeKeys(redis.url, prefix));

  /**
   * Asks until the global bucket (one token per 1/30 s) lets the ask through to the chat's own
   * bucket: the first answer that is not "everyone waits" (such a refusal takes nothing).
   */
  const pastGlobalBucket = (budget: RedisSendBudget, target: SendTarget) =>
    waitFor(
      async () => {
        const grant = await budget.take(target);
        return (grant.granted || grant.scope !== "global") && grant;
      },
      { message: "a token of the global bucket" },
    );

  /** Both processes ask as fast as they can for `ms`, each to chats of its own. */
  async function hammer(ms: number, chatOf: (process: number, i: number) => number) {
    const granted = [0, 0];
    const until = performance.now() + ms;
    await Promise.all(
      [one, two].map(async (budget, p) => {
        for (let i = 0; performance.now() < until; i++) {
          const grant = await budget.take({ chatId: chatOf(p, i), kind: "private" });
          if (grant.granted) granted[p] = (granted[p] ?? 0) + 1;
        }
      }),
    );
    return granted;
  }

  it("30 messages a second over both processes together, not 30 each", async () => {
    const granted = await hammer(1_000, (p, i) => p * 1_000_000 + i);
    const total = (granted[0] ?? 0) + (granted[1] ?? 0);
    // The lower bound only shows the budget lets messages go (a busy machine asks less often).
    expect(total).toBeGreaterThanOrEqual(15);
    expect(total).toBeLessThanOrEqual(32);
    expect(granted[0]).toBeGreaterThan(0);
    expect(granted[1]).toBeGreaterThan(0);
  });

  it("one private chat gets one message a second, whichever process asks", async () => {
    const granted = await hammer(1_500, () => 42);
    expect((granted[0] ?? 0) + (granted[1] ?? 0)).toBe(2);
    const refusal = await two.take({ chatId: 42, kind: "private" });
    expect(refusal).toMatchObject({ granted: false, scope: "chat" });
  });

  it("a group gets one message every 3 s; the refusal says how long to wait", async () => {
    expect(await one.take({ chatId: -100, kind: "group" })).toEqual({ granted: true });
    const refusal = await pastGlobalBucket(two, { chatId: -100, kind: "group" });
    expect(refusal.granted).toBe(false);
    if (!refusal.granted) {
      expect(refusal.scope).toBe("chat");
      expect(refusal.waitMs).toBeGreaterThan(2_500);
      expect(refusal.waitMs).toBeLessThanOrEqual(3_000);
    }
  });

  it("a 429 seen by one process holds the chat for the other; a second chat's 429 holds everyone", async () => {
    await one.backOff({ chatId: 5, kind: "private" }, 2_000);
    const held = await two.take({ chatId: 5, kind: "private" });
    expect(held).toMatchObject({ granted: false, scope: "chat" });
    if (!held.granted) expect(held.waitMs).toBeGreaterThan(1_500);
    expect(await pastGlobalBucket(two, { chatId: 6, kind: "private" })).toEqual({ granted: true });
    await two.backOff({ chatId: 6, kind: "private" }, 2_000);
    const everyone = await one.take({ chatId: 7, kind: "private" });
    expect(everyone).toMatchObject({ granted: false, scope: "global" });
  });

  it("Redis gone: sends wait instead of failing", async () => {
    const lost = await RedisSendBudget.open({ url: redis.url, prefix });
    await lost.close();
    const grant = await lost.take({ chatId: 1, kind: "private" });
    expect(grant).toMatchObject({ granted: false, scope: "global" });
  });
});
