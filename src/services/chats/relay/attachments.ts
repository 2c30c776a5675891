/**
 * A buyer message's files, fetched for Telegram. Each download reads at most Telegram's upload
 * limit within one deadline, and only from Ozon's own file location (the Seller client refuses
 * any other URL). A file that fails for a passing reason (network, deadline, Ozon busy or down)
 * holds its message back, as the next pass may get it; after `tries` such passes, counted in the
 * store so that a restart does not start the count again, it is announced as a file the bot
 * could not fetch and the chat moves on. A file Ozon refuses for good is announced at once.
 * Tests: none directly
 */
import type { Logger } from "../../../logger.ts";
import { isOzonFileTooLargeError } from "../../../ozon/download.ts";
import { isTransient as isTransientKind, ozonFailureKind } from "../../../ozon/errors.ts";
import type { Store } from "../../../store/port.ts";
import type { ChatMessage, RelayAttachment, RelayChatsApi } from "./types.ts";

/** Passes in which a message's file may fail before it is announced as not fetched. */
export const DEFAULT_FILE_TRIES = 5;
/** How long a count of failed tries is kept (a message relayed since is never asked about). */
const TRIES_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const triesKey = (ozonChatId: string, ozonMessageId: string) =>
  `relay:file-tries:${ozonChatId}:${ozonMessageId}`;

export interface AttachmentFetcherOptions {
  chats: Pick<RelayChatsApi, "downloadFile">;
  store: Store;
  maxBytes: number;
  /** One deadline per file, connect to last byte (the Seller client's 60 s by default). */
  deadlineMs?: number | undefined;
  tries?: number | undefined;
  logger?: Pick<Logger, "warn"> | undefined;
}

export class AttachmentFetcher {
  readonly #chats: Pick<RelayChatsApi, "downloadFile">;
  readonly #store: Store;
  readonly #maxBytes: number;
  readonly #deadlineMs: number | undefined;
  readonly #tries: number;
  readonly #logger: Pick<Logger, "warn"> | undefined;

  constructor(options: AttachmentFetcherOptions) {
    this.#chats = options.chats;
    this.#store = options.store;
    this.#maxBytes = options.maxBytes;
    this.#deadlineMs = options.deadlineMs;
    this.#tries = Math.max(1, Math.floor(options.tries ?? DEFAULT_FILE_TRIES));
    this.#logger = options.logger;
  }

  /**
   * The message's files, downloaded or marked `skipped`. Rejects (the message waits for the next
   * pass) while a file fails for a passing reason and tries are left, or when `signal` aborts.
   */
  async prepare(
    ozonChatId: string,
    message: ChatMessage,
    signal?: AbortSignal,
  ): Promise<RelayAttachment[]> {
    const prepared: RelayAttachment[] = [];
    for (const attachment of message.attachments) {
      const result: RelayAttachment = { kind: attachment.kind, name: attachment.name };
      const stated = attachment.sizeBytes ?? attachment.labelBytes;
      if (stated !== undefined) result.sizeBytes = stated;
      if (attachment.mime) result.mime = attachment.mime;
      prepared.push(result);
      // Ozon's own `file{}` size is enough to know Telegram would refuse it; a link's label is not.
      if (attachment.sizeBytes !== undefined && attachment.sizeBytes > this.#maxBytes) {
        result.skipped = "too_large";
        continue;
      }
      try {
        const file = await this.#chats.downloadFile(attachment.url, {
          maxBytes: this.#maxBytes,
          deadlineMs: this.#deadlineMs,
          signal,
        });
        result.sizeBytes = file.bytes.byteLength;
        if (!result.mime && file.contentType) result.mime = file.contentType.split(";")[0]?.trim();
        if (!result.name && file.name) result.name = file.name;
        if (file.bytes.byteLength === 0) result.skipped = "empty";
        else result.bytes = file.bytes;
      } catch (error) {
        if (signal?.aborted) throw error;
        if (isOzonFileTooLargeError(error)) {
          result.skipped = "too_large";
          // The label said less than the cap, so it was wrong: show no size rather than it.
          const size =
            error.sizeBytes ??
            (stated !== undefined && stated > this.#maxBytes ? stated : undefined);
          if (size === undefined) delete result.sizeBytes;
          else result.sizeBytes = size;
          continue;
        }
        if (isTransient(error)) {
          const tries = await this.#countTry(ozonChatId, message.id);
          if (tries < this.#tries) throw error;
          result.skipped = "unfetched";
        } else {
          result.skipped = "unavailable";
        }
        this.#logger?.warn(
          { err: error, ozonChatId, messageId: message.id, file: attachment.name },
          "Chat relay: a chat file could not be downloaded; announcing it by name",
        );
      }
    }
    return prepared;
  }

  /** This pass's failed try at the message's files; how many passes have failed so far. */
  async #countTry(ozonChatId: string, ozonMessageId: string): Promise<number> {
    const key = triesKey(ozonChatId, ozonMessageId);
    const before = await this.#store.get<number>(key);
    const tries = (typeof before === "number" ? before : 0) + 1;
    await this.#store.set(key, tries, { ttlMs: TRIES_TTL_MS });
    return tries;
  }
}

/** Worth another pass: Ozon busy or down, the network, a deadline, keys being renewed. */
function isTransient(error: unknown): boolean {
  return isTransientKind(ozonFailureKind(error));
}
