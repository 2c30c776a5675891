/**
 * /products and the product card through the fake Bot API and the sandbox over HTTP: found by
 * offer_id, SKU, barcode or a part of its name (several → a pick list), the figures Ozon shows
 * (stock per FBS warehouse, FBO, prices, sales and days left), the buttons only for the roles
 * allowed, in English and Russian.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, text } from "../../support/updates.ts";
import { buttonsOf, findButton, press, textOf } from "../harness.ts";
import {
  ADMIN,
  KEEPER,
  lastScreen,
  MANAGER,
  OLGA,
  type ProductsHarness,
  SELLER,
  startProducts,
} from "./harness.ts";

let h: ProductsHarness;
afterEach(async () => {
  await h?.close();
});

const first = () => {
  const product = h.sandbox.control.products()[0];
  if (!product) throw new Error("no product");
  return product;
};

describe("/products: the product card", () => {
  it("shows the card by offer_id with stock per warehouse, FBO, prices and sales (en)", async () => {
    h = await startProducts();
    const product = first();
    const units = h.sandbox.control.stock.units(product.offerId);
    const card = lastScreen(
      await h.send(command("products", { from: KEEPER, args: product.offerId })),
    );
    const body = textOf(card);
    expect(body).toContain(`📦 ${product.name}`);
    expect(body).toContain(`Item code: ${product.offerId} · SKU: ${product.sku}`);
    expect(body).toMatch(
      /💰 Price: RUB\s\d{1,3}(,\d{3})*(\.\d\d)? · before discount: RUB\s\d{1,3}(,\d{3})*(\.\d\d)? · minimum: —/,
    );
    for (const w of units.warehouses) {
      expect(body).toContain(`• ${w.warehouseName}: ${w.present} / ${w.reserved}`);
    }
    expect(body).toContain(`FBO stock at Ozon: ${units.fbo} pcs (read only)`);
    expect(body).toMatch(/Ordered in 14 days: \d+/);
    // The warehouse may change stock, not prices; anyone who sees the card, its History.
    const labels = buttonsOf(card).map((b) => b.text);
    expect(labels).toEqual(["📦 Set stock", "🔄 Refresh", "🕘 History"]);
  });

  it("shows each button only to the roles allowed; others are refused the command", async () => {
    h = await startProducts();
    const product = first();
    const asManager = lastScreen(
      await h.send(command("products", { from: MANAGER, args: product.offerId })),
    );
    expect(buttonsOf(asManager).map((b) => b.text)).toEqual([
      "💰 Price",
      "🔄 Refresh",
      "🕘 History",
    ]);
    const asAdmin = lastScreen(
      await h.send(command("products", { from: ADMIN, args: product.offerId })),
    );
    expect(buttonsOf(asAdmin).map((b) => b.text)).toEqual([
      "📦 Set stock",
      "💰 Price",
      "🔄 Refresh",
      "🕘 History",
    ]);
    const refused = lastScreen(
      await h.send(command("products", { from: SELLER, args: product.offerId })),
    );
    expect(textOf(refused)).not.toContain(product.name);
    // A manager pressing a warehouse's Stock button is refused and nothing opens.
    const stock = findButton(asAdmin, "📦 Set stock");
    const pressed = await h.send(press(asAdmin, "📦 Set stock", MANAGER));
    expect(stock.callback_data).toBeTruthy();
    const answer = pressed.find((c) => c.method === "answerCallbackQuery");
    expect(answer?.payload.show_alert).toBe(true);
    expect(pressed.filter((c) => c.method === "sendMessage")).toEqual([]);
  });

  it("finds by SKU and by barcode, and asks for the query after /products alone", async () => {
    h = await startProducts();
    const product = first();
    const bySku = lastScreen(
      await h.send(command("products", { from: KEEPER, args: String(product.sku) })),
    );
    expect(textOf(bySku)).toContain(product.name);
    const prompt = lastScreen(await h.send(command("products", { from: KEEPER })));
    expect(textOf(prompt)).toContain("Send a product's item code");
    const byBarcode = lastScreen(await h.send(text(product.barcode, { from: KEEPER })));
    expect(textOf(byBarcode)).toContain(product.name);
  });

  it("a part of the name matching several: a pick list, then the card in its place (ru)", async () => {
    h = await startProducts();
    const products = h.sandbox.control.products();
    // A word that several names share.
    const words = new Map<string, number>();
    for (const p of products) {
      for (const w of new Set(
        p.name
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .filter((x) => x.length > 3),
      )) {
        words.set(w, (words.get(w) ?? 0) + 1);
      }
    }
    const [word] = [...words.entries()].filter(([, n]) => n >= 2).map(([w]) => w);
    if (!word) throw new Error("no shared word in the catalogue");
    const list = lastScreen(await h.send(command("products", { from: OLGA, args: word })));
    expect(textOf(list)).toMatch(/^Найдено: \d+\. Выберите товар/);
    const choices = buttonsOf(list);
    expect(choices.length).toBeGreaterThanOrEqual(2);
    const chosen = choices[0]?.text ?? "";
    const card = lastScreen(await h.send(press(list, chosen, OLGA)));
    expect(card.method).toBe("editMessageText");
    expect(textOf(card)).toContain("Остатки FBS (в наличии / в резерве):");
    expect(textOf(card)).toContain("Заказано за 14 дней");
    expect(buttonsOf(card).map((b) => b.text)).toEqual([
      "📦 Изменить остаток",
      "💰 Цена",
      "🔄 Обновить",
      "🕘 История",
    ]);

    const none = lastScreen(
      await h.send(command("products", { from: OLGA, args: "несуществующийтовар" })),
    );
    expect(textOf(none)).toBe(
      "Товар «несуществующийтовар» не найден. Попробуйте артикул (offer_id), SKU или другую часть названия.",
    );
  });

  it("a posting card's product line opens the product's card", async () => {
    h = await startProducts({ withPostings: true });
    const product = first();
    const posting = h.sandbox.control.addPosting({ products: [{ sku: product.sku, quantity: 1 }] });
    const card = lastScreen(
      await h.send(command("find", { from: KEEPER, args: posting.postingNumber })),
    );
    const line = buttonsOf(card).find((b) => b.text === `🛍 ${product.name}`.slice(0, 64));
    expect(
      line,
      buttonsOf(card)
        .map((b) => b.text)
        .join(" | "),
    ).toBeDefined();
    const opened = await h.send(press(card, `🛍 ${product.name}`.slice(0, 60), KEEPER));
    const productCard = lastScreen(opened);
    expect(productCard.method).toBe("sendMessage");
    expect(textOf(productCard)).toContain(`Item code: ${product.offerId} · SKU: ${product.sku}`);
  });

  it("🔄 redraws the card with what Ozon shows now; Ozon down is said in words", async () => {
    h = await startProducts();
    const product = first();
    const card = lastScreen(
      await h.send(command("products", { from: KEEPER, args: product.offerId })),
    );
    const w = h.sandbox.control.warehouses()[0];
    if (!w) throw new Error("no warehouse");
    const units = h.sandbox.control.stock.setStock(product.offerId, w.id, 40);
    const shown = units.warehouses[0];
    const redrawn = lastScreen(await h.send(press(card, "🔄 Refresh", KEEPER)));
    expect(redrawn.method).toBe("editMessageText");
    expect(textOf(redrawn)).toContain(
      `• ${shown?.warehouseName}: ${shown?.present} / ${shown?.reserved}`,
    );

    h.sandbox.control.setFault("/v2/product/info/stocks-by-warehouse/fbs", {
      rate5xx: 1,
      times: 5,
    });
    const down = lastScreen(
      await h.send(command("products", { from: KEEPER, args: product.offerId })),
    );
    expect(textOf(down)).toBe("Ozon is unavailable right now. Try again a little later.");
  });
});
