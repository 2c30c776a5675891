/**
 * Cards that stay true: once a posting's alerts went, a cancellation is told to every chat that
 * got one and each card loses its buttons; a moved deadline is told and redrawn; a posting packed
 * (in the bot or Ozon's cabinet) shows so on every card with the Label button only. Old buttons
 * of such a posting never ask Ozon to act.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
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

const oneUnit = { products: [{ name: "Blue kettle", quantity: 1, markRequired: false }] };

/** Subscribes both, runs the first pass, adds a posting and delivers its alerts. */
async function alerted(options: Parameters<typeof startPostings>[0] = {}) {
  h = await startPostings(options);
  for (const who of [KEEPER, PACKER]) await exchange(h, command("subscribe", { from: who }));
  await h.watcher.runOnce();
  const posting = h.sandbox.control.addPosting(oneUnit);
  const since = h.fake.calls.length;
  await h.watcher.runOnce();
  const alerts = new Map(
    [KEEPER, PACKER].map((who) => [who.id, must(messagesTo(h, who.id, since)[0], "alert")]),
  );
  return { posting, alerts };
}

/** The edits of one message since `since`. */
function editsOf(card: RecordedCall, since: number): RecordedCall[] {
  const id = Number(sentMessage(card).message_id);
  return h.fake
    .callsTo("editMessageText")
    .filter(
      (c) =>
        c.seq >= since &&
        Number(c.payload.chat_id) === Number(card.payload.chat_id) &&
        Number(c.payload.message_id) === id &&
        c.response?.ok,
    );
}

const shipCalls = () =>
  h.sandbox.requests.filter((r) => r.path.includes("/posting/fbs/ship")).length;

