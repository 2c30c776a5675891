/**
 * Issue 36 in the Seller client, against a stand-in server on an instant clock: today's methods
 * and their cursors (stock per warehouse v2, posting list v4), what Ozon allows once a minute kept
 * and shared (`/v1/analytics/data`), the account's pace of stock requests (70 a minute, under
 * Ozon's 80), and Ozon's documented refusals recognised as such.
 */
import { afterEach, describe, expect, it } from "vitest";
import { refusalOf } from "../../../src/ozon/index.ts";
import { type SellerSetup, sellerAgainst } from "../support/seller.ts";
import { send } from "../support/server.ts";

let setup: SellerSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const row = (warehouse: number, present: number, reserved: number) => ({
  free_stock: present - reserved,
  offer_id: "A-1",
  present,
  product_id: 214887921,
  reserved,
  sku: 1456789012,
  warehouse_id: warehouse,
  warehouse_name: `Склад ${warehouse}`,
});

describe("stock per warehouse (v2)", () => {
  it("asks with limit and one kind of id, follows the cursor to the last page", async () => {
    setup = await sellerAgainst({
      "POST /v2/product/info/stocks-by-warehouse/fbs": (req, res, nth) => {
        const body = req.body as { cursor?: string };
        if (nth === 1) send(res, 200, { cursor: "c1", has_next: true, products: [row(1, 5, 1)] });
        else if (body.cursor === "c1") {
          send(res, 200, { cursor: "c2", has_next: true, products: [row(2, 3, 0)] });
        } else send(res, 200, { cursor: "", has_next: false, products: [row(3, 0, 0)] });
      },
    });
    const rows = await setup.seller.stock.stocksByWarehouse({ skus: ["1456789012", "1456789012"] });
    expect(rows.map((r) => [r.warehouseId, r.present, r.reserved, r.free])).toEqual([
      ["1", 5, 1, 4],
      ["2", 3, 0, 3],
      ["3", 0, 0, 0],
    ]);
    expect(setup.server.requests.map((r) => r.body)).toEqual([
      { sku: ["1456789012"], limit: 1000 },
      { sku: ["1456789012"], limit: 1000, cursor: "c1" },
      { sku: ["1456789012"], limit: 1000, cursor: "c2" },
    ]);
    await setup.seller.stock.stocksByWarehouse({ offerIds: ["A-1"] });
    expect(setup.server.requests.at(-1)?.body).toEqual({ offer_id: ["A-1"], limit: 1000 });
  });

  it("stops when Ozon's cursor does not move", async () => {
    setup = await sellerAgainst({
      "POST /v2/product/info/stocks-by-warehouse/fbs": (_req, res) =>
        send(res, 200, { cursor: "same", has_next: true, products: [row(1, 1, 0)] }),
    });
    await expect(setup.seller.stock.stocksByWarehouse({ skus: ["1"] })).resolves.toHaveLength(1);
    expect(setup.server.requests).toHaveLength(2);
  });
});

describe("postings of the seller's own deliveries (v4)", () => {
  it("asks every status at once, 100 a page, oldest first, following the cursor", async () => {
    const posting = (n: string, status: string) => ({
      posting_number: n,
      status,
      products: [
        { sku: 1, name: "Чайник", quantity: 1, price: { amount: "990.00", currency: "RUB" } },
      ],
    });
    setup = await sellerAgainst({
      "POST /v4/posting/fbs/list": (_req, res, nth) =>
        nth === 1
          ? send(res, 200, {
              cursor: "next",
              has_next: true,
              postings: [posting("1-1-1", "delivering"), posting("2-1-1", "cancelled")],
            })
          : send(res, 200, {
              cursor: "",
              has_next: false,
              postings: [posting("3-1-1", "awaiting_deliver")],
            }),
    });
    const found = await setup.seller.deliveries.listByStatuses(
      ["awaiting_deliver", "delivering"],
      "2026-11-07T09:00:00Z",
      "2026-12-07T09:00:00Z",
    );
    expect(found.map((p) => [p.postingNumber, p.status])).toEqual([
      ["1-1-1", "delivering"],
      ["3-1-1", "awaiting_deliver"],
    ]);
    expect(found[0]?.products[0]?.price).toBe("990.00");
    const filter = {
      since: "2026-11-07T09:00:00Z",
      to: "2026-12-07T09:00:00Z",
      statuses: ["awaiting_deliver", "delivering"],
    };
    const asked = { filter, limit: 100, sort_dir: "ASC" };
    const shape = { with: { analytics_data: false, financial_data: false } };
    expect(setup.server.requests.map((r) => r.body)).toEqual([
      { ...asked, ...shape },
      { cursor: "next", ...asked, ...shape },
    ]);
  });
});

