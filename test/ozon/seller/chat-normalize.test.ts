import { describe, expect, it } from "vitest";
import { parseJson } from "../../../src/ozon/json.ts";
import { chatFileLocation } from "../../../src/ozon/seller/chat-files.ts";
import {
  attachmentFromMarkdown,
  authorKindOf,
  normalizeChat,
  normalizeMessage,
  oldestFirst,
} from "../../../src/ozon/seller/chat-normalize.ts";
import { wireChat, wireMessage } from "../../../src/ozon/seller/endpoints/chats.ts";

const location = chatFileLocation("https://api-seller.ozon.ru");
const isChatFile = (url: string) => location(url) !== undefined;
const message = (json: string) => normalizeMessage(wireMessage.parse(parseJson(json)), isChatFile);

describe("chat normalisation", () => {
  it("recognises buyers in every spelling, Cyrillic С included", () => {
    expect(authorKindOf("customer")).toBe("buyer");
    expect(authorKindOf("Customer")).toBe("buyer");
    expect(authorKindOf("\u0421ustomer")).toBe("buyer");
    expect(authorKindOf("Seller")).toBe("seller");
    expect(authorKindOf("Support")).toBe("support");
    expect(authorKindOf("Crm")).toBe("system");
    expect(authorKindOf("NotificationUser")).toBe("system");
    expect(authorKindOf(undefined)).toBe("system");
  });

  it("reads chat types in both spellings", () => {
    const upper = normalizeChat(wireChat.parse({ chat_id: "c1", chat_type: "BUYER_SELLER" }));
    const mixed = normalizeChat(
      wireChat.parse(
        parseJson(
          '{"chat":{"chat_id":"c2","chat_type":"Buyer_Seller","chat_status":"Opened"},' +
            '"unread_count":"3","last_message_id":3000000000817031942}',
        ),
      ),
    );
    const support = normalizeChat(wireChat.parse({ chat_id: "c3", chat_type: "Seller_Support" }));
    expect(upper).toMatchObject({ id: "c1", type: "BUYER_SELLER", isBuyerChat: true });
    expect(mixed).toMatchObject({
      id: "c2",
      type: "BUYER_SELLER",
      isBuyerChat: true,
      status: "OPENED",
      unreadCount: 3,
      lastMessageId: "3000000000817031942",
    });
    expect(support).toMatchObject({ type: "SELLER_SUPPORT", isBuyerChat: false });
  });

  it("derives the chat type from its users in the spec form", () => {
    const chat = normalizeChat(
      wireChat.parse({
        id: "c9",
        last_message_id: "17",
        users: [
          { id: "1", type: "seller" },
          { id: "2", type: "\u0421ustomer" },
        ],
      }),
    );
    expect(chat).toMatchObject({
      id: "c9",
      type: "BUYER_SELLER",
      isBuyerChat: true,
      lastMessageId: "17",
    });
  });

  it("normalises a v3 message with Markdown attachments and an exact id", () => {
    const m = message(`{
      "message_id": 3000000000817031942,
      "created_at": "2026-06-15T08:58:04.528Z",
      "user": {"id": "115568", "type": "\u0421ustomer"},
      "data": [
        "Здравствуйте! Подойдёт ли на эту [ модель ](https://www.ozon.ru/product/x) телефона?",
        "![](https://api-seller.ozon.ru/v2/chat/file/abc/photo.jpg)",
        "[Чек.pdf (12 KB)](https://api-seller.ozon.ru/v2/chat/file/abc/check)",
        "[Видео (1,5 МБ)](https://api-seller.ozon.ru/v2/chat/file/abc/video)"
      ],
      "is_image": true,
      "is_read": "true",
      "context": {"order_number": "23713478-0018", "sku": "987654321"}
    }`);
    expect(m).toEqual({
      id: "3000000000817031942",
      createdAt: "2026-06-15T08:58:04.528Z",
      author: { id: "115568", kind: "buyer" },
      text: "Здравствуйте! Подойдёт ли на эту [ модель ](https://www.ozon.ru/product/x) телефона?",
      attachments: [
        {
          kind: "image",
          name: "photo.jpg",
          url: "https://api-seller.ozon.ru/v2/chat/file/abc/photo.jpg",
          mime: "image/jpeg",
        },
        {
          kind: "file",
          name: "Чек.pdf",
          labelBytes: 12 * 1024,
          url: "https://api-seller.ozon.ru/v2/chat/file/abc/check",
          mime: "application/pdf",
        },
        {
          kind: "file",
          name: "Видео",
          labelBytes: Math.round(1.5 * 1024 * 1024),
          url: "https://api-seller.ozon.ru/v2/chat/file/abc/video",
        },
      ],
      context: { orderNumber: "23713478-0018", sku: "987654321" },
      isRead: true,
    });
  });

  it("normalises a spec message with file{} and nested context", () => {
    const m = message(`{
      "id": 3000000000817031943,
      "created_at": "2026-06-15T09:00:00Z",
      "text": "Вот фото",
      "type": "message",
      "user": {"id": 42, "type": "customer"},
      "file": {"mime": "image/png", "name": "box.png", "size": 2048, "url": "https://x.test/f/1"},
      "context": {
        "item": {"sku": 123},
        "order": {"order_number": "555-1", "postings": [{"posting_number": "555-1-1", "sku_list": [123]}]}
      }
    }`);
    expect(m).toEqual({
      id: "3000000000817031943",
      createdAt: "2026-06-15T09:00:00Z",
      author: { id: "42", kind: "buyer" },
      text: "Вот фото",
      attachments: [
        {
          kind: "image",
          name: "box.png",
          sizeBytes: 2048,
          url: "https://x.test/f/1",
          mime: "image/png",
        },
      ],
      context: { orderNumber: "555-1", sku: "123", postingNumber: "555-1-1" },
    });
  });

  it("finds a Markdown attachment in the text of a spec-form message", () => {
    const m = message(`{
      "id": "17", "created_at": "x", "type": "file",
      "text": "[Накладная.pdf (1,2 МБ)](https://api-seller.ozon.ru/v2/chat/file/f1/n)",
      "user": {"id": "1", "type": "Customer"}
    }`);
    expect(m.text).toBe("");
    expect(m.attachments).toEqual([
      {
        kind: "file",
        name: "Накладная.pdf",
        labelBytes: Math.round(1.2 * 1024 * 1024),
        url: "https://api-seller.ozon.ru/v2/chat/file/f1/n",
        mime: "application/pdf",
      },
    ]);
  });

  it("reads a zero message id as none", () => {
    const chat = normalizeChat(
      wireChat.parse({ chat_id: "c", last_message_id: 0, first_unread_message_id: "0" }),
    );
    expect(chat.lastMessageId).toBeUndefined();
    expect(chat.firstUnreadMessageId).toBeUndefined();
  });

  it("treats a whole-entry link as an attachment only when it looks like one", () => {
    const entry = (text: string) => attachmentFromMarkdown(text, isChatFile);
    expect(entry("[see this](https://www.ozon.ru/product/1)")).toBeUndefined();
    expect(entry("plain text")).toBeUndefined();
    expect(entry("[scan.png](https://api-seller.ozon.ru/v2/chat/file/9)")).toEqual({
      kind: "file",
      name: "scan.png",
      url: "https://api-seller.ozon.ru/v2/chat/file/9",
      mime: "image/png",
    });
    expect(entry("[a.txt (800 B)](https://api-seller.ozon.ru/v2/chat/file/f)")).toMatchObject({
      kind: "file",
      name: "a.txt",
      labelBytes: 800,
    });
  });

  it("keeps a link a buyer could write as text unless it is Ozon's own chat file", () => {
    const entries = [
      // Another host, even with the file path and a size label.
      "[a.txt (800 B)](https://h.test/f)",
      "[Чек.pdf (12 KB)](http://169.254.169.254/latest/meta-data/chat/file/x)",
      "![](http://127.0.0.1:6379/v2/chat/file/x.png)",
      "https://evil.test/v2/chat/file/abc",
      // The Seller origin, but not the file path: the keys must not go there.
      "[Отчёт (1 KB)](https://api-seller.ozon.ru/v3/posting/fbs/get)",
      "[x (1 KB)](https://api-seller.ozon.ru/v2/chat/file/../../v1/chat/send/message)",
      "[x (1 KB)](https://api-seller.ozon.ru/v2/chat/file/%2e%2e/%2e%2e/v1/x)",
      "[x (1 KB)](https://api-seller.ozon.ru/v2/chat/file/..%2F..%2Fv1%2Fx)",
      "[x (1 KB)](https://api-seller.ozon.ru/v2/chat/file/)",
      // Same host name, other scheme or port, or credentials in the URL.
      "[x (1 KB)](http://api-seller.ozon.ru/v2/chat/file/a)",
      "[x (1 KB)](https://api-seller.ozon.ru:8443/v2/chat/file/a)",
      "[x (1 KB)](https://user:pass@api-seller.ozon.ru/v2/chat/file/a)",
      "[x (1 KB)](https://api-seller.ozon.ru.evil.test/v2/chat/file/a)",
    ];
    for (const text of entries) {
      expect(attachmentFromMarkdown(text, isChatFile, true), text).toBeUndefined();
    }
    const m = message(
      JSON.stringify({
        message_id: "21",
        created_at: "x",
        user: { id: "1", type: "customer" },
        data: entries,
        is_image: true,
      }),
    );
    expect(m.attachments).toEqual([]);
    expect(m.text).toBe(entries.join("\n"));
  });

  it("takes a link under a Seller base URL with a path for a file only under that path", () => {
    const proxied = chatFileLocation("http://127.0.0.1:8081/ozon/");
    expect(proxied("http://127.0.0.1:8081/ozon/v2/chat/file/a/b.pdf")?.href).toBe(
      "http://127.0.0.1:8081/ozon/v2/chat/file/a/b.pdf",
    );
    expect(proxied("http://127.0.0.1:8081/v2/chat/file/a")).toBeUndefined();
  });

  it("names the missing id of a message", () => {
    const result = wireMessage.safeParse({ created_at: "2026-01-01T00:00:00Z", data: ["hi"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["message_id"]);
  });

  it("orders messages by exact id", () => {
    const ids = ["3000000000817031943", "999", "3000000000817031942"];
    const sorted = oldestFirst(ids.map((id) => message(`{"message_id":${id},"created_at":"x"}`)));
    expect(sorted.map((m) => m.id)).toEqual(["999", "3000000000817031942", "3000000000817031943"]);
  });
});
