/**
 * The hand reader of listed postings gives exactly what zod gives, and gives up (leaving the
 * verdict to zod) on anything zod would refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJson } from "../../../../src/ozon/json.ts";
import { readWirePosting } from "../../../../src/ozon/seller/endpoints/posting-fast.ts";
import { unfulfilledListV3, wirePosting } from "../../../../src/ozon/seller/endpoints/postings.ts";
import { problemsOf } from "../../../../src/ozon/zod-problems.ts";
import { type Sandbox, startSandbox } from "../../../../src/sandbox/index.ts";

let sandbox: Sandbox;
beforeAll(async () => {
  // The seed's v3 list (the bot's fall-back) and today's v4 are both read.
  sandbox = await startSandbox({ initialPostings: 60, historyPostings: 0, rules: "seed" });
});
afterAll(() => sandbox.close());

async function listed(path: string, body: object): Promise<unknown[]> {
  const answer = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "Client-Id": sandbox.credentials.sellerClientId,
      "Api-Key": sandbox.credentials.sellerApiKey,
    },
    body: JSON.stringify(body),
  });
  const value = parseJson(await answer.text()) as {
    result?: { postings: unknown[] };
    postings?: unknown[];
  };
  return value.result?.postings ?? value.postings ?? [];
}

const base = {
  posting_number: "123-0001-1",
  order_id: 31916750827,
  order_number: "123-0001",
  status: "awaiting_packaging",
  substatus: "posting_created",
  shipment_date: "2026-11-24T11:00:00.000Z",
  in_process_at: "2026-11-23T12:02:52.859Z",
  delivery_method: { id: 1, name: "Курьер", warehouse_id: "1020000085475000", warehouse: "Шушары" },
  products: [
    {
      sku: 1585075522,
      name: "Кофе",
      offer_id: "CFE",
      quantity: 1,
      price: "1590.00",
      currency_code: "RUB",
      mandatory_mark: [],
    },
  ],
  cancellation: { cancel_reason_id: 0 },
};
const product = base.products[0] as Record<string, unknown>;

describe("readWirePosting", () => {
  it("reads the sandbox's v3 and v4 postings as zod does", async () => {
    const now = Date.now();
    const v3 = await listed("/v3/posting/fbs/unfulfilled/list", {
      dir: "ASC",
      filter: {
        cutoff_from: new Date(now - 1e10).toISOString(),
        cutoff_to: new Date(now + 1e10).toISOString(),
        status: "awaiting_packaging",
      },
      limit: 1000,
      offset: 0,
    });
    const v4 = await listed("/v4/posting/fbs/unfulfilled/list", {
      filter: { statuses: ["awaiting_packaging"] },
      limit: 100,
      sort_dir: "ASC",
    });
    expect(v3).toHaveLength(60);
    expect(v4).toHaveLength(60);
    for (const posting of [...v3, ...v4]) {
      const fast = readWirePosting(posting);
      expect(fast).toBeDefined();
      // (A field zod leaves out may stand here as undefined: no reader tells them apart.)
      expect(fast).toEqual(wirePosting.parse(posting));
    }
  });

  it.each([
    [
      "empty and null optional fields",
      { ...base, order_id: "", substatus: "", order_number: null },
    ],
    ["no delivery method, no products", { ...base, delivery_method: null, products: null }],
    ["absent optional fields", { posting_number: "1-1-1", status: "awaiting_packaging" }],
    [
      "a v4 price",
      { ...base, products: [{ ...product, price: { amount: 1590, currency: "RUB" } }] },
    ],
    ["a price without currency", { ...base, products: [{ ...product, price: { amount: "1" } }] }],
    ["numbers as strings", { ...base, products: [{ ...product, sku: "158", quantity: "2" }] }],
    [
      "marks and a null price",
      { ...base, products: [{ ...product, mandatory_mark: ["a", ""], price: null }] },
    ],
  ])("reads %s as zod does", (_what, posting) => {
    const fast = readWirePosting(posting);
    expect(fast).toBeDefined();
    // (A field zod leaves out may stand here as undefined: no reader tells them apart.)
    expect(fast).toEqual(wirePosting.parse(posting));
  });

  it.each([
    ["an empty posting number", { ...base, posting_number: "" }],
    ["no status", { ...base, status: undefined }],
    ["a fractional order id", { ...base, order_id: 1.5 }],
    ["an unsafe integer sku", { ...base, products: [{ ...product, sku: 2 ** 60 }] }],
    ["a quantity in words", { ...base, products: [{ ...product, quantity: "two" }] }],
    ["a price of true", { ...base, products: [{ ...product, price: true }] }],
    ["a product without a name", { ...base, products: [{ ...product, name: undefined }] }],
    ["products as an object", { ...base, products: { 0: product } }],
    ["a number as a mark", { ...base, products: [{ ...product, mandatory_mark: [5] }] }],
    ["a delivery method as a string", { ...base, delivery_method: "courier" }],
  ])("leaves %s to zod, which refuses it", (_what, posting) => {
    expect(readWirePosting(posting)).toBeUndefined();
    expect(wirePosting.safeParse(posting).success).toBe(false);
  });

  it("names the problem of a listed posting at its place in the list", () => {
    const bad = { ...base, products: [product, { ...product, sku: 1.5 }] };
    const checked = unfulfilledListV3.response.safeParse({
      result: { count: 2, postings: [base, bad] },
    });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(problemsOf(checked.error).field).toBe("result.postings[1].products[1].sku");
  });
});
