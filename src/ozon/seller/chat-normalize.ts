/**
 * Turns Ozon's chat wire forms into our Chat and ChatMessage: buyer types in their real
 * spellings (`customer`, `Customer`, `Сustomer` with a Cyrillic С), chat types `BUYER_SELLER` /
 * `Buyer_Seller`, and attachments both as `file{}` and as Markdown links inside `data[]`. Buyer
 * text shares `data[]`, so a link counts as an attachment only at Ozon's own file location
 * (chat-files.ts); any other link stays text, as the buyer wrote it.
 * Tests: test/ozon/seller/chat-normalize.test.ts, test/ozon/seller/wire-shapes.test.ts
 */
import type { WireChat, WireMessage } from "./endpoints/chats.ts";
import type { AuthorKind, Chat, ChatAttachment, ChatMessage, ChatType } from "./types.ts";

/** Cyrillic letters that look Latin, as Ozon's own examples mix them in. */
const HOMOGLYPHS: Record<string, string> = {
  А: "A",
  В: "B",
  С: "C",
  Е: "E",
  Н: "H",
  К: "K",
  М: "M",
  О: "O",
  Р: "P",
  Т: "T",
  Х: "X",
  У: "Y",
  а: "a",
  с: "c",
  е: "e",
  о: "o",
  р: "p",
  х: "x",
  у: "y",
  к: "k",
  м: "m",
  т: "t",
  н: "h",
  і: "i",
};

export function latinize(text: string): string {
  return text.replace(/[А-Яа-яі]/g, (letter) => HOMOGLYPHS[letter] ?? letter);
}

export function authorKindOf(userType: string | null | undefined): AuthorKind {
  const key = latinize(userType ?? "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (key === "customer" || key === "buyer" || key === "client") return "buyer";
  if (key === "seller") return "seller";
  if (key === "support") return "support";
  return "system";
}

export function chatTypeOf(raw: string | undefined): ChatType | undefined {
  if (!raw) return undefined;
  return latinize(raw).trim().toUpperCase();
}

export function isBuyerChatType(type: ChatType): boolean {
  return type === "BUYER_SELLER" || type.startsWith("BUYER_SELLER_");
}

const present = (value: string | null | undefined) =>
  value !== undefined && value !== null && value !== "" && value !== "0" ? value : undefined;

export function normalizeChat(wire: WireChat): Chat {
  const inner = wire.chat ?? undefined;
  const id = inner?.chat_id ?? inner?.id ?? wire.chat_id ?? wire.id ?? "";
  const users = inner?.users ?? wire.users ?? [];
  const kinds = users.map((user) => authorKindOf(user.type));
  const type =
    chatTypeOf(inner?.chat_type ?? wire.chat_type) ??
    (kinds.includes("buyer")
      ? "BUYER_SELLER"
      : kinds.includes("support")
        ? "SELLER_SUPPORT"
        : "UNSPECIFIED");
  const status = latinize(inner?.chat_status ?? wire.chat_status ?? "").toUpperCase();
  return {
    id,
    type,
    isBuyerChat: isBuyerChatType(type),
    status:
      status === "OPENED" || status === "OPEN"
        ? "OPENED"
        : status === "CLOSED"
          ? "CLOSED"
          : undefined,
    createdAt: inner?.created_at ?? wire.created_at,
    // "0" means none.
    lastMessageId: present(wire.last_message_id ?? inner?.last_message_id),
    firstUnreadMessageId: present(wire.first_unread_message_id ?? inner?.first_unread_message_id),
    unreadCount: wire.unread_count ?? inner?.unread_count ?? undefined,
  };
}

const IMAGE_LINK = /^!\[([^\]]*)\]\(\s*(\S+?)\s*\)$/;
const LINK = /^\[([^\]]+)\]\(\s*(\S+?)\s*\)$/;
/** `name (12 KB)`, `name (1,5 МБ)`, `name (800 B)`. */
const NAME_WITH_SIZE = /^(.*?)\s*\(\s*(\d+(?:[.,]\d+)?)\s*([KMGТ]?B|[КМГ]?Б|bytes?|байт)\s*\)$/i;
const UNIT_POWER: Record<string, number> = {
  B: 0,
  BYTE: 0,
  BYTES: 0,
  БАЙТ: 0,
  Б: 0,
  KB: 1,
  КБ: 1,
  MB: 2,
  МБ: 2,
  GB: 3,
  ГБ: 3,
};

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
  mp4: "video/mp4",
};

