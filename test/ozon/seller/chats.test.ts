import { afterEach, describe, expect, it } from "vitest";
import { isOzonApiError, isOzonInputError } from "../../../src/ozon/errors.ts";
import type { Chat } from "../../../src/ozon/seller/types.ts";
import { API_KEY, CLIENT_ID, collect, type SellerSetup, sellerAgainst } from "../support/seller.ts";
import { send, startServer } from "../support/server.ts";

let setup: SellerSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const BIG = "3000000000817031942";
const retired = (_req: unknown, res: Parameters<typeof send>[0]) =>
  send(res, 404, { code: 5, message: "Not Found" });

/** Spec-form messages (v1): text, file{}, numeric ids beyond 2^53 written as raw literals. */
function v1Messages(ids: string[]): string {
  return `{"result":[${ids
    .map(
      (id) =>
        `{"id":${id},"created_at":"2026-06-15T09:00:00Z","text":"msg ${id}","user":{"id":"115568","type":"customer"}}`,
    )
    .join(",")}]}`;
}

/** Successor-form messages (v3): message_id, data[]. */
function v3Messages(ids: string[], hasNext: boolean | string = false): string {
  return `{"has_next":${JSON.stringify(hasNext)},"messages":[${ids
    .map(
      (id) =>
        `{"message_id":${id},"created_at":"2026-06-15T09:00:00Z","data":["msg ${id}"],"user":{"id":"115568","type":"Сustomer"},"is_read":false}`,
    )
    .join(",")}]}`;
}

/** The fall-back's warning lines of one capability. */
const fallbacks = (lines: Record<string, unknown>[], capability: string) =>
  lines.filter((l) => l.capability === capability && l.level === 40);

describe("chat list", () => {
  it("falls back to the seed's form (v1 page/page_size) where v3 answers 404, and normalises chats", async () => {
    setup = await sellerAgainst({
      "POST /v3/chat/list": retired,
      "POST /v1/chat/list": (req, res) => {
        const { page } = req.body as { page: number; page_size: number };
        const chats =
          page === 1
            ? Array.from({ length: 100 }, (_, i) => ({
                id: `chat-${i}`,
                last_message_id: BIG,
                users: [
                  { id: "1", type: "seller" },
                  { id: "2", type: "Customer" },
                ],
              }))
            : [{ id: "chat-support", users: [{ id: "3", type: "support" }] }];
        send(res, 200, { result: chats });
      },
    });
    const chats = await collect(setup.seller.chats.list());
    expect(chats).toHaveLength(101);
    expect(chats[0]).toEqual({
      id: "chat-0",
      type: "BUYER_SELLER",
      isBuyerChat: true,
      status: undefined,
      createdAt: undefined,
      lastMessageId: BIG,
      firstUnreadMessageId: undefined,
      unreadCount: undefined,
    } satisfies Chat);
    expect(chats[100]).toMatchObject({
      id: "chat-support",
      type: "SELLER_SUPPORT",
      isBuyerChat: false,
    });
    expect(setup.server.requests.map((r) => `${r.route} ${JSON.stringify(r.body)}`)).toEqual([
      '/v3/chat/list {"limit":100}',
      '/v1/chat/list {"page":1,"page_size":100}',
      '/v1/chat/list {"page":2,"page_size":100}',
    ]);
    // Remembered: the next listing goes straight to the seed's form, and the move was said once.
    await collect(setup.seller.chats.list());
    expect(setup.server.to("POST /v3/chat/list")).toHaveLength(1);
    expect(setup.seller.fellBackToSeed()).toEqual(["chats.list"]);
    expect(fallbacks(setup.lines, "chats.list")).toEqual([
      expect.objectContaining({ missing: "POST /v3/chat/list", fallback: "POST /v1/chat/list" }),
    ]);
  });

  it("asks v3 (today's form) and pages by cursor with has_next as a string; v1 never", async () => {
    setup = await sellerAgainst({
      "POST /v1/chat/list": (_req, res) => send(res, 200, { result: [] }),
      "POST /v3/chat/list": (req, res) => {
        const { cursor } = req.body as { cursor?: string };
        const chat = (id: string, type: string) =>
          `{"chat":{"chat_id":"${id}","chat_status":"Opened","chat_type":"${type}","created_at":"2026-06-01T10:00:00Z"},"first_unread_message_id":${BIG},"last_message_id":3000000000817031950,"unread_count":2}`;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          cursor
            ? `{"chats":[${chat("b", "BUYER_SELLER")}],"cursor":"","has_next":false}`
            : `{"chats":[${chat("a", "Buyer_Seller")}],"cursor":"c1","has_next":"true"}`,
        );
      },
    });
    const chats = await collect(setup.seller.chats.list({ unreadOnly: true }));
    expect(chats).toEqual([
      {
        id: "a",
        type: "BUYER_SELLER",
        isBuyerChat: true,
        status: "OPENED",
        createdAt: "2026-06-01T10:00:00Z",
        lastMessageId: "3000000000817031950",
        firstUnreadMessageId: BIG,
        unreadCount: 2,
      },
      expect.objectContaining({ id: "b", type: "BUYER_SELLER" }),
    ]);
    expect(setup.server.to("POST /v3/chat/list").map((r) => r.body)).toEqual([
      { filter: { unread_only: true }, limit: 100 },
      { filter: { unread_only: true }, limit: 100, cursor: "c1" },
    ]);
    await collect(setup.seller.chats.list());
    expect(setup.server.to("POST /v1/chat/list")).toHaveLength(0);
    expect(setup.seller.fellBackToSeed()).toEqual([]);
    expect(fallbacks(setup.lines, "chats.list")).toEqual([]);
  });
});

