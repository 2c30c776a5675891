/**
 * How the sellers' inbox reads: claim labels, how long a buyer has waited, a chat's line in
 * /chats and the last messages of one chat. Plain text: buyers' words are shown as written.
 * Tests: none directly
 */
import type { ChatMessage } from "../../../ozon/seller/types.ts";
import { type ChatClaim, snippetOf } from "../../../services/chats/inbox/inbox.ts";
import type { ContextCard } from "../../../services/chats/relay/context-card.ts";
import type { ChatContext } from "../../../services/chats/relay/types.ts";
import type { Translator } from "../../core/i18n.ts";
import { clockText, durationText, localeOf, momentText } from "../../core/numbers.ts";
import { formatPrice } from "../../postings/index.ts";

/** Characters of one message in a chat's view; the whole chat stays within Telegram's 4 096. */
const VIEW_MESSAGE_LIMIT = 300;

/** "14:35" in the bot's time zone (a claim lasts minutes: its time of day says when it ends). */
export function clockTime(epochMs: number, timezone: string): string {
  return clockText(epochMs, timezone);
}

/** What the keyboard's claim row says. */
export function claimLabel(claim: ChatClaim, timezone: string): { name: string; until: string } {
  return { name: claim.name, until: clockTime(claim.until, timezone) };
}

/** How long since `iso`, as every duration is written ("5 min", "3 h", "2 d"). */
export function waitedText(t: Translator, iso: string | undefined, now: number): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(at)) return "—";
  return durationText(t, now - at);
}

/** "order 123-456" / "posting …" / "SKU …" / "" : what a chat is about, briefly. */
export function aboutText(t: Translator, context: ChatContext): string {
  if (context.orderNumber) return t("inbox-about-order", { order: context.orderNumber });
  if (context.postingNumber) return t("inbox-about-posting", { posting: context.postingNumber });
  if (context.sku) return t("inbox-about-sku", { sku: context.sku });
  return "";
}

/** What a message says, in one line: its text, or its files' names. */
export function messageGist(message: Pick<ChatMessage, "text" | "attachments">): string {
  const text = message.text.trim();
  if (text) return snippetOf(text);
  const names = message.attachments.map((a) => a.name).join(", ");
  return snippetOf(names ? `📎 ${names}` : "…");
}

/** The last messages of a chat, oldest first, each with who wrote it and when. */
export function chatViewLines(
  t: Translator,
  messages: readonly ChatMessage[],
  timezone: string,
): string[] {
  return messages.map((m) => {
    const who =
      m.author.kind === "buyer"
        ? t("inbox-view-buyer")
        : m.author.kind === "seller"
          ? t("inbox-view-seller")
          : t("inbox-view-other");
    const when = Date.parse(m.createdAt);
    const time = Number.isFinite(when) ? momentText(localeOf(t), when, timezone) : "";
    const files = m.attachments.map((a) => `📎 ${a.name}`);
    const text = snippetOf(m.text, VIEW_MESSAGE_LIMIT);
    const body = [text, ...files].filter(Boolean).join("\n") || "…";
    return `${who} · ${time}\n${body}`;
  });
}

/**
 * The buyer context card's line: "🧾 Order 123-456 · delivered · 790 ₽", the order once (the
 * product's name is on the line above; its link is a button).
 */
export function orderLine(
  t: Translator,
  context: ChatContext,
  card: ContextCard | undefined,
): string | undefined {
  const order = card?.orderNumber ?? context.orderNumber;
  const posting = card?.postingNumber ?? context.postingNumber;
  if (!order && !posting) return undefined;
  // The status agrees with its noun: «заказ … доставлен», «отправление … доставлено».
  const parts = [
    order ? t("inbox-card-title", { order }) : t("inbox-card-posting", { posting: posting ?? "" }),
  ];
  if (card?.status) {
    parts.push(t(order ? "inbox-order-status" : "postings-status", { status: card.status }));
  }
  const p = card?.product;
  if (p?.price) parts.push(formatPrice(p.price, p.currency, t));
  return parts.join(" · ");
}
