/**
 * New-posting alerts of several stores for one chat, sent together. Telegram takes about one
 * message a second per chat, so 19 stores each finding a new posting at once made the last alert
 * wait ~18 s. Here the alerts for a chat wait in one open bundle for the chat's turn at the sender;
 * when the turn comes the bundle closes and goes as ONE message (the alert itself when it is
 * alone, else a digest with a button per posting, written by the notifier). What arrives after
 * that waits in the next bundle, for the next turn. Each watcher still sends its alerts one after
 * another, so a bundle holds at most one alert per store: one store's burst stays its own digest.
 *
 * Nothing lost: every alert's promise resolves only when Telegram accepted the message carrying
 * it (saying whether that was a digest, so its card is never redrawn as one posting's); when the
 * send fails, every alert of the bundle rejects with the error and its watcher retries next pass.
 * Tests: none directly
 */
import type { Sent } from "../../services/postings/index.ts";
import type { Subscriber } from "../../services/subscriptions.ts";
import type { TelegramSender } from "../core/sender/index.ts";

type Chat = Pick<Subscriber, "chatId" | "kind">;

/** Alerts one message carries at most (each digest line keeps room for its store's name). */
export const MAX_BUNDLED_ALERTS = 20;

interface Waiting<T> {
  alert: T;
  resolve: (sent: Sent) => void;
  reject: (error: unknown) => void;
}

export class AlertBundler<T> {
  readonly #sender: TelegramSender;
  /** Per chat, the bundle whose send has not started yet (new alerts join it). */
  readonly #open = new Map<number, Waiting<T>[]>();

  constructor(sender: TelegramSender) {
    this.#sender = sender;
  }

  /** Alerts waiting in the chat's open bundle (not yet being sent). */
  waiting(chatId: number): number {
    return this.#open.get(chatId)?.length ?? 0;
  }

  /**
   * Sends `alert` in the chat's next message: `send` writes and sends the message of a closed
   * bundle (the first alert's `send` is used for the whole bundle). Resolves when Telegram
   * accepted that message; `digest` is set when it carried more than this alert.
   */
  add(chat: Chat, alert: T, send: (alerts: readonly T[]) => Promise<Sent>): Promise<Sent> {
    return new Promise<Sent>((resolve, reject) => {
      const waiting: Waiting<T> = { alert, resolve, reject };
      const open = this.#open.get(chat.chatId);
      if (open && open.length < MAX_BUNDLED_ALERTS) {
        open.push(waiting);
        return;
      }
      const bundle = [waiting];
      this.#open.set(chat.chatId, bundle);
      // Closed at the chat's turn (a retry after a 429 sends the same bundle again).
      const close = () => {
        if (this.#open.get(chat.chatId) === bundle) this.#open.delete(chat.chatId);
        return bundle;
      };
      this.#sender
        .schedule({ chatId: chat.chatId, kind: chat.kind, priority: "alert" }, () =>
          send(close().map((one) => one.alert)),
        )
        .then(
          (sent) => {
            const carried: Sent = bundle.length > 1 ? { ...sent, digest: true } : sent;
            for (const one of bundle) one.resolve(carried);
          },
          (error: unknown) => {
            for (const one of close()) one.reject(error);
          },
        );
    });
  }
}