describe("chat list changing form in the middle of a listing", () => {
  it("falls back when v3 goes missing after its first page, restarts in v1 and still lists the chats beyond its first page", async () => {
    const page = (from: number, size = 100) =>
      Array.from({ length: size }, (_, i) => ({ chat: { chat_id: `chat-${from + i}` } }));
    setup = await sellerAgainst({
      "POST /v3/chat/list": (req, res, nth) =>
        nth === 1
          ? send(res, 200, { chats: page(0), cursor: "p2", has_next: true })
          : retired(req, res),
      "POST /v1/chat/list": (req, res) => {
        const { page: n } = req.body as { page: number };
        const chats = (n === 1 ? page(0) : page(100, 5)).map((c) => c.chat);
        send(res, 200, { chats, has_next: n === 1 });
      },
    });
    const chats = await collect(setup.seller.chats.list());
    expect(chats.map((c) => c.id)).toEqual(Array.from({ length: 105 }, (_, i) => `chat-${i}`));
    expect(setup.server.to("POST /v3/chat/list").map((r) => r.body)).toEqual([
      { limit: 100 },
      { limit: 100, cursor: "p2" },
    ]);
    expect(setup.server.to("POST /v1/chat/list").map((r) => r.body)).toEqual([
      { page: 1, page_size: 100 },
      { page: 2, page_size: 100 },
    ]);
  });

  it("goes back to v3 when the remembered v1 goes missing after its first page, and still lists every chat", async () => {
    const page = (from: number, size = 100) =>
      Array.from({ length: size }, (_, i) => ({ chat: { chat_id: `chat-${from + i}` } }));
    setup = await sellerAgainst({
      // The store lacked v3 at first (the fall-back), then moved on: v1 is gone after a page.
      "POST /v3/chat/list": (req, res, nth) => {
        if (nth === 1) return retired(req, res);
        const { cursor } = req.body as { cursor?: string };
        if (!cursor) send(res, 200, { chats: page(0), cursor: "p2", has_next: true });
        else send(res, 200, { chats: page(100, 5), cursor: "", has_next: false });
      },
      "POST /v1/chat/list": (req, res, nth) =>
        nth === 1
          ? send(res, 200, { chats: page(0).map((c) => c.chat), has_next: true })
          : retired(req, res),
    });
    const chats = await collect(setup.seller.chats.list());
    expect(chats.map((c) => c.id)).toEqual(Array.from({ length: 105 }, (_, i) => `chat-${i}`));
    expect(setup.server.to("POST /v3/chat/list")).toHaveLength(3);
    expect(setup.seller.fellBackToSeed()).toEqual([]);
  });
});

