import { describe, expect, it } from "vitest";
import { readPush } from "../../../src/services/push/events.ts";

describe("push events", () => {
  it("reads a stock change as a hint for the store's stock watcher, naming nothing", () => {
    expect(readPush({ message_type: "TYPE_STOCKS_CHANGED", seller_id: 42 })).toEqual({
      kind: "hint",
      sellerId: "42",
      area: "stocks",
      type: "TYPE_STOCKS_CHANGED",
      skus: [],
    });
    // The SKUs it names are kept (a number or a string; repeats once; zero and junk dropped).
    const items = [{ sku: 147451939 }, { sku: "147451939" }, { sku: "9007199254740993" }];
    expect(readPush({ message_type: "TYPE_STOCKS_CHANGED", seller_id: 1, items })).toMatchObject({
      skus: ["147451939", "9007199254740993"],
    });
    expect(
      readPush({
        message_type: "TYPE_NEW_POSTING",
        seller_id: 1,
        posting_number: "1-2-3",
        products: [{ sku: 5, offer_id: "A" }],
      }),
    ).toMatchObject({ area: "postings", skus: ["5"] });
    expect(readPush({ message_type: "TYPE_STOCKS_CHANGED" })).toEqual({
      kind: "invalid",
      missing: "seller_id",
    });
  });

  it("still ignores item changes and keeps postings and chats as they were", () => {
    expect(readPush({ message_type: "TYPE_CREATE_OR_UPDATE_ITEM", seller_id: "1" })).toEqual({
      kind: "ignored",
      type: "TYPE_CREATE_OR_UPDATE_ITEM",
    });
    expect(
      readPush({ message_type: "TYPE_NEW_POSTING", seller_id: "1", posting_number: "1-2-3" }),
    ).toMatchObject({ area: "postings", subject: "1-2-3" });
  });
});
