import { afterEach, describe, expect, it } from "vitest";
import {
  isOzonApiError,
  isOzonInputError,
  isOzonShapeError,
  isOzonShipFailedError,
  type OzonShipFailedError,
} from "../../../src/ozon/errors.ts";
import type { Posting } from "../../../src/ozon/seller/types.ts";
import {
  API_KEY,
  CLIENT_ID,
  collect,
  type SellerSetup,
  sellerAgainst,
  v3Posting,
  v4Posting,
} from "../support/seller.ts";
import { send } from "../support/server.ts";

let setup: SellerSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const NUMBERS = Array.from({ length: 7 }, (_, i) => `23713478-00${10 + i}-1`);

const expectedPosting = (number: string): Posting => ({
  postingNumber: number,
  orderId: "33920146",
  orderNumber: number.split("-").slice(0, 2).join("-"),
  status: "awaiting_packaging",
  substatus: "posting_created",
  shipmentDate: "2026-06-16T10:00:00Z",
  inProcessAt: "2026-06-15T07:12:00Z",
  deliveryMethod: {
    id: "21321684811000",
    name: "Ozon Логистика самостоятельно, Москва",
    warehouseId: "21321684811000",
    warehouse: "Склад на Ленина",
  },
  products: [
    {
      sku: "1456789012",
      offerId: "RK-G200S",
      name: "Чайник электрический Redmond RK-G200S",
      quantity: 2,
      price: "2490.0000",
      currency: "RUB",
      mandatoryMarks: [],
    },
  ],
});

describe("postings awaiting packaging", () => {
  it("falls back to the seed's v3 form (offset/limit) where today's v4 answers 404, and stays there", async () => {
    setup = await sellerAgainst({
      "POST /v3/posting/fbs/unfulfilled/list": (req, res) => {
        const body = req.body as { offset: number; limit: number };
        const page = NUMBERS.slice(body.offset, body.offset + 3).map((n) => v3Posting(n));
        send(res, 200, { result: { count: NUMBERS.length, postings: page } });
      },
    });
    const all = await collect(setup.seller.postings.listAwaitingPackaging());
    expect(all.map((p) => p.postingNumber)).toEqual(NUMBERS);
    expect(all[0]).toEqual(expectedPosting(NUMBERS[0] as string));
    const requests = setup.server.to("POST /v3/posting/fbs/unfulfilled/list");
    expect(requests.map((r) => (r.body as { offset: number }).offset)).toEqual([0, 3, 6]);
    expect(requests[0]?.body).toMatchObject({
      dir: "ASC",
      filter: { status: "awaiting_packaging" },
      // The largest page the v3 form takes (10 000 postings: 10 calls a pass, not 100).
      limit: 1000,
      offset: 0,
    });
    const firstBody = requests[0]?.body as { filter: { cutoff_from: string; cutoff_to: string } };
    const { filter } = firstBody;
    expect(Date.parse(filter.cutoff_to) - Date.parse(filter.cutoff_from)).toBeLessThanOrEqual(
      365 * 86_400_000,
    );
    expect(requests[0]?.headers["client-id"]).toBe(CLIENT_ID);
    expect(requests[0]?.headers["api-key"]).toBe(API_KEY);
    // Today's form was asked first, once: the fall-back is remembered.
    await collect(setup.seller.postings.listAwaitingPackaging());
    expect(setup.server.to("POST /v4/posting/fbs/unfulfilled/list")).toHaveLength(1);
    expect(setup.seller.fellBackToSeed()).toEqual(["postings.awaitingPackaging"]);
  });

  it("asks today's v4 first, pages by cursor, and reads the same postings; v3 never", async () => {
    setup = await sellerAgainst({
      "POST /v3/posting/fbs/unfulfilled/list": (_req, res) =>
        send(res, 404, { code: 5, message: "obsolete method" }),
      "POST /v4/posting/fbs/unfulfilled/list": (req, res) => {
        const body = req.body as { cursor?: string; limit: number };
        const start = body.cursor ? Number(body.cursor) : 0;
        const page = NUMBERS.slice(start, start + 4).map((n) => v4Posting(n));
        const next = start + 4;
        send(res, 200, {
          postings: page,
          cursor: next < NUMBERS.length ? String(next) : "",
          // Ozon now and then writes the flag as a string.
          has_next: next < NUMBERS.length ? "true" : false,
        });
      },
    });
    const all = await collect(
      setup.seller.postings.listAwaitingPackaging({ warehouseIds: [21321684811000] }),
    );
    expect(all).toEqual(NUMBERS.map(expectedPosting));
    const v4 = setup.server.to("POST /v4/posting/fbs/unfulfilled/list");
    expect(v4.map((r) => (r.body as { cursor?: string }).cursor)).toEqual([undefined, "4"]);
    expect(v4[0]?.body).toMatchObject({
      filter: { statuses: ["awaiting_packaging"], warehouse_ids: ["21321684811000"] },
      limit: 100,
    });
    await collect(setup.seller.postings.listAwaitingPackaging());
    expect(setup.server.to("POST /v3/posting/fbs/unfulfilled/list")).toHaveLength(0);
    expect(setup.seller.fellBackToSeed()).toEqual([]);
  });

  it("yields only postings that are awaiting packaging", async () => {
    setup = await sellerAgainst({
      "POST /v3/posting/fbs/unfulfilled/list": (_req, res) =>
        send(res, 200, {
          result: {
            count: 2,
            postings: [v3Posting("1-1-1"), v3Posting("1-1-2", { status: "awaiting_deliver" })],
          },
        }),
    });
    const all = await collect(setup.seller.postings.listAwaitingPackaging());
    expect(all.map((p) => p.postingNumber)).toEqual(["1-1-1"]);
  });
});