describe("chat history and updates", () => {
  it("falls back to the seed's history (v1) where v3 answers 404: oldest first, ids exact", async () => {
    setup = await sellerAgainst({
      "POST /v3/chat/history": retired,
      "POST /v1/chat/history": (_req, res) =>
        send(res, 200, v1Messages(["3000000000817031944", "3000000000817031943"])),
    });
    const page = await setup.seller.chats.history("chat-1", { fromMessageId: BIG, limit: 2 });
    expect(page.messages.map((m) => m.id)).toEqual(["3000000000817031943", "3000000000817031944"]);
    expect(page.messages[0]).toMatchObject({
      author: { id: "115568", kind: "buyer" },
      text: "msg 3000000000817031943",
    });
    expect(page.hasNext).toBe(true);
    expect(setup.server.to("POST /v1/chat/history")[0]?.body).toEqual({
      chat_id: "chat-1",
      from_message_id: BIG,
      limit: 2,
    });
    await setup.seller.chats.history("chat-1", { limit: 2 });
    expect(setup.server.to("POST /v3/chat/history")).toHaveLength(1);
    expect(setup.server.to("POST /v1/chat/history")).toHaveLength(2);
    expect(setup.seller.fellBackToSeed()).toEqual(["chats.history"]);
  });

  it("reads history in today's form (v3), the same normalised messages; v1 never", async () => {
    setup = await sellerAgainst({
      "POST /v1/chat/history": (_req, res) => send(res, 200, v1Messages([])),
      "POST /v3/chat/history": (_req, res) =>
        send(res, 200, v3Messages(["3000000000817031944", "3000000000817031943"], "true")),
    });
    const page = await setup.seller.chats.history("chat-1", { limit: 50 });
    expect(page.hasNext).toBe(true);
    expect(page.messages.map((m) => m.id)).toEqual(["3000000000817031943", "3000000000817031944"]);
    expect(page.messages[0]).toEqual({
      id: "3000000000817031943",
      createdAt: "2026-06-15T09:00:00Z",
      author: { id: "115568", kind: "buyer" },
      text: "msg 3000000000817031943",
      attachments: [],
      context: {},
      isRead: false,
    });
    expect(setup.server.to("POST /v3/chat/history")[0]?.body).toEqual({
      chat_id: "chat-1",
      direction: "Backward",
      limit: 50,
    });
    expect(setup.server.to("POST /v1/chat/history")).toHaveLength(0);
    expect(setup.seller.fellBackToSeed()).toEqual([]);
  });

  it("wants a starting message to read forward, and checks the limit", async () => {
    setup = await sellerAgainst({});
    for (const options of [{ direction: "forward" as const }, { limit: 0 }, { limit: 1001 }]) {
      const error = await setup.seller.chats.history("c", options).catch((e: unknown) => e);
      expect(isOzonInputError(error)).toBe(true);
    }
    expect(setup.server.requests).toHaveLength(0);
  });

  it("falls back to the seed's updates (v1) where v3 history answers 404", async () => {
    setup = await sellerAgainst({
      "POST /v3/chat/history": retired,
      "POST /v1/chat/updates": (_req, res) =>
        // v1 updates run newest to oldest and may include the starting message itself.
        send(res, 200, v1Messages(["3000000000817031944", "3000000000817031943", BIG])),
    });
    const updates = await setup.seller.chats.updates("chat-1", BIG);
    expect(updates.map((m) => m.id)).toEqual(["3000000000817031943", "3000000000817031944"]);
    expect(setup.server.to("POST /v1/chat/updates")[0]?.body).toEqual({
      chat_id: "chat-1",
      from_message_id: BIG,
      limit: 1000,
    });
    // Each capability falls back on its own evidence: history has not been asked.
    expect(setup.seller.fellBackToSeed()).toEqual(["chats.updates"]);
    expect(fallbacks(setup.lines, "chats.updates")).toHaveLength(1);
  });

  it("reads updates through v3 history Forward, paging while has_next; v1 updates never", async () => {
    setup = await sellerAgainst({
      "POST /v1/chat/updates": (_req, res) => send(res, 200, v1Messages([])),
      "POST /v3/chat/history": (req, res, nth) => {
        const { from_message_id } = req.body as { from_message_id: string };
        if (nth === 1) send(res, 200, v3Messages([from_message_id, "3000000000817031943"], true));
        else send(res, 200, v3Messages(["3000000000817031944"], false));
      },
    });
    const updates = await setup.seller.chats.updates("chat-1", BIG);
    expect(updates.map((m) => m.id)).toEqual(["3000000000817031943", "3000000000817031944"]);
    expect(setup.server.to("POST /v3/chat/history").map((r) => r.body)).toEqual([
      { chat_id: "chat-1", direction: "Forward", from_message_id: BIG, limit: 1000 },
      {
        chat_id: "chat-1",
        direction: "Forward",
        from_message_id: "3000000000817031943",
        limit: 1000,
      },
    ]);
    expect(setup.server.to("POST /v1/chat/updates")).toHaveLength(0);
    expect(setup.seller.fellBackToSeed()).toEqual([]);
  });

  it("does not fall back to the seed's form for other errors", async () => {
    setup = await sellerAgainst({
      "POST /v3/chat/history": (_req, res) =>
        send(res, 400, { code: 3, message: "chat not found" }),
      "POST /v1/chat/history": (_req, res) => send(res, 200, v1Messages([])),
    });
    const error = await setup.seller.chats.history("nope").catch((e: unknown) => e);
    expect(isOzonApiError(error) && error.status).toBe(400);
    expect(setup.seller.fellBackToSeed()).toEqual([]);
    expect(setup.server.to("POST /v1/chat/history")).toHaveLength(0);
  });

  it("logs a fall-back once even when concurrent calls all meet the 404", async () => {
    setup = await sellerAgainst({
      "POST /v3/chat/history": retired,
      "POST /v1/chat/history": (_req, res) => send(res, 200, v1Messages([BIG])),
    });
    await Promise.all(Array.from({ length: 5 }, () => setup?.seller.chats.history("c")));
    expect(setup.lines.filter((l) => l.capability === "chats.history")).toHaveLength(1);
    expect(setup.server.to("POST /v1/chat/history")).toHaveLength(5);
  });
});

