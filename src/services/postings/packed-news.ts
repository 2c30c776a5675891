/**
 * A posting packed through the bot: every chat's cards of it (cards.ts) are redrawn at once
 * (packed by whom and when, the Label button only), so nobody starts packing what was packed a
 * moment ago. Without this the other subscribers' cards changed only at the watcher's next pass.
 *
 * Nothing is written here: the watcher's follow-up still sees the posting leave the list, redraws
 * the same cards (Telegram answers "not modified", which counts as done) and marks each chat told.
 * So a redraw that fails here is mended by the next pass, and no chat record is written outside
 * that chat's turn (cards.ts).
 * Tests: none directly
 */
import type { Posting } from "../../ozon/seller/types.ts";
import type { CardBook } from "./cards.ts";
import { forEachLimited } from "./ledger.ts";
import type { PostingNotifier } from "./notifier.ts";
import type { PackedBy } from "./packed-by.ts";
import type { WatcherLogger } from "./watcher.ts";

const CHAT_CONCURRENCY = 8;

/** A message that must be left as it is (the packer's own dialog screen says more). */
export interface KeptMessage {
  chatId: number;
  messageId: number;
}

export interface PackedNewsSettings {
  cards: CardBook;
  notifier: Pick<PostingNotifier, "redraw">;
  now: () => number;
  log: Pick<WatcherLogger, "warn">;
}

/**
 * Redraws the cards of `posting` (as it was before packing: products and deadline) in every chat
 * that has them, except `kept`. Resolves with the number of chats whose cards were redrawn; never
 * rejects (a failure is logged, and the next watcher pass tries again).
 */
export async function redrawPackedCards(
  settings: PackedNewsSettings,
  posting: Posting,
  by: PackedBy,
  kept?: KeptMessage,
): Promise<number> {
  const { cards, notifier, now, log } = settings;
  const redraw = notifier.redraw?.bind(notifier);
  if (!redraw) return 0;
  const number = posting.postingNumber;
  let chats: Awaited<ReturnType<CardBook["cardsOf"]>>;
  try {
    chats = await cards.cardsOf(number);
  } catch (error) {
    log.warn({ err: error, posting: number }, "cards of a packed posting not read");
    return 0;
  }
  const change = { kind: "packed", posting, by, seenAt: now() } as const;
  let redrawn = 0;
  await forEachLimited(
    chats.filter((chat) => chat.told === undefined),
    CHAT_CONCURRENCY,
    async (chat) => {
      const messages = chat.messages.filter(
        (m) => !(chat.chatId === kept?.chatId && m.messageId === kept.messageId),
      );
      if (!messages.some((m) => !m.digest)) return;
      try {
        await redraw(chat, change, messages);
        redrawn += 1;
      } catch (error) {
        log.warn({ chatId: chat.chatId, err: error, posting: number }, "packed card not redrawn");
      }
    },
  );
  return redrawn;
}