describe("posting get, ship, cancel", () => {
  it("gets a posting by number (v3)", async () => {
    setup = await sellerAgainst({
      "POST /v3/posting/fbs/get": (req, res) =>
        send(res, 200, {
          result: v3Posting((req.body as { posting_number: string }).posting_number),
        }),
    });
    await expect(setup.seller.postings.get(NUMBERS[0] as string)).resolves.toEqual(
      expectedPosting(NUMBERS[0] as string),
    );
  });

  it("ships in the seed's form (v2 items, marks) where v4 answers 404, and re-reads the posting", async () => {
    let status = "awaiting_packaging";
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/ship": (_req, res) => {
        status = "awaiting_deliver";
        send(res, 200, { result: ["23713478-0018-1"] });
      },
      "POST /v3/posting/fbs/get": (_req, res) =>
        send(res, 200, {
          result: v3Posting("23713478-0018-1", {
            status,
            substatus: "posting_awaiting_passport_data",
          }),
        }),
    });
    const result = await setup.seller.postings.ship("23713478-0018-1", [
      { items: [{ sku: "1456789012", quantity: 2, marks: ["010290000000000021abc"] }] },
    ]);
    expect(result.postingNumbers).toEqual(["23713478-0018-1"]);
    expect(result.posting.status).toBe("awaiting_deliver");
    expect(setup.server.to("POST /v2/posting/fbs/ship")[0]?.body).toEqual({
      posting_number: "23713478-0018-1",
      packages: [
        { items: [{ sku: 1456789012, quantity: 2, mandatory_mark: ["010290000000000021abc"] }] },
      ],
    });
    expect(setup.server.requests.map((r) => r.route)).toEqual([
      "/v4/posting/fbs/ship",
      "/v2/posting/fbs/ship",
      "/v3/posting/fbs/get",
    ]);
  });

  it("treats ship_failed after a ship as a failure", async () => {
    setup = await sellerAgainst({
      "POST /v4/posting/fbs/ship": (_req, res) => send(res, 200, { result: ["1-1-1"] }),
      "POST /v3/posting/fbs/get": (_req, res) =>
        send(res, 200, { result: v3Posting("1-1-1", { substatus: "ship_failed" }) }),
    });
    const error = (await setup.seller.postings
      .ship("1-1-1", [{ items: [{ sku: 1, quantity: 1 }] }])
      .catch((e: unknown) => e)) as OzonShipFailedError;
    expect(isOzonShipFailedError(error)).toBe(true);
    expect(error.substatus).toBe("ship_failed");
    expect(error.postingNumber).toBe("1-1-1");
  });

  it("ships with today's v4 (products by product_id), never v2, and fails if the posting did not move", async () => {
    let shipped = false;
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/ship": (_req, res) =>
        send(res, 410, { code: 12, message: "method is obsolete" }),
      "POST /v4/posting/fbs/ship": (_req, res) => {
        send(res, 200, { result: ["1-1-1"] });
      },
      "POST /v3/posting/fbs/get": (_req, res) =>
        send(res, 200, {
          result: v3Posting("1-1-1", shipped ? { status: "awaiting_deliver" } : {}),
        }),
    });
    const stuck = await setup.seller.postings
      .ship("1-1-1", [{ items: [{ sku: "1456789012", quantity: 2 }] }])
      .catch((e: unknown) => e);
    expect(isOzonShipFailedError(stuck)).toBe(true);
    expect(setup.server.to("POST /v4/posting/fbs/ship")[0]?.body).toEqual({
      posting_number: "1-1-1",
      packages: [{ products: [{ product_id: 1456789012, quantity: 2 }] }],
    });
    shipped = true;
    const done = await setup.seller.postings.ship("1-1-1", [
      { items: [{ sku: 1456789012, quantity: 2 }] },
    ]);
    expect(done.posting.status).toBe("awaiting_deliver");
    expect(setup.server.to("POST /v2/posting/fbs/ship")).toHaveLength(0);
    expect(setup.server.to("POST /v4/posting/fbs/ship")).toHaveLength(2);
    expect(setup.lines.filter((l) => l.capability === "postings.ship")).toEqual([]);
  });

  it("never repeats a ship after a 5xx", async () => {
    setup = await sellerAgainst({
      "POST /v4/posting/fbs/ship": (_req, res) => send(res, 502, "bad gateway"),
    });
    const error = await setup.seller.postings
      .ship("1-1-1", [{ items: [{ sku: 1, quantity: 1 }] }])
      .catch((e: unknown) => e);
    expect(isOzonApiError(error) && error.status).toBe(502);
    expect(setup.server.requests).toHaveLength(1);
  });

  it("cancels with a reason, and wants a message for reason 402", async () => {
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/cancel": (_req, res) => send(res, 200, { result: true }),
    });
    await setup.seller.postings.cancel("1-1-1", 352);
    await setup.seller.postings.cancel("1-1-2", 402, "  Покупатель передумал ");
    expect(setup.server.requests.map((r) => r.body)).toEqual([
      { posting_number: "1-1-1", cancel_reason_id: 352 },
      {
        posting_number: "1-1-2",
        cancel_reason_id: 402,
        cancel_reason_message: "Покупатель передумал",
      },
    ]);
    const error = await setup.seller.postings.cancel("1-1-3", 402).catch((e: unknown) => e);
    expect(isOzonInputError(error)).toBe(true);
    expect(setup.server.requests).toHaveLength(2);
  });

  it("never repeats a cancel after a 5xx", async () => {
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/cancel": (_req, res) =>
        send(res, 500, { code: 13, message: "internal" }),
    });
    await setup.seller.postings.cancel("1-1-1", 352).catch(() => undefined);
    expect(setup.server.requests).toHaveLength(1);
  });

  it("lists cancel reasons", async () => {
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/cancel-reason/list": (_req, res) =>
        send(res, 200, {
          result: [
            { id: 352, title: "Товар закончился на складе продавца", type_id: "seller" },
            { id: 402, title: "Другое", type_id: "seller", is_available_for_cancellation: false },
          ],
        }),
    });
    await expect(setup.seller.postings.cancelReasons()).resolves.toEqual([
      { id: 352, title: "Товар закончился на складе продавца", typeId: "seller", available: true },
      { id: 402, title: "Другое", typeId: "seller", available: false },
    ]);
    expect(setup.server.requests[0]?.body).toEqual({});
  });
});

