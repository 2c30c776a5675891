import { ATTACHMENT_NAMES, BUYER_TEXTS, CRM_TEXTS, SELLER_TEXTS, SUPPORT_TEXTS } from "../data.ts";
import { buildPng, buyerDocument, mimeOf, sizeLabel } from "../files.ts";
import type { Attachment, Chat, ChatAuthor, ChatMessage, Posting, SandboxState } from "../state.ts";
import { createPosting } from "./posting-model.ts";

/** Buyer user types as the live service writes them; the third starts with a Cyrillic "С". */
export const BUYER_TYPES = ["customer", "Customer", "\u0421ustomer"] as const;
const MINUTE = 60_000;

export interface ChatSeed {
  kind?: "buyer" | "support";
  postingNumber?: string;
  status?: "OPENED" | "CLOSED";
  createdAt?: number;
}

export function createChat(state: SandboxState, seed: ChatSeed = {}): Chat {
  const seq = ++state.chatSeq;
  const kind = seed.kind ?? "buyer";
  const posting = seed.postingNumber ? state.postings.get(seed.postingNumber) : undefined;
  const chat: Chat = {
    seq,
    id: state.random.uuid(),
    kind,
    typeLabel:
      kind === "support" ? "SELLER_SUPPORT" : seq % 2 === 1 ? "BUYER_SELLER" : "Buyer_Seller",
    status: seed.status ?? "OPENED",
    createdAt: seed.createdAt ?? state.now(),
    partnerId: kind === "support" ? "0" : String(state.random.int(100_000, 99_999_999)),
    partnerType:
      kind === "support" ? "Support" : (BUYER_TYPES[(seq - 1) % BUYER_TYPES.length] as string),
    postingNumber: posting?.postingNumber,
    orderNumber: posting?.orderNumber,
    sku: posting?.lines[0]?.sku,
    messages: [],
    answerWindowClosed: false,
  };
  state.chats.set(chat.id, chat);
  return chat;
}

export interface FileInput {
  name: string;
  mime?: string;
  data?: Uint8Array;
  /** How /v1 shows it: `file` (the spec's object) or `markdown` (a link in the text). */
  form?: "file" | "markdown";
}

export interface MessageInput {
  author: ChatAuthor;
  text?: string;
  file?: FileInput;
  createdAt?: number;
  isRead?: boolean;
  withContext?: boolean;
}

export function addMessage(state: SandboxState, chat: Chat, input: MessageInput): ChatMessage {
  state.nextMessageId += BigInt(state.activity.int(1, 90_000));
  const id = state.nextMessageId;
  let attachment: Attachment | undefined;
  if (input.file) {
    const mime = input.file.mime ?? mimeOf(input.file.name);
    const isImage = mime.startsWith("image/");
    const data = input.file.data ?? (isImage ? buildPng(48, 48, [200, 120, 60]) : buyerDocument());
    const fileId = `${chat.id.slice(0, 8)}${id.toString(36)}`;
    state.files.set(fileId, { id: fileId, chatId: chat.id, name: input.file.name, mime, data });
    attachment = {
      fileId,
      name: input.file.name,
      mime,
      size: data.byteLength,
      isImage,
      form: input.file.form ?? "markdown",
    };
  }
  const posting = chat.postingNumber ? state.postings.get(chat.postingNumber) : undefined;
  const message: ChatMessage = {
    id,
    chatId: chat.id,
    createdAt: Math.max(input.createdAt ?? state.now(), chat.messages.at(-1)?.createdAt ?? 0),
    author: input.author,
    userId: userIdOf(state, chat, input.author),
    text: input.text ?? "",
    attachment,
    isRead: input.isRead ?? input.author === "seller",
    context:
      input.withContext && posting
        ? {
            orderNumber: posting.orderNumber,
            postingNumber: posting.postingNumber,
            sku: posting.lines[0]?.sku ?? 0,
          }
        : undefined,
  };
  chat.messages.push(message);
  if (input.author === "buyer") {
    chat.answerWindowClosed = false;
    state.onEvent?.({
      message_type: "TYPE_NEW_MESSAGE",
      chat_id: chat.id,
      chat_type: "Buyer_Seller",
      message_id: String(id),
      created_at: new Date(message.createdAt).toISOString(),
      user: { id: chat.partnerId, type: "Customer" },
      data: message.text ? [message.text] : [],
    });
  }
  return message;
}

function userIdOf(state: SandboxState, chat: Chat, author: ChatAuthor): string {
  if (author === "seller") return state.sellerUserId;
  if (author === "crm") return "0";
  return chat.partnerId;
}

