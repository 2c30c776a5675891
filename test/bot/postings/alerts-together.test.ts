/**
 * Several stores alerting one chat at once (issue 22, item 8): the alerts that wait for the same
 * chat's turn at Telegram (~1 message a second per chat) go as one digest with a button per
 * posting, each button acting at its own store; each alert is marked delivered only once Telegram
 * accepted the message that carries it, so a failed digest leaves every alert in it owed.
 * The sender keeps Telegram's pace on a manual clock: the chat's next turn comes when the test
 * moves the clock, after every store's alert has joined the waiting ones.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TelegramSender } from "../../../src/bot/core/sender/index.ts";
import type { PassReport } from "../../../src/services/postings/index.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { command } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  must,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

const STORES = 19;

let h: PostingsHarness;
afterEach(() => h.close());

/** 19 stores, KEEPER subscribed, every watcher's first pass done, the chat's turn just taken. */
async function nineteenStores(): Promise<{ clock: ManualClock; sender: TelegramSender }> {
  const clock = new ManualClock();
  const sender = new TelegramSender({ clock });
  h = await startPostings({ stores: STORES, sender: () => sender });
  await exchange(h, command("subscribe", { from: KEEPER }));
  await eachWatcher();
  // A message of the bot right now: the chat's next turn is a second away (on the clock).
  await sender.schedule({ chatId: KEEPER.id, kind: "private", priority: "alert" }, () =>
    h.bot.api.sendMessage(KEEPER.id, "…"),
  );
  return { clock, sender };
}

/** One pass of every store's watcher at once (as their timers would). */
function eachWatcher(): Promise<PassReport[]> {
  return Promise.all(Array.from({ length: STORES }, (_, i) => h.watcherOf(i).runOnce()));
}

/** A new posting in each store, in store order. */
function postingInEachStore(): string[] {
  return h.sandbox.stores.map((store) => store.control.addPosting().postingNumber);
}

/**
 * Runs every watcher; once all their alerts wait for the chat, gives the chat its next turn, then
 * lets `meanwhile` run before the passes end.
 */
async function passWithTurn(
  clock: ManualClock,
  meanwhile: () => Promise<void> = async () => {},
): Promise<PassReport[]> {
  const passes = eachWatcher();
  await waitFor(() => h.module.alertsWaiting(KEEPER.id) === STORES, {
    message: "every store's alert waits for the chat",
  });
  await clock.advance(1_000);
  await meanwhile();
  return passes;
}

describe("alerts of several stores for one chat", () => {
  it("go as one digest with a button per posting at its own store, and the cards stay", async () => {
    const { clock, sender } = await nineteenStores();
    const numbers = postingInEachStore();
    const since = h.fake.calls.length;

    const reports = await passWithTurn(clock);

    const sent = messagesTo(h, KEEPER.id, since);
    expect(sent).toHaveLength(1);
    const digest = must(sent[0]);
    expect(textOf(digest)).toContain(`📦 New postings: ${STORES}`);
    const shops = h.shops.all();
    for (const [i, number] of numbers.entries()) {
      expect(textOf(digest)).toContain(`🏬 ${must(shops[i]).name}\n${i + 1}. ${number}`);
    }
    expect(buttonsOf(digest).map((b) => b.text)).toEqual(numbers.map((_, i) => String(i + 1)));
    // Each watcher delivered its own posting, in that one message.
    expect(reports.map((r) => [r.announced, r.failed])).toEqual(reports.map(() => [1, []]));

    // Button 7 opens store 7's posting, asking store 7's Ozon.
    const opened = lastScreen(await exchange(h, press(digest, "7", KEEPER)));
    expect(textOf(opened)).toContain(`🏬 ${must(shops[6]).name}`);
    expect(textOf(opened)).toContain(must(numbers[6]));

    // The digest is no posting's card: a cancellation is told under it, the digest not redrawn.
    must(h.sandbox.stores[2]).control.cancelByBuyer(must(numbers[2]));
    const beforeCancel = h.fake.calls.length;
    const cancelPass = h.watcherOf(2).runOnce();
    await waitFor(() => sender.pending > 0, { message: "the cancellation waits for its turn" });
    await clock.advance(1_000);
    await cancelPass;
    const after = h.fake.calls.slice(beforeCancel);
    expect(after.filter((c) => c.method === "editMessageText")).toEqual([]);
    const told = must(after.find((c) => c.method === "sendMessage" && c.response?.ok));
    expect(textOf(told)).toContain(must(numbers[2]));

    // Nothing is sent twice.
    const again = h.fake.calls.length;
    await eachWatcher();
    expect(messagesTo(h, KEEPER.id, again)).toEqual([]);
  });

  it("leave every alert of a failed digest owed, and the next pass delivers them", async () => {
    const { clock } = await nineteenStores();
    const numbers = postingInEachStore();
    const since = h.fake.calls.length;
    h.fake.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" });

    const failed = await passWithTurn(clock);
    expect(failed.map((r) => [r.announced, r.failed])).toEqual(failed.map(() => [0, [KEEPER.id]]));
    expect(messagesTo(h, KEEPER.id, since)).toEqual([]);

    const delivered = await passWithTurn(clock);
    expect(delivered.map((r) => r.announced)).toEqual(delivered.map(() => 1));
    const sent = messagesTo(h, KEEPER.id, since);
    expect(sent).toHaveLength(1);
    for (const number of numbers) expect(textOf(must(sent[0]))).toContain(number);
  });

  it("go again all together when Telegram asks the digest to wait (429)", async () => {
    const { clock } = await nineteenStores();
    const numbers = postingInEachStore();
    const since = h.fake.calls.length;
    h.fake.rateLimit("sendMessage", 1);

    const reports = await passWithTurn(clock, async () => {
      await waitFor(
        () => h.fake.callsTo("sendMessage").some((c) => c.seq >= since && !c.response?.ok),
        { message: "the digest refused with 429" },
      );
      await clock.advance(1_000); // Telegram's retry_after
    });

    expect(reports.map((r) => [r.announced, r.failed])).toEqual(reports.map(() => [1, []]));
    const sent = messagesTo(h, KEEPER.id, since);
    expect(sent).toHaveLength(1);
    for (const number of numbers) expect(textOf(must(sent[0]))).toContain(number);
  });
});