describe("package labels", () => {
  const pdf = Buffer.from("%PDF-1.4\n% fake label\n%%EOF\n");

  it("returns the PDF bytes", async () => {
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/package-label": (_req, res) => {
        res.writeHead(200, { "content-type": "application/pdf" });
        res.end(pdf);
      },
    });
    const bytes = await setup.seller.postings.packageLabel(["1-1-1", "1-1-2"]);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes).equals(pdf)).toBe(true);
    expect(setup.server.requests[0]?.body).toEqual({ posting_number: ["1-1-1", "1-1-2"] });
  });

  it("also reads the JSON form with base64 content", async () => {
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/package-label": (_req, res) =>
        send(res, 200, {
          content_type: "application/pdf",
          file_name: "label.pdf",
          file_content: pdf.toString("base64"),
        }),
    });
    const bytes = await setup.seller.postings.packageLabel(["1-1-1"]);
    expect(Buffer.from(bytes).equals(pdf)).toBe(true);
  });

  it("rejects an answer that is not a PDF", async () => {
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/package-label": (_req, res) => {
        res.writeHead(200, { "content-type": "application/pdf" });
        res.end("<html>");
      },
    });
    const error = await setup.seller.postings.packageLabel(["1-1-1"]).catch((e: unknown) => e);
    expect(isOzonShapeError(error)).toBe(true);
  });
});

