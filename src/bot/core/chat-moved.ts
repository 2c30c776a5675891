/**
 * A group became a supergroup (topics turned on, say) and Telegram gave it a new id: the bot's
 * records follow it (services/chat-moves.ts) as soon as the bot notices, from the service message
 * in either chat or from a send Telegram refused with `migrate_to_chat_id`; the refused message is
 * then sent to the new id.
 * Tests: none directly
 */
import { type Api, Composer } from "grammy";
import type { Logger } from "../../logger.ts";
import { ChatMoves } from "../../services/chat-moves.ts";
import type { RelayGroup } from "../../services/chats/relay/audience.ts";
import type { Store } from "../../store/port.ts";
import type { BotContext } from "./context.ts";
import type { BotShops, FeatureDeps } from "./deps.ts";
import { telegramChatGone } from "./telegram-errors.ts";

/** One per store and shops in a process, so every area's moves of one chat wait for one. */
const movesByStore = new WeakMap<Store, WeakMap<object, ChatMoves>>();

export function chatMovesFor(store: Store, shops: Pick<BotShops, "all">): ChatMoves {
  const byShops = movesByStore.get(store) ?? new WeakMap<object, ChatMoves>();
  movesByStore.set(store, byShops);
  let moves = byShops.get(shops);
  if (!moves) {
    moves = new ChatMoves({ store, shopStores: () => shops.all().map((shop) => shop.store) });
    byShops.set(shops, moves);
  }
  return moves;
}

/**
 * What the relay keeps of the supergroup a group became. Upgrades happen when topics are turned
 * on, so whether it is a forum is asked anew.
 */
export async function describeMovedGroup(
  api: Api,
  chatId: number,
): Promise<Partial<Pick<RelayGroup, "isForum" | "title">>> {
  const chat = await api.getChat(chatId).catch(() => undefined);
  const isForum = chat?.type === "supergroup" && chat.is_forum === true;
  return chat && "title" in chat && chat.title !== undefined
    ? { isForum, title: chat.title }
    : { isForum };
}

/** Moves the chat's records; the relay group learns from Telegram whether the new chat is a forum. */
export async function followChatMove(
  moves: ChatMoves,
  api: Api,
  fromChatId: number,
  toChatId: number,
  logger?: Pick<Logger, "info">,
): Promise<void> {
  const report = await moves.move(fromChatId, toChatId, () => describeMovedGroup(api, toChatId));
  if (report.moved) {
    logger?.info(
      { telegramChatId: fromChatId, toChatId, ...report },
      "A group became a supergroup: its alerts, relay and schedules moved to the new chat id",
    );
  }
}

/**
 * `send(chatId)`, and when Telegram answers that the group moved, the records follow it and the
 * message goes once to the new id. Resolves with the result and the chat it went to.
 */
export async function sendFollowingMove<T>(
  chatId: number,
  send: (chatId: number) => Promise<T>,
  follow: (fromChatId: number, toChatId: number) => Promise<void>,
): Promise<{ result: T; chatId: number }> {
  try {
    return { result: await send(chatId), chatId };
  } catch (error) {
    const gone = telegramChatGone(error);
    if (gone?.kind !== "migrated") throw error;
    await follow(chatId, gone.chatId);
    return { result: await send(gone.chatId), chatId: gone.chatId };
  }
}

/** The service messages of a move, in the old group and in the new supergroup. */
export function chatMovedFeature(deps: FeatureDeps): Composer<BotContext> {
  const moves = chatMovesFor(deps.store, deps.shops);
  // One plain check rather than two filters (`on`): every update passes here.
  return new Composer<BotContext>((ctx, next) => {
    const message = ctx.message;
    const to = message?.migrate_to_chat_id;
    const from = message?.migrate_from_chat_id;
    if (!message || (to === undefined && from === undefined)) return next();
    const [old, moved] =
      to !== undefined ? [message.chat.id, to] : [from as number, message.chat.id];
    return followChatMove(moves, ctx.api, old, moved, deps.logger).then(() => next());
  });
}