describe("/v1/analytics/data, once a minute", () => {
  const answer = {
    result: {
      data: [
        { dimensions: [{ id: "111", name: "" }], metrics: [4] },
        { dimensions: [{ id: "222", name: "" }], metrics: [9] },
      ],
      totals: [13],
    },
    timestamp: "2026-12-07 09:00:00",
  };
  const period = { from: "2026-11-24", to: "2026-12-07" };

  it("is kept for a minute and shared by readers of the same request, at once or later", async () => {
    setup = await sellerAgainst({
      "POST /v1/analytics/data": (_req, res) => send(res, 200, answer),
    });
    const { seller, clock, server } = setup;
    const [a, b] = await Promise.all([
      seller.analytics.orderedUnitsBySku(period, ["111"]),
      seller.analytics.orderedUnitsBySku(period, ["222"]),
    ]);
    expect(a.get("111")).toBe(4);
    expect(b.get("222")).toBe(9);
    await clock.sleep(59_999);
    expect((await seller.analytics.orderedUnitsBySku(period, ["222", "333"])).get("333")).toBe(0);
    expect(server.requests).toHaveLength(1);
    // Another request (the digest's totals by day) is its own.
    await seller.analytics.sales({ from: "2026-12-06", to: "2026-12-06" });
    expect(server.requests).toHaveLength(2);
    await clock.sleep(1);
    await seller.analytics.orderedUnitsBySku(period, ["111"]);
    expect(server.requests).toHaveLength(3);
  });

  it("readers waiting on a refused request share the refusal; none is kept", async () => {
    setup = await sellerAgainst({
      "POST /v1/analytics/data": (_req, res, nth) =>
        nth === 1 ? send(res, 400, { code: 3, message: "bad" }) : send(res, 200, answer),
    });
    const { seller, server } = setup;
    const both = await Promise.allSettled([
      seller.analytics.orderedUnitsBySku(period, ["111"]),
      seller.analytics.orderedUnitsBySku(period, ["222"]),
    ]);
    expect(both.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(server.requests).toHaveLength(1);
    expect((await seller.analytics.orderedUnitsBySku(period, ["111"])).get("111")).toBe(4);
    expect(server.requests).toHaveLength(2);
  });
});

describe("the account's pace of stock requests", () => {
  it("at most 70 stock requests in any minute (Ozon takes 80); each waits its turn", async () => {
    const times: number[] = [];
    setup = await sellerAgainst({
      "POST /v2/products/stocks": (req, res) => {
        times.push(setup?.clock.now() ?? 0);
        const [item] = (req.body as { stocks: Array<Record<string, unknown>> }).stocks;
        send(res, 200, { result: [{ ...item, updated: true, errors: [] }] });
      },
    });
    for (let i = 0; i < 90; i++) {
      const [result] = await setup.seller.stock.setStocks([
        { productId: "214887921", warehouseId: "1020000092835000", stock: i },
      ]);
      expect(result?.updated).toBe(true);
    }
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while ((times[i] as number) - (times[j] as number) >= 60_000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBe(70);
    expect(setup.server.requests[0]?.body).toEqual({
      stocks: [{ product_id: 214887921, quant_size: 1, warehouse_id: 1020000092835000, stock: 0 }],
    });
  });

  it("a million units or more is refused before anything is sent (STOCK_TOO_BIG)", async () => {
    setup = await sellerAgainst({});
    await expect(
      setup.seller.stock.setStocks([{ productId: "1", warehouseId: "2", stock: 1_000_000 }]),
    ).rejects.toThrow(/STOCK_TOO_BIG/);
    expect(setup.server.requests).toEqual([]);
  });
});

describe("Ozon's documented refusals", () => {
  const error = (code: string, message = "") => [{ code, message }];
  it("are recognised by the words the documents give", () => {
    expect(refusalOf("stock", error("Stock is updated too frequently"))).toBe("stock_too_frequent");
    expect(refusalOf("stock", error("", "Stock is updated too frequently"))).toBe(
      "stock_too_frequent",
    );
    expect(refusalOf("stock", error("TOO_MANY_REQUESTS"))).toBe("stock_too_frequent");
    expect(refusalOf("stock", error("STOCK_TOO_BIG"))).toBe("stock_too_big");
    expect(
      refusalOf(
        "price",
        error("error limiting: acquire limit per item: items limit: limit exceeded"),
      ),
    ).toBe("price_too_often");
    expect(refusalOf("price", error("TOO_MANY_REQUESTS"))).toBe("price_too_often");
    expect(refusalOf("price", error("OLD_PRICE_LESS_THAN_PRICE"))).toBeUndefined();
    expect(refusalOf("stock", error("NOT_FOUND"))).toBeUndefined();
  });
});
