/**
 * A push whose pass fails backs off (issue 22, item 2): a store whose keys Ozon refuses gets its
 * forced pass again after 5 s, 15 s and 60 s, then the push is left to the regular poll. The
 * sandbox refuses the keys and sends the push over HTTP; the dispatcher decides on a manual
 * clock, looked at every second as its loop does.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { type PushReceiver, startPushReceiver } from "../../support/push-receiver.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { waitFor } from "../../support/wait.ts";

const SHOP = "shop-1";
let sandbox: Sandbox;
let push: PushReceiver | undefined;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 222, initialPostings: 2, initialChats: 1 });
});
afterEach(async () => {
  sandbox.setPushTarget(undefined);
  sandbox.control.clearFaults();
  await push?.close();
  push = undefined;
});
afterAll(async () => {
  await sandbox.close();
});

describe("A forced pass that fails", () => {
  it("is tried after 5 s, 15 s and 60 s, then left to the regular poll, and starts over once one succeeds", async () => {
    const clock = new ManualClock();
    const seller = sandboxSeller(sandbox);
    push = await startPushReceiver({
      store: new MemoryStore({ now: clock.now }),
      shops: { [sandbox.credentials.sellerClientId]: SHOP },
      passFor: (_shop, area) =>
        area === "postings"
          ? async () => {
              for await (const _ of seller.postings.listAwaitingPackaging()) {
                // Read through, as the watcher does.
              }
              return true;
            }
          : undefined,
      now: clock.now,
      startDispatcher: false,
    });
    const receiver = push;
    const start = clock.now();
    const calls: number[] = [];
    let seen = sandbox.requests.length;
    /** The dispatcher's looks, one a second, until `untilS` after the start. */
    const lookUntil = async (untilS: number) => {
      while (clock.now() - start <= untilS * 1_000) {
        await receiver.dispatcher.runOnce();
        for (const r of sandbox.requests.slice(seen)) {
          if (/unfulfilled\/list/.test(r.path)) calls.push((clock.now() - start) / 1_000);
        }
        seen = sandbox.requests.length;
        await clock.advance(1_000);
      }
    };
    const pushNewPosting = async () => {
      const sent = sandbox.pushes.length;
      sandbox.control.addPosting();
      await waitFor(() => sandbox.pushes.length > sent, { timeoutMs: 5_000, message: "a push" });
      expect(sandbox.pushes.at(-1)?.status).toBe(200);
    };

    // Ozon refuses the keys (revoked); one push arrives.
    sandbox.control.setFault("*", { rate403: 1 });
    sandbox.setPushTarget(receiver.url);
    await pushNewPosting();
    await lookUntil(12);
    expect(calls).toEqual([0, 5]);
    await lookUntil(120);
    expect(calls).toEqual([0, 5, 20, 80]);
    // Left to the regular poll: nothing waits any more.
    expect(await receiver.queue.areasWaiting()).toEqual([]);
    const warnings = receiver.lines.filter((l) => String(l.msg).includes("after an Ozon push"));
    expect(warnings.map((l) => [l.failures, l.retryInMs])).toEqual([
      [1, 5_000],
      [2, 15_000],
      [3, 60_000],
      [4, 60_000],
    ]);
    expect(warnings.at(-1)?.msg).toContain("left to the regular poll");

    // More pushes while the keys are still refused: one pass a minute at most.
    await pushNewPosting();
    await lookUntil(170);
    expect(calls).toEqual([0, 5, 20, 80, 140]);

    // The keys work again: the push waits out the minute, then a pass succeeds and the next
    // push is answered at once.
    sandbox.control.clearFaults();
    await pushNewPosting();
    await lookUntil(230);
    expect(calls).toEqual([0, 5, 20, 80, 140, 200]);
    expect(await receiver.queue.areasWaiting()).toEqual([]);
    await pushNewPosting();
    await lookUntil(231);
    expect(calls).toEqual([0, 5, 20, 80, 140, 200, 231]);
  }, 60_000);
});
