/**
 * What Telegram checks about messages, for the fake Bot API: the messages that exist in each
 * chat (so an edit of a missing one, or an edit that changes nothing, is refused), and the limits
 * of a text, a caption and a button's callback data. Refusals carry Telegram's own error_code and
 * description, so the code under test meets the same answers it meets in production.
 *
 * A message exists when the fake sent it, when a test declared it (`FakeBotApi.addMessage`), or
 * when an update built by test/support/updates.ts showed it (a button press on a message of the
 * bot): tests press buttons on messages they build themselves, and Telegram only delivers presses
 * on messages that exist.
 */
import type { TelegramError } from "./bot-api-calls.ts";

export const MAX_TEXT_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;
export const MAX_CALLBACK_DATA_BYTES = 64;
/** Telegram's most buttons under one message. */
export const MAX_BUTTONS = 100;

export const NOT_MODIFIED: TelegramError = {
  error_code: 400,
  description:
    "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
};
export const EDIT_NOT_FOUND: TelegramError = {
  error_code: 400,
  description: "Bad Request: message to edit not found",
};
export const TEXT_TOO_LONG: TelegramError = {
  error_code: 400,
  description: "Bad Request: message is too long",
};
export const CAPTION_TOO_LONG: TelegramError = {
  error_code: 400,
  description: "Bad Request: message caption is too long",
};
export const BUTTON_DATA_INVALID: TelegramError = {
  error_code: 400,
  description: "Bad Request: BUTTON_DATA_INVALID",
};
export const BUTTONS_TOO_MUCH: TelegramError = {
  error_code: 400,
  description: "Bad Request: BUTTONS_TOO_MUCH",
};
export const UNKNOWN_METHOD: TelegramError = { error_code: 404, description: "Not Found" };

/** What an edit can compare: the text or caption as sent (with its formatting) and the buttons. */
export interface MessageContent {
  /** `undefined`: a message whose content the fake does not know (a copy): never "not modified". */
  body?: string;
  markup: string;
}

/** Messages shown by updates the tests built (module-wide: every fake of the test file sees them). */
const shownInUpdates = new Map<string, MessageContent>();

function keyOf(chatId: unknown, messageId: unknown): string {
  return `${String(chatId)}:${Number(messageId)}`;
}

/** A message an update showed (a callback's message): it exists in its chat from now on. */
export function rememberShownMessage(message: {
  message_id: number;
  chat?: { id: number };
  text?: string;
  caption?: string;
  entities?: unknown;
  caption_entities?: unknown;
  reply_markup?: unknown;
}): void {
  if (message.chat === undefined) return; // a hand-made press without a chat shows nothing
  const key = keyOf(message.chat.id, message.message_id);
  if (shownInUpdates.has(key)) return;
  const body =
    message.text !== undefined
      ? bodyOf(message.text, undefined, message.entities)
      : message.caption !== undefined
        ? bodyOf(message.caption, undefined, message.caption_entities)
        : undefined;
  shownInUpdates.set(key, { body, markup: markupKey(message.reply_markup) });
}

/** The messages of one fake's chats: what it sent, minus what was deleted. */
export class ChatMessages {
  readonly #messages = new Map<string, MessageContent>();
  readonly #deleted = new Set<string>();

  /** A message now exists with this content. */
  remember(chatId: unknown, messageId: unknown, content: MessageContent): void {
    const key = keyOf(chatId, messageId);
    this.#deleted.delete(key);
    this.#messages.set(key, content);
  }

  forget(chatId: unknown, messageId: unknown): void {
    const key = keyOf(chatId, messageId);
    this.#messages.delete(key);
    this.#deleted.add(key);
  }

  find(chatId: unknown, messageId: unknown): MessageContent | undefined {
    const key = keyOf(chatId, messageId);
    if (this.#deleted.has(key)) return undefined;
    return this.#messages.get(key) ?? shownInUpdates.get(key);
  }

  /**
   * Applies an edit (editMessageText, editMessageCaption, editMessageReplyMarkup) of a message in
   * a chat, or throws Telegram's refusal: the message is missing, or nothing would change.
   */
  edit(method: string, payload: Record<string, unknown>): MessageContent {
    const current = this.find(payload.chat_id, payload.message_id);
    if (!current) throw EDIT_NOT_FOUND;
    const markup = markupKey(payload.reply_markup);
    const body =
      method === "editMessageText"
        ? bodyOf(payload.text, payload.parse_mode, payload.entities)
        : method === "editMessageCaption"
          ? bodyOf(payload.caption, payload.parse_mode, payload.caption_entities)
          : current.body;
    if (current.body !== undefined && body === current.body && markup === current.markup) {
      throw NOT_MODIFIED;
    }
    const next = { body, markup };
    this.remember(payload.chat_id, payload.message_id, next);
    return next;
  }
}

/** What decides whether two texts look the same: the text, how it is parsed, its entities. */
export function bodyOf(text: unknown, parseMode: unknown, entities: unknown): string {
  return canonical({ text: String(text ?? ""), parseMode: parseMode ?? null, entities });
}

/** The inline keyboard of a markup, comparable (no keyboard and an empty one are the same). */
export function markupKey(markup: unknown): string {
  const rows = (markup as { inline_keyboard?: unknown[] } | undefined)?.inline_keyboard;
  return Array.isArray(rows) && rows.length > 0 ? canonical(rows) : "";
}

/**
 * Throws Telegram's refusal when a request breaks a limit: a text over 4 096 characters or a
 * caption over 1 024 (counted after entity parsing, in UTF-16 units), more than 100 buttons, or
 * a button whose callback data is empty or longer than 64 bytes.
 */
export function checkLimits(method: string, payload: Record<string, unknown>): void {
  if (
    (method === "sendMessage" || method === "editMessageText") &&
    renderedLength(payload.text, payload.parse_mode) > MAX_TEXT_LENGTH
  ) {
    throw TEXT_TOO_LONG;
  }
  const media = Array.isArray(payload.media) ? (payload.media as Record<string, unknown>[]) : [];
  for (const { caption, parse_mode } of [payload, ...media]) {
    if (renderedLength(caption, parse_mode) > MAX_CAPTION_LENGTH) throw CAPTION_TOO_LONG;
  }
  if (buttonCount(payload.reply_markup) > MAX_BUTTONS) throw BUTTONS_TOO_MUCH;
  if (!callbackDataFits(payload.reply_markup)) throw BUTTON_DATA_INVALID;
}

function buttonCount(markup: unknown): number {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return 0;
  return rows.reduce((sum: number, row: unknown) => sum + (Array.isArray(row) ? row.length : 0), 0);
}

/** The length Telegram counts: the text after HTML tags and entities are parsed, in UTF-16. */
export function renderedLength(text: unknown, parseMode: unknown): number {
  if (typeof text !== "string") return 0;
  if (String(parseMode).toUpperCase() !== "HTML") return text.length;
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot);/gi, (_, entity: string) => {
      if (entity.startsWith("#x") || entity.startsWith("#X"))
        return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
      if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
      return { lt: "<", gt: ">", amp: "&", quot: '"' }[entity.toLowerCase()] ?? "";
    }).length;
}

function callbackDataFits(markup: unknown): boolean {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (!Array.isArray(rows)) return true;
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    for (const button of row as { callback_data?: unknown }[]) {
      const data = button?.callback_data;
      if (data === undefined) continue;
      const bytes = Buffer.byteLength(String(data), "utf8");
      if (bytes === 0 || bytes > MAX_CALLBACK_DATA_BYTES) return false;
    }
  }
  return true;
}

/** JSON with object keys sorted, so the same value in a different key order compares equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
