/**
 * What a confirmed ship ends in when it is not simply shipped: someone else packed the posting
 * first (through the bot, or in Ozon's cabinet), or it can never be shipped any more.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  must,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

/** Far from Moscow, so a time shown in the wrong zone does not pass. */
const TIMEZONE = "Asia/Vladivostok";

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIMEZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "HH:mm" in TIMEZONE of every minute from `from` to `to` (the moment falls in between). */
function minutesBetween(from: number, to: number): string[] {
  const times = new Set<string>();
  for (let t = from; t < to + 60_000; t += 60_000) times.add(clock.format(Math.min(t, to)));
  return [...times];
}

function shipPressed(postingNumber: string, from = KEEPER) {
  return callback(createCallbackCodec(h.fake.token).encode("ps", postingNumber), { from });
}

/** A one-unit posting's ship dialog of `who`, at its confirm question. */
async function confirmOf(postingNumber: string, who = KEEPER): Promise<RecordedCall> {
  const confirm = lastScreen(await exchange(h, shipPressed(postingNumber, who)));
  expect(textOf(confirm)).toContain(`Pack posting ${postingNumber} in 1 box?`);
  return confirm;
}

const oneUnit = { products: [{ name: "Kettle", quantity: 1, markRequired: false }] };

describe("ship outcomes", () => {
  it("two people tap Ship on the same alert: the second is told who packed it and when, and gets the label", async () => {
    h = await startPostings({ env: { TIMEZONE } });
    for (const who of [KEEPER, PACKER]) await exchange(h, command("subscribe", { from: who }));
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting(oneUnit);
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    const alertTo = (who: typeof KEEPER) => must(messagesTo(h, who.id, since)[0], "alert");

    const keeperConfirm = lastScreen(await exchange(h, press(alertTo(KEEPER), "Pack", KEEPER)));
    const packerConfirm = lastScreen(await exchange(h, press(alertTo(PACKER), "Pack", PACKER)));
    expect(textOf(packerConfirm)).toContain(`Pack posting ${posting.postingNumber}`);

    const before = Date.now();
    // Keeper's own screen (the other chat's card may be redrawn within the same update).
    const packed = await exchange(h, press(keeperConfirm, "✅ Pack", KEEPER));
    const done = lastScreen(packed.filter((c) => Number(c.payload.chat_id) === KEEPER.id));
    const after = Date.now();
    expect(textOf(done)).toContain(`Posting ${posting.postingNumber} is packed`);

    const second = lastScreen(await exchange(h, press(packerConfirm, "✅ Pack", PACKER)));
    const times = minutesBetween(before, after).join("|");
    expect(textOf(second)).toMatch(
      new RegExp(
        // The date comes too only when the second confirm fell on the next day.
        `^📦 Posting ${posting.postingNumber} is already packed — Kim, (\\d{1,2} \\w{3}, )?(${times})\\. The label:$`,
      ),
    );
    expect(textOf(second)).not.toContain("is packed");
    expect(buttonsOf(second).map((b) => b.text)).toEqual(["🏷 Label"]);
    const label = await exchange(h, press(second, "Label", PACKER));
    const document = label.find((c) => c.method === "sendDocument");
    expect(document?.files[0]?.fileName).toBe(`label-${posting.postingNumber}.pdf`);
  });

  it("the second person after a split gets the label of every package", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Cup", quantity: 2, markRequired: false }],
    });
    const how = lastScreen(await exchange(h, shipPressed(posting.postingNumber, KEEPER)));
    const packerHow = lastScreen(await exchange(h, shipPressed(posting.postingNumber, PACKER)));
    await exchange(h, press(how, "Split into boxes", KEEPER));
    const confirm = lastScreen(await exchange(h, text("1 1", { from: KEEPER })));
    await exchange(h, press(confirm, "✅ Pack", KEEPER));
    const parts = h.sandbox.control
      .postings()
      .filter((p) => p.orderNumber === posting.orderNumber)
      .map((p) => p.postingNumber);
    expect(parts).toHaveLength(2);

    const packerConfirm = lastScreen(await exchange(h, press(packerHow, "One box", PACKER)));
    const second = lastScreen(await exchange(h, press(packerConfirm, "✅ Pack", PACKER)));
    expect(textOf(second)).toContain("is already packed — Kim");
    expect(
      buttonsOf(second)
        .map((b) => b.text)
        .sort(),
    ).toEqual(parts.map((p) => `🏷 ${p}`).sort());
  });

  it("a posting packed outside the bot meanwhile is said so, with its label, not as a success", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting(oneUnit);
    const confirm = await confirmOf(posting.postingNumber);
    h.sandbox.control.setPostingStatus(posting.postingNumber, "awaiting_deliver");
    const result = lastScreen(await exchange(h, press(confirm, "✅ Pack", KEEPER)));
    expect(textOf(result)).toBe(
      `📦 Posting ${posting.postingNumber} was already packed outside the bot (in the Ozon seller cabinet). The label:`,
    );
    expect(buttonsOf(result).map((b) => b.text)).toEqual(["🏷 Label"]);
  });

  it("a posting cancelled meanwhile is said so without a Retry that could only fail again", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting(oneUnit);
    const confirm = await confirmOf(posting.postingNumber);
    h.sandbox.control.setPostingStatus(posting.postingNumber, "cancelled");
    const result = lastScreen(await exchange(h, press(confirm, "✅ Pack", KEEPER)));
    expect(textOf(result)).toBe(
      `❌ Posting ${posting.postingNumber} was not packed: Posting ${posting.postingNumber} is already cancelled.`,
    );
    expect(buttonsOf(result)).toEqual([]);
    // The dialog is over: the next text is no answer to it.
    const after = await exchange(h, text("1", { from: KEEPER }));
    expect(textOf(lastScreen(after))).toBe("To see what I can do, send /help");
  });

  it("a request Ozon did not answer, then packed before the Retry: the pack is this person's", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting(oneUnit);
    const confirm = await confirmOf(posting.postingNumber);
    h.sandbox.control.setFault("/v4/posting/fbs/ship", { rate5xx: 1, times: 1 });
    const failed = lastScreen(await exchange(h, press(confirm, "✅ Pack", KEEPER)));
    expect(textOf(failed)).toContain("Ozon is temporarily unavailable");
    expect(buttonsOf(failed).map((b) => b.text)).toEqual(["🔁 Retry", "Close"]);
    // The unanswered request is what packed it, as far as anyone can tell.
    h.sandbox.control.setPostingStatus(posting.postingNumber, "awaiting_deliver");
    const done = lastScreen(await exchange(h, press(failed, "Retry", KEEPER)));
    expect(textOf(done)).toContain(`Posting ${posting.postingNumber} is packed`);
  });
});
