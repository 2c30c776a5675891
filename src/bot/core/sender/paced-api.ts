/**
 * The Api a notifier sends with, attached by its module's start (the bot's, without auto-retry:
 * see apiForSender), and its calls paced by the bot's sender as bulk, so alerts and buyer
 * messages go first and the bot-wide limits hold.
 */
import type { Api } from "grammy";
import { chatKindOf, type TelegramSender } from "./index.ts";

export class PacedApi {
  readonly #sender: TelegramSender;
  /** Names the notifier in the error of a call before the bot started. */
  readonly #owner: string;
  #api: Api | undefined;

  constructor(sender: TelegramSender, owner: string) {
    this.#sender = sender;
    this.#owner = owner;
  }

  attach(api: Api): void {
    this.#api = api;
  }

  /** The attached Api, for calls the sender does not pace (a chat action shown at once). */
  get api(): Api {
    if (!this.#api) throw new Error(`${this.#owner} used before the bot started`);
    return this.#api;
  }

  /** One message, edit or file to `chatId`, when the bot-wide limits allow. */
  paced<T>(chatId: number, call: (api: Api) => Promise<T>): Promise<T> {
    const api = this.api;
    const target = { chatId, kind: chatKindOf(chatId), priority: "bulk" } as const;
    return this.#sender.schedule(target, () => call(api));
  }
}
