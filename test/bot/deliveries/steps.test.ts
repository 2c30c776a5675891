/**
 * A posting the seller delivers itself, step by step through its delivery card: confirmed, done
 * once, refused in Ozon's words when out of order, every chat's card redrawn; in both languages.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, group } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import {
  answers,
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  MANAGER,
  PACKER,
  SELLER,
  startDeliveries,
} from "./harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

const labels = (call: RecordedCall) => buttonsOf(call).map((b) => b.text);

/** The delivery card of `number` opened by `who` (as the 🚚 Delivery button of a packed card). */
async function openCard(number: string, who = KEEPER, chat?: ReturnType<typeof group>) {
  const data = h.codec.encode("vc", number, h.shopRef);
  const calls = await exchange(h, callback(data, { from: who, ...(chat ? { chat } : {}) }));
  return lastScreen(calls);
}

/** Taps the step's button on `card`, then Yes on the confirmation; returns both screens. */
async function step(card: RecordedCall, label: string | RegExp, who = KEEPER, processIndex = 0) {
  const asked = lastScreen(await exchange(h, press(card, label, who), processIndex));
  const calls = await exchange(h, press(asked, /Yes|Да/, who), processIndex);
  return { asked, calls, card: lastScreen(calls) };
}

describe("own delivery steps (en)", () => {
  it("walks a posting from packed to delivered, each step confirmed, then offers a dispute", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    let card = await openCard(postingNumber);
    expect(textOf(card)).toContain(`Own delivery · ${postingNumber}`);
    expect(textOf(card)).toContain("packed, not yet handed to delivery");
    expect(labels(card)).toEqual([
      "🔢 Tracking number",
      "🚚 Delivering",
      "🔄 Refresh",
      "🕘 History",
    ]);

    const first = await step(card, "🚚 Delivering");
    expect(textOf(first.asked)).toContain(`Mark posting ${postingNumber} as “Delivering”?`);
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("delivering");
    card = first.card;
    expect(textOf(card)).toContain("Status: delivering");
    expect(textOf(card)).toMatch(/Last step: “Delivering” — Kim, /);
    expect(labels(card)).toEqual([
      "🔢 Tracking number",
      "📍 Last mile",
      "✅ Delivered",
      "🔄 Refresh",
      "🕘 History",
    ]);

    card = (await step(card, "📍 Last mile")).card;
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("driver_pickup");
    expect(textOf(card)).toContain("last mile (courier on the way)");

    const last = await step(card, "✅ Delivered");
    expect(textOf(last.asked)).toContain("cannot be taken back");
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("delivered");
    expect(textOf(last.card)).toContain("Status: delivered");
    expect(labels(last.card)).toEqual(["⚖️ Dispute", "🔄 Refresh", "🕘 History"]);
  });

  it("a step out of order is refused in Ozon's words, and the card shows the posting as it is", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery({ status: "delivering" });
    const card = await openCard(postingNumber);
    // Meanwhile someone marks it delivered in Ozon's cabinet: the card still offers Last mile.
    h.sandbox.control.setPostingStatus(postingNumber, "delivered");
    const { calls } = await step(card, "📍 Last mile");
    const said = calls.filter((c) => c.method === "sendMessage").map(textOf);
    expect(said).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `Ozon did not accept the step “Last mile” for ${postingNumber}: INVALID_POSTING_STATUS: cannot move from delivered`,
        ),
      ),
    );
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("delivered");
    const redrawn = calls.filter((c) => c.method === "editMessageText").at(-1);
    expect(redrawn && textOf(redrawn)).toContain("Status: delivered");
  });

  it("Ozon down: told in plain words, and the next tap does it", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const card = await openCard(postingNumber);
    h.sandbox.control.setFault("/v2/fbs/posting/delivering", {
      rate5xx: 1,
      status5xx: 503,
      times: 1,
    });
    const { calls } = await step(card, "🚚 Delivering");
    const said = calls.filter((c) => c.method === "sendMessage").map(textOf);
    expect(said).toContainEqual(
      `The step “Delivering” for ${postingNumber} was not done: Ozon is temporarily unavailable. Try again in a few minutes.`,
    );
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("awaiting_deliver");
    await step(card, "🚚 Delivering");
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("delivering");
  });

  it("an answer lost after Ozon moved the posting counts as done", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const card = await openCard(postingNumber);
    h.sandbox.control.setFault("/v2/fbs/posting/delivering", { malformed: true, times: 1 });
    const { card: after } = await step(card, "🚚 Delivering");
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("delivering");
    expect(textOf(after)).toMatch(/Last step: “Delivering” — Kim/);
  });

  it("Back on the confirmation changes nothing", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const card = await openCard(postingNumber);
    const asked = lastScreen(await exchange(h, press(card, "🚚 Delivering", KEEPER)));
    const back = lastScreen(await exchange(h, press(asked, "Back", KEEPER)));
    expect(textOf(back)).toContain("packed, not yet handed to delivery");
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("awaiting_deliver");
  });

  it("redraws the card for everyone who has it: another person's, and a group's", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const team = group(-100777, { title: "Warehouse" });
    const theirs = await openCard(postingNumber, PACKER);
    const groupCard = await openCard(postingNumber, KEEPER, team);
    const mine = await openCard(postingNumber, KEEPER);
    const since = h.fake.calls.length;
    await step(mine, "🚚 Delivering");
    for (const other of [theirs, groupCard]) {
      const chatId = Number(other.payload.chat_id);
      const edit = await waitFor(() =>
        h.fake.calls
          .slice(since)
          .find(
            (c) =>
              c.method === "editMessageText" &&
              c.response?.ok &&
              Number(c.payload.chat_id) === chatId &&
              textOf(c).includes("Status: delivering"),
          ),
      );
      expect(textOf(edit)).toMatch(/Last step: “Delivering” — Kim/);
    }
  });

  it("a subscriber's alert card of the posting becomes its delivery card after a step", async () => {
    h = await startDeliveries();
    await exchange(h, command("subscribe", { from: PACKER }));
    const watcher = h.postings.watcher;
    await watcher?.runOnce();
    const { postingNumber } = h.sandbox.control.addOwnDelivery({
      status: "awaiting_packaging",
      products: [{ name: "Kettle", quantity: 1, markRequired: false }],
    });
    const since = h.fake.calls.length;
    await watcher?.runOnce();
    const alert = h.fake
      .callsTo("sendMessage")
      .find(
        (c) =>
          c.seq >= since &&
          Number(c.payload.chat_id) === PACKER.id &&
          textOf(c).includes(postingNumber),
      );
    expect(alert).toBeDefined();
    h.sandbox.control.setPostingStatus(postingNumber, "awaiting_deliver");
    const mine = await openCard(postingNumber, KEEPER);
    const before = h.fake.calls.length;
    await step(mine, "🚚 Delivering");
    const edit = await waitFor(() =>
      h.fake.calls
        .slice(before)
        .find(
          (c) =>
            c.method === "editMessageText" &&
            c.response?.ok &&
            Number(c.payload.chat_id) === PACKER.id &&
            Number(c.payload.message_id) === Number(sentMessage(alert as RecordedCall).message_id),
        ),
    );
    expect(textOf(edit)).toContain(`Own delivery · ${postingNumber}`);
    expect(textOf(edit)).toContain("Status: delivering");
  });

  it("a dispute is for sellers: confirmed with what it does, then the posting is in arbitration", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery({ status: "delivered" });
    const keeperCard = await openCard(postingNumber, KEEPER);
    const refused = await exchange(h, press(keeperCard, "⚖️ Dispute", KEEPER));
    expect(answers(refused)).toEqual(["Disputes are opened by sellers and administrators."]);

    const card = await openCard(postingNumber, SELLER);
    const { asked, card: after } = await step(card, "⚖️ Dispute", SELLER);
    expect(textOf(asked)).toContain("Ozon starts an arbitration");
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("arbitration");
    expect(textOf(after)).toContain("dispute open");
  });

  it("in a group, a confirmation's Yes acts only for the person who asked", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const team = group(-100778, { title: "Warehouse" });
    const card = await openCard(postingNumber, KEEPER, team);
    const asked = lastScreen(await exchange(h, press(card, "🚚 Delivering", KEEPER)));
    const other = await exchange(h, press(asked, /Yes/, PACKER));
    expect(answers(other)).toEqual([
      "This confirmation belongs to whoever opened it. Tap the step on the card yourself.",
    ]);
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("awaiting_deliver");
    await exchange(h, press(asked, /Yes/, KEEPER));
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("delivering");
  });

  it("a person without a delivery role is refused, and Ozon is not asked", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const card = await openCard(postingNumber, KEEPER);
    const before = h.sandbox.requests.length;
    const calls = await exchange(h, press(card, "🚚 Delivering", MANAGER));
    expect(answers(calls).join()).not.toBe("");
    expect(h.sandbox.requests.length).toBe(before);
  });
});

