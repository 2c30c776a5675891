/**
 * The chats namespace: list, history, updates, send, start, read, file download.
 * Tests: none directly
 */
import { OzonInputError } from "../errors.ts";
import { chatFileLocation } from "./chat-files.ts";
import {
  compareMessageIds,
  normalizeChat,
  normalizeMessage,
  oldestFirst,
} from "./chat-normalize.ts";
import type { SellerContext } from "./context.ts";
import {
  chatHistory,
  chatHistoryV1,
  chatHistoryV3,
  chatList,
  chatListV1,
  chatListV3,
  chatUpdates,
  chatUpdatesV1,
  readChat,
  sendFile as sendFileEndpoint,
  sendMessage as sendMessageEndpoint,
  startChat,
  type WireChat,
  type WireMessage,
} from "./endpoints/chats.ts";
import type {
  Chat,
  ChatListOptions,
  ChatMessage,
  DownloadedFile,
  DownloadFileOptions,
  HistoryOptions,
  HistoryPage,
} from "./types.ts";

const LIST_PAGE = 100;
const MAX_PAGES = 1000;
const UPDATES_LIMIT = 1000;
const MAX_UPDATE_PAGES = 20;
export const MAX_MESSAGE_LENGTH = 1000;
/** Telegram's upload limit: a bigger file could not be passed on anyway. */
export const DEFAULT_DOWNLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_DOWNLOAD_DEADLINE_MS = 60_000;

const V3_STATUS = { opened: "Opened", closed: "Closed", all: "All" } as const;

function checkLimit(limit: number | undefined): number {
  const value = limit ?? 100;
  if (!Number.isInteger(value) || value < 1 || value > 1000) {
    throw new OzonInputError("limit", "must be an integer from 1 to 1000");
  }
  return value;
}

