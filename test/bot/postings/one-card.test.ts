/**
 * One card per posting: packing through the bot redraws every other subscriber's card at once
 * (no watcher pass in between), and the Pack button turns the card itself into the dialog; Close
 * puts the card back as it was.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import {
  ADMIN,
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

const idOf = (call: RecordedCall) => Number(sentMessage(call).message_id);

/** Both subscribed; one alert each for a new posting of `quantity` kettles. */
async function alerted(quantity: number) {
  h = await startPostings();
  for (const who of [KEEPER, PACKER]) await exchange(h, command("subscribe", { from: who }));
  await h.watcher.runOnce();
  const posting = h.sandbox.control.addPosting({
    products: [{ name: "Kettle", quantity, markRequired: false }],
  });
  const since = h.fake.calls.length;
  await h.watcher.runOnce();
  const alertTo = (who: typeof KEEPER) => must(messagesTo(h, who.id, since)[0], "alert");
  return { posting, keeper: alertTo(KEEPER), packer: alertTo(PACKER) };
}

/** Edits of one message among the calls. */
const editsOf = (calls: readonly RecordedCall[], chatId: number, messageId: number) =>
  calls.filter(
    (c) =>
      c.method === "editMessageText" &&
      c.response?.ok &&
      Number(c.payload.chat_id) === chatId &&
      Number(c.payload.message_id) === messageId,
  );

describe("one card per posting", () => {
  it("Pack turns the alert itself into the dialog: one message for the whole pack", async () => {
    const { posting, keeper } = await alerted(1);
    const confirmCalls = await exchange(h, press(keeper, "📦 Pack", KEEPER));
    expect(confirmCalls.filter((c) => c.method === "sendMessage")).toEqual([]);
    const confirm = lastScreen(confirmCalls);
    expect(Number(confirm.payload.message_id)).toBe(idOf(keeper));
    // The card stays on top of the question.
    expect(textOf(confirm)).toContain(textOf(keeper).split("\n")[0] ?? "?");
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber} in 1 box?`);
    expect(buttonsOf(confirm).map((b) => b.text)).toEqual(["✅ Pack", "Close"]);

    const doneCalls = await exchange(h, press(confirm, "✅ Pack", KEEPER));
    expect(doneCalls.filter((c) => c.method === "sendMessage")).toEqual([]);
    // Only Kim's alert: Pat's card may be redrawn meanwhile (the other test looks at it).
    const done = must(editsOf(doneCalls, KEEPER.id, idOf(keeper)).at(-1), "Kim's card edited");
    // The label goes by itself after the pack: the button is for another copy.
    expect(textOf(done)).toContain(
      `Posting ${posting.postingNumber} is packed. The label is below; again with the button:`,
    );
    expect(buttonsOf(done).map((b) => b.text)).toEqual(["🏷 Label"]);
  });

  it("the other subscriber's card says who packed it at once, with the label only", async () => {
    const { posting, keeper, packer } = await alerted(1);
    const confirm = lastScreen(await exchange(h, press(keeper, "📦 Pack", KEEPER)));
    await exchange(h, press(confirm, "✅ Pack", KEEPER));
    // No watcher pass: the redraw follows the pack.
    const redrawn = await waitFor(() => editsOf(h.fake.calls, PACKER.id, idOf(packer)).at(-1), {
      timeoutMs: 10_000,
      message: "Pat's card redrawn",
    });
    expect(textOf(redrawn).startsWith(`✅ ${posting.postingNumber} is packed — Kim, `)).toBe(true);
    expect(buttonsOf(redrawn).map((b) => b.text)).toEqual(["🏷 Label", "🕘 History"]);
    // The packer's own screen is left as the dialog ended it (it says more).
    const mine = editsOf(h.fake.calls, KEEPER.id, idOf(keeper));
    expect(textOf(must(mine.at(-1)))).toContain("is packed");
    // Pat cannot start packing it any more: no Pack button is left on his card.
    expect(buttonsOf(redrawn).some((b) => b.text.includes("Pack"))).toBe(false);
  });

  it("Cancel posting also runs on the card: reason, confirm and result in that one message", async () => {
    const { posting, keeper } = await alerted(1);
    const calls: RecordedCall[] = [];
    const step = async (screen: RecordedCall, label: string) => {
      const answer = await exchange(h, press(screen, label, KEEPER));
      calls.push(...answer);
      return must(editsOf(answer, KEEPER.id, idOf(keeper)).at(-1), `card after ${label}`);
    };
    const reasons = await step(keeper, "✖️ Cancel posting");
    expect(textOf(reasons).startsWith(textOf(keeper).split("\n")[0] ?? "?")).toBe(true);
    expect(textOf(reasons)).toMatch(/\n\nWhy are you cancelling posting .*\?$/);
    const confirm = await step(reasons, "Out of stock");
    const done = await step(confirm, "Yes, cancel it");
    expect(textOf(done)).toContain("is cancelled");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("cancelled");
    const sent = calls.filter(
      (c) => c.method === "sendMessage" && Number(c.payload.chat_id) === KEEPER.id,
    );
    expect(sent).toEqual([]);
  });

  it("starting on another card puts the first card back", async () => {
    const { keeper: first } = await alerted(2);
    await exchange(h, press(first, "📦 Pack", KEEPER));
    h.sandbox.control.addPosting({
      products: [{ name: "Cup", quantity: 2, markRequired: false }],
    });
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    const second = must(messagesTo(h, KEEPER.id, since)[0], "a second alert");
    const calls = await exchange(h, press(second, "📦 Pack", KEEPER));
    const back = must(editsOf(calls, KEEPER.id, idOf(first)).at(-1), "the first card back");
    expect(textOf(back)).toBe(textOf(first));
    expect(buttonsOf(back).map((b) => b.text)).toEqual(buttonsOf(first).map((b) => b.text));
    expect(textOf(must(editsOf(calls, KEEPER.id, idOf(second)).at(-1)))).toMatch(
      /How do you pack it\?$/,
    );
  });

  it("a card left showing a dialog that is over comes back at the next press", async () => {
    const { keeper } = await alerted(2);
    const how = lastScreen(await exchange(h, press(keeper, "📦 Pack", KEEPER)));
    // The dialog ends without Close: the person lost the warehouse role meanwhile.
    await h.access.revoke(KEEPER.id, "warehouse");
    await exchange(h, press(how, "One box", KEEPER));
    await h.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    const calls = await exchange(h, press(how, "One box", KEEPER));
    const back = must(editsOf(calls, KEEPER.id, idOf(keeper)).at(-1), "the card back");
    expect(textOf(back)).toBe(textOf(keeper));
    expect(buttonsOf(back).map((b) => b.text)).toEqual(buttonsOf(keeper).map((b) => b.text));
  });

  it("a restart mid-dialog goes on on the same card", async () => {
    const { posting, keeper } = await alerted(2);
    const how = lastScreen(await exchange(h, press(keeper, "📦 Pack", KEEPER)));
    await h.restart();
    const confirm = must(
      editsOf(await exchange(h, press(how, "One box", KEEPER)), KEEPER.id, idOf(keeper)).at(-1),
      "confirm on the card",
    );
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber} in 1 box?`);
    const done = must(
      editsOf(await exchange(h, press(confirm, "✅ Pack", KEEPER)), KEEPER.id, idOf(keeper)).at(-1),
      "done on the card",
    );
    expect(textOf(done)).toContain("is packed");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
  });

  it("Close puts the card back as it was, and says nothing was changed", async () => {
    const { posting, keeper } = await alerted(2);
    const how = lastScreen(await exchange(h, press(keeper, "📦 Pack", KEEPER)));
    expect(textOf(how)).toMatch(/How do you pack it\?$/);
    const left = await exchange(h, press(how, "Close", KEEPER));
    const answer = left.find((c) => c.method === "answerCallbackQuery");
    expect(answer?.payload.text).toBe("You left the dialog. Nothing was changed.");
    const back = lastScreen(left);
    expect(Number(back.payload.message_id)).toBe(idOf(keeper));
    expect(textOf(back)).toBe(textOf(keeper));
    expect(buttonsOf(back).map((b) => b.text)).toEqual(buttonsOf(keeper).map((b) => b.text));
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
    // The card works again.
    const again = lastScreen(await exchange(h, press(back, "📦 Pack", KEEPER)));
    expect(textOf(again)).toMatch(/How do you pack it\?$/);
  });
});

