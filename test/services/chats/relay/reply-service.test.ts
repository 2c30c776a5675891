// Telegram → Ozon against the real sandbox over HTTP with the real Seller client.
import { afterEach, describe, expect, it } from "vitest";
import { OzonApiError, OzonAuthError, OzonNetworkError } from "../../../../src/ozon/errors.ts";
import { ChatRelay } from "../../../../src/services/chats/relay/chat-relay.ts";
import { ChatContexts } from "../../../../src/services/chats/relay/context.ts";
import { classifyReplyError } from "../../../../src/services/chats/relay/reply-errors.ts";
import {
  type ReplyChatsApi,
  ReplyService,
  TELEGRAM_DOWNLOAD_LIMIT_BYTES,
} from "../../../../src/services/chats/relay/reply-service.ts";
import { createRelayRepositories } from "../../../../src/services/chats/relay/repositories.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import {
  bytesOf,
  openBuyerChats,
  RecordingNotifier,
  type SellerSandbox,
  sellerSandbox,
} from "../support.ts";

let env: SellerSandbox | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

/** `lacking`: a store with the seed's chat forms that lacks today's list and history. */
async function setup(options: { lacking?: 404 | 410 } = {}) {
  env = await sellerSandbox({
    initialChats: 4,
    ...(options.lacking ? { rules: "seed" as const } : {}),
  });
  if (options.lacking) {
    env.sandbox.contract.withdrawAs(options.lacking, "POST /v3/chat/list", "POST /v3/chat/history");
  }
  const store = new MemoryStore();
  const replies = new ReplyService({ chats: env.seller.chats, contexts: new ChatContexts(store) });
  const [chat] = openBuyerChats(env.sandbox);
  if (!chat) throw new Error("no open chat");
  const sellerMessages = () =>
    (env?.sandbox.control.chat(chat.id)?.messages ?? []).slice(chat.messages.length);
  return { env, store, replies, chat, sellerMessages };
}

async function fetchFile(url: string): Promise<Uint8Array> {
  if (!env) throw new Error("no sandbox");
  const file = await env.seller.chats.downloadFile(url);
  return file.bytes;
}

