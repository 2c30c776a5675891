/**
 * Issue 36: the sandbox answers today's forms as Ozon's documents write them, and gives Ozon's
 * documented refusals so the bot's words for them can be reached. Raw HTTP, no client.
 * - `/v2/warehouse/list` (`limit` ≤ 200 required, cursor) instead of the switched-off v1;
 * - `/v2/product/info/stocks-by-warehouse/fbs` (`limit` ≤ 1000 required, one of `sku`/`offer_id`,
 *   `products[]` with `free_stock`, `cursor`, `has_next`) instead of v1;
 * - `/v4/posting/fbs/list` (`filter` and `limit` ≤ 100 required, `filter.statuses[]`, `sort_dir`,
 *   cursor) instead of v3;
 * - `/v2/products/stocks` takes the required `quant_size` and refuses per item with
 *   `Stock is updated too frequently` (one change per product and warehouse in 30 s) and
 *   `STOCK_TOO_BIG` (1 000 000 or more); `/v1/product/import/prices` refuses the 11th change of a
 *   product's price within an hour with `error limiting: acquire limit per item: …`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { describeViolation, takeContractViolations } from "../../src/sandbox/contract.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { seller } from "./helpers.ts";

/**
 * The bodies this file sends wrong on purpose, as the schema check named them (taken, so they do
 * not fail the test): the refusals are the documents' own.
 */
const refusedBodies = () => takeContractViolations().map(describeViolation);

let sb: Sandbox | undefined;
let now = Date.parse("2026-12-07T09:00:00Z");
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

async function start(): Promise<Sandbox> {
  now = Date.parse("2026-12-07T09:00:00Z");
  sb = await startSandbox({ initialPostings: 0, historyPostings: 0, now: () => now });
  return sb;
}

describe("switched-off forms", () => {
  it("are not answered any more", async () => {
    const s = await start();
    expect((await seller(s, "/v1/warehouse/list", { limit: 200 })).status).toBe(404);
    expect(
      (await seller(s, "/v1/product/info/stocks-by-warehouse/fbs", { sku: ["1"] })).status,
    ).toBe(404);
    const v3 = {
      dir: "ASC",
      filter: { since: "2026-12-01T00:00:00Z", to: "2026-12-07T00:00:00Z" },
    };
    expect((await seller(s, "/v3/posting/fbs/list", { ...v3, limit: 10, offset: 0 })).status).toBe(
      404,
    );
  });
});

