/**
 * A posting cancelled after it was packed (awaiting_deliver → cancelled), through the fake Bot
 * API and the sandbox: packed postings with cards stay followed (re-read now and then) until they
 * leave for delivery, so every chat that got the alert is told "do not hand it to the courier"
 * and its card loses the Label button; one that goes on to delivery is no longer read.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../support/updates.ts";
import { buttonsOf, sentMessage, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  messagesTo,
  must,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const oneUnit = { products: [{ name: "Blue kettle", quantity: 1, markRequired: false }] };
/** The watcher's clock runs this far ahead of the real one. */
let skew = 0;

/** Subscribes both, alerts a posting, then it is packed in Ozon's cabinet and the cards say so. */
async function packedAfterAlert() {
  skew = 0;
  h = await startPostings({ module: { watcher: { now: () => Date.now() + skew } } });
  for (const who of [KEEPER, PACKER]) await exchange(h, command("subscribe", { from: who }));
  await h.watcher.runOnce();
  const posting = h.sandbox.control.addPosting(oneUnit);
  let since = h.fake.calls.length;
  await h.watcher.runOnce();
  const alerts = new Map(
    [KEEPER, PACKER].map((who) => [who.id, must(messagesTo(h, who.id, since)[0], "alert")]),
  );
  h.sandbox.control.setPostingStatus(posting.postingNumber, "awaiting_deliver");
  since = h.fake.calls.length;
  expect((await h.watcher.runOnce()).changed.packed).toBe(1);
  return { number: posting.postingNumber, alerts };
}

/** Re-reads of a posting (the only one these tests have). */
const reads = (_number: string) =>
  h.sandbox.requests.filter((r) => r.path === "/v3/posting/fbs/get").length;

describe("a posting cancelled after it was packed", () => {
  it("is told to every chat with its alert once, and the card loses the Label button", async () => {
    const { number, alerts } = await packedAfterAlert();
    h.sandbox.control.cancelByBuyer(number);

    // Packed postings are re-read once a minute, not every pass.
    let since = h.fake.calls.length;
    expect((await h.watcher.runOnce()).changed.cancelled).toBe(0);
    expect(h.fake.calls.filter((c) => c.seq >= since)).toEqual([]);

    skew = 61_000;
    since = h.fake.calls.length;
    expect((await h.watcher.runOnce()).changed.cancelled).toBe(1);
    for (const who of [KEEPER, PACKER]) {
      const card = must(alerts.get(who.id));
      const told = messagesTo(h, who.id, since);
      expect(told.map(textOf)).toEqual([
        `❌ ${number} was cancelled by the buyer after it was packed — do not hand it to the courier.\nReason: Нашёл дешевле`,
      ]);
      const reply = must(told[0]).payload.reply_parameters as { message_id: number };
      expect(reply.message_id).toBe(sentMessage(card).message_id);
      const edit = h.fake
        .callsTo("editMessageText")
        .find(
          (c) =>
            c.seq >= since &&
            Number(c.payload.chat_id) === who.id &&
            Number(c.payload.message_id) === Number(sentMessage(card).message_id),
        );
      expect(textOf(must(edit))).toMatch(new RegExp(`^❌ ${number} was cancelled by the buyer`));
      expect(buttonsOf(must(edit)).map((b) => b.text)).toEqual(["🕘 History"]);
    }

    // Nothing twice, and a cancelled posting is no longer read.
    const before = reads(number);
    skew = 200_000;
    since = h.fake.calls.length;
    await h.watcher.runOnce();
    expect(h.fake.calls.filter((c) => c.seq >= since)).toEqual([]);
    expect(reads(number)).toBe(before);
  });

  it("is followed until the courier takes it, then no longer read", async () => {
    const { number } = await packedAfterAlert();
    skew = 61_000;
    const first = reads(number);
    await h.watcher.runOnce();
    expect(reads(number)).toBe(first + 1); // still at the warehouse: read again

    h.sandbox.control.setPostingStatus(number, "delivering");
    skew = 122_000;
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    expect(reads(number)).toBe(first + 2);
    skew = 400_000;
    await h.watcher.runOnce();
    expect(reads(number)).toBe(first + 2);
    expect(h.fake.calls.filter((c) => c.seq >= since)).toEqual([]);
  });

  it("with Ozon's cancellation push it is told in the pass the push calls for, not a minute later", async () => {
    const { number } = await packedAfterAlert();
    h.sandbox.control.cancelByBuyer(number);
    const shopId = must(h.shops.all()[0]).id;
    const pass = must(h.module.passAfterPush?.(shopId, "postings"), "the push pass");
    const since = h.fake.calls.length;
    const hint = { shopId, area: "postings" as const, receivedAt: new Date().toISOString() };
    // A push about something else does not hurry the packed posting.
    expect(await pass([{ ...hint, type: "TYPE_NEW_POSTING", subject: number }])).toBe(true);
    expect(messagesTo(h, KEEPER.id, since)).toEqual([]);
    expect(await pass([{ ...hint, type: "TYPE_POSTING_CANCELLED", subject: number }])).toBe(true);
    for (const who of [KEEPER, PACKER]) {
      expect(messagesTo(h, who.id, since).map(textOf)).toEqual([
        `❌ ${number} was cancelled by the buyer after it was packed — do not hand it to the courier.\nReason: Нашёл дешевле`,
      ]);
    }
  });
});
