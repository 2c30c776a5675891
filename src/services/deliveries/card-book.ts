/**
 * Where each delivery card of a posting went, so every chat's card is redrawn when the posting
 * moves on (one person marks it delivered: everyone's card says so). One key per card, written
 * once Telegram accepted the message, so two processes adding cards at once lose none.
 *
 * Store layout (the shop's part): `delivery-card:<posting>:<chat>:<message>` → DeliveryCard.
 * Tests: test/bot/audit/deliveries-audit.test.ts
 */
import type { Store } from "../../store/port.ts";

export interface DeliveryCard {
  chatId: number;
  messageId: number;
  kind: "private" | "group";
}

/** Cards are redrawn while the delivery lasts; a month covers the slowest one. */
export const DELIVERY_CARD_TTL_MS = 30 * 24 * 60 * 60_000;
/** A posting's cards redrawn at most (the newest kept in mind when more were shown). */
export const MAX_CARDS = 50;

const prefix = (postingNumber: string) => `delivery-card:${postingNumber}:`;

export class DeliveryCardBook {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  add(postingNumber: string, card: DeliveryCard): Promise<void> {
    const key = `${prefix(postingNumber)}${card.chatId}:${card.messageId}`;
    return this.#store.set(key, card, { ttlMs: DELIVERY_CARD_TTL_MS });
  }

  async cardsOf(postingNumber: string): Promise<DeliveryCard[]> {
    const found = await this.#store.list<DeliveryCard>(prefix(postingNumber));
    return found.map((entry) => entry.value).slice(-MAX_CARDS);
  }

  /** A card Telegram no longer has is not tried again. */
  async forget(postingNumber: string, card: Pick<DeliveryCard, "chatId" | "messageId">) {
    await this.#store.delete(`${prefix(postingNumber)}${card.chatId}:${card.messageId}`);
  }
}