describe("/v2/warehouse/list", () => {
  it("requires limit ≤ 200 and pages by cursor", async () => {
    const s = await start();
    expect((await seller(s, "/v2/warehouse/list", {})).status).toBe(400);
    expect((await seller(s, "/v2/warehouse/list", { limit: 201 })).status).toBe(400);
    expect(refusedBodies()).toEqual([
      "POST /v2/warehouse/list request: / must have required property 'limit'",
      "POST /v2/warehouse/list request: /limit must be <= 200",
    ]);
    const all = s.control.warehouses();
    const first = await seller(s, "/v2/warehouse/list", { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.json.has_next).toBe(true);
    expect(first.json.warehouses.map((w: { warehouse_id: number }) => w.warehouse_id)).toEqual(
      all.slice(0, 2).map((w) => w.id),
    );
    const [one] = first.json.warehouses;
    expect(one).toMatchObject({ name: all[0]?.name, is_rfbs: all[0]?.isRfbs, status: "created" });
    expect(typeof one.warehouse_id).toBe("number");
    expect(one.working_days).toEqual(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"]);
    expect(["UNSPECIFIED", "PICK_UP", "DROP_OFF"]).toContain(one.first_mile.type);
    const rest = await seller(s, "/v2/warehouse/list", { limit: 2, cursor: first.json.cursor });
    expect(rest.json).toMatchObject({ has_next: false, cursor: "" });
    expect(rest.json.warehouses.map((w: { warehouse_id: number }) => w.warehouse_id)).toEqual(
      all.slice(2).map((w) => w.id),
    );
    const picked = await seller(s, "/v2/warehouse/list", {
      limit: 200,
      warehouse_ids: [String(all[1]?.id)],
    });
    expect(picked.json.warehouses).toHaveLength(1);
  });
});

describe("/v2/product/info/stocks-by-warehouse/fbs", () => {
  it("takes one of sku or offer_id with limit ≤ 1000, answers products with free_stock by cursor", async () => {
    const s = await start();
    const product = s.control.products()[0];
    if (!product) throw new Error("no product");
    const path = "/v2/product/info/stocks-by-warehouse/fbs";
    expect((await seller(s, path, { sku: [String(product.sku)] })).status).toBe(400);
    expect((await seller(s, path, { limit: 1001, sku: [String(product.sku)] })).status).toBe(400);
    expect((await seller(s, path, { limit: 10 })).status).toBe(400);
    const both = { limit: 10, sku: [String(product.sku)], offer_id: [product.offerId] };
    expect((await seller(s, path, both)).status).toBe(400);
    // An SKU is an int64 written as a string.
    expect((await seller(s, path, { limit: 10, sku: [product.sku] })).status).toBe(400);
    expect(refusedBodies()).toEqual([
      `POST ${path} request: / must have required property 'limit'`,
      `POST ${path} request: /limit must be <= 1000`,
      `POST ${path} request: / must have required property 'sku'; / must have required property 'offer_id'; / must match exactly one schema in oneOf`,
      `POST ${path} request: / must match exactly one schema in oneOf`,
      // A number for the SKU fits the documents' int64 (either form); the sandbox, as Ozon
      // writes its example, wants the string.
    ]);

    const units = s.control.stock.units(product.offerId);
    const first = await seller(s, path, { limit: 2, sku: [String(product.sku)] });
    expect(first.status).toBe(200);
    expect(first.json.has_next).toBe(true);
    const rest = await seller(s, path, {
      limit: 2,
      sku: [String(product.sku)],
      cursor: first.json.cursor,
    });
    expect(rest.json).toMatchObject({ has_next: false, cursor: "" });
    const rows = [...first.json.products, ...rest.json.products];
    expect(rows).toEqual(
      units.warehouses.map((w) => ({
        free_stock: w.present - w.reserved,
        offer_id: product.offerId,
        present: w.present,
        product_id: product.productId,
        reserved: w.reserved,
        sku: product.sku,
        warehouse_id: w.warehouseId,
        warehouse_name: w.warehouseName,
      })),
    );
    const byOffer = await seller(s, path, { limit: 1000, offer_id: [product.offerId] });
    expect(byOffer.json.products).toEqual(rows);
  });
});

describe("/v4/posting/fbs/list", () => {
  it("requires filter and limit ≤ 100, filters by statuses[], pages by cursor in sort_dir", async () => {
    const s = await start();
    const hour = 3_600_000;
    const made = [
      s.control.addOwnDelivery({ status: "awaiting_deliver", inProcessAt: now - 5 * hour }),
      s.control.addOwnDelivery({ status: "delivering", inProcessAt: now - 4 * hour }),
      s.control.addOwnDelivery({ status: "awaiting_deliver", inProcessAt: now - 3 * hour }),
      s.control.addOwnDelivery({ status: "delivered", inProcessAt: now - 2 * hour }),
    ].map((p) => p.postingNumber);
    const filter = {
      since: new Date(now - 24 * hour).toISOString(),
      to: new Date(now).toISOString(),
      statuses: ["awaiting_deliver", "delivering"],
    };
    expect((await seller(s, "/v4/posting/fbs/list", { limit: 10 })).status).toBe(400);
    expect((await seller(s, "/v4/posting/fbs/list", { filter, limit: 101 })).status).toBe(400);
    expect((await seller(s, "/v4/posting/fbs/list", { filter })).status).toBe(400);
    const bad = { filter, limit: 10, sort_dir: "UP" };
    expect((await seller(s, "/v4/posting/fbs/list", bad)).status).toBe(400);
    expect(refusedBodies()).toEqual([
      "POST /v4/posting/fbs/list request: / must have required property 'filter'",
      "POST /v4/posting/fbs/list request: /limit must be <= 100",
      "POST /v4/posting/fbs/list request: / must have required property 'limit'",
      'POST /v4/posting/fbs/list request: /sort_dir must be equal to one of the allowed values (["ASC","DESC"])',
    ]);

    const first = await seller(s, "/v4/posting/fbs/list", { filter, limit: 2, sort_dir: "ASC" });
    expect(first.status).toBe(200);
    expect(first.json.has_next).toBe(true);
    const next = { filter, limit: 2, sort_dir: "ASC", cursor: first.json.cursor };
    const rest = await seller(s, "/v4/posting/fbs/list", next);
    expect(rest.json).toMatchObject({ has_next: false, cursor: "" });
    const listed = [...first.json.postings, ...rest.json.postings];
    expect(listed.map((p: { posting_number: string }) => p.posting_number)).toEqual(
      made.slice(0, 3),
    );
    // Money as {amount, currency}; no nulls anywhere (the document has none).
    expect(listed[0].products[0].price).toMatchObject({ currency: "RUB" });
    expect(first.text).not.toContain("null");
    const desc = await seller(s, "/v4/posting/fbs/list", { filter, limit: 10, sort_dir: "DESC" });
    expect(desc.json.postings.map((p: { posting_number: string }) => p.posting_number)).toEqual(
      made.slice(0, 3).reverse(),
    );
  });
});

describe("Ozon's documented refusals", () => {
  it("stock: quant_size required; 30 s per pair; STOCK_TOO_BIG from a million", async () => {
    const s = await start();
    const product = s.control.products()[0];
    const warehouse = s.control.warehouses()[0];
    if (!product || !warehouse) throw new Error("no product");
    const item = { product_id: product.productId, warehouse_id: warehouse.id, quant_size: 1 };
    const { quant_size: _, ...withoutQuant } = item;
    expect(
      (await seller(s, "/v2/products/stocks", { stocks: [{ ...withoutQuant, stock: 3 }] })).status,
    ).toBe(400);
    expect(refusedBodies()).toEqual([
      "POST /v2/products/stocks request: /stocks/0 must have required property 'quant_size'",
    ]);

    const set = (stock: number) =>
      seller(s, "/v2/products/stocks", { stocks: [{ ...item, stock }] });
    expect((await set(3)).json.result[0]).toMatchObject({ updated: true, errors: [] });
    now += 29_000;
    expect((await set(4)).json.result[0]).toEqual({
      offer_id: product.offerId,
      product_id: product.productId,
      warehouse_id: warehouse.id,
      updated: false,
      errors: [
        { code: "Stock is updated too frequently", message: "Stock is updated too frequently" },
      ],
    });
    now += 1_000;
    expect((await set(1_000_000)).json.result[0]).toMatchObject({
      updated: false,
      errors: [{ code: "STOCK_TOO_BIG" }],
    });
    expect((await set(999_999)).json.result[0]).toMatchObject({ updated: true });
    expect(s.control.stock.stockLog().map((e) => e.stock)).toEqual([3, 999_999]);
  });

  it("prices: the 11th change of a product within an hour is refused in Ozon's words", async () => {
    const s = await start();
    const product = s.control.products()[0];
    if (!product) throw new Error("no product");
    const price = (rubles: number) =>
      seller(s, "/v1/product/import/prices", {
        prices: [{ product_id: product.productId, price: String(rubles), old_price: "0" }],
      });
    for (let i = 0; i < 10; i++) {
      expect((await price(1000 + i)).json.result[0].updated).toBe(true);
      now += 60_000;
    }
    expect((await price(2000)).json.result[0]).toMatchObject({
      updated: false,
      errors: [
        {
          code: "error limiting: acquire limit per item: items limit: limit exceeded",
          message: "error limiting: acquire limit per item: items limit: limit exceeded",
        },
      ],
    });
    // An hour after the first of the ten, one more is taken.
    now += 50 * 60_000;
    expect((await price(2000)).json.result[0].updated).toBe(true);
  });
});
