/**
 * What a posting earned on its card (issue 42): the line "💰 To you" appears only once Ozon has
 * accrued the posting (a shipped one has none; delivered, it has), only for those who see money
 * (admins, managers: not the warehouse), its 💰 button tells the breakdown from what is kept; a
 * card shown again costs no Ozon call; the beta method failing leaves the card without the line.
 * And 1 000 card views in a day, measured.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ACCRUED_RECHECK_MS,
  PENDING_RECHECK_MS,
  PostingEarnings,
} from "../../../../src/services/money/index.ts";
import { callback, text } from "../../../support/updates.ts";
import { findButton, sentMessage, textOf } from "../../harness.ts";
import { ADMIN, answersTo, type FindHarness, KEEPER, SOUTH_MANAGER, startFind } from "./harness.ts";

let h: FindHarness;
afterEach(() => h.close());

const ACCRUALS = "/v1/finance/accrual/postings";
const calls = () => h.sandbox.requests.filter((r) => r.path === ACCRUALS).length;

function north() {
  const store = h.sandbox.stores[0];
  if (!store) throw new Error("no store");
  return store.control;
}

describe("the posting card's 💰 line", () => {
  it("appears only after Ozon accrued the posting, for those who see money", async () => {
    let now = Date.parse("2026-12-08T09:00:00Z");
    h = await startFind({
      earnings: new PostingEarnings({ now: () => now, batchWaitMs: 5 }),
      withMoney: true,
    });
    const posting = north().addPosting({
      status: "awaiting_deliver",
      products: [{ name: "Mug", quantity: 2, price: "1000.10", markRequired: false }],
    });
    const number = posting.postingNumber;

    const [shipped] = await answersTo(h, text(number, { from: ADMIN }), ADMIN.id);
    expect(textOf(shipped as never)).not.toContain("💰");
    expect(calls()).toBe(1);

    north().setPostingStatus(number, "delivered");
    // Still "not accrued" as kept: not asked again within the recheck time.
    const [again] = await answersTo(h, text(number, { from: ADMIN }), ADMIN.id);
    expect(textOf(again as never)).not.toContain("💰");
    expect(calls()).toBe(1);

    now += PENDING_RECHECK_MS + 1;
    const [accrued] = await answersTo(h, text(number, { from: ADMIN }), ADMIN.id);
    // 2 000,20 − 15 % (300,03) − delivery 63,37 = 1 636,80.
    expect(textOf(accrued as never)).toContain("💰 To you: RUB\u00A01,636.80");
    expect(calls()).toBe(2);

    // Kept: shown again at no cost; the warehouse sees the card without money.
    const [kept] = await answersTo(h, text(number, { from: ADMIN }), ADMIN.id);
    expect(textOf(kept as never)).toContain("💰 To you");
    const [keeper] = await answersTo(h, text(number, { from: KEEPER }), KEEPER.id);
    expect(textOf(keeper as never)).not.toContain("💰");
    // Found as warehouse staff, a store whose manager they are not shows them no money.
    const [other] = await answersTo(h, text(number, { from: SOUTH_MANAGER }), SOUTH_MANAGER.id);
    expect(textOf(other as never)).toContain(number);
    expect(textOf(other as never)).not.toContain("💰");
    expect(calls()).toBe(2);

    // The breakdown on a tap, from what is kept.
    const card = accrued as never;
    const data = findButton(card, "What it earned").callback_data ?? "";
    await h.send(callback(data, { from: ADMIN, message: sentMessage(card) }));
    const answer = h.fake.callsTo("answerCallbackQuery").at(-1);
    expect(String(answer?.payload.text)).toContain("Price: RUB\u00A02,000.20");
    expect(String(answer?.payload.text)).toContain("Commission: −RUB\u00A0300.03");
    expect(String(answer?.payload.text)).toContain("Delivery: −RUB\u00A063.37");
    expect(calls()).toBe(2);
  });

  it("follows a return after the first accrual: asked again twice a day, the kept figure shown meanwhile", async () => {
    let now = Date.parse("2026-12-08T09:00:00Z");
    h = await startFind({
      earnings: new PostingEarnings({ now: () => now, batchWaitMs: 5 }),
      withMoney: true,
    });
    const posting = north().addPosting({
      status: "awaiting_deliver",
      products: [{ name: "Mug", quantity: 1, price: "1000.00", markRequired: false }],
    });
    const number = posting.postingNumber;
    north().setPostingStatus(number, "delivered");
    const [first] = await answersTo(h, text(number, { from: ADMIN }), ADMIN.id);
    // 1 000 − 15 % − delivery 63,37.
    expect(textOf(first as never)).toContain("💰 To you: RUB\u00A0786.63");
    expect(calls()).toBe(1);
    north().afterSale.addReturn({ postingNumber: number });
    // Within the recheck time: the kept figure, no call.
    const [kept] = await answersTo(h, text(number, { from: ADMIN }), ADMIN.id);
    expect(textOf(kept as never)).toContain("💰 To you: RUB\u00A0786.63");
    expect(calls()).toBe(1);
    // Past it: asked again, the return is in (the sale back, the commission back, the way back).
    now += ACCRUED_RECHECK_MS + 1;
    const [after] = await answersTo(h, text(number, { from: ADMIN }), ADMIN.id);
    expect(calls()).toBe(2);
    expect(textOf(after as never)).not.toContain("786.63");
    expect(textOf(after as never)).toContain("💰 To you: −RUB");
  });

  it("a failing beta method leaves the card without the line, never without the card", async () => {
    h = await startFind({ earnings: new PostingEarnings({ batchWaitMs: 5 }) });
    const posting = north().addPosting({ status: "awaiting_deliver" });
    north().setPostingStatus(posting.postingNumber, "delivered");
    h.sandbox.control.setFault(`POST ${ACCRUALS}`, { rate5xx: 1, status5xx: 500 });
    const [card] = await answersTo(h, text(posting.postingNumber, { from: ADMIN }), ADMIN.id);
    expect(textOf(card as never)).toContain(posting.postingNumber);
    expect(textOf(card as never)).not.toContain("💰");
  });
});

describe("1 000 posting cards in a day", () => {
  it("cost a handful of accrual calls, batched by 200", async () => {
    let now = Date.parse("2026-12-08T06:00:00Z");
    h = await startFind();
    const earnings = new PostingEarnings({ now: () => now, batchWaitMs: 5 });
    const shop = h.shops.all()[0];
    if (!shop) throw new Error("no shop");
    // 250 postings delivered, 50 on their way: 1 000 views over a working day, a few at a time.
    const delivered = Array.from({ length: 250 }, () => {
      const p = north().addPosting({ status: "awaiting_deliver" });
      north().setPostingStatus(p.postingNumber, "delivered");
      return p.postingNumber;
    });
    const onTheWay = Array.from(
      { length: 50 },
      () => north().addPosting({ status: "awaiting_deliver" }).postingNumber,
    );
    const all = [...delivered, ...onTheWay];
    const before = calls();
    for (let view = 0; view < 1000; view += 5) {
      // Five cards at a time (a /find of an order, a list), every ~3 minutes over 10 hours.
      const shown = Array.from({ length: 5 }, (_, i) => all[(view + i) % all.length] as string);
      await Promise.all(shown.map((n) => earnings.of(shop, [n])));
      now += 3 * 60_000;
    }
    const cost = calls() - before;
    console.log(`1 000 posting cards in a day (300 postings): ${cost} accrual call(s)`);
    // Each posting asked once (60 calls of 5), the 50 pending ones again at most every
    // PENDING_RECHECK_MS; a card of a kept posting costs nothing (without keeping: 200 calls).
    expect(cost).toBeLessThanOrEqual(100);
  });
});
