/**
 * Two bot processes on one Redis, 1 000 new postings at once: each subscriber is told about each
 * posting exactly once (in digests), however the processes share the work, within Telegram's
 * limits kept by the one shared budget.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { command, person } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";
import { ADMIN, redis, startWorld, type World } from "./processes-world.ts";

let w: World;
const SECOND = person(9102, { first_name: "Bo", language_code: "en" });
const BURST = 1_000;

redis.describe("a 1 000-posting burst with two processes", () => {
  beforeAll(async () => {
    w = await startWorld({
      env: { POSTINGS_POLL_SECONDS: "0.5", ADMIN_IDS: `${ADMIN.id},${SECOND.id}` },
    });
  }, 60_000);
  afterAll(() => w?.close());

  /** Posting number → how many "new postings" messages to the chat named it. */
  const announced = (chatId: number, numbers: readonly string[]) => {
    const digests = w.fake
      .callsTo("sendMessage")
      .filter((c) => Number(c.payload.chat_id) === chatId)
      // Either language: the process that sends may have read the person before the other one
      // saved their Telegram language (people are cached for 2 s per process).
      .filter((c) =>
        /New postings?|Новые отправления|Новое отправление/.test(String(c.payload.text)),
      )
      .map((c) => JSON.stringify(c.payload));
    // The number not followed by another digit or dash ("…-1" is not in "…-10").
    return numbers.map((n) => {
      const alone = new RegExp(`${n.replace(/[-]/g, "\\-")}(?![\\d-])`);
      return digests.filter((d) => alone.test(d)).length;
    });
  };

  it("is announced once per subscriber", async () => {
    await w.hooks.deliverAll([
      command("subscribe", { from: ADMIN }),
      command("subscribe", { from: SECOND }),
    ]);
    const lists = w.sandbox.requests.filter((r) => r.path.endsWith("/unfulfilled/list")).length;
    await waitFor(
      () => w.sandbox.requests.filter((r) => r.path.endsWith("/unfulfilled/list")).length > lists,
      { timeoutMs: 10_000, message: "a pass after the subscriptions" },
    );
    const numbers = Array.from(
      { length: BURST },
      () => w.sandbox.control.addPosting().postingNumber,
    );
    const started = Date.now();
    for (const chat of [ADMIN.id, SECOND.id]) {
      await waitFor(() => announced(chat, numbers).every((c) => c > 0), {
        timeoutMs: 90_000,
        intervalMs: 500,
        message: `every posting announced to ${chat}`,
      });
    }
    const tookMs = Date.now() - started;
    for (const chat of [ADMIN.id, SECOND.id]) {
      const counts = announced(chat, numbers);
      expect(counts.filter((c) => c !== 1)).toEqual([]);
    }
    // 1 000 in digests of 40 is 25 messages a chat at one a second.
    expect(tookMs).toBeGreaterThan(20_000);
  }, 210_000);
});
