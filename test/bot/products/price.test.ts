/**
 * The price dialog through the fake Bot API and the sandbox over HTTP: the new price typed in
 * roubles and kopecks (exact), the change in %, the old and minimum price optional, a change of
 * more than 50 % asked once more naming its size, Ozon's refusal in words; English and Russian.
 */
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { command, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import { lastScreen, MANAGER, OLGA, type ProductsHarness, startProducts } from "./harness.ts";

let h: ProductsHarness;
afterEach(async () => {
  await h?.close();
});

function product() {
  const p = h.sandbox.control.products()[0];
  if (!p) throw new Error("no product");
  return p;
}

async function priceQuestion(who: User, label: string) {
  const card = lastScreen(
    await h.send(command("products", { from: who, args: product().offerId })),
  );
  return { card, question: lastScreen(await h.send(press(card, label, who))) };
}

describe("💰 Price dialog", () => {
  it("an exact price with old and minimum price, the change in % (en)", async () => {
    h = await startProducts();
    const p = product(); // 5 490 ₽, before discount 6 863 ₽
    const { question } = await priceQuestion(MANAGER, "💰 Price");
    expect(textOf(question)).toMatch(
      /Price now: RUB\s5,490, before discount: RUB\s6,863, minimum: —\./,
    );
    const bad = lastScreen(await h.send(text("12.345", { from: MANAGER })));
    expect(textOf(bad)).toContain("A price has at most two decimals (kopecks).");
    const confirm = lastScreen(await h.send(text("4 990,50", { from: MANAGER })));
    expect(textOf(confirm)).toMatch(/Price: RUB\s5,490 → RUB\s4,990\.50 \(−9\.1 %\)/);
    const oldAsked = lastScreen(await h.send(press(confirm, "Before-discount price", MANAGER)));
    expect(textOf(oldAsked)).toContain("Type the new one (0 removes it)");
    const withOld = lastScreen(await h.send(text("6990", { from: MANAGER })));
    expect(textOf(withOld)).toMatch(/Before discount: RUB\s6,863 → RUB\s6,990/);
    const minAsked = lastScreen(await h.send(press(withOld, "Minimum price", MANAGER)));
    // A price where float maths goes wrong (19.99 × 100 = 1998.999…) arrives to the kopeck.
    const withMin = lastScreen(await h.send(text("19.99", { from: MANAGER })));
    expect(textOf(withMin)).toMatch(/Minimum: — → RUB\s19\.99/);
    expect(textOf(minAsked)).toContain("Minimum price now: —");
    const done = lastScreen(await h.send(press(withMin, "✅ Change price", MANAGER)));
    expect(textOf(done)).toMatch(/✅ Price changed\. .*: RUB\s5,490 → RUB\s4,990\.50\./);
    expect(h.sandbox.control.stock.priceLog()).toEqual([
      { offerId: p.offerId, price: "4990.50", oldPrice: "6990.00", minPrice: "19.99" },
    ]);
  });

  it("more than 50 % lower is asked once more, naming the size; Ozon's refusal in words (ru)", async () => {
    h = await startProducts();
    const p = product();
    const { question } = await priceQuestion(OLGA, "💰 Цена");
    expect(textOf(question)).toContain("Введите новую цену в рублях");
    const confirm = lastScreen(await h.send(text("549", { from: OLGA })));
    expect(textOf(confirm)).toMatch(/Цена: 5\s490\s₽ → 549\s₽ \(−90 %\)/);
    const big = lastScreen(await h.send(press(confirm, "✅ Изменить цену", OLGA)));
    expect(textOf(big)).toMatch(/⚠️ Новая цена в 10 раз меньше: 5\s490\s₽ → 549\s₽\. Всё верно\?/);
    expect(h.sandbox.control.stock.priceLog()).toEqual([]);
    // "Type it in" goes back to the price; above the before-discount price Ozon refuses.
    const again = lastScreen(await h.send(press(big, "Ввести вручную", OLGA)));
    expect(textOf(again)).toContain("Введите новую цену");
    const higher = lastScreen(await h.send(text("9000", { from: OLGA })));
    const sure = lastScreen(await h.send(press(higher, "✅ Изменить цену", OLGA)));
    expect(textOf(sure)).toMatch(/⚠️ Новая цена в 1\.6 раз больше: 5\s490\s₽ → 9\s000\s₽/);
    const refused = lastScreen(await h.send(press(sure, "Да, изменить", OLGA)));
    expect(textOf(refused)).toContain(
      "Ozon отказал: old_price must be greater than price (OLD_PRICE_LESS_THAN_PRICE).",
    );
    expect(textOf(refused)).toContain("Введите новую цену");
    // The same price with the before-discount price removed (0): changed.
    const second = lastScreen(await h.send(text("9000", { from: OLGA })));
    const oldAsked = lastScreen(await h.send(press(second, "Цена до скидки", OLGA)));
    expect(textOf(oldAsked)).toContain("(0 — убрать)");
    const withOld = lastScreen(await h.send(text("0", { from: OLGA })));
    expect(textOf(withOld)).toMatch(/До скидки: 6\s863\s₽ → —/);
    const bigger = lastScreen(await h.send(press(withOld, "✅ Изменить цену", OLGA)));
    const done = lastScreen(await h.send(press(bigger, "Да, изменить", OLGA)));
    expect(textOf(done)).toMatch(/✅ Цена изменена\. .*: 5\s490\s₽ → 9\s000\s₽\./);
    expect(h.sandbox.control.stock.priceLog()).toEqual([
      { offerId: p.offerId, price: "9000.00", oldPrice: "0.00", minPrice: "0.00" },
    ]);
    expect(buttonsOf(done)).toEqual([]);
  });
});
