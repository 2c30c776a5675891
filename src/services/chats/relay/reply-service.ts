/**
 * Telegram → Ozon. The bot hands over what the team wrote (text, or a file it fetched from
 * Telegram); this sends it to the buyer's chat and says how it went. Failures come back as a
 * typed result with a reason the bot can put into words, never as silence.
 * Tests: test/services/chats/relay/reply-service.test.ts
 */
import type { Logger } from "../../../logger.ts";
import { ozonFailureMessage } from "../../../ozon/errors.ts";
import type { HistoryOptions, HistoryPage } from "../../../ozon/seller/types.ts";
import type { ChatContexts } from "./context.ts";
import { classifyReplyError, type ReplyFailureReason } from "./reply-errors.ts";
import { OZON_TEXT_LIMIT, splitText } from "./split-text.ts";

/** Telegram lets a bot download files up to 20 MB, so nothing bigger can reach this service. */
export const TELEGRAM_DOWNLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

/** What the reply service calls on the Seller client's `chats` namespace. */
export interface ReplyChatsApi {
  sendMessage(chatId: string, text: string): Promise<unknown>;
  sendFile(chatId: string, name: string, bytes: Uint8Array): Promise<unknown>;
  /** `/v1/chat/start`: the chat id for a posting's buyer. */
  start(postingNumber: string): Promise<string>;
  /** `/v3/chat/history`: finds the buyer's last message to mark read up to. */
  history?(chatId: string, options: HistoryOptions): Promise<HistoryPage>;
  /** `/v2/chat/read`. */
  read?(chatId: string, fromMessageId?: string): Promise<{ unreadCount: number | undefined }>;
}

/** Messages looked at for the buyer's last one: a reply seldom comes after many of the seller's. */
const READ_LOOKBACK = 50;

export type MarkReadResult =
  | { ok: true; upTo: string | undefined; unreadCount: number | undefined }
  | ReplyFailure;

export interface ReplyFailure {
  ok: false;
  reason: ReplyFailureReason;
  /** Ozon's own words (or ours for a check made before sending); never holds a secret. */
  detail: string;
  error?: unknown;
}

export type SendTextResult =
  | { ok: true; partsSent: number }
  | (ReplyFailure & {
      /** Parts that did reach the buyer before the failure (they were sent in order). */
      partsSent: number;
      partsTotal: number;
    });

export type SendFileResult = { ok: true } | ReplyFailure;

export type StartChatResult = { ok: true; ozonChatId: string } | ReplyFailure;

export interface ReplyServiceOptions {
  chats: ReplyChatsApi;
  /** Lets startChatForPosting remember the posting as the chat's context. */
  contexts?: ChatContexts;
  logger?: Pick<Logger, "info" | "warn">;
  /** Largest file accepted (default 20 MB, Telegram's download limit). */
  maxFileBytes?: number;
  /** Characters per Ozon message (default 1 000). */
  textLimit?: number;
}

export class ReplyService {
  readonly #chats: ReplyChatsApi;
  readonly #contexts: ChatContexts | undefined;
  readonly #logger: Pick<Logger, "info" | "warn"> | undefined;
  readonly #maxFileBytes: number;
  readonly #textLimit: number;

  constructor(options: ReplyServiceOptions) {
    this.#chats = options.chats;
    this.#contexts = options.contexts;
    this.#logger = options.logger;
    this.#maxFileBytes = options.maxFileBytes ?? TELEGRAM_DOWNLOAD_LIMIT_BYTES;
    this.#textLimit = options.textLimit ?? OZON_TEXT_LIMIT;
  }

  /** Sends text to the buyer, in several messages when it is over 1 000 characters. */
  async sendText(ozonChatId: string, text: string): Promise<SendTextResult> {
    const parts = splitText(text, this.#textLimit);
    if (parts.length === 0) {
      return { ...refusal("empty_message", "the text is empty"), partsSent: 0, partsTotal: 0 };
    }
    for (const [index, part] of parts.entries()) {
      try {
        await this.#chats.sendMessage(ozonChatId, part);
      } catch (error) {
        const failure = this.#failure(error, ozonChatId, "text");
        return { ...failure, partsSent: index, partsTotal: parts.length };
      }
    }
    return { ok: true, partsSent: parts.length };
  }

  /** Sends a file (already fetched from Telegram) to the buyer. */
  async sendFile(ozonChatId: string, name: string, bytes: Uint8Array): Promise<SendFileResult> {
    if (bytes.byteLength === 0) return refusal("empty_message", "the file is empty");
    if (bytes.byteLength > this.#maxFileBytes) {
      return refusal(
        "file_too_large",
        `the file has ${bytes.byteLength} bytes; at most ${this.#maxFileBytes} can be sent`,
      );
    }
    try {
      await this.#chats.sendFile(ozonChatId, safeFileName(name), bytes);
      return { ok: true };
    } catch (error) {
      return this.#failure(error, ozonChatId, "file");
    }
  }

  /** Opens the chat with the buyer of a posting ("Write to buyer"). */
  async startChatForPosting(postingNumber: string): Promise<StartChatResult> {
    try {
      const ozonChatId = await this.#chats.start(postingNumber);
      if (!ozonChatId) return refusal("unknown", "Ozon answered without a chat id");
      await this.#contexts?.merge(ozonChatId, { postingNumber });
      return { ok: true, ozonChatId };
    } catch (error) {
      return this.#failure(error, postingNumber, "start");
    }
  }

  /**
   * Marks the chat read at Ozon up to the buyer's last message (`knownLastBuyerId` when the
   * caller knows it; else found in the latest history), so it leaves the waiting list.
   */
  async markRead(ozonChatId: string, knownLastBuyerId?: string): Promise<MarkReadResult> {
    const { history, read } = this.#chats;
    if (!read) return refusal("unknown", "this client cannot mark chats read");
    try {
      let upTo = knownLastBuyerId;
      if (history) {
        const page = await history.call(this.#chats, ozonChatId, {
          direction: "backward",
          limit: READ_LOOKBACK,
        });
        const newest = page.messages.filter((m) => m.author.kind === "buyer").at(-1);
        if (newest && (!upTo || BigInt(newest.id) > BigInt(upTo))) upTo = newest.id;
      }
      const answer = await read.call(this.#chats, ozonChatId, upTo);
      return { ok: true, upTo, unreadCount: answer.unreadCount };
    } catch (error) {
      return this.#failure(error, ozonChatId, "read");
    }
  }

  #failure(error: unknown, target: string, what: "text" | "file" | "start" | "read"): ReplyFailure {
    const reason = classifyReplyError(error);
    const detail = ozonFailureMessage(error);
    this.#logger?.warn({ err: error, target, what, reason }, "Reply to a buyer was not delivered");
    return { ok: false, reason, detail, error };
  }
}

function refusal(reason: ReplyFailureReason, detail: string): ReplyFailure {
  return { ok: false, reason, detail };
}

/** Telegram sometimes has no file name (photos): Ozon needs one with an extension. */
function safeFileName(name: string): string {
  const trimmed = name.replace(/[\\/\p{Cc}]/gu, "_").trim();
  return trimmed || "file";
}
