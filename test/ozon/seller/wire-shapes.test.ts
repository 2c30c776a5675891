import { describe, expect, it } from "vitest";
import { parseJson } from "../../../src/ozon/json.ts";
import { normalizeChat, normalizeMessage } from "../../../src/ozon/seller/chat-normalize.ts";
import { wireChat, wireMessage } from "../../../src/ozon/seller/endpoints/chats.ts";
import { wirePosting } from "../../../src/ozon/seller/endpoints/postings.ts";
import { normalizePosting } from "../../../src/ozon/seller/posting-normalize.ts";

// Ozon's gateway writes unset string fields as "" rather than leaving them out.
describe("empty strings where Ozon has no id", () => {
  it("a system message with an empty user id and an empty context is read, not refused", () => {
    const wire = wireMessage.parse(
      parseJson(
        '{"message_id":3000000000817031942,"created_at":"2026-06-15T09:00:00Z",' +
          '"user":{"id":"","type":"Crm"},"context":{"order_number":"","sku":""},' +
          '"data":["Заказ передан в доставку"],"is_image":false,"is_read":true}',
      ),
    );
    const message = normalizeMessage(wire, () => false);
    expect(message).toMatchObject({
      id: "3000000000817031942",
      author: { id: "", kind: "system" },
      text: "Заказ передан в доставку",
      context: {},
    });
  });

  it("a chat without messages yet (empty last and first unread ids) is read", () => {
    const chat = normalizeChat(
      wireChat.parse({
        chat: { chat_id: "c-1", chat_type: "Buyer_Seller", chat_status: "Opened" },
        last_message_id: "",
        first_unread_message_id: "",
        unread_count: 0,
      }),
    );
    expect(chat).toMatchObject({ id: "c-1", lastMessageId: undefined });
    expect(chat.firstUnreadMessageId).toBeUndefined();
  });

  it("a chat whose ids are all empty is still refused, naming the field", () => {
    const result = wireChat.safeParse({ chat_id: "", chat: { chat_id: "" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["chat_id"]);
  });

  it("a posting with empty order, delivery method and warehouse ids is read", () => {
    const posting = normalizePosting(
      wirePosting.parse({
        posting_number: "23713478-0018-3",
        order_id: "",
        status: "awaiting_packaging",
        delivery_method: { id: "", name: "Доставка", warehouse_id: "", warehouse: "" },
        products: [{ sku: "1790541", name: "Чайник", quantity: "1", price: "1390.0000" }],
      }),
    );
    expect(posting.orderId).toBeUndefined();
    expect(posting.deliveryMethod).toMatchObject({ id: undefined, warehouseId: undefined });
    expect(posting.products[0]).toMatchObject({ sku: "1790541", quantity: 1 });
  });

  it("a message with neither id nor message_id is still refused", () => {
    const result = wireMessage.safeParse({ message_id: "", created_at: "2026-06-15T09:00:00Z" });
    expect(result.success).toBe(false);
  });
});
