/**
 * A flood of junk pushes over real HTTP (issue 22, item 1): what it leaves in the store is one
 * record per store area, the passes it forces are at most one per area a second, and a real push
 * from the sandbox right after it is answered by the next slot. The dispatcher decides on a
 * manual clock; its looks are driven with runOnce() as its loop would make them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { MAX_SUBJECTS } from "../../src/services/push/queue.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import { ManualClock } from "../support/manual-clock.ts";
import {
  junkMix,
  type PushReceiver,
  postAll,
  startPushReceiver,
} from "../support/push-receiver.ts";
import { sandboxSeller } from "../support/sandbox-seller.ts";
import { waitFor } from "../support/wait.ts";

const SHOP = "shop-1";
let sandbox: Sandbox;
let push: PushReceiver | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 22, initialPostings: 3, initialChats: 2 });
});
afterEach(async () => {
  sandbox.setPushTarget(undefined);
  await push?.close();
  push = undefined;
});
afterAll(async () => {
  await sandbox.close();
});

/** Passes that read the sandbox as the watcher and the relay do: one list each. */
function ozonPasses() {
  const seller = sandboxSeller(sandbox, { retry: { maxAttempts: 1 } });
  const passes: Array<{ area: string; subjects: string[] }> = [];
  return {
    passes,
    passFor:
      (_shop: string, area: "postings" | "chats") =>
      async (hints: readonly { subject?: string }[]) => {
        passes.push({ area, subjects: hints.flatMap((h) => (h.subject ? [h.subject] : [])) });
        const listing =
          area === "postings" ? seller.postings.listAwaitingPackaging() : seller.chats.list();
        for await (const _ of listing) {
          // Read through, as a pass does.
        }
        return true;
      },
  };
}

describe("A flood of junk pushes", () => {
  it("leaves one record per store area and forces at most one pass per area a second", async () => {
    const clock = new ManualClock();
    const store = new MemoryStore({ now: clock.now });
    const { passes, passFor } = ozonPasses();
    const clientId = sandbox.credentials.sellerClientId;
    push = await startPushReceiver({
      store,
      shops: { [clientId]: SHOP },
      passFor,
      now: clock.now,
      startDispatcher: false,
    });
    const callsBefore = sandbox.requests.length;
    // 1 200 pushes over 12 s: 100 a second, the dispatcher looking after every 25 of them (the
    // benchmark, bench/push-flood.ts, sends 4 000 to the whole bot).
    const statuses: number[] = [];
    for (let second = 0; second < 12; second++) {
      for (let quarter = 0; quarter < 4; quarter++) {
        const from = second * 100 + quarter * 25;
        statuses.push(...(await postAll(push.url, junkMix(from, 25, clientId))));
        await push.dispatcher.runOnce();
      }
      await clock.advance(1_000);
    }
    expect(statuses).toHaveLength(1_200);
    // Served and foreign sellers alike: taken; broken bodies refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(900);

    // Everything the flood left: one record per area of the served store.
    expect((await store.list("")).map((e) => e.key)).toEqual([
      `push:queue:${SHOP}:chats`,
      `push:queue:${SHOP}:postings`,
    ]);
    // One pass per area per second however many looks: 12 s → 12 of each.
    expect(passes.filter((p) => p.area === "postings")).toHaveLength(12);
    expect(passes.filter((p) => p.area === "chats")).toHaveLength(12);
    expect(sandbox.requests.length - callsBefore).toBe(24);
    // A hint names at most MAX_SUBJECTS things, however many pushes it stands for.
    expect(Math.max(...passes.map((p) => p.subjects.length))).toBeLessThanOrEqual(MAX_SUBJECTS);

    // The log: one line per reason, with its count; never a line per push.
    const refusals = push.lines.filter((l) => typeof l.count === "number");
    expect(refusals.length).toBeLessThanOrEqual(4);
    expect(push.lines.length).toBeLessThan(10);
  }, 90_000);

  it("lets a real push right after the flood through at the next slot, named in its hint", async () => {
    const clock = new ManualClock();
    const { passes, passFor } = ozonPasses();
    const clientId = sandbox.credentials.sellerClientId;
    push = await startPushReceiver({
      store: new MemoryStore({ now: clock.now }),
      shops: { [clientId]: SHOP },
      passFor,
      now: clock.now,
      startDispatcher: false,
    });
    await postAll(push.url, junkMix(0, 200, clientId));
    await push.dispatcher.runOnce();
    const during = passes.length;
    expect(during).toBe(2);

    sandbox.setPushTarget(push.url);
    const sent = sandbox.pushes.length;
    const posting = sandbox.control.addPosting().postingNumber;
    await waitFor(() => sandbox.pushes.length > sent, { timeoutMs: 5_000, message: "the push" });
    expect(sandbox.pushes.at(-1)).toMatchObject({ type: "TYPE_NEW_POSTING", status: 200 });
    // Within the same second: no pass; the next slot answers it.
    await push.dispatcher.runOnce();
    expect(passes).toHaveLength(during);
    await clock.advance(1_000);
    await push.dispatcher.runOnce();
    expect(passes.slice(during)).toEqual([
      { area: "postings", subjects: expect.arrayContaining([posting]) },
    ]);
    expect(await push.queue.areasWaiting()).toEqual([]);
  }, 30_000);
});
