/**
 * How a relayed buyer message reads in Telegram: a header saying who wrote about what, then the
 * text. Plain text (no parse mode), so whatever the buyer wrote is shown as written.
 * Tests: test/bot/chats/relay/failure-texts.test.ts and 2 more
 */

import { isOzonApiError } from "../../../ozon/errors.ts";
import type { ReplyFailureReason } from "../../../services/chats/relay/reply-errors.ts";
import type { ChatContext, RelayAttachment } from "../../../services/chats/relay/types.ts";
import { clip } from "../../../text.ts";
import type { Translator } from "../../core/i18n.ts";
import { formatBytes } from "../../core/telegram-files.ts";

/** Telegram's limits: message text, photo and document captions, forum topic names. */
export const TELEGRAM_TEXT_LIMIT = 4096;
export const TELEGRAM_CAPTION_LIMIT = 1024;
export const TELEGRAM_TOPIC_NAME_LIMIT = 128;
/** FBS postings in the seller's Ozon account; `?search=` finds an order by its number. */
const OZON_POSTINGS_URL = "https://seller.ozon.ru/app/postings/fbs";

/**
 * Which buyer chat, on one line, in the words of the message card (relayAbout, orderLine) — for the
 * answer prompt and the not-sent texts: "💬 Buyer · 📦 Kettle · 🧾 Order 123". The product by
 * name when known; its SKU only when neither a name nor an order tells the chat, as a bare number
 * says nothing to a person; the chat's id when nothing else does.
 */
export function relayHeader(
  t: Translator,
  context: ChatContext,
  ozonChatId: string,
  productName?: string,
): string {
  const parts = [t("relay-header-buyer")];
  if (productName) parts.push(t("relay-header-product", { name: productName }));
  // The card's own order words (chats/inbox/format.ts orderLine), so the two never differ.
  if (context.orderNumber) parts.push(t("inbox-card-title", { order: context.orderNumber }));
  else if (context.postingNumber) {
    parts.push(t("inbox-card-posting", { posting: context.postingNumber }));
  } else if (context.sku && !productName) {
    parts.push(t("relay-header-sku", { sku: context.sku }));
  }
  if (parts.length === 1) parts.push(t("relay-header-chat", { chat: shortChatId(ozonChatId) }));
  return parts.join(" · ");
}

/** "↪ Same buyer · order 123": a later copy of one buyer's burst, in place of the header. */
export function sameBuyerMark(t: Translator, context: ChatContext, ozonChatId: string): string {
  let who: string;
  if (context.orderNumber) who = t("relay-header-order", { order: context.orderNumber });
  else if (context.postingNumber) {
    who = t("relay-header-posting", { posting: context.postingNumber });
  } else who = t("relay-header-chat", { chat: shortChatId(ozonChatId) });
  return `${t("relay-header-same-buyer")} · ${who}`;
}

/**
 * Who wrote about what, under the buyer's words: "💬 Buyer · 📦 Kettle" when the product is named
 * (its SKU then says nothing more), else the header; the order comes on its own line (orderLine).
 */
export function relayAbout(
  t: Translator,
  context: ChatContext,
  ozonChatId: string,
  productName?: string,
): string {
  if (!productName) {
    if (context.sku)
      return `${t("relay-header-buyer")} · ${t("relay-header-sku", { sku: context.sku })}`;
    if (context.orderNumber || context.postingNumber) return t("relay-header-buyer");
    return relayHeader(t, context, ozonChatId);
  }
  return `${t("relay-header-buyer")} · ${t("relay-header-product", { name: productName })}`;
}

/**
 * The order in the seller's Ozon account, for a link button (the order number is Ozon's, but it
 * is encoded all the same: it only ever fills the search).
 */
export function orderUrl(orderNumber: string | undefined): string | undefined {
  if (!orderNumber) return undefined;
  return `${OZON_POSTINGS_URL}?search=${encodeURIComponent(orderNumber)}`;
}