describe("⚡ Pack in 1 box", () => {
  it("one tap packs a simple posting in one box, says so on the card and sends the label", async () => {
    const { posting, keeper, packer } = await alerted(3);
    const calls = await exchange(h, press(keeper, "⚡ Pack in 1 box", KEEPER));
    const shipped = h.sandbox.control.posting(posting.postingNumber);
    expect(shipped?.status).toBe("awaiting_deliver");
    // All three units went into the one package.
    expect(shipped?.products.map((p) => p.quantity)).toEqual([3]);
    expect(calls.filter((c) => c.method === "sendMessage")).toEqual([]);
    const card = must(editsOf(calls, KEEPER.id, idOf(keeper)).at(-1), "Kim's card edited");
    expect(textOf(card)).toContain(`Posting ${posting.postingNumber} is packed`);
    const document = calls.find((c) => c.method === "sendDocument");
    expect(document?.files[0]?.fileName).toBe(`label-${posting.postingNumber}.pdf`);
    // Pat's card follows at once.
    const redrawn = await waitFor(() => editsOf(h.fake.calls, PACKER.id, idOf(packer)).at(-1), {
      timeoutMs: 10_000,
      message: "Pat's card redrawn",
    });
    expect(buttonsOf(redrawn).map((b) => b.text)).toEqual(["🏷 Label", "🕘 History"]);
    // Pat's old button (a stale copy of the card) packs nothing more: it says who packed it.
    const late = await exchange(h, press(packer, "⚡ Pack in 1 box", PACKER));
    expect(textOf(lastScreen(late))).toContain("already packed — Kim");
  });

  it("a posting that needs marks turns the card into the dialog, one package already chosen", async () => {
    h = await startPostings();
    await exchange(h, command("subscribe", { from: KEEPER }));
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Sneakers", quantity: 2, markRequired: true }],
    });
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    const alert = must(messagesTo(h, KEEPER.id, since)[0], "alert");
    const calls = await exchange(h, press(alert, "⚡ Pack in 1 box", KEEPER));
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
    const screen = lastScreen(calls);
    expect(Number(screen.payload.message_id)).toBe(idOf(alert));
    // No "how do you pack it" question: straight to the marks.
    expect(textOf(screen)).toMatch(/\n\nMark of Sneakers, unit 1 of 2:$/);
    expect(calls.some((c) => c.method === "sendDocument")).toBe(false);
  });
});