describe("ReplyService: Telegram → Ozon", () => {
  it("sends a short text as one seller message", async () => {
    const { replies, chat, sellerMessages } = await setup();
    expect(await replies.sendText(chat.id, "Здравствуйте! Отправим сегодня.")).toEqual({
      ok: true,
      partsSent: 1,
    });
    expect(sellerMessages()).toEqual([
      expect.objectContaining({ author: "seller", text: "Здравствуйте! Отправим сегодня." }),
    ]);
  });

  it("sends text over 1 000 characters in parts, in order, at sentence ends", async () => {
    const { replies, chat, sellerMessages } = await setup();
    const sentences = Array.from(
      { length: 60 },
      (_, i) => `Пункт ${i + 1}: упаковка проверена, трек-номер будет завтра.`,
    );
    const text = sentences.join(" ");
    expect(text.length).toBeGreaterThan(3_000);
    const result = await replies.sendText(chat.id, text);
    expect(result).toEqual({ ok: true, partsSent: 4 });
    const sent = sellerMessages().map((m) => m.text);
    expect(sent).toHaveLength(4);
    for (const part of sent) {
      expect(Array.from(part).length).toBeLessThanOrEqual(1_000);
      expect(part.endsWith(".")).toBe(true);
    }
    expect(sent.join(" ")).toBe(text);
  });

  it("sends a photo and a document with their names and bytes", async () => {
    const { replies, chat, sellerMessages } = await setup();
    const photo = bytesOf(4_000, 3);
    const doc = bytesOf(9_000, 4);
    expect(await replies.sendFile(chat.id, "photo_2026.jpg", photo)).toEqual({ ok: true });
    expect(await replies.sendFile(chat.id, "Инструкция.pdf", doc)).toEqual({ ok: true });
    const [first, second] = sellerMessages();
    expect(first?.file).toMatchObject({ name: "photo_2026.jpg", size: 4_000, isImage: true });
    expect(second?.file).toMatchObject({ name: "Инструкция.pdf", size: 9_000, isImage: false });
    expect(await fetchFile(first?.file?.url ?? "")).toEqual(photo);
    expect(await fetchFile(second?.file?.url ?? "")).toEqual(doc);
  });

  it("what the team sends is not relayed back as a buyer message", async () => {
    const { env, store, replies, chat } = await setup();
    const notifier = new RecordingNotifier();
    const relay = new ChatRelay({
      chats: env.seller.chats,
      repositories: createRelayRepositories(store),
      notifier,
    });
    await relay.runOnce();
    await replies.sendText(chat.id, "Ответ продавца");
    await replies.sendFile(chat.id, "чек.pdf", bytesOf(100));
    expect(await relay.runOnce()).toMatchObject({ relayed: 0, passedOver: 2 });
    expect(notifier.deliveries).toEqual([]);
  });

  it("Premium refusal is explained for text, files and new chats", async () => {
    const { env, replies, chat, sellerMessages } = await setup();
    env.sandbox.control.setChatPremium(false);
    expect(await replies.sendText(chat.id, "Ответ")).toMatchObject({
      ok: false,
      reason: "premium_required",
      partsSent: 0,
      partsTotal: 1,
      detail: expect.stringContaining("Premium"),
    });
    expect(await replies.sendFile(chat.id, "a.pdf", bytesOf(10))).toMatchObject({
      ok: false,
      reason: "premium_required",
    });
    const posting = env.sandbox.control.postings()[0];
    expect(await replies.startChatForPosting(posting?.postingNumber ?? "")).toMatchObject({
      ok: false,
      reason: "premium_required",
    });
    expect(sellerMessages()).toEqual([]);
  });

  it("a closed answer window and a closed chat are explained", async () => {
    const { env, replies, chat } = await setup();
    env.sandbox.control.closeAnswerWindow(chat.id);
    expect(await replies.sendText(chat.id, "Ответ")).toMatchObject({
      ok: false,
      reason: "window_closed",
      detail: expect.stringContaining("ANSWER_WINDOW_CLOSED"),
    });
    expect(await replies.sendFile(chat.id, "a.pdf", bytesOf(10))).toMatchObject({
      ok: false,
      reason: "window_closed",
    });
    const closed = env.sandbox.control.chats().find((c) => c.status === "CLOSED");
    expect(await replies.sendText(closed?.id ?? "", "Ответ")).toMatchObject({
      ok: false,
      reason: "window_closed",
    });
    // The buyer writes again: the window opens.
    env.sandbox.control.buyerWrites(chat.id, { text: "Ау?" });
    expect(await replies.sendText(chat.id, "Да, слушаем")).toEqual({ ok: true, partsSent: 1 });
  });

  it("file size limits: over 20 MB is refused before any call, over Ozon's limit by Ozon", async () => {
    const { env, replies, chat, sellerMessages } = await setup();
    env.sandbox.resetCounters();
    expect(
      await replies.sendFile(chat.id, "big.pdf", new Uint8Array(TELEGRAM_DOWNLOAD_LIMIT_BYTES + 1)),
    ).toMatchObject({ ok: false, reason: "file_too_large" });
    expect(env.calls()).toEqual({});
    // The sandbox takes at most 10 MB, as Ozon documents for chat files.
    expect(
      await replies.sendFile(chat.id, "scan.pdf", new Uint8Array(11 * 1024 * 1024)),
    ).toMatchObject({ ok: false, reason: "file_too_large" });
    expect(env.calls()["POST /v1/chat/send/file"]).toBe(1);
    expect(sellerMessages()).toEqual([]);
    expect(await replies.sendFile(chat.id, "empty.pdf", new Uint8Array(0))).toMatchObject({
      ok: false,
      reason: "empty_message",
    });
  });

  it("an unknown chat and empty text are explained, not dropped", async () => {
    const { replies } = await setup();
    expect(await replies.sendText("no-such-chat", "Ответ")).toMatchObject({
      ok: false,
      reason: "chat_not_found",
    });
    expect(await replies.sendText("no-such-chat", "  \n ")).toMatchObject({
      ok: false,
      reason: "empty_message",
      partsTotal: 0,
    });
  });

  it("Ozon unavailable after the client's retries", async () => {
    const { env, replies, chat } = await setup();
    env.sandbox.control.setFault("POST /v1/chat/send/message", { rate5xx: 1, status5xx: 503 });
    expect(await replies.sendText(chat.id, "Ответ")).toMatchObject({
      ok: false,
      reason: "ozon_unavailable",
    });
    env.sandbox.control.setFault("POST /v1/chat/send/file", { rate429: 1 });
    env.sandbox.resetCounters();
    expect(await replies.sendFile(chat.id, "a.pdf", bytesOf(10))).toMatchObject({
      ok: false,
      reason: "ozon_unavailable",
    });
    // 429 is always safe to repeat: the client tried several times before giving up.
    expect(env.calls()["POST /v1/chat/send/file"]).toBeGreaterThan(1);
  });

  it("a failure part-way through a long text says how many parts reached the buyer", async () => {
    const { env, chat, sellerMessages } = await setup();
    let sent = 0;
    // The real client, with the subscription running out after the first part.
    const chats: ReplyChatsApi = {
      ...env.seller.chats,
      sendMessage: async (chatId, text) => {
        await env.seller.chats.sendMessage(chatId, text);
        if (++sent === 1) env.sandbox.control.setChatPremium(false);
      },
    };
    const replies = new ReplyService({ chats });
    const text = "Очень длинный ответ. ".repeat(120);
    expect(await replies.sendText(chat.id, text)).toMatchObject({
      ok: false,
      reason: "premium_required",
      partsSent: 1,
      partsTotal: 3,
    });
    expect(sellerMessages()).toHaveLength(1);
  });

  it("starts the chat for a posting and remembers the posting as the chat's context", async () => {
    const { env, store, replies } = await setup();
    const posting = env.sandbox.control.addPosting();
    const started = await replies.startChatForPosting(posting.postingNumber);
    if (!started.ok) throw new Error(`start failed: ${started.reason}`);
    expect(env.sandbox.control.chat(started.ozonChatId)?.postingNumber).toBe(posting.postingNumber);
    expect(await new ChatContexts(store).get(started.ozonChatId)).toEqual({
      postingNumber: posting.postingNumber,
    });
    // The same posting gives the same chat.
    expect(await replies.startChatForPosting(posting.postingNumber)).toEqual(started);
    expect(await replies.startChatForPosting("0000-no-such")).toMatchObject({
      ok: false,
      reason: "chat_not_found",
    });
    expect(await replies.sendText(started.ozonChatId, "Уточните адрес, пожалуйста")).toEqual({
      ok: true,
      partsSent: 1,
    });
  });

  it("replies work the same for a store lacking today's chat list and history (410)", async () => {
    const { replies, chat, sellerMessages } = await setup({ lacking: 410 });
    expect(await replies.sendText(chat.id, "Ответ")).toEqual({ ok: true, partsSent: 1 });
    expect(await replies.sendFile(chat.id, "a.png", bytesOf(50))).toEqual({ ok: true });
    expect(sellerMessages()).toHaveLength(2);
  });
});

