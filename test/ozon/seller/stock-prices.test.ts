/**
 * Stock and prices, the Seller client against the sandbox over HTTP: reading stock in total and
 * per FBS warehouse and prices through today's methods (/v4, /v5) and, where a store lacks them,
 * the seed's forms (/v2, /v1);
 * setting stock and prices with Ozon's answer per item, the once-per-30-s change limit per product
 * and warehouse recognised as such, postings taking units, and products by id, name or barcode.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OzonInputError } from "../../../src/ozon/errors.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { kopecksOf } from "../../../src/services/products/money.ts";
import { sandboxSeller } from "../../support/sandbox-seller.ts";
import { captureLogger } from "../support/logger.ts";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const TODAYS_READS = ["POST /v4/product/info/stocks", "POST /v5/product/info/prices"];

/** Today's sandbox, or (`lacking`) a store with the seed's forms and without today's reads. */
async function start(options: { now?: () => number; lacking?: boolean } = {}) {
  sandbox = await startSandbox({
    ...(options.now ? { now: options.now } : {}),
    ...(options.lacking ? { rules: "seed" as const } : {}),
  });
  if (options.lacking) sandbox.contract.withdraw(...TODAYS_READS);
  const product = sandbox.control.products()[0];
  if (!product) throw new Error("no product");
  const { logger, lines } = captureLogger();
  return { sandbox, seller: sandboxSeller(sandbox, { logger }), product, lines };
}

