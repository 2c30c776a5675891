import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatSnapshot, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { waitFor } from "../support/wait.ts";
import { bareIntegers, SELLER_HEADERS, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  // Both forms: the seed's (/v1, the bot's fall-back) and today's (/v3).
  sb = await startSandbox({ seed: 5, initialChats: 4, rules: "seed" });
});
afterAll(() => sb.close());

const TWO_POW_53 = 2n ** 53n;
const buyerChats = () => sb.control.chats().filter((c) => c.kind === "buyer");
const openChat = (): ChatSnapshot => {
  const chat = buyerChats().find((c) => c.status === "OPENED");
  if (!chat) throw new Error("no open chat");
  return chat;
};
/** The chat whose image is in the given /v1 form. */
const chatWithImageIn = (form: "file" | "markdown"): ChatSnapshot => {
  const chat = buyerChats().find((c) =>
    c.messages.some((m) => m.file?.isImage && m.file.form === form),
  );
  if (!chat) throw new Error(`no chat with an image in ${form} form`);
  return chat;
};

describe("chat list", () => {
  it("v1 answers result[{id, last_message_id, users}] with ids above 2^53 as exact bare integers", async () => {
    const res = await seller(sb, "/v1/chat/list", { page: 1, page_size: 100 });
    expect(res.status).toBe(200);
    const chats = sb.control.chats();
    expect(res.json.result).toHaveLength(chats.length);
    const ids = bareIntegers(res.text, "last_message_id");
    expect(chats.length).toBeGreaterThan(0);
    expect(ids).toHaveLength(chats.length);
    for (const id of ids) expect(BigInt(id)).toBeGreaterThan(TWO_POW_53);
    for (const chat of chats) expect(ids).toContain(chat.messages.at(-1)?.id);
    const types = res.json.result.flatMap((c: { users: Array<{ type: string }> }) =>
      c.users.map((u) => u.type),
    );
    expect(types).toEqual(
      expect.arrayContaining(["customer", "Customer", "\u0421ustomer", "seller"]),
    );
  });

  it("v1 pages with page/page_size and filters by chat_id_list", async () => {
    const one = await seller(sb, "/v1/chat/list", { page: 2, page_size: 2 });
    expect(one.json.result).toHaveLength(2);
    const id = openChat().id;
    const filtered = await seller(sb, "/v1/chat/list", { chat_id_list: [id] });
    expect(filtered.json.result.map((c: { id: string }) => c.id)).toEqual([id]);
  });

  it("v3 pages by cursor; has_next and chat_type as the documents write them", async () => {
    const seen: string[] = [];
    const types = new Set<string>();
    let cursor = "";
    for (let i = 0; i < 10; i++) {
      const res = await seller(sb, "/v3/chat/list", {
        limit: 2,
        cursor,
        filter: { chat_status: "All" },
      });
      expect(res.status).toBe(200);
      for (const item of res.json.chats) {
        seen.push(item.chat.chat_id);
        types.add(item.chat.chat_type);
        expect(item.last_message_id).toMatch(/^\d{19}$/);
        expect(typeof item.unread_count).toBe("number");
      }
      expect(typeof res.json.has_next).toBe("boolean");
      if (!res.json.has_next) break;
      cursor = res.json.cursor;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(sb.control.chats().length);
    expect([...types].sort()).toEqual(["BUYER_SELLER", "SELLER_SUPPORT"]);
  });

  it("v3 filters by status and unread_only, and refuses limit > 100", async () => {
    const closed = await seller(sb, "/v3/chat/list", {
      limit: 100,
      filter: { chat_status: "Closed" },
    });
    expect(closed.json.chats.length).toBeGreaterThan(0);
    for (const c of closed.json.chats) expect(c.chat.chat_status).toBe("CLOSED");
    const unread = await seller(sb, "/v3/chat/list", { limit: 100, filter: { unread_only: true } });
    expect(unread.json.chats.length).toBeGreaterThan(0);
    for (const c of unread.json.chats) expect(c.unread_count).toBeGreaterThan(0);
    expect((await seller(sb, "/v3/chat/list", { limit: 101 })).status).toBe(400);
  });
});

describe("chat history", () => {
  it("v1 history: oldest to newest, ids exact, attachments as file{} and as Markdown links", async () => {
    const chat = chatWithImageIn("file");
    const res = await seller(sb, "/v1/chat/history", { chat_id: chat.id, limit: 100 });
    expect(res.status).toBe(200);
    expect(bareIntegers(res.text, "id")).toEqual(chat.messages.map((m) => m.id));
    const image = res.json.result.find((m: { file: unknown }) => m.file !== null);
    expect(image.file).toMatchObject({
      mime: "image/png",
      url: expect.stringContaining("/v2/chat/file/"),
    });
    expect(image.file.size).toBeGreaterThan(0);
    const pdfLink = res.json.result.find((m: { text: string }) =>
      /^\[.+\.pdf \(\d+ KB\)\]\(http/.test(m.text),
    );
    expect(pdfLink).toBeDefined();
    const other = await seller(sb, "/v1/chat/history", { chat_id: chatWithImageIn("markdown").id });
    expect(
      other.json.result.some((m: { text: string }) =>
        /^!\[\]\(http.+\/v2\/chat\/file\//.test(m.text),
      ),
    ).toBe(true);
    expect(
      other.json.result.some(
        (m: { file: { mime: string } | null }) => m.file?.mime === "application/pdf",
      ),
    ).toBe(true);
  });

  it("v1 history from_message_id (a bare big integer in the request) starts there", async () => {
    const chat = openChat();
    const from = chat.messages[1]?.id as string;
    const raw = `{"chat_id":"${chat.id}","from_message_id":${from},"limit":2}`;
    const res = await seller(sb, "/v1/chat/history", raw);
    expect(bareIntegers(res.text, "id")).toEqual(chat.messages.slice(1, 3).map((m) => m.id));
  });

  it("v1 updates: newest to oldest", async () => {
    const chat = openChat();
    const res = await seller(sb, "/v1/chat/updates", { chat_id: chat.id, limit: 100 });
    expect(bareIntegers(res.text, "id")).toEqual(chat.messages.map((m) => m.id).reverse());
  });

  it("v3 history: Backward by default, Forward from a message with has_next, data[] in Markdown", async () => {
    const chat = chatWithImageIn("file");
    const ids = chat.messages.map((m) => m.id);
    const backward = await seller(sb, "/v3/chat/history", { chat_id: chat.id, limit: 1000 });
    expect(bareIntegers(backward.text, "message_id")).toEqual([...ids].reverse());
    expect(backward.json.has_next).toBe(false);
    const image = backward.json.messages.find((m: { is_image: boolean }) => m.is_image);
    expect(image.data[0]).toMatch(/^!\[\]\(http.+\/v2\/chat\/file\/.+\)$/);

    const firstPage = await seller(
      sb,
      "/v3/chat/history",
      `{"chat_id":"${chat.id}","direction":"Forward","from_message_id":${ids[0]},"limit":2}`,
    );
    expect(bareIntegers(firstPage.text, "message_id")).toEqual(ids.slice(0, 2));
    expect(firstPage.json.has_next).toBe(true);
    const secondPage = await seller(
      sb,
      "/v3/chat/history",
      `{"chat_id":"${chat.id}","direction":"Forward","from_message_id":"${ids[2]}","limit":1000}`,
    );
    expect(bareIntegers(secondPage.text, "message_id")).toEqual(ids.slice(2));
  });

  it("v3 history Forward needs from_message_id; an unknown chat is 404", async () => {
    expect(
      (await seller(sb, "/v3/chat/history", { chat_id: openChat().id, direction: "Forward" }))
        .status,
    ).toBe(400);
    expect((await seller(sb, "/v3/chat/history", { chat_id: "nope" })).status).toBe(404);
  });
});

describe("chat files", () => {
  it("downloads a file only with Client-Id and Api-Key", async () => {
    const chat = chatWithImageIn("file");
    const file = chat.messages.find((m) => m.file?.isImage)?.file;
    if (!file) throw new Error("no image");
    expect(file.url.startsWith(sb.url)).toBe(true);
    const anonymous = await fetch(file.url);
    expect(anonymous.status).toBe(401);
    const res = await fetch(file.url, { headers: SELLER_HEADERS });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.byteLength).toBe(file.size);
    const missing = await fetch(`${sb.url}/v2/chat/file/unknown/file.png`, {
      headers: SELLER_HEADERS,
    });
    expect(missing.status).toBe(404);
  });
});

describe("sending", () => {
  it("sends a message of 1 to 1000 characters", async () => {
    const chat = openChat();
    const ok = await seller(sb, "/v1/chat/send/message", {
      chat_id: chat.id,
      text: "Здравствуйте! Отправили.",
    });
    expect(ok.json).toEqual({ result: "success" });
    const history = await seller(sb, "/v3/chat/history", { chat_id: chat.id, limit: 1 });
    expect(history.json.messages[0]).toMatchObject({
      user: { type: "Seller" },
      data: ["Здравствуйте! Отправили."],
    });
    expect(
      (await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "я".repeat(1000) }))
        .status,
    ).toBe(200);
    expect(
      (await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "я".repeat(1001) }))
        .status,
    ).toBe(400);
    expect((await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "" })).status).toBe(
      400,
    );
  });

  it("sends a file as base64 and serves the same bytes back", async () => {
    const chat = openChat();
    const content = Buffer.from("%PDF-1.4 накладная");
    const res = await seller(sb, "/v1/chat/send/file", {
      chat_id: chat.id,
      name: "накладная.pdf",
      base64_content: content.toString("base64"),
    });
    expect(res.json).toEqual({ result: "success" });
    const sent = sb.control.chat(chat.id)?.messages.at(-1);
    expect(sent).toMatchObject({
      author: "seller",
      file: { name: "накладная.pdf", mime: "application/pdf" },
    });
    const download = await fetch(sent?.file?.url ?? "", { headers: SELLER_HEADERS });
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    const bad = await seller(sb, "/v1/chat/send/file", {
      chat_id: chat.id,
      name: "x.pdf",
      base64_content: "***",
    });
    expect(bad.status).toBe(400);
  });

  it("starts a chat for a posting (the same chat twice) and marks messages read", async () => {
    const posting = sb.control.addPosting();
    const start = await seller(sb, "/v1/chat/start", { posting_number: posting.postingNumber });
    expect(start.status).toBe(200);
    const chatId = start.json.result.chat_id;
    expect(typeof chatId).toBe("string");
    const again = await seller(sb, "/v1/chat/start", { posting_number: posting.postingNumber });
    expect(again.json.result.chat_id).toBe(chatId);
    expect((await seller(sb, "/v1/chat/start", { posting_number: "0-0-0" })).status).toBe(404);

    sb.control.buyerWrites(chatId, { text: "Первое" });
    const last = sb.control.buyerWrites(chatId, { text: "Второе" });
    expect(sb.control.chat(chatId)?.unreadCount).toBe(2);
    const read = await seller(
      sb,
      "/v2/chat/read",
      `{"chat_id":"${chatId}","from_message_id":${last.id}}`,
    );
    expect(read.json).toEqual({ unread_count: 0 });
    expect(sb.control.chat(chatId)?.unreadCount).toBe(0);
  });

  it("without Premium Plus/Pro sending answers 403", async () => {
    const chat = openChat();
    sb.control.setChatPremium(false);
    try {
      const res = await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "Привет" });
      expect(res.status).toBe(403);
      expect(res.json.code).toBe(7);
      expect(res.json.message).toMatch(/Premium Plus or Premium Pro/);
      const file = await seller(sb, "/v1/chat/send/file", {
        chat_id: chat.id,
        name: "a.txt",
        base64_content: "YQ==",
      });
      expect(file.status).toBe(403);
    } finally {
      sb.control.setChatPremium(true);
    }
    expect(
      (await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "Привет" })).status,
    ).toBe(200);
  });

  it("a closed answer window refuses the seller until the buyer writes again", async () => {
    const chat = openChat();
    sb.control.closeAnswerWindow(chat.id);
    const refused = await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "Ответ" });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/^ANSWER_WINDOW_CLOSED/);
    sb.control.buyerWrites(chat.id, { text: "Вы тут?" });
    expect(
      (await seller(sb, "/v1/chat/send/message", { chat_id: chat.id, text: "Да" })).status,
    ).toBe(200);
  });

  it("a closed chat refuses sending", async () => {
    const closed = buyerChats().find((c) => c.status === "CLOSED");
    if (!closed) throw new Error("no closed chat");
    const res = await seller(sb, "/v1/chat/send/message", {
      chat_id: closed.id,
      text: "Здравствуйте",
    });
    expect(res.json.message).toBe("CHAT_IS_CLOSED");
  });
});

