/**
 * Chats whose alerts (stock, returns) are paused because Telegram refuses the bot's messages there
 * for good: the group's admins took its right to post away, or it was kicked. One record per chat,
 * `alerts-paused:<chat>`; the chat's subscriptions and choices stay as they were, so resuming
 * brings everything back as it was. The first to pause a chat (one atomic step, however many
 * watchers and processes notice at once) is the one that tells an admin, so an admin is told once
 * per pause.
 *
 * Resumed when Telegram says the bot may post there again (a `my_chat_member` update) or when
 * someone sends /subscribe in that chat (bot/core/alert-pauses.ts).
 * Tests: test/services/chat-records.test.ts, test/bot/returns/moved-group.test.ts and 1 more
 */
import { moveKey } from "../store/move-key.ts";
import type { Store } from "../store/port.ts";

export type PauseReason = "no_rights" | "removed";

export interface AlertPause {
  chatId: number;
  reason: PauseReason;
  /** ISO time it was paused. */
  at: string;
}

export const ALERT_PAUSE_PREFIX = "alerts-paused:";
const keyOf = (chatId: number) => `${ALERT_PAUSE_PREFIX}${chatId}`;

export class AlertPauses {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Pauses the chat's alerts; true only for the call that paused it (the one to tell an admin). */
  pause(chatId: number, reason: PauseReason, now = new Date()): Promise<boolean> {
    const pause: AlertPause = { chatId, reason, at: now.toISOString() };
    return this.#store.setIfAbsent(keyOf(chatId), pause);
  }

  /** True when it was paused. */
  resume(chatId: number): Promise<boolean> {
    return this.#store.delete(keyOf(chatId));
  }

  async isPaused(chatId: number): Promise<boolean> {
    return (await this.#store.get(keyOf(chatId))) !== undefined;
  }

  /** Every paused chat. */
  async chats(): Promise<Set<number>> {
    const entries = await this.#store.list<AlertPause>(ALERT_PAUSE_PREFIX);
    return new Set(entries.map((e) => e.value?.chatId).filter((id) => Number.isSafeInteger(id)));
  }

  /** The group became a supergroup: a pause follows it (true when it was paused). */
  moveChat(fromChatId: number, toChatId: number): Promise<boolean> {
    return moveKey<AlertPause>(this.#store, keyOf(fromChatId), keyOf(toChatId), (pause) => ({
      ...pause,
      chatId: toChatId,
    }));
  }
}
