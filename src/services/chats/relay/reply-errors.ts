/**
 * Why a reply did not reach the buyer, in terms the bot can explain in the person's language:
 * the kind of Ozon failure, sharpened by what the chat methods say in their text (Premium, a
 * closed answer window, a file too large), which differs by method and over time.
 * Tests: test/services/chats/relay/reply-service.test.ts, test/bot/core/ozon-failure-texts.test.ts
 */
import {
  isOzonApiError,
  isOzonInputError,
  type OzonFailureKind,
  ozonFailureKind,
} from "../../../ozon/errors.ts";

export type ReplyFailureReason =
  /** 403: chat replies need a Premium Plus or Premium Pro subscription. */
  | "premium_required"
  /** The time to write to this buyer has passed (48 h after their last message, 72 h after delivery). */
  | "window_closed"
  /** The file is over what Telegram lets the bot fetch (20 MB) or what Ozon accepts. */
  | "file_too_large"
  /** Ozon did not answer, or answered with errors, after the client's retries. */
  | "ozon_unavailable"
  /** Ozon does not know the chat (or, when starting a chat, the posting). */
  | "chat_not_found"
  /** Ozon refused the seller's API keys (expired, revoked or without the chat permission). */
  | "ozon_auth"
  /** Nothing to send: the text is empty or the file has no bytes. */
  | "empty_message"
  | "unknown";

const PREMIUM = /premium|subscription|подписк|тариф/i;
const WINDOW = /window|expired|too late|48 ?h|72 ?h|истекл|окно ответа|прошло более/i;
const TOO_LARGE =
  /too (large|big)|(larger|bigger) than|file size|size limit|размер файла|слишком больш/i;
/** The chat itself is closed: like a closed window, the buyer cannot be written to any more. */
const CHAT_CLOSED = /chat[_ ]is[_ ]closed|chat closed|чат закрыт/i;
const NOT_FOUND = /not found|no such|unknown chat|не найден/i;
const UNAVAILABLE = /unavailable|try (again )?later/i;
const KEYS = /api[- ]?key|client[- ]?id|token|credential|unauthori[sz]ed|offer not signed|ключ/i;

const REASONS = {
  rate_limited: "ozon_unavailable",
  ozon_down: "ozon_unavailable",
  network: "ozon_unavailable",
  timeout: "ozon_unavailable",
  method_gone: "ozon_unavailable",
  keys_refused: "ozon_auth",
  not_found: "chat_not_found",
  our_input: "unknown",
  conflict: "unknown",
  bad_answer: "unknown",
  unknown: "unknown",
} as const satisfies Record<OzonFailureKind, ReplyFailureReason>;

export function classifyReplyError(error: unknown): ReplyFailureReason {
  if (isOzonInputError(error)) {
    return error.field === "text" || error.field === "bytes" ? "empty_message" : "unknown";
  }
  const kind = ozonFailureKind(error);
  if (!isOzonApiError(error) || kind === "rate_limited" || kind === "method_gone") {
    return REASONS[kind];
  }

  // What a chat method adds to the kind, in Ozon's words.
  const text = `${error.apiMessage} ${JSON.stringify(error.details)}`;
  if (PREMIUM.test(text)) return "premium_required";
  if (kind === "keys_refused") {
    // Keys are refused with 401 or code 16, or a text about them; a bare 403 on a chat
    // method is the subscription check.
    const keys = error.status === 401 || error.code === 16 || KEYS.test(text);
    return keys ? "ozon_auth" : "premium_required";
  }
  if (TOO_LARGE.test(text) || error.status === 413) return "file_too_large";
  if (WINDOW.test(text) || CHAT_CLOSED.test(text)) return "window_closed";
  if (UNAVAILABLE.test(text)) return "ozon_unavailable";
  if (kind !== "ozon_down" && kind !== "timeout" && NOT_FOUND.test(text)) return "chat_not_found";
  return REASONS[kind];
}
