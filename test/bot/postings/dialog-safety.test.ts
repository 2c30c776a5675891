/**
 * What a dialog must never do: act for someone who lost the role meanwhile, take a button of an
 * earlier dialog as an answer, or send a message longer than Telegram takes.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { savedByOlderCode } from "../../support/older-dialog.ts";
import { callback, command, group, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const tap = (screen: RecordedCall, label: string | RegExp) =>
  exchange(h, press(screen, label, KEEPER));
const pressed = (kind: string, postingNumber: string) =>
  callback(createCallbackCodec(h.fake.token).encode(kind, postingNumber), { from: KEEPER });

describe("dialog safety", () => {
  it("a ship dialog saved by the code before this version is over: its button says so, a text is no answer, nothing is packed", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const how = lastScreen(await exchange(h, pressed("ps", posting.postingNumber)));
    expect(buttonsOf(how).map((b) => b.text)).toContain("One box");
    await savedByOlderCode(h.store, KEEPER.id);

    const stale = await tap(how, "One box");
    expect(stale.find((c) => c.method === "answerCallbackQuery")?.payload.text).toBe(
      "This step is over. Start again with /ship or /cancel_posting.",
    );
    // The text goes to the bot as any other (no dialog takes it), and nothing fails.
    await exchange(h, text("1 1", { from: KEEPER }));
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
    expect(h.fake.callsTo("sendMessage").map(textOf)).not.toContain(
      "Something went wrong. Please try again a little later.",
    );
  });

  it("an answer not taken is told why on the question and leaves no trace in the saved dialog", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const how = lastScreen(await exchange(h, pressed("ps", posting.postingNumber)));
    const saved = async () =>
      JSON.stringify(
        (await h.store.get<{ conversations?: object }>(`session:${KEEPER.id}`))?.conversations,
      );
    const atHow = await saved();
    // A text where a button is asked for: said on the question itself, nothing remembered.
    const typed = lastScreen(await exchange(h, text("one please", { from: KEEPER })));
    expect(typed.method).toBe("editMessageText");
    expect(textOf(typed)).toContain("Please choose with the buttons below the question.");
    expect(await saved()).toBe(atHow);

    const split = lastScreen(await tap(how, "Split into boxes"));
    const atSplit = await saved();
    expect(atSplit).not.toBe(atHow);
    // A text the question cannot take: the same.
    const wrong = lastScreen(await exchange(h, text("three", { from: KEEPER })));
    expect(wrong.method).toBe("editMessageText");
    expect(await saved()).toBe(atSplit);
    // The right answer still goes on from the question.
    const next = lastScreen(await exchange(h, text("1 1", { from: KEEPER })));
    expect(textOf(next)).toContain("Pack posting");
    expect(textOf(split)).toContain("Mug");
  });

  it("a person whose role was revoked mid-dialog cannot finish it", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const reasons = lastScreen(await exchange(h, pressed("pc", posting.postingNumber)));
    const confirm = lastScreen(await tap(reasons, "Out of stock"));
    await h.access.revoke(KEEPER.id, "warehouse");
    const answer = await tap(confirm, "Yes, cancel it");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
    const refusal = answer.find((c) => c.method === "answerCallbackQuery");
    expect(String(refusal?.payload.text)).toContain("serves the shop's team only");
    // The dialog is over: given the role back, the old button does nothing either.
    await h.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    await tap(confirm, "Yes, cancel it");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
  });

  it("a confirm button of an earlier dialog does not confirm the current one", async () => {
    h = await startPostings();
    const first = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 1, markRequired: false }],
    });
    const second = h.sandbox.control.addPosting();
    // Ship dialog for the first posting, up to its confirm step, then left.
    const shipConfirm = lastScreen(await exchange(h, pressed("ps", first.postingNumber)));
    expect(textOf(shipConfirm)).toContain(`Pack posting ${first.postingNumber}`);
    await exchange(h, command("cancel", { from: KEEPER }));
    // Cancel dialog for the second posting, at its confirm step.
    const reasons = lastScreen(await exchange(h, pressed("pc", second.postingNumber)));
    const cancelConfirm = lastScreen(await tap(reasons, "Out of stock"));
    expect(textOf(cancelConfirm)).toContain(`Cancel posting ${second.postingNumber}?`);
    // The old "Ship" button of the first dialog must not cancel the second posting.
    const stale = await tap(shipConfirm, "✅ Pack");
    expect(h.sandbox.control.posting(second.postingNumber)?.status).toBe("awaiting_packaging");
    expect(h.sandbox.control.posting(first.postingNumber)?.status).toBe("awaiting_packaging");
    expect(stale.some((c) => c.method === "answerCallbackQuery")).toBe(true);
    // The current confirm still works.
    const done = lastScreen(await tap(cancelConfirm, "Yes, cancel it"));
    expect(textOf(done)).toContain("is cancelled");
  });

  it("keeps the card and the ship summary of a posting with many long products within 4096 characters", async () => {
    h = await startPostings();
    const name =
      "Электрический чайник с терморегулятором, подсветкой и защитой от перегрева, стеклянный корпус 1,7 л, цвет серебристый металлик, модель 2026 года ";
    const products = Array.from({ length: 40 }, (_, i) => ({
      name: `${name}${i + 1}`,
      quantity: 1,
      markRequired: false,
    }));
    const posting = h.sandbox.control.addPosting({ products });
    const calls = await exchange(h, pressed("ps", posting.postingNumber));
    const sent = calls.filter((c) => c.method === "sendMessage");
    expect(sent.length).toBeGreaterThan(1);
    for (const call of sent) expect(textOf(call).length).toBeLessThanOrEqual(4096);
    const confirm = lastScreen(await tap(lastScreen(calls), "One box"));
    expect(textOf(confirm).length).toBeLessThanOrEqual(4096);
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber}`);
  });

  it("in a group, someone else's press on a dialog's Cancel leaves that dialog's question alone", async () => {
    h = await startPostings();
    const chat = group(-100777);
    const posting = h.sandbox.control.addPosting();
    const calls = await exchange(
      h,
      command("cancel_posting", { from: KEEPER, chat, args: posting.postingNumber }),
    );
    const question = lastScreen(calls);
    const since = h.fake.calls.length;
    await exchange(h, press(question, "Keep the posting", PACKER));
    const edits = h.fake.calls.slice(since).filter((c) => c.method === "editMessageText");
    expect(edits).toEqual([]);
    expect(messagesTo(h, chat.id, since)).toEqual([]);
    const answer = h.fake.calls.slice(since).find((c) => c.method === "answerCallbackQuery");
    expect(String(answer?.payload.text)).toContain("someone else's question");
    // The owner's dialog goes on.
    const confirm = lastScreen(await exchange(h, press(question, "Out of stock", KEEPER)));
    expect(textOf(confirm)).toContain(`Cancel posting ${posting.postingNumber}?`);
  });

  it("names a posting's status in words, and counts one package in the singular", async () => {
    h = await startPostings();
    const packed = h.sandbox.control.addPosting();
    h.sandbox.control.setPostingStatus(packed.postingNumber, "awaiting_deliver");
    const refused = lastScreen(await exchange(h, pressed("ps", packed.postingNumber)));
    expect(textOf(refused)).toBe(
      `📦 Posting ${packed.postingNumber} was already packed outside the bot (in the Ozon seller cabinet). The label:`,
    );
    const disputed = h.sandbox.control.addPosting();
    h.sandbox.control.setPostingStatus(disputed.postingNumber, "arbitration");
    const told = lastScreen(await exchange(h, pressed("ps", disputed.postingNumber)));
    expect(textOf(told)).toBe(
      `Posting ${disputed.postingNumber} is no longer waiting to be packed: in arbitration.`,
    );
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 1, markRequired: false }],
    });
    const confirm = lastScreen(await exchange(h, pressed("ps", posting.postingNumber)));
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber} in 1 box?`);
  });

  it("after a split, sends the label of every package at once, and offers each", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Cup", quantity: 2, markRequired: false }],
    });
    const how = lastScreen(await exchange(h, pressed("ps", posting.postingNumber)));
    await tap(how, "Split into boxes");
    const confirm = lastScreen(await exchange(h, text("1 1", { from: KEEPER })));
    const packed = await tap(confirm, "✅ Pack");
    const done = lastScreen(packed);
    const order = h.sandbox.control.postings().filter((p) => p.orderNumber === posting.orderNumber);
    expect(order).toHaveLength(2);
    const files = packed
      .filter((c) => c.method === "sendDocument")
      .map((c) => c.files[0]?.fileName);
    expect(files.sort()).toEqual(order.map((part) => `label-${part.postingNumber}.pdf`).sort());
    for (const part of order) {
      expect(buttonsOf(done).map((b) => b.text)).toContain(`🏷 ${part.postingNumber}`);
    }
  });

  it("refuses the same mark typed for two units, and asks again for that unit", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Shoes", quantity: 2, markRequired: true }],
    });
    const how = lastScreen(await exchange(h, pressed("ps", posting.postingNumber)));
    await tap(how, "One box");
    const mark = "010460712345678921AAAAAAAA1";
    await exchange(h, text(mark, { from: KEEPER }));
    const again = await exchange(h, text(mark, { from: KEEPER }));
    // Said on the question itself (edited in place), not as two new messages.
    expect(again.filter((c) => c.method === "sendMessage")).toEqual([]);
    expect(again.map(textOf)).toEqual([
      "⚠️ This code was already typed for unit 1 of Shoes. Scan the code of this unit.\n\nMark of Shoes, unit 2 of 2:",
    ]);
    const confirm = lastScreen(
      await exchange(h, text("010460712345678921AAAAAAAA2", { from: KEEPER })),
    );
    expect(textOf(confirm)).toContain("Mandatory marks: 2");
  });

  it("when Ozon shipped but its answer was lost, says shipped instead of offering a Retry that cannot work", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 1, markRequired: false }],
    });
    const confirm = lastScreen(await exchange(h, pressed("ps", posting.postingNumber)));
    h.sandbox.control.setFault("/v4/posting/fbs/ship", { malformed: true, times: 1 });
    const packed = await tap(confirm, "✅ Pack");
    const done = lastScreen(packed);
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
    expect(textOf(done)).toContain(`Posting ${posting.postingNumber} is packed`);
    // The label comes with it, as after any pack.
    expect(packed.some((c) => c.method === "sendDocument")).toBe(true);
  });

  it("a person who lost the warehouse role gets no more posting alerts in their private chat", async () => {
    h = await startPostings();
    for (const who of [KEEPER, PACKER]) {
      await exchange(h, command("subscribe", { from: who }));
    }
    await h.watcher.runOnce();
    await h.access.revoke(PACKER.id, "warehouse");
    const posting = h.sandbox.control.addPosting();
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    expect(messagesTo(h, KEEPER.id, since).map(textOf).join("\n")).toContain(posting.postingNumber);
    expect(messagesTo(h, PACKER.id, since)).toEqual([]);
  });
});
