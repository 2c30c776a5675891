/**
 * The relay's ports: the few Seller chat calls it makes and what it asks of Telegram. The bot
 * implements `RelayNotifier`; the Seller client's `chats` namespace satisfies the chats ports.
 * Tests: none directly
 */
import type {
  Chat,
  ChatAttachment,
  ChatListOptions,
  ChatMessage,
  DownloadedFile,
  DownloadFileOptions,
  HistoryOptions,
  HistoryPage,
} from "../../../ozon/seller/types.ts";

export type { Chat, ChatAttachment, ChatMessage };

/** What the poller reads from Ozon. */
export interface RelayChatsApi {
  list(options?: ChatListOptions): AsyncIterable<Chat>;
  history(chatId: string, options: HistoryOptions): Promise<HistoryPage>;
  /**
   * Downloads a chat file with the seller's credentials: only from Ozon's own file location,
   * at most `maxBytes`, within `deadlineMs` (OzonFileTooLargeError, OzonNetworkError otherwise).
   */
  downloadFile(url: string, options?: DownloadFileOptions): Promise<DownloadedFile>;
}

/** Who wrote about what: kept per Ozon chat from the context messages carry. */
export interface ChatContext {
  orderNumber?: string;
  sku?: string;
  postingNumber?: string;
}

/** The buyer chat a relayed message belongs to. */
export interface RelayChatRef {
  ozonChatId: string;
  /** Everything known so far about the chat's order and product (merged over its messages). */
  context: ChatContext;
}

/**
 * An attachment ready for Telegram. `bytes` is present when the file was downloaded; otherwise
 * `skipped` says why and the bot announces the file by name (and size when known).
 */
export interface RelayAttachment {
  kind: "image" | "file";
  name: string;
  sizeBytes?: number;
  mime?: string;
  bytes?: Uint8Array;
  /**
   * too_large: over Telegram's 50 MB upload limit; unavailable: Ozon would not give the file (or
   * it is not at Ozon's file location); unfetched: every try over several passes failed (network,
   * deadline, Ozon busy); empty: the file has no bytes (Telegram refuses those for good).
   */
  skipped?: "too_large" | "unavailable" | "unfetched" | "empty";
}

/** One Telegram message the notifier sent, so a reply to it can be routed back to Ozon. */
export interface TelegramMessageRef {
  chatId: number;
  messageId: number;
}

/** Called with each Telegram message as soon as Telegram accepted it (links it to its buyer). */
export type AcceptedCallback = (sent: readonly TelegramMessageRef[]) => Promise<void>;

/**
 * What the relay needs from Telegram.
 *
 * Contract for an implementation:
 * - Resolve only when Telegram accepted every message for every recipient; the relay then marks
 *   the Ozon message as relayed. Reject otherwise: the same message comes again on the next pass
 *   (and nothing after it in that chat is relayed before it). Recipients that already got it can
 *   be skipped with `DeliveryMarks`.
 * - Call `accepted` with each message right after Telegram accepted it, before the next part or
 *   recipient: a reply to a copy already on the screen must reach the buyer at once.
 * - Return the Telegram messages sent (all recipients, all parts: header, photo, document);
 *   those `accepted` missed are linked then. Returning nothing means replies cannot be routed.
 * - Audience: `resolveRelayAudience`; forum topics: `RelayTopics`.
 */
export interface RelayNotifier {
  relayBuyerMessage(
    chat: RelayChatRef,
    message: ChatMessage,
    attachments: RelayAttachment[],
    accepted?: AcceptedCallback,
    // biome-ignore lint/suspicious/noConfusingVoidType: lets a notifier that links nothing be a plain async function
  ): Promise<readonly TelegramMessageRef[] | undefined | void>;
}
