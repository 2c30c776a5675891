/**
 * The old → new confirmation the bid and period dialogs share (AdsShopSteps.confirmed): typing
 * at it or pressing "another value" sends nothing to Ozon and goes back to the dialog's question
 * (the typed text is not taken as an answer); a later confirmed change goes through once.
 */
import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { dayText } from "../../../../src/bot/core/numbers.ts";
import {
  closeWorlds,
  MANAGER,
  MANAGER_EN,
  say,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const RUNNING = "Кроссовки и ботинки — поиск";
const WEEKLY = "Одежда весна-лето";
const NBSP = "\u00A0";

const moscow = () => DateTime.now().setZone("Europe/Moscow");
const ru = (d: DateTime) => d.toFormat("dd.LL.yyyy");

function campaignOf(w: World, title: string) {
  const found = w.sandbox.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return found;
}

/** Changes sent to Ozon (any PUT or PATCH), as "METHOD status". */
const changes = (w: World) =>
  w.sandbox.requests
    .filter((r) => /^(PUT|PATCH)$/.test(r.method))
    .map((r) => `${r.method} ${r.status}`);

describe("a card dialog's confirmation", () => {
  it("bid: a typed text or 'another bid' goes back to the bid question; then one PUT", async () => {
    const w = await startWorld({ env: { BID_MIN_ROUBLES: "1", BID_MAX_ROUBLES: "100" } });
    const campaign = campaignOf(w, RUNNING);
    const [sku] = campaign.objects as [string];
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Кроссовки и ботинки/);
    await tap(w, MANAGER, "🎯 Ставки");
    await tap(w, MANAGER, / · SKU \d+ · /); // the first product
    const question = `(SKU ${sku}) в кампании «${RUNNING}»: ставка за клик сейчас`;

    await say(w, MANAGER, "20");
    expect(screenText(w, MANAGER.id)).toContain(`→ 20${NBSP}₽`);
    await say(w, MANAGER, "30");
    // Back at the question, the typed 30 not taken for a new confirmation.
    expect(screenText(w, MANAGER.id)).toContain(question);
    expect(screenText(w, MANAGER.id)).not.toContain("→");
    expect(changes(w)).toEqual([]);

    await say(w, MANAGER, "25");
    expect(screenText(w, MANAGER.id)).toContain(`→ 25${NBSP}₽`);
    await tap(w, MANAGER, "✏️ Другая ставка");
    expect(screenText(w, MANAGER.id)).toContain(question);
    expect(changes(w)).toEqual([]);

    await say(w, MANAGER, "15,50");
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`(SKU ${sku}) теперь 15,50${NBSP}₽`);
    expect(changes(w)).toEqual(["PUT 200"]);
    const bids = await w.client.products.list(campaign.id);
    expect(bids.find((p) => p.sku === sku)?.bid).toBe(15_500_000n);
  });

  it("period: a typed text or 'other dates' goes back to the period question; then one change", async () => {
    const w = await startWorld();
    const before = campaignOf(w, WEEKLY);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Одежда весна-лето/);
    await tap(w, MANAGER, "📅 Период");
    const question = `Кампания «${WEEKLY}», период сейчас:`;
    const first = moscow().plus({ days: 5 });
    const other = moscow().plus({ days: 40 });

    await say(w, MANAGER, ru(first));
    expect(screenText(w, MANAGER.id)).toContain(`Изменить период кампании «${WEEKLY}»?`);
    // Even valid dates typed at the confirmation are not sent: the question comes back.
    await say(w, MANAGER, ru(other));
    expect(screenText(w, MANAGER.id)).toContain(question);
    expect(changes(w)).toEqual([]);

    await say(w, MANAGER, ru(first));
    expect(screenText(w, MANAGER.id)).toContain(`Изменить период кампании «${WEEKLY}»?`);
    await tap(w, MANAGER, "✏️ Другие даты");
    expect(screenText(w, MANAGER.id)).toContain(question);
    expect(changes(w)).toEqual([]);
    expect(campaignOf(w, WEEKLY)).toMatchObject({
      fromDate: before.fromDate,
      toDate: before.toDate,
    });

    await say(w, MANAGER, ru(other));
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`Готово: период кампании «${WEEKLY}» теперь`);
    expect(changes(w)).toEqual([expect.stringMatching(/^(PUT|PATCH) 200$/)]);
    expect(campaignOf(w, WEEKLY).toDate).toBe(other.toISODate());
  });

  it("bid, in English: 'Other bid' goes back, the amounts are English (RUB 1,015.50); then one PUT", async () => {
    const w = await startWorld({ env: { BID_MIN_ROUBLES: "1", BID_MAX_ROUBLES: "2000" } });
    const campaign = campaignOf(w, RUNNING);
    const [sku] = campaign.objects as [string];
    await slash(w, MANAGER_EN, "campaigns");
    await tap(w, MANAGER_EN, /Кроссовки и ботинки/);
    await tap(w, MANAGER_EN, "🎯 Bids");
    await tap(w, MANAGER_EN, / · SKU \d+ · /); // the first product
    const question = `(SKU ${sku}) in the campaign "${RUNNING}": bid per click now`;
    expect(screenText(w, MANAGER_EN.id)).toContain(question);
    expect(screenText(w, MANAGER_EN.id)).toContain(`(from RUB${NBSP}1 to RUB${NBSP}2,000)`);

    // A lone "1,200" stays a decimal (as "150,50" is); the confirmation shows what was read.
    await say(w, MANAGER_EN, "1,200");
    expect(screenText(w, MANAGER_EN.id)).toContain(`→ RUB${NBSP}1.20`);
    // Typed at the confirmation: back to the question, nothing sent.
    await say(w, MANAGER_EN, "1 015,50");
    expect(screenText(w, MANAGER_EN.id)).toContain(question);
    expect(changes(w)).toEqual([]);

    await say(w, MANAGER_EN, "1,015.50");
    expect(screenText(w, MANAGER_EN.id)).toContain(`Change the bid per click of`);
    expect(screenText(w, MANAGER_EN.id)).toContain(`→ RUB${NBSP}1,015.50`);
    await tap(w, MANAGER_EN, "✏️ Other bid");
    expect(screenText(w, MANAGER_EN.id)).toContain(question);
    expect(changes(w)).toEqual([]);

    await say(w, MANAGER_EN, "1 015,50"); // the Russian habit is read the same
    expect(screenText(w, MANAGER_EN.id)).toContain(`→ RUB${NBSP}1,015.50`);
    await tap(w, MANAGER_EN, "✅ Change");
    expect(screenText(w, MANAGER_EN.id)).toContain(`(SKU ${sku}) is now RUB${NBSP}1,015.50`);
    expect(changes(w)).toEqual(["PUT 200"]);
    const bids = await w.client.products.list(campaign.id);
    expect(bids.find((p) => p.sku === sku)?.bid).toBe(1_015_500_000n);
  });

  it("period, in English: typed text or 'Other dates' goes back; the dates are English; then one change", async () => {
    const w = await startWorld();
    const before = campaignOf(w, WEEKLY);
    await slash(w, MANAGER_EN, "campaigns");
    await tap(w, MANAGER_EN, /Одежда весна-лето/);
    await tap(w, MANAGER_EN, "📅 Period");
    const question = `Campaign "${WEEKLY}", period now:`;
    const first = moscow().plus({ days: 5 });
    const other = moscow().plus({ days: 40 });
    const en = (d: DateTime) => dayText("en", d.toISODate() as string);

    await say(w, MANAGER_EN, ru(first));
    expect(screenText(w, MANAGER_EN.id)).toContain(
      `Change the period of the campaign "${WEEKLY}"?`,
    );
    expect(screenText(w, MANAGER_EN.id)).toContain(en(first));
    expect(screenText(w, MANAGER_EN.id)).not.toContain(ru(first));
    await say(w, MANAGER_EN, ru(other));
    expect(screenText(w, MANAGER_EN.id)).toContain(question);
    expect(changes(w)).toEqual([]);

    await say(w, MANAGER_EN, ru(first));
    await tap(w, MANAGER_EN, "✏️ Other dates");
    expect(screenText(w, MANAGER_EN.id)).toContain(question);
    expect(changes(w)).toEqual([]);
    expect(campaignOf(w, WEEKLY)).toMatchObject({
      fromDate: before.fromDate,
      toDate: before.toDate,
    });

    await say(w, MANAGER_EN, ru(other));
    await tap(w, MANAGER_EN, "✅ Change");
    expect(screenText(w, MANAGER_EN.id)).toContain(
      `Done: the period of the campaign "${WEEKLY}" is now`,
    );
    expect(screenText(w, MANAGER_EN.id)).toContain(en(other));
    expect(changes(w)).toEqual([expect.stringMatching(/^(PUT|PATCH) 200$/)]);
    expect(campaignOf(w, WEEKLY).toDate).toBe(other.toISODate());
  });
});