describe("Seller client: stock and prices", () => {
  it("reads stock in total, per warehouse and prices through today's /v4 and /v5 (money as numbers); the seed's forms never", async () => {
    const { sandbox, seller, product } = await start();
    const units = sandbox.control.stock.units(product.offerId);
    const pid = String(product.productId);

    const stocks = await seller.stock.stocks([pid, "1"]);
    expect([...stocks.keys()]).toEqual([pid]);
    const fbsPresent = units.warehouses.reduce((t, w) => t + w.present, 0);
    const fbsReserved = units.warehouses.reduce((t, w) => t + w.reserved, 0);
    expect(stocks.get(pid)).toEqual({
      productId: pid,
      offerId: product.offerId,
      fbs: { present: fbsPresent, reserved: fbsReserved },
      fbo: { present: units.fbo, reserved: 0 },
    });
    // The card's total (/v3/product/info/list) is the sum over the warehouses.
    expect(sandbox.control.products()[0]?.stock).toBe(fbsPresent);

    const rows = await seller.stock.stocksByWarehouse({ skus: [String(product.sku)] });
    expect(rows.map((r) => [r.warehouseId, r.present, r.reserved, r.free])).toEqual(
      units.warehouses.map((w) => [
        String(w.warehouseId),
        w.present,
        w.reserved,
        w.present - w.reserved,
      ]),
    );
    expect(rows[0]?.warehouseName).toBe(units.warehouses[0]?.warehouseName);

    const prices = await seller.stock.prices([pid]);
    const read = prices.get(pid);
    expect(read).toMatchObject({ productId: pid, offerId: product.offerId, currency: "RUB" });
    // The v5 form writes 5490 for "5490.00": the client keeps the decimal text, to the kopeck.
    expect([read?.price, read?.oldPrice, read?.minPrice].map(kopecksOf)).toEqual(
      [product.price, units.oldPrice, "0"].map(kopecksOf),
    );
    expect(sandbox.counters()["POST /v4/product/info/stocks"]).toBe(1);
    expect(sandbox.counters()["POST /v5/product/info/prices"]).toBe(1);
    expect(sandbox.counters()["POST /v2/product/info/stocks"]).toBeUndefined();
    expect(sandbox.counters()["POST /v1/product/info/prices"]).toBeUndefined();
    expect(seller.fellBackToSeed()).toEqual([]);
    await seller.close();
  });

  it("falls back to the seed's /v2 stocks and /v1 prices (exact decimal text) where the store lacks /v4 and /v5, once said and kept", async () => {
    const { sandbox, seller, product, lines } = await start({ lacking: true });
    const pid = String(product.productId);
    const units = sandbox.control.stock.units(product.offerId);
    for (let round = 0; round < 2; round++) {
      const stocks = await seller.stock.stocks([pid]);
      expect(stocks.get(pid)).toEqual({
        productId: pid,
        offerId: product.offerId,
        fbs: {
          present: units.warehouses.reduce((t, w) => t + w.present, 0),
          reserved: units.warehouses.reduce((t, w) => t + w.reserved, 0),
        },
        fbo: { present: units.fbo, reserved: 0 },
      });
      const prices = await seller.stock.prices([pid]);
      expect(prices.get(pid)).toEqual({
        productId: pid,
        offerId: product.offerId,
        price: product.price,
        oldPrice: units.oldPrice,
        minPrice: "0",
        currency: "RUB",
      });
    }
    expect(seller.fellBackToSeed().sort()).toEqual(["products.prices", "products.stocks"]);
    // Today's methods asked once each, the seed's forms from then on.
    expect(sandbox.counters()["POST /v4/product/info/stocks"]).toBe(1);
    expect(sandbox.counters()["POST /v5/product/info/prices"]).toBe(1);
    expect(sandbox.counters()["POST /v2/product/info/stocks"]).toBe(2);
    expect(sandbox.counters()["POST /v1/product/info/prices"]).toBe(2);
    for (const capability of ["products.stocks", "products.prices"]) {
      expect(lines.filter((l) => l.capability === capability)).toHaveLength(1);
    }
    await seller.close();
  });

  it("sets stock per warehouse: reserved units on top, the 30 s limit per pair, refusals in Ozon's words", async () => {
    let now = Date.parse("2026-11-27T10:00:00Z");
    const { sandbox, seller, product } = await start({ now: () => now });
    const pid = String(product.productId);
    const [w1, w2] = sandbox.control.warehouses();
    if (!w1 || !w2) throw new Error("two warehouses expected");
    const reserved = sandbox.control.stock.units(product.offerId).warehouses[0]?.reserved ?? 0;

    const first = await seller.stock.setStocks([
      { productId: pid, warehouseId: String(w1.id), stock: 12 },
      { productId: pid, warehouseId: String(w2.id), stock: 0 },
    ]);
    expect(first.map((r) => [r.warehouseId, r.updated, r.tooManyRequests])).toEqual([
      [String(w1.id), true, false],
      [String(w2.id), true, false],
    ]);
    let units = sandbox.control.stock.units(product.offerId);
    expect(units.warehouses[0]).toMatchObject({ present: 12 + reserved, reserved });
    expect(units.warehouses[1]?.present).toBe(units.warehouses[1]?.reserved);

    now += 10_000;
    const again = await seller.stock.setStocks([
      { productId: pid, warehouseId: String(w1.id), stock: 13 },
    ]);
    // Issue 36: Ozon's documented words for the 30 s rule.
    expect(again[0]).toMatchObject({
      updated: false,
      tooManyRequests: true,
      refusal: "stock_too_frequent",
    });
    expect(again[0]?.errors[0]?.code).toBe("Stock is updated too frequently");
    units = sandbox.control.stock.units(product.offerId);
    expect(units.warehouses[0]?.present).toBe(12 + reserved);

    now += 21_000;
    const later = await seller.stock.setStocks([
      { productId: pid, warehouseId: String(w1.id), stock: 13 },
    ]);
    expect(later[0]).toMatchObject({ updated: true, errors: [] });

    sandbox.control.stock.refuseNextStock("SKU_STOCK_NOT_CHANGE", "Stock cannot be changed");
    now += 31_000;
    const refused = await seller.stock.setStocks([
      { productId: pid, warehouseId: String(w1.id), stock: 1 },
    ]);
    expect(refused[0]).toMatchObject({
      updated: false,
      tooManyRequests: false,
      errors: [{ code: "SKU_STOCK_NOT_CHANGE", message: "Stock cannot be changed" }],
    });
    const unknown = await seller.stock.setStocks([
      { productId: "123", warehouseId: String(w1.id), stock: 1 },
    ]);
    expect(unknown[0]?.errors[0]?.code).toBe("NOT_FOUND");
    expect(sandbox.control.stock.stockLog().map((e) => e.stock)).toEqual([12, 0, 13]);

    await expect(
      seller.stock.setStocks([{ productId: pid, warehouseId: String(w1.id), stock: -1 }]),
    ).rejects.toBeInstanceOf(OzonInputError);
    const many = Array.from({ length: 101 }, () => ({
      productId: pid,
      warehouseId: String(w1.id),
      stock: 1,
    }));
    await expect(seller.stock.setStocks(many)).rejects.toBeInstanceOf(OzonInputError);
    // STOCK_TOO_BIG: a million units or more is never sent.
    await expect(
      seller.stock.setStocks([{ productId: pid, warehouseId: String(w1.id), stock: 1_000_000 }]),
    ).rejects.toBeInstanceOf(OzonInputError);
    expect(sandbox.control.stock.stockLog().map((e) => e.stock)).toEqual([12, 0, 13]);
    await seller.close();
  });

  it("sets prices with old and minimum price; refusals and the hourly limit per item", async () => {
    const { sandbox, seller, product } = await start();
    const pid = String(product.productId);
    const ok = await seller.stock.setPrices([
      { productId: pid, price: "999.90", oldPrice: "1500", minPrice: "900.5" },
    ]);
    expect(ok).toEqual([
      {
        productId: pid,
        offerId: product.offerId,
        updated: true,
        errors: [],
        tooManyRequests: false,
      },
    ]);
    expect(sandbox.control.stock.units(product.offerId)).toMatchObject({
      price: "999.90",
      oldPrice: "1500.00",
      minPrice: "900.50",
    });
    // Read back through /v5, money as numbers: the same to the kopeck.
    const read = (await seller.stock.prices([pid])).get(pid);
    expect([read?.price, read?.oldPrice, read?.minPrice].map(kopecksOf)).toEqual([
      99_990n,
      150_000n,
      90_050n,
    ]);

    const bad = await seller.stock.setPrices([{ productId: pid, price: "800" }]);
    expect(bad[0]?.errors[0]?.code).toBe("MIN_PRICE_GREATER_THAN_PRICE");
    sandbox.control.stock.refuseNextPrice(
      "action_price_enabled_min_price_missing",
      "Set min price or turn auto actions off",
    );
    const refused = await seller.stock.setPrices([{ productId: pid, price: "1000" }]);
    expect(refused[0]).toMatchObject({
      updated: false,
      errors: [{ code: "action_price_enabled_min_price_missing" }],
    });
    for (let i = 0; i < 9; i++) {
      const r = await seller.stock.setPrices([{ productId: pid, price: `${1000 + i}` }]);
      expect(r[0]?.updated).toBe(true);
    }
    const limited = await seller.stock.setPrices([{ productId: pid, price: "1100" }]);
    // Issue 36: Ozon's documented words for more than 10 changes of a price within an hour.
    expect(limited[0]).toMatchObject({
      updated: false,
      tooManyRequests: true,
      refusal: "price_too_often",
      errors: [{ code: "error limiting: acquire limit per item: items limit: limit exceeded" }],
    });
    await expect(seller.stock.setPrices([{ productId: pid, price: "12,5" }])).rejects.toThrow();
    await seller.close();
  });

  it("a posting holds its units; shipped it takes them, cancelled it gives them back", async () => {
    const { sandbox, seller, product } = await start();
    const [w1] = sandbox.control.warehouses();
    if (!w1) throw new Error("no warehouse");
    const before = sandbox.control.stock.units(product.offerId).warehouses[0];
    const posting = sandbox.control.addPosting({
      warehouseId: w1.id,
      products: [{ sku: product.sku, quantity: 2 }],
    });
    const held = sandbox.control.stock.units(product.offerId).warehouses[0];
    expect(held?.reserved).toBe((before?.reserved ?? 0) + 2);
    expect(held?.present).toBe(before?.present);
    sandbox.control.setPostingStatus(posting.postingNumber, "awaiting_deliver");
    const shipped = sandbox.control.stock.units(product.offerId).warehouses[0];
    expect(shipped).toMatchObject({
      present: (before?.present ?? 0) - 2,
      reserved: before?.reserved ?? 0,
    });
    const other = sandbox.control.addPosting({
      warehouseId: w1.id,
      products: [{ sku: product.sku, quantity: 1 }],
    });
    sandbox.control.cancelByBuyer(other.postingNumber);
    expect(sandbox.control.stock.units(product.offerId).warehouses[0]).toEqual(shipped);
    const rows = await seller.stock.stocksByWarehouse({ offerIds: [product.offerId] });
    expect(rows[0]?.present).toBe(shipped?.present);
    await seller.close();
  });

  it("finds products by offer_id, SKU and over the catalogue by name and barcode", async () => {
    const { sandbox, seller, product } = await start();
    const byOffer = await seller.products.cards("offer_id", [product.offerId]);
    expect(byOffer[0]).toMatchObject({
      productId: String(product.productId),
      offerId: product.offerId,
      sku: String(product.sku),
      name: product.name,
      barcodes: [product.barcode],
    });
    const bySku = await seller.products.cards("sku", [String(product.sku)]);
    expect(bySku[0]?.offerId).toBe(product.offerId);
    const catalogue = await seller.products.catalogue();
    expect(catalogue).toHaveLength(sandbox.control.products().length);
    expect(catalogue.find((p) => p.barcodes.includes(product.barcode))?.name).toBe(product.name);
    expect(product.barcode).toMatch(/^\d{13}$/);
    await seller.close();
  });
});

