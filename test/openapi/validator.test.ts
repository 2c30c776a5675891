/**
 * The schema check reads Ozon's OpenAPI 3.0 as Ozon's gateway behaves: an unset optional field may
 * come as null, a 64-bit integer as a number or a decimal string; a request's unknown field is
 * refused; an answer's missing required field or wrong type is a problem with its place named.
 */
import { describe, expect, it } from "vitest";
import { OpenApiValidator } from "../../src/openapi/validator.ts";

const validator = new OpenApiValidator();

describe("the OpenAPI check", () => {
  it("names a wrong type in an answer by its place", () => {
    const problems = validator.answer("seller", "POST", "/v4/posting/fbs/unfulfilled/list", 200, {
      postings: [{ posting_number: 5, status: "awaiting_packaging" }],
      has_next: "true",
    });
    expect(problems).toEqual([
      { at: "/has_next", message: "must be boolean" },
      { at: "/postings/0/posting_number", message: "must be string" },
    ]);
  });

  it("takes null for an unset optional field and either form of a 64-bit integer", () => {
    expect(
      validator.answer("seller", "POST", "/v3/chat/list", 200, {
        chats: [
          {
            chat: {
              chat_id: "c1",
              chat_status: "OPENED",
              chat_type: "BUYER_SELLER",
              created_at: null,
            },
            first_unread_message_id: "3000000000817031942",
            last_message_id: 3000000000817031942n.toString(),
            unread_count: 1,
          },
        ],
        total_unread_count: 1,
        cursor: "",
        has_next: false,
      }),
    ).toEqual([]);
  });

  it("refuses a request's field the documents do not name; answers may carry more", () => {
    expect(
      validator.request("seller", "POST", "/v2/warehouse/list", { limit: 10, page: 1 }),
    ).toEqual([{ at: "/", message: "must NOT have additional properties (page)" }]);
    expect(
      validator.answer("seller", "POST", "/v2/warehouse/list", 200, { warehouses: [], extra: 1 }),
    ).toEqual([]);
  });

  it("takes a field the documents require without describing it, and wants it", () => {
    // /v2/products/stocks requires quant_size but its item schema does not describe it.
    const item = { product_id: 214887921, warehouse_id: 1020000092835000, stock: 3 };
    expect(
      validator.request("seller", "POST", "/v2/products/stocks", {
        stocks: [{ ...item, quant_size: 1 }],
      }),
    ).toEqual([]);
    expect(validator.request("seller", "POST", "/v2/products/stocks", { stocks: [item] })).toEqual([
      { at: "/stocks/0", message: "must have required property 'quant_size'" },
    ]);
  });

  it("reads an answer as the documents' own example writes it where their schema says otherwise", () => {
    // /v2/returns/rfbs/list: a list of requests in the example (and at Ozon), one in the schema.
    const request = { return_id: 8000123456, posting_number: "789456123-0002-3" };
    expect(
      validator.answer("seller", "POST", "/v2/returns/rfbs/list", 200, { returns: [request] }),
    ).toEqual([]);
    expect(
      validator.answer("seller", "POST", "/v2/returns/rfbs/list", 200, {
        returns: [{ ...request, return_id: "RET-1" }],
      }),
    ).not.toEqual([]);
  });

  it("has no schema for a method named only in prose", () => {
    expect(validator.request("performance", "POST", "/api/client/token", {})).toBeUndefined();
  });
  it("takes the cash-flow statement's details as one object or a list of them, nothing else", () => {
    const answer = (details: unknown) =>
      validator.answer("seller", "POST", "/v1/finance/cash-flow-statement/list", 200, {
        result: { cash_flows: [], details, page_count: 1 },
      });
    const detail = { begin_balance_amount: 0, end_balance_amount: 10 };
    expect(answer(detail)).toEqual([]);
    expect(answer([detail, detail])).toEqual([]);
    expect(answer("detail")).not.toEqual([]);
  });
});
