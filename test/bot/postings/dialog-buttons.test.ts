/**
 * Every button of the ship and cancel dialogs belongs to its dialog and its owner: the confirm
 * button of an earlier, abandoned dialog does not act on the dialog open now, and in a group one
 * person's button does not act on another person's dialog. Leaving the cancel dialog never
 * reads as a cancelled posting.
 */
import type { Chat, User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, group, privateChat } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
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

const EARLIER = "This button is from an earlier dialog, which is over. Answer the last question.";
const NOT_YOURS = "This question was asked to someone else.";
const LEFT = "You left the dialog. The posting was not cancelled.";

const statusOf = (postingNumber: string) => h.sandbox.control.posting(postingNumber)?.status;
const alertOf = (calls: RecordedCall[]) =>
  calls.find((c) => c.method === "answerCallbackQuery")?.payload.text;

/** Presses the Ship (`ps`) or Cancel (`pc`) button of a posting: the dialog starts. */
function entered(kind: "ps" | "pc", postingNumber: string, from: User, chat: Chat) {
  const data = createCallbackCodec(h.fake.token).encode(kind, postingNumber);
  return exchange(h, callback(data, { from, message: { message_id: 1, chat } }));
}

interface DialogCase {
  name: string;
  /** Starts the dialog for a new posting and goes up to its confirm question. */
  toConfirm(from: User, chat: Chat): Promise<{ confirm: RecordedCall; posting: string }>;
  confirmLabel: string;
  /** The posting's status once the dialog did its work. */
  done: string;
}

const SHIP: DialogCase = {
  name: "ship",
  async toConfirm(from, chat) {
    const { postingNumber } = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 1, markRequired: false }],
    });
    const confirm = lastScreen(await entered("ps", postingNumber, from, chat));
    expect(textOf(confirm)).toContain(`Pack posting ${postingNumber}`);
    return { confirm, posting: postingNumber };
  },
  confirmLabel: "✅ Pack",
  done: "awaiting_deliver",
};

const CANCEL: DialogCase = {
  name: "cancel posting",
  async toConfirm(from, chat) {
    const { postingNumber } = h.sandbox.control.addPosting();
    const reasons = lastScreen(await entered("pc", postingNumber, from, chat));
    const confirm = lastScreen(await exchange(h, press(reasons, "Out of stock", from)));
    expect(textOf(confirm)).toContain(`Cancel posting ${postingNumber}?`);
    return { confirm, posting: postingNumber };
  },
  confirmLabel: "Yes, cancel it",
  done: "cancelled",
};

type Reached = Awaited<ReturnType<DialogCase["toConfirm"]>>;

describe.each([SHIP, CANCEL])("buttons of the $name dialog", (dialog) => {
  /** `by` presses the confirm button of `pressed`: refused with `alert`, no posting changes. */
  async function refused(pressed: Reached, by: User, alert: string, ...others: Reached[]) {
    const calls = await exchange(h, press(pressed.confirm, dialog.confirmLabel, by));
    expect(alertOf(calls)).toBe(alert);
    for (const each of [pressed, ...others]) {
      expect(statusOf(each.posting)).toBe("awaiting_packaging");
    }
  }

  /** `owner` presses the confirm button of `pressed`: its posting changes, no other one. */
  async function taken(pressed: Reached, owner: User, other: Reached) {
    await exchange(h, press(pressed.confirm, dialog.confirmLabel, owner));
    expect(statusOf(pressed.posting)).toBe(dialog.done);
    expect(statusOf(other.posting)).toBe("awaiting_packaging");
  }

  it("the confirm button of an abandoned dialog does not confirm the one open now", async () => {
    h = await startPostings();
    const mine = privateChat(KEEPER);
    const abandoned = await dialog.toConfirm(KEEPER, mine);
    const current = await dialog.toConfirm(KEEPER, mine);
    await refused(abandoned, KEEPER, EARLIER, current);
    // The dialog open now still takes its own button.
    await taken(current, KEEPER, abandoned);
  });

  it("in a group, one person's confirm button does not confirm another person's dialog", async () => {
    h = await startPostings();
    const team = group(-100930);
    const keepers = await dialog.toConfirm(KEEPER, team);
    const packers = await dialog.toConfirm(PACKER, team);
    await refused(keepers, PACKER, NOT_YOURS, packers);
    await taken(keepers, KEEPER, packers);
  });
});

describe("leaving the cancel dialog", () => {
  it("Keep the posting on the reasons screen says the posting stays, and it does", async () => {
    h = await startPostings();
    const { postingNumber } = h.sandbox.control.addPosting();
    const reasons = lastScreen(await entered("pc", postingNumber, KEEPER, privateChat(KEEPER)));
    expect(buttonsOf(reasons).map((b) => b.text)).not.toContain("Close");
    const left = await exchange(h, press(reasons, "Keep the posting", KEEPER));
    expect(alertOf(left)).toBe(LEFT);
    expect(textOf(lastScreen(left))).toBe(LEFT);
    expect(statusOf(postingNumber)).toBe("awaiting_packaging");
  });

  it("/cancel on the confirm screen says the posting stays, and it does", async () => {
    h = await startPostings();
    const { confirm, posting } = await CANCEL.toConfirm(KEEPER, privateChat(KEEPER));
    // The button says what it does: no sentence explaining a «Close» is needed.
    expect(buttonsOf(confirm).map((b) => b.text)).toEqual([
      "✅ Yes, cancel it",
      "Keep the posting",
    ]);
    expect(textOf(confirm)).not.toContain("Close");
    const left = await exchange(h, command("cancel", { from: KEEPER }));
    expect(left.filter((c) => c.method === "sendMessage").map(textOf)).toEqual([LEFT]);
    expect(statusOf(posting)).toBe("awaiting_packaging");
  });
});
