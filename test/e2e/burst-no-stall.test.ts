/**
 * A busy pass is no stalled loop: a real bot process (`node src/main.ts`) polling every second
 * gets 1 000 new postings at once, and its pass spends half a minute sending the digests at
 * Telegram's pace for a private chat. With the least stall time set to 5 s, the pass takes far
 * longer than that without completing, yet it sends, so it is working: the admin (who is also the
 * subscriber) gets the 25 digests and nothing else — no "⚠️ … has not completed a pass" and no
 * "✅ … works again".
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { command } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";
import { ADMIN, redis, startWorld, type World } from "./processes-world.ts";

let w: World;
const BURST = 1_000;
const DIGEST = /New postings/;

redis.describe("a 1 000-posting burst at a 1 s poll", () => {
  beforeAll(async () => {
    w = await startWorld({
      processes: 1,
      env: { POSTINGS_POLL_SECONDS: "1", STALL_AFTER_SECONDS: "5" },
    });
  }, 60_000);
  afterAll(() => w?.close());

  const texts = (since: number) =>
    w.fake
      .callsTo("sendMessage")
      .slice(since)
      .filter((c) => Number(c.payload.chat_id) === ADMIN.id)
      .map((c) => String(c.payload.text));

  it("is a busy pass, not a stalled loop: 25 digests and no stall notice", async () => {
    await w.hooks.deliverAll([command("subscribe", { from: ADMIN })]);
    const lists = () =>
      w.sandbox.requests.filter((r) => r.path.endsWith("/unfulfilled/list")).length;
    const before = lists();
    await waitFor(() => lists() > before, { message: "a pass after the subscription" });
    const since = w.fake.callsTo("sendMessage").length;
    for (let i = 0; i < BURST; i++) w.sandbox.control.addPosting();
    const started = Date.now();
    await waitFor(() => texts(since).filter((t) => DIGEST.test(t)).length >= 25, {
      timeoutMs: 120_000,
      intervalMs: 500,
      message: "the 25 digests",
    });
    const tookMs = Date.now() - started;
    // Three more passes after the burst: a late notice (stall or recovery) would be sent by now.
    const after = lists();
    await waitFor(() => lists() >= after + 3, { timeoutMs: 20_000, message: "three more passes" });
    // The burst took several times the least stall time: only its progress kept it from "stalled".
    expect(tookMs).toBeGreaterThan(15_000);
    const sent = texts(since);
    expect(sent.filter((t) => /has not completed a pass|works again/.test(t))).toEqual([]);
    expect(sent.filter((t) => DIGEST.test(t))).toHaveLength(25);
    expect(sent).toHaveLength(25);
  }, 240_000);
});
