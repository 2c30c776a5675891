/**
 * The stock dialog through the fake Bot API and the sandbox over HTTP: warehouse → number or
 * +N/−N → confirm → Ozon sets it and the card redraws; a wrong number is asked again; Ozon's
 * refusal in words; its once-per-30-s limit says when to try again; in English and Russian.
 */

import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, text } from "../../support/updates.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import { KEEPER, lastScreen, OLGA, type ProductsHarness, startProducts } from "./harness.ts";

let h: ProductsHarness;
afterEach(async () => {
  await h?.close();
});

function product() {
  const p = h.sandbox.control.products()[0];
  if (!p) throw new Error("no product");
  return p;
}

async function openCard(who: User): Promise<RecordedCall> {
  return lastScreen(await h.send(command("products", { from: who, args: product().offerId })));
}

/** Card → Stock → the second warehouse: the number question. */
async function toQuestion(who: User, card: RecordedCall, stockLabel: string) {
  const choose = lastScreen(await h.send(press(card, stockLabel, who)));
  const second = buttonsOf(choose)[1]?.text ?? "";
  return { choose, question: lastScreen(await h.send(press(choose, second, who))) };
}

/** A count of goods as English texts write it. */
const pcs = (n: number) => `${n} ${n === 1 ? "pc" : "pcs"}`;

describe("📦 Stock dialog", () => {
  it("warehouse → +N → confirm: Ozon sets it once and the card redraws (en)", async () => {
    h = await startProducts();
    const p = product();
    const w = h.sandbox.control.stock.units(p.offerId).warehouses[1];
    if (!w) throw new Error("no second warehouse");
    const before = w.present - w.reserved;
    const card = await openCard(KEEPER);
    const { choose, question } = await toQuestion(KEEPER, card, "📦 Set stock");
    expect(textOf(choose)).toContain("which warehouse?");
    expect(buttonsOf(choose).map((b) => b.text)).toContain(
      `${w.warehouseName} — ${pcs(before)} available`,
    );
    expect(textOf(question)).toContain(
      `Warehouse: ${w.warehouseName}. Present ${pcs(w.present)}, reserved ${pcs(w.reserved)}, available ${pcs(before)}.`,
    );

    const bad = lastScreen(await h.send(text("many", { from: KEEPER })));
    expect(textOf(bad)).toContain("“many” is not a number of units.");
    const below = lastScreen(await h.send(text(`-${before + 1}`, { from: KEEPER })));
    expect(textOf(below)).toContain("That would be below zero.");

    const confirm = lastScreen(await h.send(text("+5", { from: KEEPER })));
    expect(textOf(confirm)).toContain(`available ${pcs(before)} → ${pcs(before + 5)}`);
    const calls = await h.send(press(confirm, "✅ Set stock", KEEPER));
    expect(textOf(lastScreen(calls))).toContain(`✅ Stock set.`);
    expect(textOf(lastScreen(calls))).toContain(`available ${pcs(before)} → ${pcs(before + 5)}`);
    const after = h.sandbox.control.stock.units(p.offerId).warehouses[1];
    expect(after && after.present - after.reserved).toBe(before + 5);
    expect(h.sandbox.control.stock.stockLog()).toHaveLength(1);
    // The card it was entered from shows the new figures.
    const redrawn = calls.find(
      (c) =>
        c.method === "editMessageText" &&
        c.response?.ok &&
        c.payload.message_id === sentMessage(card).message_id,
    );
    expect(redrawn && textOf(redrawn)).toContain(
      `• ${w.warehouseName}: ${w.present + 5} / ${w.reserved}`,
    );

    // A second tap of the same confirmation sends nothing more.
    await h.send(press(confirm, "✅ Set stock", KEEPER));
    expect(h.sandbox.control.stock.stockLog()).toHaveLength(1);
  });

  it("Ozon's limit says when to try again; a refusal asks again with Ozon's words (ru)", async () => {
    h = await startProducts();
    const p = product();
    const w = h.sandbox.control.stock.units(p.offerId).warehouses[1];
    if (!w) throw new Error("no second warehouse");
    // Someone changed it a moment ago (the cabinet, another bot): the pair is locked for 30 s.
    await h.seller.stock.setStocks([
      { productId: String(p.productId), warehouseId: String(w.warehouseId), stock: 7 },
    ]);
    const card = await openCard(OLGA);
    const { question } = await toQuestion(OLGA, card, "📦 Изменить остаток");
    expect(textOf(question)).toContain("доступно 7");
    const confirm = lastScreen(await h.send(text("10", { from: OLGA })));
    expect(textOf(confirm)).toContain("доступно 7 шт. → 10 шт.");
    h.clock.now += 5_000;
    const limited = lastScreen(await h.send(press(confirm, "✅ Изменить остаток", OLGA)));
    // Ozon's documented words for the 30 s rule ("Stock is updated too frequently") get the
    // bot's own (issue 36), with when to try again.
    expect(textOf(limited)).toContain(
      "Остаток этого товара на этом складе уже меняли в последние 30 секунд: Ozon принимает одно изменение в 30 секунд. Попробуйте после 12:00:35.",
    );

    // Again after the window, Ozon refuses the item: the number is asked again with its words.
    h.clock.now += 60_000;
    h.sandbox.control.stock.refuseNextStock("SKU_STOCK_NOT_CHANGE", "Stock cannot be changed now");
    const again = await toQuestion(OLGA, card, "📦 Изменить остаток");
    const second = lastScreen(await h.send(text("3", { from: OLGA })));
    const refused = lastScreen(await h.send(press(second, "✅ Изменить остаток", OLGA)));
    expect(textOf(refused)).toContain(
      "Ozon отказал: Stock cannot be changed now (SKU_STOCK_NOT_CHANGE).",
    );
    expect(textOf(refused)).toContain("Введите новое количество");
    expect(again.question).toBeTruthy();
    const done = lastScreen(await h.send(text("3", { from: OLGA })));
    const finished = lastScreen(await h.send(press(done, "✅ Изменить остаток", OLGA)));
    expect(textOf(finished)).toContain("✅ Остаток изменён.");
    expect(textOf(finished)).toContain("доступно 7 шт. → 3 шт.");
  });
});
