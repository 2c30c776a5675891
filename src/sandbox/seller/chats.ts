/** Tests: none directly */
import { z } from "zod";
import { mimeOf } from "../files.ts";
import { badRequest, binaryReply, fail, GRPC, jsonReply, readBody, sellerError } from "../http.ts";
import { toMessageId } from "../json.ts";
import type { Route } from "../route-table.ts";
import type { Chat, ChatMessage, SandboxState } from "../state.ts";
import { addMessage, startChatFor, unreadOf } from "./chat-model.ts";
import { chatV1, chatV3, messageV1, messageV3 } from "./chat-wire.ts";
import { findPosting } from "./posting-actions.ts";

export const PREMIUM_MESSAGE =
  "This method is available only to sellers with a Premium Plus or Premium Pro subscription";
export const ANSWER_WINDOW_MESSAGE =
  "ANSWER_WINDOW_CLOSED: more than 48 hours have passed since the buyer's last message";
export const CHAT_CLOSED_MESSAGE = "CHAT_IS_CLOSED";
const MAX_TEXT = 1000;
const MAX_FILE_BYTES = 10 * 1024 * 1024;

const messageId = z.unknown().transform((value, ctx) => {
  const id = toMessageId(value);
  if (id === undefined) {
    ctx.addIssue({ code: "custom", message: "must be a message id" });
    return z.NEVER;
  }
  return id;
});

function findChat(state: SandboxState, chatId: string): Chat {
  const chat = state.chats.get(chatId);
  if (!chat) return fail(sellerError(404, GRPC.notFound, "CHAT_NOT_FOUND"));
  return chat;
}

function requirePremium(state: SandboxState): void {
  if (!state.chatPremium) fail(sellerError(403, GRPC.permissionDenied, PREMIUM_MESSAGE));
}

function requireWritable(chat: Chat): void {
  if (chat.status === "CLOSED")
    fail(sellerError(400, GRPC.failedPrecondition, CHAT_CLOSED_MESSAGE));
  if (chat.answerWindowClosed)
    fail(sellerError(400, GRPC.failedPrecondition, ANSWER_WINDOW_MESSAGE));
}

function byIdAscending(a: ChatMessage, b: ChatMessage): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const v1HistoryBody = z.object({
  chat_id: z.string().min(1),
  from_message_id: messageId.optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});

/** Chats newest first by creation, so new chats never shift the pages already read. */
function chatsNewestFirst(state: SandboxState): Chat[] {
  return [...state.chats.values()].sort((a, b) => b.seq - a.seq);
}

