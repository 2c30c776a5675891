/**
 * The Api a notifier sends with, attached by its module's start (the bot's, without auto-retry:
 * see apiForSender), and its calls paced by the bot's sender as bulk, so alerts and buyer
 * messages go first and the bot-wide limits hold.
 * Tests: none directly
 */
import type { Api } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { ChatMoves } from "../../../services/chat-moves.ts";
import { followChatMove, sendFollowingMove } from "../chat-moved.ts";
import { chatKindOf, type TelegramSender } from "./index.ts";

/** Where a group's records move when it turns out to have become a supergroup. */
export interface ChatMovesHook {
  moves: ChatMoves;
  logger?: Pick<Logger, "info">;
}

export class PacedApi {
  readonly #sender: TelegramSender;
  /** Names the notifier in the error of a call before the bot started. */
  readonly #owner: string;
  readonly #moved: ChatMovesHook | undefined;
  #api: Api | undefined;

  constructor(sender: TelegramSender, owner: string, moved?: ChatMovesHook) {
    this.#sender = sender;
    this.#owner = owner;
    this.#moved = moved;
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

  /**
   * As `paced`, to a chat that may have become a supergroup: then its records follow it and the
   * call goes once to the new id. Resolves with the result and the chat it went to.
   */
  pacedFollowing<T>(
    chatId: number,
    call: (api: Api, chatId: number) => Promise<T>,
  ): Promise<{ result: T; chatId: number }> {
    return sendFollowingMove(chatId, (to) => this.paced(to, (api) => call(api, to)), this.#follow);
  }

  /** A call that is no message (a question to Telegram, unpaced), following a move likewise. */
  following<T>(
    chatId: number,
    call: (api: Api, chatId: number) => Promise<T>,
  ): Promise<{ result: T; chatId: number }> {
    return sendFollowingMove(chatId, (to) => call(this.api, to), this.#follow);
  }

  readonly #follow = async (from: number, to: number): Promise<void> => {
    const moved = this.#moved;
    if (moved) await followChatMove(moved.moves, this.api, from, to, moved.logger);
  };
}
