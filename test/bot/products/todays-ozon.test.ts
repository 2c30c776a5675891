/**
 * Issue 36 in the product card and its dialogs, through the fake Bot API and the sandbox over
 * HTTP: the card reads today's stock method (`/v2/product/info/stocks-by-warehouse/fbs`, the v1
 * form is switched off) and asks `/v1/analytics/data` at most once a minute for the store (Ozon's
 * limit), sharing the answer between cards; a stock of a million or more is refused before it is
 * sent; a price changed more than 10 times an hour is told in words with when to try again.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  KEEPER,
  lastScreen,
  MANAGER,
  OLGA,
  type ProductsHarness,
  startProducts,
} from "./harness.ts";

let h: ProductsHarness;
afterEach(async () => {
  await h?.close();
});

const STOCKS_V1 = "POST /v1/product/info/stocks-by-warehouse/fbs";
const STOCKS_V2 = "POST /v2/product/info/stocks-by-warehouse/fbs";
const ANALYTICS = "POST /v1/analytics/data";

function products() {
  const [first, second] = h.sandbox.control.products();
  if (!first || !second) throw new Error("the sandbox has no products");
  return { first, second };
}

async function card(who: typeof KEEPER, offerId: string) {
  return lastScreen(await h.send(command("products", { from: who, args: offerId })));
}

describe("the product card on today's Ozon", () => {
  it("reads stock per warehouse with the v2 method; two cards within a minute ask analytics once", async () => {
    h = await startProducts();
    const { first, second } = products();
    h.sandbox.resetCounters();

    const one = await card(KEEPER, first.offerId);
    const units = h.sandbox.control.stock.units(first.offerId);
    for (const w of units.warehouses) {
      expect(textOf(one)).toContain(`• ${w.warehouseName}: ${w.present} / ${w.reserved}`);
    }
    expect(textOf(one)).toMatch(/Ordered in 14 days: \d+/);
    // Another product's card half a minute later: its sales come from the same answer.
    h.clock.now += 30_000;
    const two = await card(KEEPER, second.offerId);
    expect(textOf(two)).toContain(`📦 ${second.name}`);
    expect(textOf(two)).toMatch(/Ordered in 14 days: \d+/);
    let counters = h.sandbox.counters();
    expect(counters[ANALYTICS]).toBe(1);
    expect(counters[STOCKS_V2]).toBe(2);
    expect(counters[STOCKS_V1]).toBeUndefined();

    // A minute after Ozon answered, the next card asks again.
    h.clock.now += 31_000;
    const three = await card(KEEPER, first.offerId);
    expect(textOf(three)).toMatch(/Ordered in 14 days: \d+/);
    counters = h.sandbox.counters();
    expect(counters[ANALYTICS]).toBe(2);
    expect(counters[STOCKS_V2]).toBe(3);
  });

  it("🔄 within the minute redraws stock from Ozon but sales from the kept answer", async () => {
    h = await startProducts();
    const { first } = products();
    const shown = await card(KEEPER, first.offerId);
    h.sandbox.resetCounters();
    const w = h.sandbox.control.warehouses()[0];
    if (!w) throw new Error("no warehouse");
    const units = h.sandbox.control.stock.setStock(first.offerId, w.id, 41).warehouses[0];
    const redrawn = lastScreen(await h.send(press(shown, "🔄 Refresh", KEEPER)));
    expect(textOf(redrawn)).toContain(
      `• ${units?.warehouseName}: ${units?.present} / ${units?.reserved}`,
    );
    expect(textOf(redrawn)).toMatch(/Ordered in 14 days: \d+/);
    expect(h.sandbox.counters()[STOCKS_V2]).toBe(1);
    expect(h.sandbox.counters()[ANALYTICS]).toBeUndefined();
  });
});

describe("Ozon's documented limits in the dialogs", () => {
  it("a stock of a million or more is refused before it is sent; a smaller one is set", async () => {
    h = await startProducts();
    const { first } = products();
    const shown = await card(KEEPER, first.offerId);
    const choose = lastScreen(await h.send(press(shown, "📦 Set stock", KEEPER)));
    const warehouse = buttonsOf(choose)[0]?.text ?? "";
    const question = lastScreen(await h.send(press(choose, warehouse, KEEPER)));
    expect(textOf(question)).toContain("Type the new number of units available");
    h.sandbox.resetCounters();

    const refused = lastScreen(await h.send(text("1000000", { from: KEEPER })));
    expect(textOf(refused)).toContain(
      "Ozon does not take a stock of a million units or more: type at most 999,999 units.",
    );
    expect(textOf(refused)).toContain("Type the new number of units available");
    const confirm = lastScreen(await h.send(text("999999", { from: KEEPER })));
    expect(textOf(confirm)).toContain("→ 999,999");
    const done = lastScreen(await h.send(press(confirm, "✅ Set stock", KEEPER)));
    expect(textOf(done)).toContain("✅ Stock set.");
    expect(h.sandbox.control.stock.stockLog().map((e) => e.stock)).toEqual([999_999]);
    expect(h.sandbox.counters()["POST /v2/products/stocks"]).toBe(1);
  });

  it("a price changed more than 10 times an hour: “try after HH:MM”, an hour on, in Moscow time (ru)", async () => {
    h = await startProducts();
    const { first } = products();
    // Ten changes within the hour elsewhere (the seller's cabinet, another tool).
    for (let i = 0; i < 10; i++) {
      const [result] = await h.seller.stock.setPrices([
        { productId: String(first.productId), price: `${5000 + i}` },
      ]);
      expect(result?.updated).toBe(true);
    }
    // 09:00:30 UTC is 12:00:30 in Moscow: an hour on, to the next whole minute, is 13:01.
    h.clock.now += 30_000;
    const shown = await card(OLGA, first.offerId);
    const question = lastScreen(await h.send(press(shown, "💰 Цена", OLGA)));
    expect(textOf(question)).toContain("Введите новую цену");
    const confirm = lastScreen(await h.send(text("5100", { from: OLGA })));
    const limited = lastScreen(await h.send(press(confirm, "✅ Изменить цену", OLGA)));
    expect(textOf(limited)).toContain(
      "Цену этого товара меняли слишком часто: Ozon принимает не больше 10 изменений цены товара в час. Попробуйте после 13:01.",
    );
    expect(h.sandbox.control.stock.units(first.offerId).price).toBe("5009.00");
  });

  it("in English the price limit says the same (en)", async () => {
    h = await startProducts();
    const { first } = products();
    for (let i = 0; i < 10; i++) {
      await h.seller.stock.setPrices([
        { productId: String(first.productId), price: `${5000 + i}` },
      ]);
    }
    const shown = await card(MANAGER, first.offerId);
    const question = lastScreen(await h.send(press(shown, "💰 Price", MANAGER)));
    expect(textOf(question)).toContain("Type the new price");
    const confirm = lastScreen(await h.send(text("5100", { from: MANAGER })));
    const limited = lastScreen(await h.send(press(confirm, "✅ Change price", MANAGER)));
    expect(textOf(limited)).toContain(
      "This product's price was changed too often: Ozon takes at most 10 price changes of a product an hour. Try again after 13:00.",
    );
  });
});