export function chatRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller" } as const;
  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v1/chat/list",
      retirable: true,
      handle(req) {
        const body = readBody(
          req,
          z.object({
            chat_id_list: z.array(z.string()).nullish(),
            page: z.number().int().min(1).optional(),
            page_size: z.number().int().min(1).max(1000).optional(),
          }),
        );
        let chats = chatsNewestFirst(state);
        if (body.chat_id_list && body.chat_id_list.length > 0) {
          const wanted = new Set(body.chat_id_list);
          chats = chats.filter((c) => wanted.has(c.id));
        }
        const size = body.page_size ?? 100;
        const page = body.page ?? 1;
        const slice = chats.slice((page - 1) * size, page * size);
        return jsonReply({ result: slice.map((c) => chatV1(state, c)) });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v3/chat/list",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            filter: z
              .object({ chat_status: z.string().optional(), unread_only: z.boolean().optional() })
              .nullish(),
            limit: z.number().int().min(1).max(100).optional(),
            cursor: z.string().optional(),
          }),
        );
        const status = (body.filter?.chat_status ?? "All").toUpperCase();
        if (!["ALL", "OPENED", "CLOSED", "UNSPECIFIED"].includes(status)) {
          badRequest(
            "seller",
            "invalid request: filter.chat_status: must be All, Opened or Closed",
          );
        }
        let chats = chatsNewestFirst(state).filter(
          (c) =>
            (status === "ALL" || status === "UNSPECIFIED" || c.status === status) &&
            (!body.filter?.unread_only || unreadOf(c).length > 0),
        );
        if (body.cursor) {
          const before = Number(body.cursor);
          if (!Number.isInteger(before)) badRequest("seller", "invalid cursor");
          chats = chats.filter((c) => c.seq < before);
        }
        const limit = body.limit ?? 30;
        const page = chats.slice(0, limit);
        const hasNext = chats.length > limit;
        return jsonReply({
          chats: page.map(chatV3),
          total_unread_count: [...state.chats.values()].reduce((n, c) => n + unreadOf(c).length, 0),
          cursor: hasNext ? String(page.at(-1)?.seq ?? "") : "",
          // A boolean, as the documents say (the bot still reads the string "true" some answers
          // carried: test/ozon/seller/chat-normalize tests).
          has_next: hasNext,
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/chat/history",
      retirable: true,
      handle(req) {
        const body = readBody(req, v1HistoryBody);
        const chat = findChat(state, body.chat_id);
        const limit = body.limit ?? 100;
        const sorted = [...chat.messages].sort(byIdAscending);
        const from = body.from_message_id;
        const picked =
          from === undefined
            ? sorted.slice(-limit)
            : sorted.filter((m) => m.id >= from).slice(0, limit);
        return jsonReply({ result: picked.map((m) => messageV1(state, chat, m)) });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/chat/updates",
      retirable: true,
      handle(req) {
        const body = readBody(req, v1HistoryBody);
        const chat = findChat(state, body.chat_id);
        const limit = body.limit ?? 100;
        const from = body.from_message_id;
        const newestFirst = [...chat.messages].sort(byIdAscending).reverse();
        const picked = (
          from === undefined ? newestFirst : newestFirst.filter((m) => m.id >= from)
        ).slice(0, limit);
        return jsonReply({ result: picked.map((m) => messageV1(state, chat, m)) });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v3/chat/history",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            chat_id: z.string().min(1),
            direction: z.string().optional(),
            from_message_id: messageId.optional(),
            limit: z.number().int().min(1).max(1000).optional(),
            filter: z.object({ message_ids: z.array(messageId).optional() }).nullish(),
          }),
        );
        const chat = findChat(state, body.chat_id);
        const direction = (body.direction ?? "Backward").toLowerCase();
        if (direction !== "forward" && direction !== "backward") {
          badRequest("seller", "invalid request: direction: must be Forward or Backward");
        }
        const from = body.from_message_id;
        if (direction === "forward" && from === undefined) {
          badRequest(
            "seller",
            "invalid request: from_message_id: required when direction is Forward",
          );
        }
        let list = [...chat.messages].sort(byIdAscending);
        const ids = body.filter?.message_ids;
        if (ids && ids.length > 0) list = list.filter((m) => ids.includes(m.id));
        if (direction === "forward") {
          list = list.filter((m) => from === undefined || m.id >= from);
        } else {
          list = list.filter((m) => from === undefined || m.id <= from).reverse();
        }
        const limit = body.limit ?? 50;
        return jsonReply({
          has_next: list.length > limit,
          messages: list.slice(0, limit).map((m) => messageV3(state, chat, m)),
        });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/chat/send/message",
      handle(req) {
        requirePremium(state);
        const body = readBody(req, z.object({ chat_id: z.string().min(1), text: z.string() }));
        const chat = findChat(state, body.chat_id);
        const length = Array.from(body.text).length;
        if (body.text.trim() === "" || length > MAX_TEXT) {
          badRequest("seller", `invalid request: text: must be 1 to ${MAX_TEXT} characters`);
        }
        requireWritable(chat);
        addMessage(state, chat, { author: "seller", text: body.text });
        return jsonReply({ result: "success" });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/chat/send/file",
      handle(req) {
        requirePremium(state);
        const body = readBody(
          req,
          z.object({
            chat_id: z.string().min(1),
            name: z.string().trim().min(1).max(255),
            base64_content: z.string().min(1),
          }),
        );
        const chat = findChat(state, body.chat_id);
        const clean = body.base64_content.replace(/\s+/g, "");
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 === 1) {
          badRequest("seller", "invalid request: base64_content: must be base64");
        }
        const data = new Uint8Array(Buffer.from(clean, "base64"));
        if (data.byteLength === 0)
          badRequest("seller", "invalid request: base64_content: empty file");
        if (data.byteLength > MAX_FILE_BYTES) {
          badRequest("seller", "invalid request: base64_content: file larger than 10 MB");
        }
        requireWritable(chat);
        addMessage(state, chat, {
          author: "seller",
          file: { name: body.name, mime: mimeOf(body.name), data, form: "file" },
        });
        return jsonReply({ result: "success" });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v1/chat/start",
      handle(req) {
        requirePremium(state);
        const body = readBody(req, z.object({ posting_number: z.string().min(1) }));
        const chat = startChatFor(state, findPosting(state, body.posting_number));
        return jsonReply({ result: { chat_id: chat.id } });
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v2/chat/read",
      handle(req) {
        requirePremium(state);
        const body = readBody(
          req,
          z.object({ chat_id: z.string().min(1), from_message_id: messageId.optional() }),
        );
        const chat = findChat(state, body.chat_id);
        const upTo = body.from_message_id;
        for (const m of chat.messages) {
          if (m.author !== "seller" && (upTo === undefined || m.id <= upTo)) m.isRead = true;
        }
        return jsonReply({ unread_count: unreadOf(chat).length });
      },
    },
    {
      ...seller,
      method: "GET",
      pattern: "/v2/chat/file/*",
      fileLink: true,
      handle(req) {
        const fileId = (req.params.rest ?? "").split("/")[0] ?? "";
        const file = state.files.get(fileId);
        if (!file) return fail(sellerError(404, GRPC.notFound, "FILE_NOT_FOUND"));
        return binaryReply(file.mime, file.data, file.name);
      },
    },
  ];
}
