import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolation, takeContractViolations } from "../../src/sandbox/contract.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { pdfPageTexts } from "../support/pdf-text.ts";
import { waitFor } from "../support/wait.ts";
import { type Answer, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  // Both forms: the seed's (v3 list, v2 ship and marks: the bot's fall-backs) and today's.
  sb = await startSandbox({ seed: 7, initialPostings: 5, historyPostings: 3, rules: "seed" });
});
afterAll(() => sb.close());

const POSTING_NUMBER = /^\d{8}-\d{4}-\d+$/;
const plainSku = () => {
  const product = sb.control.products().find((p) => !p.markRequired);
  if (!product) throw new Error("no unmarked product");
  return product.sku;
};
const markedSku = () => {
  const product = sb.control.products().find((p) => p.markRequired);
  if (!product) throw new Error("no marked product");
  return product.sku;
};
const newPlainPosting = (quantity = 1) =>
  sb.control.addPosting({ products: [{ sku: plainSku(), quantity }] }).postingNumber;
const getPosting = async (postingNumber: string, flags = {}) =>
  (await seller(sb, "/v3/posting/fbs/get", { posting_number: postingNumber, with: flags })).json
    .result;
const errorOf = (res: Answer) => ({
  status: res.status,
  code: res.json?.code,
  message: res.json?.message,
});

/** The cut-off window the documents require of the v3 list (at most a year). */
const cutoffs = () => ({
  cutoff_from: new Date(Date.now() - 150 * 86_400_000).toISOString(),
  cutoff_to: new Date(Date.now() + 150 * 86_400_000).toISOString(),
});

