/**
 * How the sandbox's chats look from outside: the Seller API's /v1 and /v3 forms of a chat and a
 * message (file links and the live markdown for attachments), and the control API's snapshots.
 * The chats themselves live in chat-model.ts.
 * Tests: none directly
 */
import { sizeLabel } from "../files.ts";
import type { Attachment, Chat, ChatAuthor, ChatMessage, SandboxState } from "../state.ts";
import { unreadOf } from "./chat-model.ts";

export function fileUrl(state: SandboxState, a: Attachment): string {
  return `${state.baseUrl}/v2/chat/file/${a.fileId}/${encodeURIComponent(a.name)}`;
}

/** The live form: `![](url)` for images, `[name (12 KB)](url)` for other files. */
export function markdownOf(state: SandboxState, a: Attachment): string {
  const url = fileUrl(state, a);
  return a.isImage ? `![](${url})` : `[${a.name} (${sizeLabel(a.size)})](${url})`;
}

const V1_TYPES: Record<ChatAuthor, string> = {
  buyer: "",
  seller: "seller",
  crm: "crm",
  support: "support",
};
const V3_TYPES: Record<ChatAuthor, string> = {
  buyer: "",
  seller: "Seller",
  crm: "Crm",
  support: "Support",
};

function userOf(chat: Chat, m: ChatMessage, names: Record<ChatAuthor, string>) {
  return { id: m.userId, type: m.author === "buyer" ? chat.partnerType : names[m.author] };
}

export function messageV1(state: SandboxState, chat: Chat, m: ChatMessage) {
  const a = m.attachment;
  return {
    id: m.id,
    created_at: new Date(m.createdAt).toISOString(),
    type: a ? "file" : "text",
    text: a ? (a.form === "markdown" ? markdownOf(state, a) : "") : m.text,
    user: userOf(chat, m, V1_TYPES),
    file:
      a && a.form === "file"
        ? { mime: a.mime, name: a.name, size: a.size, url: fileUrl(state, a) }
        : null,
    context: m.context
      ? {
          item: { sku: m.context.sku },
          order: {
            order_number: m.context.orderNumber,
            postings: [
              {
                delivery_schema: "FBS",
                posting_number: m.context.postingNumber,
                sku_list: [m.context.sku],
              },
            ],
          },
        }
      : null,
    is_read: m.isRead,
  };
}

export function messageV3(state: SandboxState, chat: Chat, m: ChatMessage) {
  const a = m.attachment;
  return {
    message_id: m.id,
    user: userOf(chat, m, V3_TYPES),
    created_at: new Date(m.createdAt).toISOString(),
    is_read: m.isRead,
    is_image: a?.isImage ?? false,
    data: [a ? markdownOf(state, a) : m.text],
    context: m.context ? { order_number: m.context.orderNumber, sku: String(m.context.sku) } : null,
    moderate_image_status: a?.isImage ? "SUCCESS" : undefined,
  };
}

export function chatV1(state: SandboxState, chat: Chat) {
  return {
    id: chat.id,
    last_message_id: chat.messages.at(-1)?.id ?? 0,
    users: [
      { id: state.sellerUserId, type: "seller" },
      { id: chat.partnerId, type: chat.kind === "support" ? "support" : chat.partnerType },
    ],
  };
}

/** /v3/chat/list item; ids written as strings, as in Ozon's own example of this method. */
export function chatV3(chat: Chat) {
  const unread = unreadOf(chat);
  return {
    chat: {
      chat_id: chat.id,
      chat_status: chat.status,
      // The documents' enum (BUYER_SELLER): the mixed case of the seed's form is not written here.
      chat_type: chat.kind === "support" ? "SELLER_SUPPORT" : "BUYER_SELLER",
      created_at: new Date(chat.createdAt).toISOString(),
    },
    first_unread_message_id: (unread[0]?.id ?? 0n).toString(),
    last_message_id: (chat.messages.at(-1)?.id ?? 0n).toString(),
    unread_count: unread.length,
  };
}

export function messageSnapshot(state: SandboxState, m: ChatMessage) {
  return {
    id: m.id.toString(),
    chatId: m.chatId,
    createdAt: new Date(m.createdAt).toISOString(),
    author: m.author,
    userId: m.userId,
    text: m.text,
    file: m.attachment
      ? {
          id: m.attachment.fileId,
          name: m.attachment.name,
          mime: m.attachment.mime,
          size: m.attachment.size,
          isImage: m.attachment.isImage,
          form: m.attachment.form,
          url: fileUrl(state, m.attachment),
          markdown: markdownOf(state, m.attachment),
        }
      : null,
    isRead: m.isRead,
  };
}

export type MessageSnapshot = ReturnType<typeof messageSnapshot>;

export function chatSnapshot(state: SandboxState, chat: Chat) {
  return {
    id: chat.id,
    kind: chat.kind,
    type: chat.typeLabel,
    status: chat.status,
    createdAt: new Date(chat.createdAt).toISOString(),
    buyer: { id: chat.partnerId, type: chat.partnerType },
    postingNumber: chat.postingNumber ?? null,
    orderNumber: chat.orderNumber ?? null,
    answerWindowClosed: chat.answerWindowClosed,
    unreadCount: unreadOf(chat).length,
    messages: chat.messages.map((m) => messageSnapshot(state, m)),
  };
}

export type ChatSnapshot = ReturnType<typeof chatSnapshot>;
