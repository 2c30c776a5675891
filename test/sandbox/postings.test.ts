import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type Answer, seller, waitFor } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 7, initialPostings: 5, historyPostings: 3 });
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

describe("unfulfilled list, spec form v3", () => {
  it("pages with offset/limit and answers result{count, postings} in realistic shapes", async () => {
    const first = await seller(sb, "/v3/posting/fbs/unfulfilled/list", {
      limit: 3,
      offset: 0,
      dir: "ASC",
    });
    expect(first.status).toBe(200);
    const { count, postings } = first.json.result;
    expect(count).toBe(6); // 5 awaiting packaging + 1 awaiting deliver from the history
    expect(postings).toHaveLength(3);
    const rest = await seller(sb, "/v3/posting/fbs/unfulfilled/list", { limit: 3, offset: 3 });
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
      filter: { status: "awaiting_packaging" },
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
    const res = await seller(sb, "/v3/posting/fbs/unfulfilled/list", { offset: 0 });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("limit");
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
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe("xref");
    expect(text).toContain("/Count 2");
    expect(text).toContain(numbers[0]);
  });

  it("answers 404 for an unknown posting", async () => {
    const res = await seller(sb, "/v2/posting/fbs/package-label", { posting_number: ["1-1-1"] });
    expect(res.status).toBe(404);
  });
});

describe("warehouses and new postings", () => {
  it("lists warehouses", async () => {
    const res = await seller(sb, "/v1/warehouse/list", {});
    for (const w of res.json.result) {
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
        (await seller(scheduled, "/v4/posting/fbs/unfulfilled/list", { limit: 1000 })).json.postings
          .length;
      expect(await count()).toBeGreaterThanOrEqual(1);
      await waitFor(async () => (await count()) >= 3, { what: "scheduled postings" });
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
