/** Tests: none directly */
import { ATTACHMENT_NAMES, BUYER_TEXTS, CRM_TEXTS, SELLER_TEXTS, SUPPORT_TEXTS } from "../data.ts";
import { buildPng, buyerDocument, mimeOf } from "../files.ts";
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

/** A chat's messages from others that the seller has not read yet. */
export function unreadOf(chat: Chat): ChatMessage[] {
  return chat.messages.filter((m) => m.author !== "seller" && !m.isRead);
}