/**
 * The forum topic of a buyer chat, named after its order (or posting, or product); `shopTag`
 * ("🏬 Северный", with several shops) goes first, so a shared forum tells the shops apart.
 */
export function topicName(
  t: Translator,
  context: ChatContext,
  ozonChatId: string,
  shopTag = "",
): string {
  let name: string;
  if (context.orderNumber) name = t("relay-topic-order", { order: context.orderNumber });
  else if (context.postingNumber) {
    name = t("relay-topic-posting", { posting: context.postingNumber });
  } else if (context.sku) name = t("relay-topic-sku", { sku: context.sku });
  else name = t("relay-topic-chat", { chat: shortChatId(ozonChatId) });
  if (context.sku && (context.orderNumber || context.postingNumber)) {
    name = `${name} · ${t("relay-header-sku", { sku: context.sku })}`;
  }
  if (shopTag) name = `${shopTag} · ${name}`;
  return name.slice(0, TELEGRAM_TOPIC_NAME_LIMIT);
}

const ANNOUNCEMENT_KEYS = {
  too_large: "relay-file-too-large",
  unavailable: "relay-file-unavailable",
  unfetched: "relay-file-unfetched",
  empty: "relay-file-empty",
} as const satisfies Record<NonNullable<RelayAttachment["skipped"]>, string>;

/** A file Telegram would refuse, or the bot could not get, announced by name and size. */
export function fileAnnouncement(t: Translator, attachment: RelayAttachment): string {
  const name = attachment.name || "file";
  const size = attachment.sizeBytes !== undefined ? formatBytes(attachment.sizeBytes) : "?";
  const reason = attachment.skipped ?? "unavailable";
  return t(ANNOUNCEMENT_KEYS[reason], { name, size });
}

/** Keeps a caption within Telegram's limit. */
export function caption(text: string): string {
  return clip(text, TELEGRAM_CAPTION_LIMIT);
}

/** Locale keys of the reasons a reply did not reach the buyer. */
export const REPLY_FAILURE_KEYS = {
  premium_required: "relay-fail-premium",
  window_closed: "relay-fail-window",
  file_too_large: "relay-fail-too-large",
  ozon_unavailable: "relay-fail-unavailable",
  chat_not_found: "relay-fail-not-found",
  ozon_auth: "relay-fail-auth",
  empty_message: "relay-fail-empty",
  unknown: "relay-fail-unknown",
} as const satisfies Record<ReplyFailureReason, string>;

/**
 * Why a reply did not reach the buyer. An unexplained refusal quotes Ozon only when Ozon said
 * something; our own errors (an unexpected answer, a network fault) are never shown as its words.
 */
export function replyFailureText(
  t: Translator,
  failure: { reason: ReplyFailureReason; detail: string; error?: unknown },
): string {
  if (failure.reason === "unknown") {
    const said = isOzonApiError(failure.error) ? failure.error.apiMessage.trim() : "";
    return said ? t("relay-fail-unknown", { detail: said.slice(0, 300) }) : t("relay-fail-other");
  }
  return t(REPLY_FAILURE_KEYS[failure.reason], { detail: failure.detail });
}

/** Ozon chat ids are long UUIDs: the first block is enough to tell chats apart. */
function shortChatId(ozonChatId: string): string {
  return ozonChatId.split("-")[0] ?? ozonChatId;
}

/**
 * A buyer's file name made safe for a Telegram upload. grammY writes the name unquoted into the
 * multipart header, so Telegram cuts it at `;`, drops surrounding quotes, and grammY refuses
 * line breaks outright (the file would never go). Such characters become `_`; a very long name
 * keeps its extension.
 */
export function uploadFileName(name: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
  const cleaned = (name ?? "").replace(/[\u0000-\u001f\u007f;"\\]/g, "_").trim();
  if (!cleaned) return "file";
  const limit = 128;
  if (cleaned.length <= limit) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, limit - extension.length) + extension;
}