describe("sending and the rest", () => {
  it("sends a message of 1..1000 characters and never repeats it after a 5xx", async () => {
    setup = await sellerAgainst({
      "POST /v1/chat/send/message": (req, res) =>
        (req.body as { text: string }).text === "boom"
          ? send(res, 503, { message: "unavailable" })
          : send(res, 200, { result: "success" }),
    });
    await setup.seller.chats.sendMessage("chat-1", "Здравствуйте! Отправим завтра.");
    await setup.seller.chats.sendMessage("chat-1", "я".repeat(1000));
    for (const text of ["", "   ", "я".repeat(1001)]) {
      const error = await setup.seller.chats.sendMessage("chat-1", text).catch((e: unknown) => e);
      expect(isOzonInputError(error) && error.field).toBe("text");
    }
    const failed = await setup.seller.chats.sendMessage("chat-1", "boom").catch((e: unknown) => e);
    expect(isOzonApiError(failed) && failed.status).toBe(503);
    expect(setup.server.requests.map((r) => (r.body as { text: string }).text.length)).toEqual([
      30, 1000, 4,
    ]);
  });

  it("sends a file as base64", async () => {
    setup = await sellerAgainst({
      "POST /v1/chat/send/file": (_req, res) => send(res, 200, { result: "success" }),
    });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await setup.seller.chats.sendFile("chat-1", "фото.png", bytes);
    expect(setup.server.requests[0]?.body).toEqual({
      chat_id: "chat-1",
      name: "фото.png",
      base64_content: Buffer.from(bytes).toString("base64"),
    });
  });

  it("starts a chat for a posting and marks messages read", async () => {
    setup = await sellerAgainst({
      "POST /v1/chat/start": (_req, res) =>
        send(res, 200, { result: { chat_id: "99a5a5b1-0b0c-4a1e-9b53-2b6c3c1d0e0f" } }),
      "POST /v2/chat/read": (_req, res) => send(res, 200, { unread_count: 0 }),
    });
    await expect(setup.seller.chats.start("23713478-0018-3")).resolves.toBe(
      "99a5a5b1-0b0c-4a1e-9b53-2b6c3c1d0e0f",
    );
    await expect(setup.seller.chats.read("chat-1", BIG)).resolves.toEqual({ unreadCount: 0 });
    expect(setup.server.requests.map((r) => r.body)).toEqual([
      { posting_number: "23713478-0018-3" },
      { chat_id: "chat-1", from_message_id: BIG },
    ]);
  });

  it("downloads an attachment with the Seller headers on its own origin only", async () => {
    setup = await sellerAgainst({
      "GET /v2/chat/file/abc": (req, res) => {
        if (req.headers["api-key"] !== API_KEY)
          return send(res, 401, { code: 16, message: "no key" });
        res.writeHead(200, {
          "content-type": "image/jpeg",
          "content-disposition": "attachment; filename*=UTF-8''%D1%84%D0%BE%D1%82%D0%BE.jpg",
        });
        res.end(Buffer.from([0xff, 0xd8, 0xff]));
      },
    });
    const file = await setup.seller.chats.downloadFile(`${setup.server.url}/v2/chat/file/abc`);
    expect(file).toEqual({
      bytes: new Uint8Array([0xff, 0xd8, 0xff]),
      contentType: "image/jpeg",
      name: "фото.jpg",
    });
    expect(setup.server.requests[0]?.headers["client-id"]).toBe(CLIENT_ID);

    // A file on another origin gets no keys: it is not fetched at all.
    const elsewhere = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end("%PDF-1.4");
    });
    try {
      await expect(
        setup.seller.chats.downloadFile(`${elsewhere.url}/files/check.pdf`),
      ).rejects.toSatisfy(isOzonInputError);
      // Not fetched at all, so the keys reached no one there.
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});