/** A buyer writes: into the given chat, or a random open buyer chat (one is made if none). */
export function buyerWrites(
  state: SandboxState,
  chatId?: string,
  content: { text?: string; file?: FileInput } = {},
): ChatMessage {
  let chat = chatId ? state.chats.get(chatId) : undefined;
  if (chatId && !chat) throw new Error(`chat ${chatId} not found`);
  if (!chat) {
    const open = [...state.chats.values()].filter(
      (c) => c.kind === "buyer" && c.status === "OPENED",
    );
    chat = open.length > 0 ? state.activity.pick(open) : startChatFor(state, anyPosting(state));
  }
  const text = content.file ? undefined : (content.text ?? state.activity.pick(BUYER_TEXTS));
  return addMessage(state, chat, {
    author: "buyer",
    text,
    file: content.file,
    isRead: false,
    withContext: chat.messages.length === 0,
  });
}

function anyPosting(state: SandboxState): Posting {
  const all = [...state.postings.values()];
  return all.length > 0 ? state.activity.pick(all) : createPosting(state, { status: "delivered" });
}

/** The chat of a posting: the existing one, or a new buyer chat (what /v1/chat/start does). */
export function startChatFor(state: SandboxState, posting: Posting): Chat {
  const existing = [...state.chats.values()].find((c) => c.postingNumber === posting.postingNumber);
  return existing ?? createChat(state, { postingNumber: posting.postingNumber });
}

/** What the scheduler does on each buyer tick: mostly text, now and then a photo or a file. */
export function scheduledBuyerMessage(state: SandboxState): ChatMessage {
  const roll = state.activity.int(1, 6);
  if (roll === 1) {
    return buyerWrites(state, undefined, {
      file: {
        name: state.activity.pick(ATTACHMENT_NAMES.image),
        form: state.activity.pick(["file", "markdown"]),
      },
    });
  }
  if (roll === 2) {
    return buyerWrites(state, undefined, {
      file: {
        name: state.activity.pick(ATTACHMENT_NAMES.file),
        form: state.activity.pick(["file", "markdown"]),
      },
    });
  }
  return buyerWrites(state);
}

/**
 * The starting chats. Chat 1 holds an image in the spec's `file{}` form and a PDF as a Markdown
 * link; chat 2 the other way round, so both forms exist for every seed. The fourth buyer chat is
 * closed. One support chat is always there.
 */
export function seedChats(state: SandboxState, buyerChats: number): void {
  const now = state.now();
  const postings = [...state.postings.values()];
  for (let i = 0; i < buyerChats; i++) {
    const posting =
      postings[i % Math.max(1, postings.length)] ?? createPosting(state, { status: "delivered" });
    const start = now - (buyerChats - i) * 26 * 60 * MINUTE;
    const chat = createChat(state, {
      postingNumber: posting.postingNumber,
      status: i === 3 ? "CLOSED" : "OPENED",
      createdAt: start,
    });
    let at = start;
    const next = () => {
      at += state.random.int(3, 90) * MINUTE;
      return at;
    };
    if (i === 1)
      addMessage(state, chat, {
        author: "crm",
        text: CRM_TEXTS[0],
        createdAt: next(),
        isRead: true,
      });
    addMessage(state, chat, {
      author: "buyer",
      text: BUYER_TEXTS[i % BUYER_TEXTS.length],
      createdAt: next(),
      isRead: true,
      withContext: true,
    });
    addMessage(state, chat, {
      author: "seller",
      text: SELLER_TEXTS[i % SELLER_TEXTS.length],
      createdAt: next(),
    });
    if (i === 0 || i === 1) {
      addMessage(state, chat, {
        author: "buyer",
        file: { name: ATTACHMENT_NAMES.image[i] as string, form: i === 0 ? "file" : "markdown" },
        createdAt: next(),
        isRead: true,
      });
      addMessage(state, chat, {
        author: "buyer",
        file: { name: ATTACHMENT_NAMES.file[i] as string, form: i === 0 ? "markdown" : "file" },
        createdAt: next(),
        isRead: true,
      });
    }
    addMessage(state, chat, {
      author: "buyer",
      text: BUYER_TEXTS[(i + 5) % BUYER_TEXTS.length],
      createdAt: Math.min(next(), now - MINUTE),
      isRead: i % 2 === 1,
    });
  }
  const support = createChat(state, { kind: "support", createdAt: now - 5 * 24 * 60 * MINUTE });
  addMessage(state, support, {
    author: "seller",
    text: "Здравствуйте! Не приходит компенсация за утерянный товар.",
    createdAt: now - 5 * 24 * 60 * MINUTE,
  });
  SUPPORT_TEXTS.forEach((text, n) => {
    addMessage(state, support, {
      author: "support",
      text,
      createdAt: now - (4 - n) * 24 * 60 * MINUTE,
      isRead: true,
    });
  });
}

// ---- Wire rendering ---------------------------------------------------------------------------

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

export function unreadOf(chat: Chat): ChatMessage[] {
  return chat.messages.filter((m) => m.author !== "seller" && !m.isRead);
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
      chat_type: chat.typeLabel,
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