describe("Sandbox control over HTTP: stock", () => {
  it("reads and sets a product's units, the change window and a refusal", async () => {
    const { sandbox, seller, product } = await start();
    const [w1] = sandbox.control.warehouses();
    if (!w1) throw new Error("no warehouse");
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.url}/_sandbox/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const set = await post(`stock/${product.offerId}`, { warehouseId: w1.id, stock: 0 });
    expect(set.status).toBe(200);
    const units = (await (
      await fetch(`${sandbox.url}/_sandbox/stock/${product.offerId}`)
    ).json()) as {
      warehouses: Array<{ present: number; reserved: number }>;
    };
    expect(units.warehouses[0]?.present).toBe(units.warehouses[0]?.reserved);
    expect((await post(`stock/${product.offerId}`, { warehouseId: w1.id, stock: -1 })).status).toBe(
      400,
    );
    expect((await post("stock-window", { ms: 0 })).status).toBe(200);
    const change = { productId: String(product.productId), warehouseId: String(w1.id), stock: 3 };
    expect((await seller.stock.setStocks([change]))[0]?.updated).toBe(true);
    expect((await seller.stock.setStocks([change]))[0]?.updated).toBe(true);
    expect((await post("stock-refuse", { code: "SKU_STOCK_NOT_CHANGE" })).status).toBe(200);
    expect((await seller.stock.setStocks([change]))[0]?.errors[0]?.code).toBe(
      "SKU_STOCK_NOT_CHANGE",
    );
    await seller.close();
  });
});