function lastSegment(url: string): string {
  try {
    const segment = new URL(url).pathname.split("/").filter(Boolean).pop();
    return segment ? decodeURIComponent(segment) : "file";
  } catch {
    return "file";
  }
}

function mimeOf(name: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension ? MIME_BY_EXTENSION[extension] : undefined;
}

function sizeOf(amount: string, unit: string): number | undefined {
  const power = UNIT_POWER[unit.toUpperCase()];
  if (power === undefined) return undefined;
  return Math.round(Number(amount.replace(",", ".")) * 1024 ** power);
}

const looksLikeUrl = (text: string) => /^https?:\/\/\S+$/.test(text);

/**
 * An attachment when the whole `data[]` entry is one Markdown link (or a bare URL) to one of
 * Ozon's chat file locations; links inside prose, and links anywhere else, stay text.
 */
export function attachmentFromMarkdown(
  entry: string,
  isChatFile: (url: string) => boolean,
  isImage = false,
): ChatAttachment | undefined {
  const text = entry.trim();
  const image = IMAGE_LINK.exec(text);
  if (image?.[2]) {
    const url = image[2];
    if (!isChatFile(url)) return undefined;
    const name = image[1]?.trim() || lastSegment(url);
    return withMime({ kind: "image", name, url });
  }
  const link = LINK.exec(text);
  if (link?.[1] && link[2]) {
    const url = link[2];
    if (!isChatFile(url)) return undefined;
    const sized = NAME_WITH_SIZE.exec(link[1].trim());
    if (sized) {
      const name = sized[1]?.trim() || lastSegment(url);
      const labelBytes = sizeOf(sized[2] ?? "", sized[3] ?? "");
      const attachment: ChatAttachment = { kind: "file", name, url };
      if (labelBytes !== undefined) attachment.labelBytes = labelBytes;
      return withMime(attachment);
    }
    return withMime({ kind: isImage ? "image" : "file", name: link[1].trim(), url });
  }
  if (looksLikeUrl(text) && isChatFile(text)) {
    return withMime({ kind: isImage ? "image" : "file", name: lastSegment(text), url: text });
  }
  return undefined;
}

function withMime(attachment: ChatAttachment): ChatAttachment {
  const mime = mimeOf(attachment.name) ?? mimeOf(lastSegment(attachment.url));
  if (mime && !attachment.mime) attachment.mime = mime;
  return attachment;
}

/** `isChatFile`: whether a link points at Ozon's own chat files (chatFileLocation). */
export function normalizeMessage(
  wire: WireMessage,
  isChatFile: (url: string) => boolean,
): ChatMessage {
  const attachments: ChatAttachment[] = [];
  const lines: string[] = [];
  // The v1 form may also carry a Markdown attachment in `text`, so both go through one path.
  for (const entry of [...(wire.text ? [wire.text] : []), ...(wire.data ?? [])]) {
    const attachment = attachmentFromMarkdown(entry, isChatFile, wire.is_image ?? false);
    if (attachment) attachments.push(attachment);
    else lines.push(entry);
  }
  if (wire.file) {
    const name = wire.file.name ?? lastSegment(wire.file.url);
    const mime = wire.file.mime ?? mimeOf(name);
    const attachment: ChatAttachment = {
      kind: mime?.startsWith("image/") ? "image" : "file",
      name,
      url: wire.file.url,
    };
    if (wire.file.size !== undefined && wire.file.size !== null)
      attachment.sizeBytes = wire.file.size;
    if (mime) attachment.mime = mime;
    attachments.push(attachment);
  }

  const context: ChatMessage["context"] = {};
  const orderNumber = present(wire.context?.order_number ?? wire.context?.order?.order_number);
  const sku = present(wire.context?.sku ?? wire.context?.item?.sku);
  const postingNumber = present(
    wire.context?.posting_number ?? wire.context?.order?.postings?.[0]?.posting_number,
  );
  if (orderNumber) context.orderNumber = orderNumber;
  if (sku) context.sku = sku;
  if (postingNumber) context.postingNumber = postingNumber;

  const message: ChatMessage = {
    id: wire.message_id ?? wire.id ?? "",
    createdAt: wire.created_at,
    author: { id: wire.user?.id ?? "", kind: authorKindOf(wire.user?.type) },
    text: lines.join("\n"),
    attachments,
    context,
  };
  if (wire.is_read !== undefined && wire.is_read !== null) message.isRead = wire.is_read;
  return message;
}

/** Message ids compare as exact integers. */
export function compareMessageIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

export function oldestFirst(messages: ChatMessage[]): ChatMessage[] {
  return [...messages].sort((a, b) => compareMessageIds(a.id, b.id));
}
