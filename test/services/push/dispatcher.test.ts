/** Queued push hints become passes of the shop's poller, and leave the queue only after one ran. */
import { afterEach, describe, expect, it } from "vitest";
import { PushDispatcher } from "../../../src/services/push/dispatcher.ts";
import { PushQueue } from "../../../src/services/push/queue.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { ManualClock } from "../../support/manual-clock.ts";

const dispatchers: PushDispatcher[] = [];
afterEach(async () => {
  for (const d of dispatchers.splice(0)) await d.stop();
});

function setup(passes: Record<string, () => Promise<boolean>>, known = ["A", "B"]) {
  const clock = new ManualClock();
  const queue = new PushQueue(new MemoryStore({ now: clock.now }), clock.now);
  const dispatcher = new PushDispatcher({
    queue,
    now: clock.now,
    knows: (shopId) => known.includes(shopId),
    passFor: (shopId, area) => passes[`${shopId}:${area}`],
  });
  dispatchers.push(dispatcher);
  return { queue, dispatcher, clock };
}

const hint = (shopId: string, area: "postings" | "chats", subject: string) => ({
  shopId,
  area,
  type: area === "postings" ? "TYPE_NEW_POSTING" : "TYPE_NEW_MESSAGE",
  subject,
});

describe("PushDispatcher", () => {
  it("runs the shop's pass and clears the hints it covered", async () => {
    const ran: string[] = [];
    const { queue, dispatcher } = setup({
      "A:postings": async () => {
        ran.push("A:postings");
        return true;
      },
    });
    await queue.add(hint("A", "postings", "1-1-1"), "d1");
    await queue.add(hint("A", "postings", "1-1-2"), "d2");
    expect(await dispatcher.runOnce()).toBe(2);
    expect(ran).toEqual(["A:postings"]);
    expect(await queue.areasWaiting()).toEqual([]);
  });

  it("keeps hints while another process holds the poller, or the pass fails, or no poller runs here", async () => {
    let leader = false;
    let fail = true;
    const { queue, dispatcher, clock } = setup({
      "A:postings": async () => leader,
      "A:chats": async () => {
        if (fail) throw new Error("Ozon is down");
        return true;
      },
    });
    await queue.add(hint("A", "postings", "1-1-1"), "d1");
    await queue.add(hint("A", "chats", "chat-1"), "d2");
    await queue.add(hint("B", "chats", "chat-2"), "d3");
    expect(await dispatcher.runOnce()).toBe(0);
    expect(await queue.areasWaiting()).toHaveLength(3);
    leader = true;
    fail = false;
    // The failed pass is tried again after its backoff (5 s), not at the next look.
    await clock.advance(4_999);
    expect(await dispatcher.runOnce()).toBe(1);
    await clock.advance(1);
    expect(await dispatcher.runOnce()).toBe(1);
    // B runs no relay in this process (paused here, say): its hint waits for one that does.
    expect(await queue.areasWaiting()).toEqual([{ shopId: "B", area: "chats" }]);
  });

  it("drops hints of a shop that no longer exists, and keeps an exact repeat out", async () => {
    const { queue, dispatcher } = setup({}, ["A"]);
    expect(await queue.add(hint("Z", "postings", "9-9-9"), "dz")).toBe(true);
    expect(await queue.add(hint("Z", "postings", "9-9-9"), "dz")).toBe(false);
    await dispatcher.runOnce();
    expect(await queue.areasWaiting()).toEqual([]);
  });
});