describe("cards that stay true", () => {
  it("a buyer's cancellation is told once to each chat with the alert, whose card loses Pack; the old Pack says so and ships nothing", async () => {
    const { posting, alerts } = await alerted();
    const number = posting.postingNumber;
    h.sandbox.control.cancelByBuyer(number);

    const since = h.fake.calls.length;
    const pass = await h.watcher.runOnce();
    expect(pass.changed.cancelled).toBe(1);
    for (const who of [KEEPER, PACKER]) {
      const card = must(alerts.get(who.id));
      const told = messagesTo(h, who.id, since);
      expect(told.map(textOf)).toEqual([
        `❌ ${number} cancelled by the buyer — do not ship.\nReason: Нашёл дешевле`,
      ]);
      // Under the card it is about.
      const reply = must(told[0]).payload.reply_parameters as { message_id: number };
      expect(reply.message_id).toBe(sentMessage(card).message_id);
      const [edit, ...more] = editsOf(card, since);
      expect(more).toEqual([]);
      expect(textOf(must(edit))).toMatch(new RegExp(`^❌ ${number} cancelled by the buyer`));
      expect(textOf(must(edit))).toContain("Blue kettle");
      expect(buttonsOf(must(edit)).map((b) => b.text)).toEqual(["🕘 History"]);
    }

    // Told once: the next passes say nothing more.
    const later = h.fake.calls.length;
    await h.watcher.runOnce();
    await h.watcher.runOnce();
    expect(h.fake.calls.slice(later).filter((c) => c.method !== "getMe")).toEqual([]);

    // The old Pack button of the card: says what happened, and nothing is shipped.
    const before = shipCalls();
    const calls = await exchange(h, press(must(alerts.get(KEEPER.id)), "Pack", KEEPER));
    expect(textOf(lastScreen(calls))).toBe(
      `❌ ${number} cancelled by the buyer — do not ship.\nReason: Нашёл дешевле`,
    );
    const cancelPress = await exchange(h, press(must(alerts.get(PACKER.id)), "Cancel", PACKER));
    expect(textOf(lastScreen(cancelPress))).toContain(`❌ ${number} cancelled by the buyer`);
    expect(shipCalls()).toBe(before);
    expect(h.sandbox.requests.filter((r) => r.path.includes("/fbs/cancel")).length).toBe(0);
    // The old ⚡ button: the same sentence instead of a failure, and nothing shipped.
    const quick = await exchange(h, press(must(alerts.get(KEEPER.id)), "Pack in 1 box", KEEPER));
    expect(textOf(lastScreen(quick))).toContain(`❌ ${number} cancelled by the buyer`);
    expect(shipCalls()).toBe(before);
  });

  it("a moved deadline is told with the new time and the card redrawn, once", async () => {
    const { posting, alerts } = await alerted();
    const number = posting.postingNumber;
    const to = new Date(Date.parse(posting.shipmentDate) + 86_400_000);
    h.sandbox.control.moveCutoff(number, to);

    const since = h.fake.calls.length;
    const pass = await h.watcher.runOnce();
    expect(pass.changed.deadline).toBe(1);
    const deadline = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      timeZone: "Europe/Moscow",
    }).format(to);
    for (const who of [KEEPER, PACKER]) {
      const told = messagesTo(h, who.id, since).map(textOf);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(
        new RegExp(`^⏰ The deadline of ${number} moved: pack by ${deadline}, `),
      );
      const [edit] = editsOf(must(alerts.get(who.id)), since);
      expect(textOf(must(edit))).toContain(`Pack by: ${deadline}`);
      // Still waiting: the buttons stay.
      expect(buttonsOf(must(edit)).map((b) => b.text)).toContain("📦 Pack");
    }
    // Nothing twice, also after a restart (what each chat was told is in the store).
    await h.restart();
    const later = h.fake.calls.length;
    await h.watcher.runOnce();
    expect(h.fake.calls.slice(later)).toEqual([]);

    // The card keeps following: the posting cancelled now is told on the same card.
    h.sandbox.control.cancelByBuyer(number);
    const cancelled = h.fake.calls.length;
    await h.watcher.runOnce();
    expect(messagesTo(h, KEEPER.id, cancelled).map(textOf)[0]).toContain("cancelled by the buyer");
    expect(editsOf(must(alerts.get(KEEPER.id)), cancelled)).toHaveLength(1);
  });

  it("packed in Ozon's cabinet: every card says so and keeps only the Label button; nobody is messaged", async () => {
    const { posting, alerts } = await alerted();
    h.sandbox.control.setPostingStatus(posting.postingNumber, "awaiting_deliver");
    const since = h.fake.calls.length;
    const pass = await h.watcher.runOnce();
    expect(pass.changed.packed).toBe(1);
    expect(h.fake.callsTo("sendMessage").filter((c) => c.seq >= since)).toEqual([]);
    for (const who of [KEEPER, PACKER]) {
      const [edit] = editsOf(must(alerts.get(who.id)), since);
      expect(textOf(must(edit))).toMatch(
        new RegExp(
          `^✅ ${posting.postingNumber} is packed outside the bot \\(Ozon seller cabinet\\)`,
        ),
      );
      expect(buttonsOf(must(edit)).map((b) => b.text)).toEqual(["🏷 Label", "🕘 History"]);
    }
  });

  it("packed through the bot: the other chat's card names who packed it", async () => {
    const { posting, alerts } = await alerted();
    const confirm = lastScreen(
      await exchange(h, press(must(alerts.get(KEEPER.id)), "Pack", KEEPER)),
    );
    // The other card may be redrawn at once (with the pack) or at the watcher's pass.
    const since = h.fake.calls.length;
    await exchange(h, press(confirm, "✅ Pack", KEEPER));
    await h.watcher.runOnce();
    const [edit] = editsOf(must(alerts.get(PACKER.id)), since);
    expect(textOf(must(edit))).toMatch(
      new RegExp(`^✅ ${posting.postingNumber} is packed — Kim, `),
    );
    expect(buttonsOf(must(edit)).map((b) => b.text)).toEqual(["🏷 Label", "🕘 History"]);
  });

  it("a card that could not be edited is redrawn on the next pass, without telling anyone twice", async () => {
    const { posting, alerts } = await alerted();
    h.sandbox.control.cancelByBuyer(posting.postingNumber);
    const packerCard = must(alerts.get(PACKER.id));
    let refuse = true;
    h.fake.respond("editMessageText", (payload) => {
      if (refuse && Number(payload.chat_id) === PACKER.id) {
        throw { error_code: 500, description: "Internal Server Error" };
      }
      return { message_id: Number(payload.message_id), date: 0, chat: { id: 1, type: "private" } };
    });
    const since = h.fake.calls.length;
    const first = await h.watcher.runOnce();
    expect(first.changed.cancelled).toBe(0);
    // The news goes before the cards are redrawn: both are told at once.
    expect(messagesTo(h, KEEPER.id, since)).toHaveLength(1);
    expect(messagesTo(h, PACKER.id, since).map(textOf)).toEqual([
      `❌ ${posting.postingNumber} cancelled by the buyer — do not ship.\nReason: Нашёл дешевле`,
    ]);
    expect(editsOf(packerCard, since)).toHaveLength(0);

    refuse = false;
    const retry = h.fake.calls.length;
    const second = await h.watcher.runOnce();
    expect(second.changed.cancelled).toBe(1);
    expect(messagesTo(h, KEEPER.id, retry)).toHaveLength(0);
    expect(messagesTo(h, PACKER.id, retry)).toHaveLength(0);
    expect(editsOf(packerCard, retry)).toHaveLength(1);
    expect(editsOf(must(alerts.get(KEEPER.id)), retry)).toHaveLength(0);
  });

  it("with several stores the news names the store; digests' readers are told too", async () => {
    h = await startPostings({ stores: 2, env: { POSTINGS_BURST_THRESHOLD: "1" } });
    await exchange(h, command("subscribe", { from: KEEPER }));
    await h.watcherOf(1).runOnce();
    const control = must(h.sandbox.stores[1]).control;
    const a = control.addPosting(oneUnit);
    control.addPosting(oneUnit);
    await h.watcherOf(1).runOnce();
    control.cancelByBuyer(a.postingNumber, { type: "ozon" });
    const since = h.fake.calls.length;
    await h.watcherOf(1).runOnce();
    const told = messagesTo(h, KEEPER.id, since).map(textOf);
    expect(told).toEqual([
      `🏬 ${must(h.sandbox.stores[1]).name}\n❌ ${a.postingNumber} cancelled by Ozon — do not ship.\nReason: Нашёл дешевле`,
    ]);
    // The digest lists many postings: it is not rewritten.
    expect(h.fake.callsTo("editMessageText").filter((c) => c.seq >= since)).toEqual([]);
  });
});