describe("own delivery steps (ru)", () => {
  it("the card, the confirmation and Ozon's refusal in Russian", async () => {
    h = await startDeliveries({ locale: "ru" });
    const ru = { ...KEEPER, language_code: "ru" };
    const { postingNumber } = h.sandbox.control.addOwnDelivery({ status: "delivering" });
    const card = await openCard(postingNumber, ru);
    expect(textOf(card)).toContain(`Своя доставка · ${postingNumber}`);
    expect(labels(card)).toEqual([
      "🔢 Трек-номер",
      "📍 Последняя миля",
      "✅ Доставлено",
      "🔄 Обновить",
      "🕘 История",
    ]);
    h.sandbox.control.setPostingStatus(postingNumber, "awaiting_deliver");
    const asked = lastScreen(await exchange(h, press(card, "✅ Доставлено", ru)));
    expect(textOf(asked)).toContain(`Отметить отправление ${postingNumber} как «Доставлено»?`);
    const calls = await exchange(h, press(asked, "Да", ru));
    const said = calls.filter((c) => c.method === "sendMessage").map(textOf);
    expect(said).toContainEqual(
      expect.stringContaining(
        `Ozon не принял шаг «Доставлено» для ${postingNumber}: INVALID_POSTING_STATUS`,
      ),
    );
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("awaiting_deliver");
  });
});