describe("marks and warehouses", () => {
  it("asks which SKUs need marks and validates marks", async () => {
    setup = await sellerAgainst({
      "POST /v2/posting/fbs/product/mandatory-mark/is-required": (_req, res) =>
        send(res, 200, {
          result: [
            { sku: 1456789012, is_required: true },
            { sku: "2000000001", is_required: false },
          ],
        }),
      "POST /v2/posting/fbs/product/mandatory-mark/validate": (_req, res) =>
        send(res, 200, {
          result: [
            { mandatory_mark: "0104601234567890215abc", result: true },
            { mandatory_mark: "bad", result: "invalid format" },
          ],
        }),
    });
    await expect(setup.seller.marks.isRequired(["1456789012", 2000000001])).resolves.toEqual([
      { sku: "1456789012", isRequired: true },
      { sku: "2000000001", isRequired: false },
    ]);
    await expect(setup.seller.marks.validate(["0104601234567890215abc", "bad"])).resolves.toEqual([
      { mark: "0104601234567890215abc", valid: true, detail: undefined },
      { mark: "bad", valid: false, detail: "invalid format" },
    ]);
    expect(setup.server.requests.map((r) => r.body)).toEqual([
      { sku: [1456789012, 2000000001] },
      { mandatory_mark: ["0104601234567890215abc", "bad"] },
    ]);
  });

  // Issue 36: /v1/warehouse/list was switched off on 2026-04-07; the v2 form pages by cursor
  // and Ozon allows it once a minute, so the list is kept for a minute and shared.
  it("lists warehouses page by page (v2), kept for a minute", async () => {
    setup = await sellerAgainst({
      "POST /v2/warehouse/list": (req, res) => {
        const body = req.body as { cursor?: string };
        if (body.cursor === undefined) {
          send(res, 200, {
            cursor: "page-2",
            has_next: true,
            warehouses: [
              {
                warehouse_id: 21321684811000,
                name: "Склад на Ленина",
                is_rfbs: false,
                status: "created",
              },
            ],
          });
        } else {
          send(res, 200, {
            cursor: "",
            has_next: false,
            warehouses: [{ warehouse_id: "1020000000000001", name: "rFBS Казань", is_rfbs: true }],
          });
        }
      },
    });
    const expected = [
      { id: "21321684811000", name: "Склад на Ленина", isRfbs: false, status: "created" },
      { id: "1020000000000001", name: "rFBS Казань", isRfbs: true, status: undefined },
    ];
    // Two screens at once, then another within the minute: one listing of two pages.
    const [first, second] = await Promise.all([
      setup.seller.warehouses.list(),
      setup.seller.warehouses.list(),
    ]);
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    await setup.clock.sleep(59_000);
    await expect(setup.seller.warehouses.list()).resolves.toEqual(expected);
    const asked = setup.server.to("POST /v2/warehouse/list").map((r) => r.body);
    expect(asked).toEqual([{ limit: 200 }, { limit: 200, cursor: "page-2" }]);
    // A minute after the answer came, Ozon is asked again.
    await setup.clock.sleep(1_000);
    await setup.seller.warehouses.list();
    expect(setup.server.to("POST /v2/warehouse/list")).toHaveLength(4);
  });
});
