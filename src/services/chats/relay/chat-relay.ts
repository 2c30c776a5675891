/**
 * Ozon → Telegram. Every pass lists the chats (all pages), compares each chat's last message id
 * with the relay's cursor for it, and reads history only for chats that moved on, from the cursor
 * forward. Each buyer message goes to the notifier; the cursor moves past it only once the
 * notifier resolved (Telegram accepted), so a restart repeats nothing delivered and skips nothing.
 * Tests: test/services/chats/relay/chat-relay.test.ts and 4 more
 */
import type { Logger } from "../../../logger.ts";
import { type Lease, loopLease } from "../../../store/lease.ts";
import { BackgroundLoop, StoppingError } from "../../background-loop.ts";
import { AttachmentFetcher } from "./attachments.ts";
import { ChatContexts } from "./context.ts";
import { compareIds, isMessageId, type RelayCursors } from "./cursors.ts";
import type { MessageLinks } from "./links.ts";
import type { RelayRepositories } from "./repositories.ts";
import type {
  Chat,
  ChatContext,
  ChatMessage,
  RelayChatsApi,
  RelayNotifier,
  TelegramMessageRef,
} from "./types.ts";

/** Telegram bots may upload at most 50 MB; bigger files are announced, not passed on. */
export const TELEGRAM_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;
export const RELAY_LEASE_NAME = "chat-relay";
/** Messages read, once per chat, when looking back for its order and product. */
const CONTEXT_BACKFILL_LIMIT = 1000;

type RelayLogger = Pick<Logger, "debug" | "info" | "warn" | "error">;

export interface ChatRelayOptions {
  /** The Seller client's `chats` namespace. */
  chats: RelayChatsApi;
  /** Cursors, contexts and message links (their lifetimes are set where they are built). */
  repositories: RelayRepositories;
  notifier: RelayNotifier;
  /** CHATS_POLL_SECONDS: pause between the end of one pass and the start of the next. */
  pollSeconds?: number;
  logger?: RelayLogger;
  /** Messages per history call (1..1000). */
  historyPageSize?: number;
  /** Chats read and relayed at the same time; messages within a chat always go one by one. */
  concurrency?: number;
  /** Bytes read at most per file (Telegram's upload limit). */
  maxDownloadBytes?: number;
  /** One deadline per file download (default 60 s). */
  downloadDeadlineMs?: number;
  /** Passes a file may fail for a passing reason before it is announced as not fetched (5). */
  fileTries?: number;
  /**
   * One poller at a time across processes sharing the store (src/store/lease.ts); `false` turns
   * it off. The default holder id names this process, so a restarted process takes its own
   * lease back at once, and another process waits until the lease runs out.
   */
  lease?: false | Lease | { holderId?: string; ttlMs?: number };
  now?: () => Date;
}

export interface RelayFailure {
  ozonChatId: string;
  /** The message that could not be relayed (it comes again on the next pass). */
  messageId?: string;
  error: unknown;
}

export interface RelayPassReport {
  /** False when another process holds the lease: this pass did nothing. */
  leader: boolean;
  /** The first pass ever: cursors were set at the current last messages, nothing relayed. */
  firstRun: boolean;
  chatsListed: number;
  /** Chats whose history was read. */
  chatsChanged: number;
  historyCalls: number;
  /** Buyer messages the notifier accepted. */
  relayed: number;
  /** Seller, support and system messages passed over. */
  passedOver: number;
  failures: RelayFailure[];
}

export class ChatRelay {
  readonly #chats: RelayChatsApi;
  readonly #notifier: RelayNotifier;
  readonly #pollMs: number;
  readonly #logger: RelayLogger | undefined;
  readonly #pageSize: number;
  readonly #concurrency: number;
  readonly #attachments: AttachmentFetcher;
  readonly #cursors: RelayCursors;
  readonly #contexts: ChatContexts;
  readonly #links: MessageLinks;
  readonly #now: () => Date;
  /** Chats whose listed last message history did not show on the last pass (see #stalled). */
  readonly #stalls = new Map<string, string>();
  readonly #loop: BackgroundLoop<RelayPassReport>;