describe("buyers write", () => {
  it("on demand: the message shows up unread with the buyer's user type", async () => {
    const chat = openChat();
    const message = sb.control.buyerWrites(chat.id, { text: "Когда доставка?" });
    expect(BigInt(message.id)).toBeGreaterThan(TWO_POW_53);
    const res = await seller(sb, "/v3/chat/history", { chat_id: chat.id, limit: 1 });
    expect(bareIntegers(res.text, "message_id")).toEqual([message.id]);
    expect(res.json.messages[0]).toMatchObject({ is_read: false, data: ["Когда доставка?"] });
    expect(res.json.messages[0].user.type).toBe(chat.buyer.type);
  });

  it("on demand with a file in either form", async () => {
    const chat = openChat();
    const m = sb.control.buyerWrites(chat.id, {
      file: { name: "фото.png", form: "markdown" },
    });
    expect(m.file?.markdown).toMatch(/^!\[\]\(/);
    const v1 = await seller(sb, "/v1/chat/history", { chat_id: chat.id, limit: 1 });
    expect(v1.json.result[0].text).toBe(m.file?.markdown);
    expect(v1.json.result[0].file).toBeNull();
  });

  it("on a schedule", async () => {
    const scheduled = await startSandbox({ seed: 9, buyerMessageEverySeconds: 0.03 });
    try {
      const total = () => scheduled.control.chats().reduce((n, c) => n + c.messages.length, 0);
      const before = total();
      await waitFor(() => total() >= before + 3, { message: "scheduled buyer messages" });
    } finally {
      await scheduled.close();
    }
  });
});