describe("unfulfilled list, spec form v3", () => {
  it("pages with offset/limit and answers result{count, postings} in realistic shapes", async () => {
    const first = await seller(sb, "/v3/posting/fbs/unfulfilled/list", {
      limit: 3,
      offset: 0,
      dir: "ASC",
      filter: cutoffs(),
    });
    expect(first.status).toBe(200);
    const { count, postings } = first.json.result;
    expect(count).toBe(6); // 5 awaiting packaging + 1 awaiting deliver from the history
    expect(postings).toHaveLength(3);
    const rest = await seller(sb, "/v3/posting/fbs/unfulfilled/list", {
      limit: 3,
      offset: 3,
      filter: cutoffs(),
    });
    const all = [...postings, ...rest.json.result.postings];
    expect(new Set(all.map((p: { posting_number: string }) => p.posting_number)).size).toBe(6);
    for (const p of all) {
      expect(p.posting_number).toMatch(POSTING_NUMBER);
      expect(p.posting_number.startsWith(`${p.order_number}-`)).toBe(true);
      expect(Date.parse(p.shipment_date)).toBeGreaterThan(Date.now());
      expect(p.products[0].price).toMatch(/^\d+\.\d{2}$/);
      expect(p.products[0].name).toMatch(/[а-яё]/i);
      expect(typeof p.products[0].sku).toBe("number");
      expect(p.analytics_data).toBeNull();
    }
  });

  it("filters by status and fills the with-blocks only when asked", async () => {
    const res = await seller(sb, "/v3/posting/fbs/unfulfilled/list", {
      limit: 100,
      offset: 0,
      filter: { ...cutoffs(), status: "awaiting_packaging" },
      with: { analytics_data: true, financial_data: true, barcodes: true },
    });
    const postings = res.json.result.postings;
    expect(postings.length).toBeGreaterThanOrEqual(5);
    for (const p of postings) {
      expect(p.status).toBe("awaiting_packaging");
      expect(p.analytics_data.city).toMatch(/[А-Я]/);
      expect(p.financial_data.products[0]).toHaveProperty("commission_amount");
      expect(p.barcodes).toHaveProperty("lower_barcode");
    }
  });

  it("requires limit", async () => {
    const res = await seller(sb, "/v3/posting/fbs/unfulfilled/list", {
      offset: 0,
      filter: cutoffs(),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("limit");
    // Refused by the documents' schema, on purpose.
    expect(takeContractViolations().map(describeViolation)).toEqual([
      "POST /v3/posting/fbs/unfulfilled/list request: / must have required property 'limit'",
    ]);
  });
});

describe("unfulfilled list, successor v4", () => {
  it("pages by cursor through every posting of the asked statuses, prices as {amount, currency}", async () => {
    const seen: string[] = [];
    let cursor = "";
    for (let page = 0; page < 20; page++) {
      const res = await seller(sb, "/v4/posting/fbs/unfulfilled/list", {
        limit: 2,
        cursor,
        filter: { statuses: ["awaiting_packaging"] },
      });
      expect(res.status).toBe(200);
      expect(res.json).not.toHaveProperty("result");
      for (const p of res.json.postings) {
        expect(p.status).toBe("awaiting_packaging");
        expect(p.products[0].price).toEqual({
          amount: expect.stringMatching(/^\d+\.\d{2}$/),
          currency: "RUB",
        });
        seen.push(p.posting_number);
      }
      if (!res.json.has_next) {
        expect(res.json.cursor).toBe("");
        break;
      }
      cursor = res.json.cursor;
    }
    const expected = sb.control.postings().filter((p) => p.status === "awaiting_packaging");
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(expected.map((p) => p.postingNumber).sort());
  });

  it("filters by warehouse ids given as strings", async () => {
    const warehouse = sb.control.warehouses()[0];
    if (!warehouse) throw new Error("no warehouse");
    const res = await seller(sb, "/v4/posting/fbs/unfulfilled/list", {
      limit: 100,
      filter: { warehouse_ids: [String(warehouse.id)] },
    });
    expect(res.json.postings.length).toBeGreaterThan(0);
    for (const p of res.json.postings) expect(p.delivery_method.warehouse_id).toBe(warehouse.id);
  });

  it("rejects a broken cursor", async () => {
    const res = await seller(sb, "/v4/posting/fbs/unfulfilled/list", { limit: 2, cursor: "###" });
    expect(res.status).toBe(400);
  });
});

describe("posting get", () => {
  it("returns the posting with substatus and product dimensions", async () => {
    const number = newPlainPosting();
    const p = await getPosting(number, { analytics_data: true });
    expect(p).toMatchObject({
      posting_number: number,
      status: "awaiting_packaging",
      substatus: "posting_created",
    });
    expect(p.products[0].dimensions).toHaveProperty("weight");
    expect(p.analytics_data).not.toBeNull();
  });

  it("answers 404 POSTING_NOT_FOUND for an unknown posting", async () => {
    const res = await seller(sb, "/v3/posting/fbs/get", { posting_number: "00000000-0000-1" });
    expect(errorOf(res)).toEqual({ status: 404, code: 5, message: "POSTING_NOT_FOUND" });
  });
});

describe("ship", () => {
  it("v2 moves a posting to awaiting_deliver and refuses a second ship", async () => {
    const number = newPlainPosting(2);
    const res = await seller(sb, "/v2/posting/fbs/ship", {
      posting_number: number,
      packages: [{ items: [{ sku: plainSku(), quantity: 2, mandatory_mark: [] }] }],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ result: [number] });
    expect((await getPosting(number)).status).toBe("awaiting_deliver");
    const again = await seller(sb, "/v2/posting/fbs/ship", {
      posting_number: number,
      packages: [{ items: [{ sku: plainSku(), quantity: 2 }] }],
    });
    expect(errorOf(again)).toEqual({ status: 400, code: 3, message: "POSTING_ALREADY_SHIPPED" });
  });

  it("v4 ships with packages[].products[{product_id = SKU, quantity}]", async () => {
    const number = newPlainPosting();
    const res = await seller(sb, "/v4/posting/fbs/ship", {
      posting_number: number,
      packages: [{ products: [{ product_id: plainSku(), quantity: 1 }] }],
      with: { additional_data: true },
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual([number]);
    expect(res.json.additional_data[0].posting_number).toBe(number);
    expect((await getPosting(number)).status).toBe("awaiting_deliver");
  });

  it("failNextShip: 200 yet the posting stays awaiting_packaging with substatus ship_failed", async () => {
    const number = newPlainPosting();
    sb.control.failNextShip(number);
    const body = {
      posting_number: number,
      packages: [{ products: [{ product_id: plainSku(), quantity: 1 }] }],
    };
    const res = await seller(sb, "/v4/posting/fbs/ship", body);
    expect(res.status).toBe(200);
    expect(res.json.result).toEqual([number]);
    const after = await getPosting(number);
    expect(after).toMatchObject({ status: "awaiting_packaging", substatus: "ship_failed" });
    expect((await seller(sb, "/v4/posting/fbs/ship", body)).status).toBe(200);
    expect((await getPosting(number)).status).toBe("awaiting_deliver");
  });

  it("splits a posting shipped in two packages into two postings", async () => {
    const number = newPlainPosting(2);
    const res = await seller(sb, "/v2/posting/fbs/ship", {
      posting_number: number,
      packages: [
        { items: [{ sku: plainSku(), quantity: 1 }] },
        { items: [{ sku: plainSku(), quantity: 1 }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toHaveLength(2);
    expect(res.json.result[0]).toBe(number);
    for (const n of res.json.result) expect((await getPosting(n)).status).toBe("awaiting_deliver");
  });

  it("refuses wrong quantities, cancelled postings and postings in other statuses", async () => {
    const wrong = newPlainPosting(2);
    const res = await seller(sb, "/v2/posting/fbs/ship", {
      posting_number: wrong,
      packages: [{ items: [{ sku: plainSku(), quantity: 1 }] }],
    });
    expect(errorOf(res).message).toBe("INCORRECT_PRODUCT_QUANTITY");

    const cancelled = newPlainPosting();
    sb.control.setPostingStatus(cancelled, "cancelled");
    const ship = (n: string) =>
      seller(sb, "/v2/posting/fbs/ship", {
        posting_number: n,
        packages: [{ items: [{ sku: plainSku(), quantity: 1 }] }],
      });
    expect(errorOf(await ship(cancelled)).message).toBe("POSTING_ALREADY_CANCELLED");

    const arbitration = newPlainPosting();
    sb.control.setPostingStatus(arbitration, "arbitration");
    expect(errorOf(await ship(arbitration)).message).toBe("HAS_INCORRECT_STATUS");

    const delivering = newPlainPosting();
    sb.control.setPostingStatus(delivering, "delivering");
    expect(errorOf(await ship(delivering)).message).toBe("POSTING_ALREADY_SHIPPED");
  });
});

describe("ship: packages split the posting, checked as a whole first", () => {
  const plainProducts = () => sb.control.products().filter((p) => !p.markRequired);
  /** Two unmarked products A and B: a posting of A×1 and B×2. */
  const twoProductPosting = () => {
    const [a, b] = plainProducts();
    if (!a || !b) throw new Error("two unmarked products needed");
    const posting = sb.control.addPosting({
      products: [
        { sku: a.sku, quantity: 1 },
        { sku: b.sku, quantity: 2 },
      ],
    });
    return { number: posting.postingNumber, order: posting.orderNumber, a, b };
  };
  const shipped = async (number: string) => {
    const p = await getPosting(number);
    return {
      status: p.status,
      order: p.order_number,
      products: p.products.map((x: { sku: number; quantity: number }) => [x.sku, x.quantity]),
    };
  };
  /** Everything a refused ship must leave as it was. */
  const stateOf = async (number: string) => ({
    control: sb.control.snapshot(),
    wire: (
      await seller(sb, "/v3/posting/fbs/get", {
        posting_number: number,
        with: { analytics_data: true, barcodes: true, financial_data: true },
      })
    ).text,
  });
  const expectRefusedUnchanged = async (
    number: string,
    path: string,
    body: unknown,
    message: string,
  ) => {
    const before = await stateOf(number);
    const res = await seller(sb, path, body);
    expect(errorOf(res)).toEqual({ status: 400, code: 3, message });
    expect(await stateOf(number)).toEqual(before);
  };

  it("v2: package 1 without product A; each package becomes a posting with its own lines", async () => {
    const { number, order, a, b } = twoProductPosting();
    const postingsBefore = sb.control.postings().length;
    const res = await seller(sb, "/v2/posting/fbs/ship", {
      posting_number: number,
      packages: [
        { items: [{ sku: b.sku, quantity: 2, mandatory_mark: [] }] },
        { items: [{ sku: a.sku, quantity: 1, mandatory_mark: [] }] },
      ],
    });
    expect(res.status).toBe(200);
    const [first, second, ...rest] = res.json.result as string[];
    expect(rest).toEqual([]);
    expect(first).toBe(number);
    expect(second).toMatch(new RegExp(`^${order}-\\d+$`));
    expect(second).not.toBe(number);
    expect(await shipped(number)).toEqual({
      status: "awaiting_deliver",
      order,
      products: [[b.sku, 2]],
    });
    expect(await shipped(second ?? "")).toEqual({
      status: "awaiting_deliver",
      order,
      products: [[a.sku, 1]],
    });
    expect(sb.control.postings()).toHaveLength(postingsBefore + 1);
    expect(sb.control.postings().filter((p) => p.orderNumber === order)).toHaveLength(2);
  });

  it("v4: three packages, package 1 without A; product_id may be the product id too", async () => {
    const { number, order, a, b } = twoProductPosting();
    const res = await seller(sb, "/v4/posting/fbs/ship", {
      posting_number: number,
      packages: [
        { products: [{ product_id: b.sku, quantity: 1 }] },
        { products: [{ product_id: a.productId, quantity: 1 }] },
        { products: [{ product_id: b.sku, quantity: 1 }] },
      ],
      with: { additional_data: true },
    });
    expect(res.status).toBe(200);
    const numbers = res.json.result as string[];
    expect(numbers).toHaveLength(3);
    expect(numbers[0]).toBe(number);
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(n.startsWith(`${order}-`)).toBe(true);
    expect(
      res.json.additional_data.map((d: { posting_number: string; products: { sku: number }[] }) => [
        d.posting_number,
        d.products.map((p) => p.sku),
      ]),
    ).toEqual([
      [numbers[0], [b.sku]],
      [numbers[1], [a.sku]],
      [numbers[2], [b.sku]],
    ]);
    const lines = await Promise.all(numbers.map(shipped));
    expect(lines).toEqual([
      { status: "awaiting_deliver", order, products: [[b.sku, 1]] },
      { status: "awaiting_deliver", order, products: [[a.sku, 1]] },
      { status: "awaiting_deliver", order, products: [[b.sku, 1]] },
    ]);
    // The split-off postings are listed like any other awaiting delivery.
    const listed = await seller(sb, "/v4/posting/fbs/unfulfilled/list", {
      limit: 100,
      filter: { statuses: ["awaiting_deliver"] },
    });
    const listedNumbers = listed.json.postings.map(
      (p: { posting_number: string }) => p.posting_number,
    );
    expect(listedNumbers).toEqual(expect.arrayContaining(numbers));
  });

  it("quantities that do not add up are refused and change nothing", async () => {
    const { number, a, b } = twoProductPosting();
    // B short: 1 of 2, the rest nowhere.
    await expectRefusedUnchanged(
      number,
      "/v2/posting/fbs/ship",
      {
        posting_number: number,
        packages: [
          { items: [{ sku: b.sku, quantity: 1 }] },
          { items: [{ sku: a.sku, quantity: 1 }] },
        ],
      },
      "INCORRECT_PRODUCT_QUANTITY",
    );
    // B over: 2 + 1 of 2.
    await expectRefusedUnchanged(
      number,
      "/v4/posting/fbs/ship",
      {
        posting_number: number,
        packages: [
          { products: [{ product_id: b.sku, quantity: 2 }] },
          {
            products: [
              { product_id: a.sku, quantity: 1 },
              { product_id: b.sku, quantity: 1 },
            ],
          },
        ],
      },
      "INCORRECT_PRODUCT_QUANTITY",
    );
    // A left out entirely.
    await expectRefusedUnchanged(
      number,
      "/v4/posting/fbs/ship",
      {
        posting_number: number,
        packages: [
          { products: [{ product_id: b.sku, quantity: 1 }] },
          { products: [{ product_id: b.sku, quantity: 1 }] },
        ],
      },
      "INCORRECT_PRODUCT_QUANTITY",
    );
    // An empty package among full ones.
    await expectRefusedUnchanged(
      number,
      "/v4/posting/fbs/ship",
      {
        posting_number: number,
        packages: [
          {
            products: [
              { product_id: a.sku, quantity: 1 },
              { product_id: b.sku, quantity: 2 },
            ],
          },
          { products: [] },
        ],
      },
      "PACKAGES_ARE_EMPTY",
    );
    expect(sb.control.posting(number)?.status).toBe("awaiting_packaging");
  });

  it("a product that is not in the posting is refused and changes nothing, in any package", async () => {
    const { number, a, b } = twoProductPosting();
    const stranger = plainProducts().find((p) => p.sku !== a.sku && p.sku !== b.sku);
    if (!stranger) throw new Error("a third unmarked product needed");
    await expectRefusedUnchanged(
      number,
      "/v2/posting/fbs/ship",
      {
        posting_number: number,
        packages: [
          { items: [{ sku: b.sku, quantity: 2 }] },
          {
            items: [
              { sku: a.sku, quantity: 1 },
              { sku: stranger.sku, quantity: 1 },
            ],
          },
        ],
      },
      "PRODUCT_IS_NOT_IN_POSTING",
    );
    await expectRefusedUnchanged(
      number,
      "/v4/posting/fbs/ship",
      {
        posting_number: number,
        packages: [
          {
            products: [
              { product_id: a.sku, quantity: 1 },
              { product_id: b.sku, quantity: 2 },
            ],
          },
          { products: [{ product_id: 999_999_999_999, quantity: 1 }] },
        ],
      },
      "PRODUCT_IS_NOT_IN_POSTING",
    );
    // The same posting still ships afterwards.
    const res = await seller(sb, "/v2/posting/fbs/ship", {
      posting_number: number,
      packages: [
        { items: [{ sku: b.sku, quantity: 2 }] },
        { items: [{ sku: a.sku, quantity: 1 }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.result).toHaveLength(2);
  });

  it("v2 still wants one valid mark per unit, in the item that holds the unit", async () => {
    const plain = plainSku();
    const marked = markedSku();
    const posting = sb.control.addPosting({
      products: [
        { sku: plain, quantity: 1 },
        { sku: marked, quantity: 2 },
      ],
    });
    const number = posting.postingNumber;
    const [m1, m2] = [sb.control.sampleMark(), sb.control.sampleMark()];
    const body = (first: string[], second: string[]) => ({
      posting_number: number,
      packages: [
        { items: [{ sku: plain, quantity: 1, mandatory_mark: [] }] },
        { items: [{ sku: marked, quantity: 1, mandatory_mark: first }] },
        { items: [{ sku: marked, quantity: 1, mandatory_mark: second }] },
      ],
    });
    const path = "/v2/posting/fbs/ship";
    // Both marks in package 2, none in package 3: the count per unit is wrong.
    await expectRefusedUnchanged(number, path, body([m1, m2], []), "MANDATORY_MARK_REQUIRED");
    await expectRefusedUnchanged(number, path, body([m1], ["  "]), "MANDATORY_MARK_REQUIRED");
    await expectRefusedUnchanged(
      number,
      path,
      body([m1], ["BAD0104600439931256211234567"]),
      "INVALID_MANDATORY_MARK",
    );

    const res = await seller(sb, path, body([m1], [m2]));
    expect(res.status).toBe(200);
    const numbers = res.json.result as string[];
    expect(numbers).toHaveLength(3);
    const marksOf = async (n: string) =>
      (await getPosting(n)).products.map((p: { sku: number; mandatory_mark: string[] }) => [
        p.sku,
        p.mandatory_mark,
      ]);
    expect(await Promise.all(numbers.map(marksOf))).toEqual([
      [[plain, []]],
      [[marked, [m1]]],
      [[marked, [m2]]],
    ]);
  });
});

describe("mandatory marks", () => {
  it("is-required is true exactly for SKUs of marked categories", async () => {
    const res = await seller(sb, "/v2/posting/fbs/product/mandatory-mark/is-required", {
      sku: [markedSku(), plainSku()],
    });
    expect(res.json.result).toEqual([
      { sku: markedSku(), is_required: true },
      { sku: plainSku(), is_required: false },
    ]);
  });

  it("validate: marks starting with BAD or shorter than 20 characters are invalid", async () => {
    const good = sb.control.sampleMark();
    const res = await seller(sb, "/v2/posting/fbs/product/mandatory-mark/validate", {
      mandatory_mark: [good, "BAD0104600439931256211234567", "0104600439"],
    });
    expect(res.json.result).toEqual([
      { mandatory_mark: good, result: true },
      { mandatory_mark: "BAD0104600439931256211234567", result: false },
      { mandatory_mark: "0104600439", result: false },
    ]);
  });

  it("v2 ship of a marked product needs one valid mark per unit", async () => {
    const sku = markedSku();
    const number = sb.control.addPosting({ products: [{ sku, quantity: 2 }] }).postingNumber;
    expect((await getPosting(number)).requirements.products_requiring_mandatory_mark).toEqual([
      String(sku),
    ]);
    const ship = (marks: string[]) =>
      seller(sb, "/v2/posting/fbs/ship", {
        posting_number: number,
        packages: [{ items: [{ sku, quantity: 2, mandatory_mark: marks }] }],
      });
    expect(errorOf(await ship([])).message).toBe("MANDATORY_MARK_REQUIRED");
    expect(errorOf(await ship([sb.control.sampleMark(), "BAD-mark-000000000000000"])).message).toBe(
      "INVALID_MANDATORY_MARK",
    );
    const marks = [sb.control.sampleMark(), sb.control.sampleMark()];
    expect((await ship(marks)).status).toBe(200);
    const shipped = await getPosting(number);
    expect(shipped.status).toBe("awaiting_deliver");
    expect(shipped.products[0].mandatory_mark).toEqual(marks);
  });
});

describe("cancel", () => {
  it("lists the cancel reasons", async () => {
    const res = await seller(sb, "/v2/posting/fbs/cancel-reason/list", {});
    const other = res.json.result.find((r: { id: number }) => r.id === 402);
    expect(other).toMatchObject({ type_id: "seller", is_available_for_cancellation: true });
    expect(other.title).toMatch(/Другое/);
  });

  it("reason 402 needs cancel_reason_message", async () => {
    const number = newPlainPosting();
    const without = await seller(sb, "/v2/posting/fbs/cancel", {
      posting_number: number,
      cancel_reason_id: 402,
    });
    expect(errorOf(without)).toEqual({
      status: 400,
      code: 3,
      message: "HAS_INCORRECT_CANCEL_REASON",
    });
    const blank = await seller(sb, "/v2/posting/fbs/cancel", {
      posting_number: number,
      cancel_reason_id: 402,
      cancel_reason_message: "   ",
    });
    expect(errorOf(blank).message).toBe("HAS_INCORRECT_CANCEL_REASON");
    const ok = await seller(sb, "/v2/posting/fbs/cancel", {
      posting_number: number,
      cancel_reason_id: 402,
      cancel_reason_message: "Покупатель попросил отменить",
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ result: true });
    const p = await getPosting(number);
    expect(p.status).toBe("cancelled");
    expect(p.cancellation).toMatchObject({
      cancel_reason_id: 402,
      cancel_reason: "Покупатель попросил отменить",
    });
    const again = await seller(sb, "/v2/posting/fbs/cancel", {
      posting_number: number,
      cancel_reason_id: 352,
    });
    expect(errorOf(again).message).toBe("POSTING_ALREADY_CANCELLED");
  });

  it("refuses unknown or unavailable reasons and postings past awaiting_deliver", async () => {
    const number = newPlainPosting();
    for (const reason of [999, 401]) {
      const res = await seller(sb, "/v2/posting/fbs/cancel", {
        posting_number: number,
        cancel_reason_id: reason,
      });
      expect(errorOf(res).message).toBe("HAS_INCORRECT_CANCEL_REASON");
    }
    const delivering = newPlainPosting();
    sb.control.setPostingStatus(delivering, "delivering");
    const res = await seller(sb, "/v2/posting/fbs/cancel", {
      posting_number: delivering,
      cancel_reason_id: 352,
    });
    expect(errorOf(res).message).toBe("HAS_INCORRECT_STATUS");
  });
});

describe("package label", () => {
  it("answers a valid PDF with Content-Type application/pdf", async () => {
    const numbers = [newPlainPosting(), newPlainPosting()];
    const res = await seller(sb, "/v2/posting/fbs/package-label", { posting_number: numbers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = Buffer.from(res.bytes).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const pages = await pdfPageTexts(res.bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]?.split("\n").slice(0, 2)).toEqual(["OZON", numbers[0]]);
    expect(pages[1]).toContain(numbers[1]);
  });

  it("answers 404 for an unknown posting", async () => {
    const res = await seller(sb, "/v2/posting/fbs/package-label", { posting_number: ["1-1-1"] });
    expect(res.status).toBe(404);
  });
});

describe("warehouses and new postings", () => {
  it("lists warehouses", async () => {
    const res = await seller(sb, "/v2/warehouse/list", { limit: 200 });
    expect(res.json.warehouses.length).toBeGreaterThan(0);
    for (const w of res.json.warehouses) {
      expect(Number.isSafeInteger(w.warehouse_id)).toBe(true);
      expect(w.name).toMatch(/Склад/);
      expect(typeof w.is_rfbs).toBe("boolean");
    }
  });

  it("adds postings on demand and on a schedule", async () => {
    const scheduled = await startSandbox({
      initialPostings: 1,
      historyPostings: 0,
      newPostingEverySeconds: 0.03,
    });
    try {
      const count = async () =>
        (await seller(scheduled, "/v4/posting/fbs/unfulfilled/list", { limit: 100 })).json.postings
          .length;
      expect(await count()).toBeGreaterThanOrEqual(1);
      await waitFor(async () => (await count()) >= 3, { message: "scheduled postings" });
      const added = scheduled.control.addPosting({
        products: [{ sku: 123456789, name: "Тестовый товар", quantity: 3 }],
      });
      const res = await seller(scheduled, "/v3/posting/fbs/get", {
        posting_number: added.postingNumber,
      });
      expect(res.json.result.products[0]).toMatchObject({
        sku: 123456789,
        name: "Тестовый товар",
        quantity: 3,
      });
    } finally {
      await scheduled.close();
    }
  });
});