describe("classifyReplyError", () => {
  const api = (status: number, code: number | undefined, message: string, Kind = OzonApiError) =>
    new Kind({
      service: "seller",
      method: "POST",
      path: "/v1/chat/send/message",
      status,
      code,
      message,
    });

  it("reads Ozon's answers into reasons", () => {
    expect(
      classifyReplyError(api(403, 7, "Premium Plus subscription required", OzonAuthError)),
    ).toBe("premium_required");
    expect(classifyReplyError(api(403, 7, "", OzonAuthError))).toBe("premium_required");
    expect(classifyReplyError(api(401, 16, "Api-Key is invalid", OzonAuthError))).toBe("ozon_auth");
    expect(classifyReplyError(api(403, 7, "API key expired", OzonAuthError))).toBe("ozon_auth");
    expect(classifyReplyError(api(400, 9, "ANSWER_WINDOW_CLOSED"))).toBe("window_closed");
    expect(classifyReplyError(api(400, 9, "CHAT_IS_CLOSED"))).toBe("window_closed");
    expect(classifyReplyError(api(400, 3, "file larger than 10 MB"))).toBe("file_too_large");
    expect(classifyReplyError(api(413, undefined, ""))).toBe("file_too_large");
    expect(classifyReplyError(api(404, 5, "CHAT_NOT_FOUND"))).toBe("chat_not_found");
    expect(classifyReplyError(api(500, 13, "internal"))).toBe("ozon_unavailable");
    expect(classifyReplyError(api(400, 9, "Circle is open"))).toBe("ozon_unavailable");
    expect(classifyReplyError(api(400, 3, "something else"))).toBe("unknown");
    const network = new OzonNetworkError({
      service: "seller",
      method: "POST",
      path: "/v1/chat/send/message",
      timeout: true,
      phase: "headers",
      reason: "timeout",
    });
    expect(classifyReplyError(network)).toBe("ozon_unavailable");
    expect(classifyReplyError(new Error("boom"))).toBe("unknown");
  });
});
