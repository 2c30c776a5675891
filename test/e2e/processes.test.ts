/**
 * Two bot processes on one Redis behind a load balancer (webhook mode): Telegram's concurrent
 * deliveries put updates of one chat on both processes at once. A button tapped twice acts once,
 * and a dialog whose steps land on alternating processes goes on where it was.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { textOf } from "../bot/harness.ts";
import { ADMIN, redis, startWorld, type World } from "./processes-world.ts";

let w: World;

redis.describe("two bot processes on one Redis", () => {
  beforeAll(async () => {
    w = await startWorld();
  }, 60_000);
  afterAll(() => w?.close());

  /** Requests to Ozon of one kind so far (one test at a time acts on postings). */
  const requestsTo = (path: string) =>
    w.sandbox.requests.filter((r) => r.path.endsWith(path)).length;

  it("a Pack button tapped twice, each tap at another process at the same moment, ships once", async () => {
    for (let round = 0; round < 3; round++) {
      const posting = w.sandbox.control.addPosting({
        products: [{ name: `Lamp ${round}`, quantity: 1, markRequired: false }],
      });
      const shipsBefore = requestsTo("/posting/fbs/ship");
      const opened = await w.hooks.deliver(w.pressed("ps", posting.postingNumber), round % 2);
      expect(opened.status).toBe(200);
      const confirm = await w.screenWith("✅ Pack");
      expect(textOf(confirm)).toContain(posting.postingNumber);
      const taps = await Promise.all([
        w.hooks.deliver(w.tap(confirm, "✅ Pack"), 0),
        w.hooks.deliver(w.tap(confirm, "✅ Pack"), 1),
      ]);
      expect(taps.map((t) => t.status)).toEqual([200, 200]);
      expect(w.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
      expect(requestsTo("/posting/fbs/ship") - shipsBefore).toBe(1);
      const packed = w.fake
        .textsTo(ADMIN.id)
        .concat(w.fake.callsTo("editMessageText").map(textOf))
        .filter((t) => t.includes(posting.postingNumber) && t.includes("is packed"));
      expect(packed).toHaveLength(1);
    }
  }, 60_000);

  it("a cancel dialog whose every step lands on the other process goes on and cancels once", async () => {
    const posting = w.sandbox.control.addPosting();
    const cancelsBefore = requestsTo("/posting/fbs/cancel");
    await w.hooks.deliver(w.pressed("pc", posting.postingNumber), 0);
    const reasons = await w.screenWith("Out of stock");
    await w.hooks.deliver(w.tap(reasons, "Out of stock"), 1);
    const confirm = await w.screenWith("Yes, cancel it");
    expect(textOf(confirm)).toContain(`Cancel posting ${posting.postingNumber}?`);
    await w.hooks.deliver(w.tap(confirm, "Yes, cancel it"), 0);
    expect(w.sandbox.control.posting(posting.postingNumber)?.status).toBe("cancelled");
    // The dialog is over at both processes: the same button again does nothing.
    await w.hooks.deliver(w.tap(confirm, "Yes, cancel it"), 1);
    expect(requestsTo("/posting/fbs/cancel") - cancelsBefore).toBe(1);
  }, 60_000);
});
