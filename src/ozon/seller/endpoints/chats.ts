/**
 * Chats with buyers: list and history (v1, successors v3), send, start, read, file download.
 * Tests: test/ozon/seller/chat-normalize.test.ts, test/ozon/seller/wire-shapes.test.ts
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { capability } from "../../successors.ts";
import { flexBool, idString, intLike, optionalId, optionalText } from "../../wire.ts";

const wireUser = z.object({ id: optionalId, type: z.string().nullish() }).nullish();

/** A message in either form: spec `{id, text, file{}, context{item, order}}`, v3 `{message_id, data[]}`. */
export const wireMessage = z
  .object({
    id: optionalId,
    message_id: optionalId,
    created_at: z.string(),
    user: wireUser,
    text: z.string().nullish(),
    data: z.array(z.string()).nullish(),
    is_image: flexBool.nullish(),
    is_read: flexBool.nullish(),
    file: z
      .object({
        mime: optionalText,
        name: optionalText,
        size: intLike.nullish(),
        url: z.string().min(1),
      })
      .nullish(),
    context: z
      .object({
        order_number: optionalText,
        sku: optionalId,
        posting_number: optionalText,
        item: z.object({ sku: optionalId }).nullish(),
        order: z
          .object({
            order_number: optionalText,
            postings: z.array(z.object({ posting_number: optionalText }).passthrough()).nullish(),
          })
          .nullish(),
      })
      .nullish(),
  })
  .superRefine((message, ctx) => {
    if (!message.id && !message.message_id) {
      ctx.addIssue({
        code: "custom",
        path: ["message_id"],
        message: "expected string, got nothing",
      });
    }
  });

export type WireMessage = z.output<typeof wireMessage>;

/** A chat in any of the forms seen: spec `{id, users}`, old v1 `{chat_id, ...}`, v3 `{chat{...}, counters}`. */
const chatFields = {
  id: optionalId,
  chat_id: optionalId,
  chat_type: optionalText,
  chat_status: optionalText,
  created_at: optionalText,
  last_message_id: optionalId,
  first_unread_message_id: optionalId,
  unread_count: intLike.nullish(),
  users: z.array(z.object({ id: optionalId, type: z.string().nullish() })).nullish(),
};
export const wireChat = z
  .object({
    ...chatFields,
    chat: z.object(chatFields).nullish(),
  })
  .superRefine((chat, ctx) => {
    if (!chat.id && !chat.chat_id && !chat.chat?.chat_id && !chat.chat?.id) {
      ctx.addIssue({ code: "custom", path: ["chat_id"], message: "expected string, got nothing" });
    }
  });

export type WireChat = z.output<typeof wireChat>;

export const chatListV1 = endpoint({
  method: "POST",
  path: "/v1/chat/list",
  request: z.object({
    chat_id_list: z.array(z.string()).optional(),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(100),
  }),
  response: z.object({
    result: z.array(wireChat).nullish(),
    chats: z.array(wireChat).nullish(),
    has_next: flexBool.nullish(),
  }),
  safe: true,
});

export const chatListV3 = endpoint({
  method: "POST",
  path: "/v3/chat/list",
  request: z.object({
    filter: z
      .object({
        chat_status: z.enum(["All", "Opened", "Closed"]).optional(),
        unread_only: z.boolean().optional(),
      })
      .optional(),
    limit: z.number().int().min(1).max(100),
    cursor: z.string().optional(),
  }),
  response: z.object({
    chats: z.array(wireChat).nullish(),
    cursor: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
});

export const chatList = capability({ name: "chats.list", spec: chatListV1, successor: chatListV3 });

const historyAnswer = z.object({
  result: z.array(wireMessage).nullish(),
  messages: z.array(wireMessage).nullish(),
  has_next: flexBool.nullish(),
});

/** Message ids travel as decimal strings: exact, and gRPC gateways accept them for uint64. */
const wireMessageId = z.string().regex(/^\d+$/, "expected a decimal message id");

export const chatHistoryV1 = endpoint({
  method: "POST",
  path: "/v1/chat/history",
  subject: "chat",
  request: z.object({
    chat_id: z.string().min(1),
    from_message_id: wireMessageId.optional(),
    limit: z.number().int().min(1).max(1000),
    direction: z.enum(["Forward", "Backward"]).optional(),
  }),
  response: historyAnswer,
  safe: true,
});

export const chatUpdatesV1 = endpoint({
  method: "POST",
  path: "/v1/chat/updates",
  subject: "chat",
  request: z.object({
    chat_id: z.string().min(1),
    from_message_id: wireMessageId,
    limit: z.number().int().min(1).max(1000),
  }),
  response: historyAnswer,
  safe: true,
});

export const chatHistoryV3 = endpoint({
  method: "POST",
  path: "/v3/chat/history",
  subject: "chat",
  request: z.object({
    chat_id: z.string().min(1),
    direction: z.enum(["Forward", "Backward"]),
    from_message_id: wireMessageId.optional(),
    limit: z.number().int().min(1).max(1000),
  }),
  response: historyAnswer,
  safe: true,
});

export const chatHistory = capability({
  name: "chats.history",
  spec: chatHistoryV1,
  successor: chatHistoryV3,
});

export const chatUpdates = capability({
  name: "chats.updates",
  spec: chatUpdatesV1,
  successor: chatHistoryV3,
});

export const sendMessage = endpoint({
  method: "POST",
  path: "/v1/chat/send/message",
  subject: "chat",
  request: z.object({ chat_id: z.string().min(1), text: z.string().min(1) }),
  response: z.object({ result: z.union([z.string(), z.boolean()]).nullish() }),
  safe: false,
});

export const sendFile = endpoint({
  method: "POST",
  path: "/v1/chat/send/file",
  subject: "chat",
  request: z.object({
    chat_id: z.string().min(1),
    name: z.string().min(1),
    base64_content: z.string().min(1),
  }),
  response: z.object({ result: z.union([z.string(), z.boolean()]).nullish() }),
  safe: false,
});

export const startChat = endpoint({
  method: "POST",
  path: "/v1/chat/start",
  subject: "posting",
  request: z.object({ posting_number: z.string().min(1) }),
  response: z
    .object({
      result: z.object({ chat_id: idString }).nullish(),
      chat_id: idString.nullish(),
    })
    .superRefine((answer, ctx) => {
      if (!answer.result?.chat_id && !answer.chat_id) {
        ctx.addIssue({
          code: "custom",
          path: ["result", "chat_id"],
          message: "expected string, got nothing",
        });
      }
    }),
  safe: false,
});

/** Not in the spec; the live service's way to mark messages read. */
export const readChat = endpoint({
  method: "POST",
  path: "/v2/chat/read",
  subject: "chat",
  request: z.object({ chat_id: z.string().min(1), from_message_id: wireMessageId.optional() }),
  response: z.object({ unread_count: intLike.nullish() }),
  safe: true,
});
