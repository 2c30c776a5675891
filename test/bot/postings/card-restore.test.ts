/**
 * A card a dialog is on comes back as the posting is now: someone else packed it, or the buyer
 * cancelled it, while Kim's dialog was on his card, so leaving the dialog (Close, /cancel, a press
 * after the dialog ended) shows "packed — Pat" with the Label only, or the cancellation without
 * buttons; not the Pack buttons the card had when the dialog started.
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

/** Both subscribed; one alert each for a new posting of 2 kettles. */
async function alerted() {
  h = await startPostings();
  for (const who of [KEEPER, PACKER]) await exchange(h, command("subscribe", { from: who }));
  await h.watcher.runOnce();
  const posting = h.sandbox.control.addPosting({
    products: [{ name: "Kettle", quantity: 2, markRequired: false }],
  });
  const since = h.fake.calls.length;
  await h.watcher.runOnce();
  const alertTo = (who: typeof KEEPER) => must(messagesTo(h, who.id, since)[0], "alert");
  return { number: posting.postingNumber, keeper: alertTo(KEEPER), packer: alertTo(PACKER) };
}

/** Successful edits of Kim's card among `calls`. */
/**
 * Edits of Kim's card after which it shows their text: done, or refused by Telegram as "not
 * modified" because the card already showed exactly that (a redraw had put it there).
 */
const kimsCard = (calls: readonly RecordedCall[], card: RecordedCall) =>
  calls.filter(
    (c) =>
      c.method === "editMessageText" &&
      (c.response?.ok ||
        (c.response?.ok === false && c.response.description.includes("message is not modified"))) &&
      Number(c.payload.chat_id) === KEEPER.id &&
      Number(c.payload.message_id) === idOf(card),
  );

/** Kim's dialog is on his card; Pat packs the posting with ⚡ on his own card. */
async function packedUnderKimsDialog() {
  const alerts = await alerted();
  const how = lastScreen(await exchange(h, press(alerts.keeper, "📦 Pack", KEEPER)));
  expect(textOf(how)).toMatch(/How do you pack it\?$/);
  await exchange(h, press(alerts.packer, "⚡ Pack in 1 box", PACKER));
  expect(h.sandbox.control.posting(alerts.number)?.status).toBe("awaiting_deliver");
  // The other cards are redrawn after the pack, Kim's too (started, not awaited): let it land.
  await waitFor(() => kimsCard(h.fake.calls, alerts.keeper).some((c) => /Pat/.test(textOf(c))), {
    timeoutMs: 10_000,
    message: "Kim's card redrawn after Pat's pack",
  });
  return { ...alerts, how };
}

function expectPackedByPat(back: RecordedCall, number: string) {
  expect(textOf(back).startsWith(`✅ ${number} is packed — Pat, `)).toBe(true);
  expect(textOf(back)).toContain("Kettle");
  expect(buttonsOf(back).map((b) => b.text)).toEqual(["🏷 Label", "🕘 History"]);
}

function expectCancelled(back: RecordedCall, number: string) {
  expect(textOf(back)).toMatch(new RegExp(`^❌ ${number} cancelled by the buyer`));
  expect(textOf(back)).toContain("Kettle");
  expect(buttonsOf(back).map((b) => b.text)).toEqual(["🕘 History"]);
}

describe("a card comes back as the posting is now", () => {
  it("packed by someone else meanwhile: Close shows who packed it, with the Label only", async () => {
    const { number, keeper, how } = await packedUnderKimsDialog();
    const left = await exchange(h, press(how, "Close", KEEPER));
    const answer = left.find((c) => c.method === "answerCallbackQuery");
    expect(answer?.payload.text).toBe("You left the dialog. Nothing was changed.");
    const back = must(kimsCard(left, keeper).at(-1), "Kim's card back");
    expectPackedByPat(back, number);
    // Its Label works; nothing offers to pack it again.
    const label = await exchange(h, press(back, "🏷 Label", KEEPER));
    expect(label.some((c) => c.method === "sendDocument")).toBe(true);
  });

  it("packed by someone else meanwhile: /cancel shows it too", async () => {
    const { number, keeper } = await packedUnderKimsDialog();
    const left = await exchange(h, command("cancel", { from: KEEPER }));
    expectPackedByPat(must(kimsCard(left, keeper).at(-1), "Kim's card back"), number);
  });

  it("cancelled by the buyer, the chat already told by the watcher: Close shows it cancelled", async () => {
    const { number, keeper } = await alerted();
    const how = lastScreen(await exchange(h, press(keeper, "📦 Pack", KEEPER)));
    h.sandbox.control.cancelByBuyer(number);
    expect((await h.watcher.runOnce()).changed.cancelled).toBe(1);
    const left = await exchange(h, press(how, "Close", KEEPER));
    expectCancelled(must(kimsCard(left, keeper).at(-1), "Kim's card back"), number);
    // The watcher says nothing more: the card is right as it is.
    const later = h.fake.calls.length;
    await h.watcher.runOnce();
    expect(kimsCard(h.fake.calls.slice(later), keeper)).toEqual([]);
  });

  it("cancelled by the buyer before any watcher pass: /cancel reads Ozon and shows it cancelled", async () => {
    const { number, keeper } = await alerted();
    await exchange(h, press(keeper, "📦 Pack", KEEPER));
    h.sandbox.control.cancelByBuyer(number);
    const left = await exchange(h, command("cancel", { from: KEEPER }));
    expectCancelled(must(kimsCard(left, keeper).at(-1), "Kim's card back"), number);
  });

  it("a dialog that is over: the press on its stale screen brings the card back as it is now", async () => {
    const { number, keeper, how } = await packedUnderKimsDialog();
    // The dialog ends without Close (as after its timeout): the role is lost meanwhile.
    await h.access.revoke(KEEPER.id, "warehouse");
    await exchange(h, press(how, "One box", KEEPER));
    await h.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    const calls = await exchange(h, press(how, "One box", KEEPER));
    expectPackedByPat(must(kimsCard(calls, keeper).at(-1), "Kim's card back"), number);
  });

  it("Ozon failing: the card comes back as it was, and leaving still works", async () => {
    const { number, keeper } = await alerted();
    const how = lastScreen(await exchange(h, press(keeper, "📦 Pack", KEEPER)));
    h.sandbox.control.cancelByBuyer(number);
    h.sandbox.control.setFault("POST /v3/posting/fbs/get", { rate5xx: 1 });
    const left = await exchange(h, press(how, "Close", KEEPER));
    const answer = left.find((c) => c.method === "answerCallbackQuery");
    expect(answer?.payload.text).toBe("You left the dialog. Nothing was changed.");
    const back = must(kimsCard(left, keeper).at(-1), "Kim's card back");
    expect(textOf(back)).toBe(textOf(keeper));
    // The watcher's next pass (Ozon back) still mends it: that chat was not told yet.
    h.sandbox.control.setFault("POST /v3/posting/fbs/get", { rate5xx: 0 });
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    expectCancelled(must(kimsCard(h.fake.calls.slice(since), keeper).at(-1)), number);
  });

  it("still waiting: the card comes back as it was, with every button", async () => {
    const { keeper } = await alerted();
    const how = lastScreen(await exchange(h, press(keeper, "📦 Pack", KEEPER)));
    const back = must(kimsCard(await exchange(h, press(how, "Close", KEEPER)), keeper).at(-1));
    expect(textOf(back)).toBe(textOf(keeper));
    expect(buttonsOf(back).map((b) => b.text)).toEqual(buttonsOf(keeper).map((b) => b.text));
  });
});
