/**
 * What a card a dialog was on must show when the dialog is left (Close, /cancel, another dialog,
 * a press after it ended): the posting may have been packed by someone else or cancelled
 * meanwhile. Putting the card back as it was would show Pack buttons on a packed or cancelled
 * posting, and the watcher would not mend it: that chat may already be marked told (cards.ts).
 *
 * One re-read of the posting from Ozon, with a short timeout: the card is drawn from the posting
 * (products, deadline) as the follow-up draws it, so the posting is needed anyway, and Ozon alone
 * knows of a buyer's cancellation or a pack in the cabinet before the watcher's next pass. Leaving
 * a dialog is a person's tap, so this is one call per tap at most. The store adds what Ozon does
 * not say: who packed it (PackedByLedger) and whether the chat was told it was packed first.
 *
 * Nothing is written: chat records are written only in the chat's turn (cards.ts).
 * Tests: none directly
 */
import type { Posting } from "../../ozon/seller/types.ts";
import type { CardBook } from "./cards.ts";
import { PACKED_STATUSES } from "./follow-up.ts";
import type { PostingChange } from "./notifier.ts";
import type { PackedByLedger } from "./packed-by.ts";

/** A person waits for the card: Ozon slower than this leaves it as it was. */
export const CARD_READ_TIMEOUT_MS = 3_000;

export interface CardNowSettings {
  reader: { get(postingNumber: string, signal?: AbortSignal): Promise<Posting> };
  packedBy: Pick<PackedByLedger, "get">;
  cards: Pick<CardBook, "cardsOf">;
  now: () => number;
  timeoutMs?: number;
}

/**
 * The change a card of `postingNumber` in chat `chatId` must show now, as the follow-up would
 * draw it: packed (by whom, when the bot knows) or cancelled; undefined while it still awaits
 * packaging (the card as it was is right). Rejects when Ozon did not answer in time.
 */
export async function changeOnCard(
  settings: CardNowSettings,
  postingNumber: string,
  chatId: number,
): Promise<PostingChange | undefined> {
  const signal = AbortSignal.timeout(settings.timeoutMs ?? CARD_READ_TIMEOUT_MS);
  const posting = await settings.reader.get(postingNumber, signal);
  if (posting.status === "cancelled") {
    const chat = (await settings.cards.cardsOf(postingNumber)).find((c) => c.chatId === chatId);
    // Told it was packed, then cancelled: the parcel is at the warehouse (as the follow-up says).
    return {
      kind: "cancelled",
      posting,
      ...(chat?.told === "packed" ? { afterPacking: true } : {}),
    };
  }
  if (PACKED_STATUSES.has(posting.status)) {
    const by = await settings.packedBy.get(postingNumber);
    return { kind: "packed", posting, seenAt: settings.now(), ...(by ? { by } : {}) };
  }
  return undefined;
}