  constructor(options: ChatRelayOptions) {
    this.#chats = options.chats;
    this.#notifier = options.notifier;
    this.#pollMs = Math.max(1, (options.pollSeconds ?? 15) * 1000);
    this.#logger = options.logger;
    this.#pageSize = Math.min(1000, Math.max(1, Math.floor(options.historyPageSize ?? 100)));
    this.#concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
    const { store } = options.repositories;
    this.#attachments = new AttachmentFetcher({
      chats: options.chats,
      store,
      maxBytes: options.maxDownloadBytes ?? TELEGRAM_UPLOAD_LIMIT_BYTES,
      deadlineMs: options.downloadDeadlineMs,
      tries: options.fileTries,
      logger: options.logger,
    });
    this.#cursors = options.repositories.cursors;
    this.#contexts = options.repositories.contexts;
    this.#links = options.repositories.links;
    this.#now = options.now ?? (() => new Date());
    this.#loop = new BackgroundLoop({
      name: "chat relay",
      round: (signal) => this.#runPass(signal),
      pauseMs: () => this.#pollMs,
      lease: loopLease(store, RELAY_LEASE_NAME, options.lease),
      logger: this.#logger,
    });
  }

  /** Polls every pollSeconds until stop(); the first pass starts at once. */
  start(): void {
    this.#loop.start();
  }

  /** True between start() and stop(). */
  get running(): boolean {
    return this.#loop.running;
  }

  /**
   * Stops polling between two messages (what was not sent waits in the store for the next
   * start) and gives the lease up. False when `deadline` (default 5 s) came first.
   */
  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  /** A pass now (an Ozon push said a message arrived), or right after the one under way. */
  nudge(): void {
    this.#loop.wake();
  }

  /**
   * One pass, or the next one when a pass is under way. Rejects only when the chat list cannot
   * be read; a chat that fails is reported in `failures` and tried again next pass.
   */
  async runOnce(): Promise<RelayPassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { ...emptyReport(), leader: false };
  }

  async #runPass(signal: AbortSignal): Promise<RelayPassReport> {
    const report = emptyReport();
    const [initialized, cursors] = await Promise.all([
      this.#cursors.isInitialized(),
      this.#cursors.all(),
    ]);
    report.firstRun = !initialized;

    const changed: Array<{ chat: Chat; cursor: string | undefined }> = [];
    const seen = new Set<string>();
    for await (const chat of this.#chats.list()) {
      // Pages can shift while a listing goes on; a chat seen twice must not be relayed twice.
      if (seen.has(chat.id)) continue;
      seen.add(chat.id);
      report.chatsListed++;
      // Support and notification chats hold no buyer messages: they cost no history call.
      if (!chat.isBuyerChat) continue;
      // A chat without messages shows no id or 0: nothing to read yet.
      const last = isMessageId(chat.lastMessageId) ? chat.lastMessageId : undefined;
      if (last === undefined || BigInt(last) === 0n) continue;
      const cursor = cursors.get(chat.id);
      if (cursor === undefined && !initialized) {
        // First run: start from where each chat stands now; old history is not dumped.
        await this.#cursors.set(chat.id, last);
        continue;
      }
      if (cursor === undefined || compareIds(last, cursor) > 0) changed.push({ chat, cursor });
    }
    if (!initialized) await this.#cursors.markInitialized(this.#now());

    report.chatsChanged = changed.length;
    let next = 0;
    const worker = async () => {
      while (next < changed.length && !signal.aborted) {
        const item = changed[next++];
        if (item) await this.#relayChat(item.chat, item.cursor, report, signal);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, changed.length) }, worker));
    for (const failure of report.failures) {
      // Stopping (or losing the lease) between messages is no failure of the chat, nor is a send
      // the sender refused because the bot is stopping: the message goes after the next start.
      if (failure.error === signal.reason || failure.error instanceof StoppingError) continue;
      this.#logger?.warn(
        { err: failure.error, ozonChatId: failure.ozonChatId, messageId: failure.messageId },
        "Chat relay: a chat could not be relayed; will retry on the next pass",
      );
    }
    return report;
  }

  /**
   * Relays one chat from `cursor` up to its end, or until `signal` aborts (between two messages).
   * Without a cursor (a chat new since the first run, or one whose cursor expired after months of
   * quiet) the chat is read from its start, and buyer messages older than the cursor's TTL are
   * passed over: they were dealt with before the cursor expired, since every message renews it.
   */
  async #relayChat(
    chat: Chat,
    from: string | undefined,
    report: RelayPassReport,
    signal: AbortSignal,
  ): Promise<void> {
    const target = chat.lastMessageId;
    const horizon =
      from === undefined ? this.#now().getTime() - this.#cursors.ttlMs : Number.NEGATIVE_INFINITY;
    let stored = from;
    let cursor = from;
    let messageId: string | undefined;
    try {
      let context = await this.#contexts.get(chat.id);
      // Read from its start, a chat shows all its context; otherwise older history may hold it.
      let contextSought = from === undefined || (await this.#contexts.wasSought(chat.id));
      for (let page = 0; ; page++) {
        const history = await this.#chats.history(chat.id, {
          fromMessageId: cursor ?? "0",
          limit: this.#pageSize,
          direction: "forward",
        });
        report.historyCalls++;
        const fresh = newerThan(history.messages, cursor);
        if (fresh.length === 0) {
          if (page === 0 && target !== undefined) cursor = this.#stalled(chat.id, target, cursor);
          break;
        }
        this.#stalls.delete(chat.id);
        for (const message of fresh) {
          messageId = message.id;
          signal.throwIfAborted();
          context = await this.#contexts.merge(chat.id, ChatContexts.of(message), context);
          // A time Ozon did not give (NaN) is not "older": such a message is relayed.
          const dealtWith = Date.parse(message.createdAt) <= horizon;
          if (message.author.kind === "buyer" && !dealtWith) {
            if (!contextSought && ChatContexts.isEmpty(context)) {
              context = await this.#backfillContext(chat.id, from, context, report);
              contextSought = true;
            }
            // A stop aborts a download in progress: it must not hold up the shutdown.
            const attachments = await this.#attachments.prepare(chat.id, message, signal);
            const link = { ozonChatId: chat.id, ozonMessageId: message.id };
            const linked = new Set<string>();
            // Each copy is answerable the moment it is on the screen, not after the last file.
            const accepted = async (refs: readonly TelegramMessageRef[]) => {
              try {
                await this.#links.remember(refs, link);
                for (const ref of refs) linked.add(refKey(ref));
              } catch (error) {
                // A link the store would not take must not make the message come again: it is
                // written once more when the whole message is delivered.
                this.#logger?.debug(
                  { err: error, ozonChatId: chat.id },
                  "Chat relay: a link waits",
                );
              }
            };
            const sent = await this.#notifier.relayBuyerMessage(
              { ozonChatId: chat.id, context },
              message,
              attachments,
              accepted,
            );
            // Telegram accepted it: from here on it must never be sent again.
            await this.#cursors.set(chat.id, message.id);
            stored = cursor = message.id;
            report.relayed++;
            const unlinked = (sent ?? []).filter((ref) => !linked.has(refKey(ref)));
            if (unlinked.length > 0) await this.#links.remember(unlinked, link);
          } else {
            report.passedOver++;
          }
          cursor = message.id;
        }
        messageId = undefined;
        const caughtUp =
          target !== undefined && cursor !== undefined && compareIds(cursor, target) >= 0;
        const more = history.hasNext || history.messages.length >= this.#pageSize;
        if (caughtUp || !more) break;
      }
    } catch (error) {
      report.failures.push({ ozonChatId: chat.id, messageId, error });
    } finally {
      // Messages passed over since the last relayed one: no need to read them again.
      if (cursor !== undefined && (stored === undefined || compareIds(cursor, stored) > 0)) {
        await this.#cursors.set(chat.id, cursor).catch((error: unknown) => {
          report.failures.push({ ozonChatId: chat.id, error });
        });
      }
    }
  }

  /**
   * The list says a chat moved on, but its history shows nothing newer than the cursor. Ozon
   * may list a message a moment before history shows it, so the first time nothing is skipped;
   * when the next pass sees the same thing, the message is taken as invisible to the seller
   * and the cursor catches up with the list, so the chat stops costing a call every pass.
   */
  #stalled(chatId: string, target: string, cursor: string | undefined): string | undefined {
    if (cursor !== undefined && compareIds(target, cursor) <= 0) return cursor;
    if (this.#stalls.get(chatId) !== target) {
      this.#stalls.set(chatId, target);
      return cursor;
    }
    this.#stalls.delete(chatId);
    this.#logger?.warn(
      { ozonChatId: chatId, lastMessageId: target },
      "Chat relay: the chat list names a message that history does not show; moving past it",
    );
    return target;
  }

  /**
   * The first run skips old history, and Ozon puts the order and product only on some messages,
   * so a chat's context may lie before the cursor. One backward read per chat, ever, finds it.
   */
  async #backfillContext(
    chatId: string,
    cursor: string | undefined,
    known: ChatContext,
    report: RelayPassReport,
  ): Promise<ChatContext> {
    const history = await this.#chats.history(chatId, {
      limit: CONTEXT_BACKFILL_LIMIT,
      direction: "backward",
    });
    report.historyCalls++;
    let context = known;
    for (const message of history.messages) {
      if (cursor !== undefined && compareIds(message.id, cursor) > 0) continue;
      context = { ...context, ...ChatContexts.of(message) };
    }
    await this.#contexts.markSought(chatId);
    return this.#contexts.merge(chatId, context, known);
  }
}

function emptyReport(): RelayPassReport {
  return {
    leader: true,
    firstRun: false,
    chatsListed: 0,
    chatsChanged: 0,
    historyCalls: 0,
    relayed: 0,
    passedOver: 0,
    failures: [],
  };
}

const refKey = (ref: TelegramMessageRef) => `${ref.chatId}:${ref.messageId}`;

function newerThan(messages: readonly ChatMessage[], cursor: string | undefined): ChatMessage[] {
  return messages
    .filter((m) => isMessageId(m.id) && (cursor === undefined || compareIds(m.id, cursor) > 0))
    .sort((a, b) => compareIds(a.id, b.id));
}
