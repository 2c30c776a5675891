/**
 * Why a reply did not reach the buyer, in terms the bot can explain in the person's language.
 * Ozon's answers differ by method and over time, so the status, gRPC code and text are all read.
 */
import {
  isOzonApiError,
  isOzonInputError,
  isOzonNetworkError,
  isOzonRateLimitError,
  isOzonShapeError,
} from "../../ozon/errors.ts";

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
const UNAVAILABLE = /circle is open|unavailable|try (again )?later/i;
/** gRPC codes as Ozon's Seller API puts them in `code`. */
const GRPC = {
  notFound: 5,
  permissionDenied: 7,
  resourceExhausted: 8,
  unavailable: 14,
  unauthenticated: 16,
} as const;
const KEYS = /api[- ]?key|client[- ]?id|token|credential|unauthori[sz]ed|offer not signed|ключ/i;

export function classifyReplyError(error: unknown): ReplyFailureReason {
  if (isOzonNetworkError(error) || isOzonRateLimitError(error)) return "ozon_unavailable";
  if (isOzonInputError(error)) {
    if (error.field === "text" || error.field === "bytes") return "empty_message";
    return "unknown";
  }
  if (isOzonShapeError(error)) return "unknown";
  if (!isOzonApiError(error)) return "unknown";

  const text = `${error.apiMessage} ${JSON.stringify(error.details)}`;
  if (PREMIUM.test(text)) return "premium_required";
  const refused = error.status === 401 || error.status === 403;
  if (refused || error.code === GRPC.unauthenticated || error.code === GRPC.permissionDenied) {
    // Keys are refused with 401 or code 16, or a text about them; a bare 403 on a chat
    // method is the subscription check.
    const keys = error.status === 401 || error.code === GRPC.unauthenticated || KEYS.test(text);
    return keys ? "ozon_auth" : "premium_required";
  }
  if (TOO_LARGE.test(text) || error.status === 413) return "file_too_large";
  if (WINDOW.test(text) || CHAT_CLOSED.test(text)) return "window_closed";
  if (error.status >= 500 || error.status === 408 || UNAVAILABLE.test(text)) {
    return "ozon_unavailable";
  }
  if (error.code === GRPC.unavailable || error.code === GRPC.resourceExhausted) {
    return "ozon_unavailable";
  }
  if (error.status === 404 || error.code === GRPC.notFound || NOT_FOUND.test(text)) {
    return "chat_not_found";
  }
  return "unknown";
}

/** Ozon's own words about the failure, safe to show or log (never holds a key). */
export function describeReplyError(error: unknown): string {
  if (isOzonApiError(error)) return error.apiMessage || `HTTP ${error.status}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