export function createChatsApi(ctx: SellerContext) {
  const fileLocation = chatFileLocation(ctx.http.baseUrl);
  const isChatFile = (url: string) => fileLocation(url) !== undefined;
  const messagesOf = (answer: { result?: WireMessage[] | null; messages?: WireMessage[] | null }) =>
    (answer.result ?? answer.messages ?? []).map((wire) => normalizeMessage(wire, isChatFile));

  interface ListPage {
    chats: WireChat[];
    hasNext: boolean;
    cursor: string | undefined;
  }

  async function v1Page(page: number): Promise<ListPage> {
    const answer = await ctx.http.call(chatListV1, { body: { page, page_size: LIST_PAGE } });
    const chats = answer.result ?? answer.chats ?? [];
    return { chats, hasNext: answer.has_next ?? chats.length >= LIST_PAGE, cursor: undefined };
  }

  async function v3Page(options: ChatListOptions, cursor: string | undefined): Promise<ListPage> {
    const filter = {
      ...(options.status ? { chat_status: V3_STATUS[options.status] } : {}),
      ...(options.unreadOnly !== undefined ? { unread_only: options.unreadOnly } : {}),
    };
    const answer = await ctx.http.call(chatListV3, {
      body: {
        ...(Object.keys(filter).length > 0 ? { filter } : {}),
        limit: LIST_PAGE,
        ...(cursor ? { cursor } : {}),
      },
    });
    return { chats: answer.chats ?? [], hasNext: answer.has_next ?? false, cursor: answer.cursor };
  }

  /** Every chat, page after page. */
  async function* list(options: ChatListOptions = {}): AsyncGenerator<Chat, void, undefined> {
    const seen = new Set<string>();
    let page = 1;
    let cursor: string | undefined;
    let form: "spec" | "successor" | undefined;
    for (let round = 0; round < MAX_PAGES; round++) {
      const result = await ctx.successors.run(
        chatList,
        () => v1Page(page),
        () => v3Page(options, form === "successor" ? cursor : undefined),
      );
      // A move to the successor restarts the listing, so its first page holds only repeats.
      const restarted = form !== undefined && form !== result.form;
      form = result.form;
      let fresh = 0;
      for (const wire of result.value.chats) {
        const chat = normalizeChat(wire);
        if (seen.has(chat.id)) continue;
        seen.add(chat.id);
        fresh++;
        yield chat;
      }
      // A page with nothing new means the server ignores paging: stop rather than loop.
      if (!result.value.hasNext || (fresh === 0 && !restarted)) return;
      if (form === "spec") {
        page++;
      } else {
        const next = result.value.cursor;
        if (!next || next === cursor) return;
        cursor = next;
      }
    }
  }

  /**
   * Chats with their unread counts and last message ids, always in the successor's form
   * (`/v3/chat/list`, filters `chat_status` and `unread_only`): the spec's `/v1/chat/list` has
   * no unread counts, and the sellers' inbox cannot work without them.
   */
  async function* listWithUnread(
    options: ChatListOptions = {},
  ): AsyncGenerator<Chat, void, undefined> {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let round = 0; round < MAX_PAGES; round++) {
      const page = await v3Page(options, cursor);
      for (const wire of page.chats) {
        const chat = normalizeChat(wire);
        if (seen.has(chat.id)) continue;
        seen.add(chat.id);
        yield chat;
      }
      if (!page.hasNext || !page.cursor || page.cursor === cursor) return;
      cursor = page.cursor;
    }
  }

  async function history(chatId: string, options: HistoryOptions = {}): Promise<HistoryPage> {
    const limit = checkLimit(options.limit);
    if (options.direction === "forward" && !options.fromMessageId) {
      throw new OzonInputError("fromMessageId", "is needed to read forward");
    }
    const from = options.fromMessageId ? { from_message_id: options.fromMessageId } : {};
    const { value } = await ctx.successors.run(
      chatHistory,
      () =>
        ctx.http.call(chatHistoryV1, {
          body: {
            chat_id: chatId,
            ...from,
            limit,
            ...(options.direction
              ? { direction: options.direction === "forward" ? "Forward" : "Backward" }
              : {}),
          },
        }),
      () =>
        ctx.http.call(chatHistoryV3, {
          body: {
            chat_id: chatId,
            direction: options.direction === "forward" ? "Forward" : "Backward",
            ...from,
            limit,
          },
        }),
    );
    const messages = messagesOf(value);
    return {
      messages: oldestFirst(messages),
      hasNext: value.has_next ?? messages.length >= limit,
    };
  }

  /** Messages newer than `fromMessageId`, oldest first. */
  async function updates(chatId: string, fromMessageId: string): Promise<ChatMessage[]> {
    const collected = new Map<string, ChatMessage>();
    const keepNewer = (messages: ChatMessage[]) => {
      for (const m of messages) {
        if (compareMessageIds(m.id, fromMessageId) > 0) collected.set(m.id, m);
      }
    };
    await ctx.successors.run(
      chatUpdates,
      async () => {
        const answer = await ctx.http.call(chatUpdatesV1, {
          body: { chat_id: chatId, from_message_id: fromMessageId, limit: UPDATES_LIMIT },
        });
        keepNewer(messagesOf(answer));
      },
      async () => {
        let from = fromMessageId;
        for (let page = 0; page < MAX_UPDATE_PAGES; page++) {
          const answer = await ctx.http.call(chatHistoryV3, {
            body: {
              chat_id: chatId,
              direction: "Forward",
              from_message_id: from,
              limit: UPDATES_LIMIT,
            },
          });
          const messages = oldestFirst(messagesOf(answer));
          keepNewer(messages);
          const last = messages.at(-1);
          if (!answer.has_next || !last || compareMessageIds(last.id, from) <= 0) return;
          from = last.id;
        }
      },
    );
    return oldestFirst([...collected.values()]);
  }

  async function sendMessage(chatId: string, text: string): Promise<void> {
    const length = Array.from(text).length;
    if (text.trim() === "") throw new OzonInputError("text", "must not be empty");
    if (length > MAX_MESSAGE_LENGTH) {
      throw new OzonInputError(
        "text",
        `must be at most ${MAX_MESSAGE_LENGTH} characters (got ${length})`,
      );
    }
    await ctx.http.call(sendMessageEndpoint, { body: { chat_id: chatId, text } });
  }

  async function sendFile(chatId: string, name: string, bytes: Uint8Array): Promise<void> {
    if (name.trim() === "") throw new OzonInputError("name", "must not be empty");
    if (bytes.length === 0) throw new OzonInputError("bytes", "the file is empty");
    await ctx.http.call(sendFileEndpoint, {
      body: { chat_id: chatId, name, base64_content: Buffer.from(bytes).toString("base64") },
    });
  }

  /** Opens (or finds) the chat with the buyer of a posting. */
  async function start(postingNumber: string): Promise<string> {
    const answer = await ctx.http.call(startChat, { body: { posting_number: postingNumber } });
    return answer.result?.chat_id ?? answer.chat_id ?? "";
  }

  /** Marks messages up to `fromMessageId` read (`/v2/chat/read`; the spec has no such method). */
  async function read(
    chatId: string,
    fromMessageId?: string,
  ): Promise<{ unreadCount: number | undefined }> {
    const answer = await ctx.http.call(readChat, {
      body: { chat_id: chatId, ...(fromMessageId ? { from_message_id: fromMessageId } : {}) },
    });
    return { unreadCount: answer.unread_count ?? undefined };
  }

  /**
   * Downloads a chat file. Only Ozon's chat file location on the Seller origin is fetched (with
   * the Seller headers); any other URL is refused before a request is made.
   */
  async function downloadFile(
    url: string,
    options: DownloadFileOptions = {},
  ): Promise<DownloadedFile> {
    const target = fileLocation(url);
    if (!target) throw new OzonInputError("url", "is not an Ozon chat file location");
    const answer = await ctx.http.download(target.href, {
      withAuth: true,
      maxBytes: options.maxBytes ?? DEFAULT_DOWNLOAD_MAX_BYTES,
      deadlineMs: options.deadlineMs ?? DEFAULT_DOWNLOAD_DEADLINE_MS,
      signal: options.signal,
    });
    const file: DownloadedFile = { bytes: answer.bytes, contentType: answer.contentType };
    if (answer.fileName) file.name = answer.fileName;
    return file;
  }

  return {
    list,
    listWithUnread,
    history,
    updates,
    sendMessage,
    sendFile,
    start,
    read,
    downloadFile,
  };
}

export type ChatsApi = ReturnType<typeof createChatsApi>;
