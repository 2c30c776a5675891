/**
 * A dialog's Close button acts only for its owner and its own run of the dialog: the Close left
 * on an earlier, abandoned dialog's message is refused and the dialog open now goes on, while the
 * current Close (and /cancel) still leave it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, group, text } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const OVER = "This Close button belongs to a dialog that is over.";

/** The Ship button of a posting's alert, pressed by `from` (in `chat`, default their private one). */
function ship(postingNumber: string, from = KEEPER, chat?: ReturnType<typeof group>) {
  const data = createCallbackCodec(h.fake.token).encode("ps", postingNumber);
  return callback(data, { from, ...(chat ? { chat } : {}) });
}

/** The alert a press was answered with, and whether the press showed or changed any message. */
function outcome(calls: RecordedCall[]) {
  const answer = calls.find((c) => c.method === "answerCallbackQuery")?.payload;
  const screens = calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText");
  return { text: answer?.text, alert: answer?.show_alert, screens: screens.length };
}

function twoPostings() {
  const products = [{ name: "Kettle", quantity: 2, markRequired: false }];
  return [h.sandbox.control.addPosting({ products }), h.sandbox.control.addPosting({ products })];
}

describe("the Close button", () => {
  it("of an abandoned dialog changes nothing; the dialog open now goes on and its own Close leaves it", async () => {
    h = await startPostings();
    const [first, second] = twoPostings();
    if (!first || !second) throw new Error("no postings");
    const abandoned = lastScreen(await exchange(h, ship(first.postingNumber)));
    // Another Ship button starts a new dialog; the first one's message keeps its Close.
    const current = lastScreen(await exchange(h, ship(second.postingNumber)));
    expect(textOf(current)).toBe("How do you pack it?");

    const old = await exchange(h, press(abandoned, "Close", KEEPER));
    expect(outcome(old)).toEqual({ text: OVER, alert: true, screens: 0 });
    // After a restart too: the run's tag lives in the store with the session.
    await h.restart();
    expect(outcome(await exchange(h, press(abandoned, "Close", KEEPER)))).toEqual({
      text: OVER,
      alert: true,
      screens: 0,
    });

    const confirm = lastScreen(await exchange(h, press(current, "One box", KEEPER)));
    expect(textOf(confirm)).toContain(`Pack posting ${second.postingNumber} in 1 box?`);
    const left = await exchange(h, press(confirm, "Close", KEEPER));
    expect(outcome(left)).toEqual({
      text: "You left the dialog. Nothing was changed.",
      alert: undefined,
      screens: 1,
    });
    expect(textOf(lastScreen(left))).toBe("You left the dialog. Nothing was changed.");
    // Nothing of the dialog stays in the session: its state and its run's tag went together.
    expect(await h.store.get(`session:${KEEPER.id}`)).toEqual({});
    const after = await exchange(h, text("1", { from: KEEPER }));
    expect(after.filter((c) => c.method === "sendMessage").map(textOf)).toEqual([
      "To see what I can do, send /help",
    ]);
    // Its Close, pressed again, belongs to a dialog that is over as well.
    expect(outcome(await exchange(h, press(confirm, "Close", KEEPER)))).toEqual({
      text: OVER,
      alert: true,
      screens: 0,
    });
    expect(h.sandbox.control.posting(first.postingNumber)?.status).toBe("awaiting_packaging");
    expect(h.sandbox.control.posting(second.postingNumber)?.status).toBe("awaiting_packaging");
  });

  it("/cancel still leaves the dialog open now, whichever run it is", async () => {
    h = await startPostings();
    const [first, second] = twoPostings();
    if (!first || !second) throw new Error("no postings");
    await exchange(h, ship(first.postingNumber));
    const current = lastScreen(await exchange(h, ship(second.postingNumber)));
    const cancelled = await exchange(h, command("cancel", { from: KEEPER }));
    expect(cancelled.filter((c) => c.method === "sendMessage").map(textOf)).toEqual([
      "You left the dialog. Nothing was changed.",
    ]);
    expect(outcome(await exchange(h, press(current, "Close", KEEPER)))).toEqual({
      text: OVER,
      alert: true,
      screens: 0,
    });
  });

  it("in a group, works for its owner only, and leaves nobody else's dialog", async () => {
    h = await startPostings();
    const team = group(-100778);
    const [first, second] = twoPostings();
    if (!first || !second) throw new Error("no postings");
    const abandoned = lastScreen(await exchange(h, ship(first.postingNumber, KEEPER, team)));
    const keepers = lastScreen(await exchange(h, ship(second.postingNumber, KEEPER, team)));
    const packers = lastScreen(await exchange(h, ship(first.postingNumber, PACKER, team)));

    // Someone else's Close, current or not, is refused and leaves the owner's dialog alone.
    for (const screen of [keepers, abandoned]) {
      expect(outcome(await exchange(h, press(screen, "Close", PACKER)))).toEqual({
        text: "This Close button belongs to someone else's question.",
        alert: true,
        screens: 0,
      });
    }
    expect(outcome(await exchange(h, press(abandoned, "Close", KEEPER)))).toMatchObject({
      text: OVER,
      screens: 0,
    });

    const left = await exchange(h, press(keepers, "Close", KEEPER));
    expect(outcome(left)).toEqual({
      text: "You left the dialog. Nothing was changed.",
      alert: undefined,
      screens: 1,
    });
    // The packer's dialog in the same group goes on.
    const confirm = lastScreen(await exchange(h, press(packers, "One box", PACKER)));
    expect(textOf(confirm)).toContain(`Pack posting ${first.postingNumber} in 1 box?`);
    const theirs = await exchange(h, press(confirm, "Close", PACKER));
    expect(outcome(theirs)).toEqual({
      text: "You left the dialog. Nothing was changed.",
      alert: undefined,
      screens: 1,
    });
  });
});
