/**
 * Delivery cards: drawn for a person (in their language), shown and remembered in the card book,
 * and redrawn in every chat that has one when the posting moves on (through the bot's sender, in
 * each chat's language: the person's in a private chat, the bot's default in a group).
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, type InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import type { AccessService } from "../../services/access/index.ts";
import {
  actionsFor,
  type DeliveryAction,
  type DeliveryCard,
  DeliveryCardBook,
  type StepMark,
} from "../../services/deliveries/index.ts";
import { CardBook } from "../../services/postings/cards.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { isLocale, type LocalizedContext } from "../core/i18n.ts";
import type { TelegramSender } from "../core/sender/index.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { type DeliveryFormat, deliveryCard } from "./format.ts";
import { cardKeyboard } from "./keyboards.ts";

/** The postings watcher's part of the store (its CardBook prefix, postings/module.ts). */
export const ALERT_CARDS_PREFIX = "postings:";

/** Telegram's answers meaning the card needs nothing more, or is gone. */
const SETTLED = /message is not modified/i;
const GONE = /message to edit not found|message can't be edited|MESSAGE_ID_INVALID|chat not found/i;
const EDIT_TIMEOUT_MS = 30_000;

export interface LastStep {
  action: DeliveryAction;
  mark: StepMark;
}

export interface CardDeps {
  codec: CallbackCodec;
  shops: ShopRegistry;
  timezone: string;
}

export interface DrawnCard {
  text: string;
  keyboard: InlineKeyboard;
}

/** The card of `posting` for a reader with `format`, headed by the shop's name. */
export function drawCard(
  deps: CardDeps,
  format: DeliveryFormat,
  shop: Pick<Shop, "id" | "ref">,
  posting: Posting,
  last?: LastStep,
): DrawnCard {
  const text = withShopTag(format.t, deps.shops, shop.id, deliveryCard(posting, format, last));
  const keyboard = cardKeyboard(
    deps.codec,
    format.t,
    posting.postingNumber,
    shop.ref,
    actionsFor(posting),
  );
  return { text, keyboard };
}

export interface RedrawDeps extends CardDeps {
  i18n: I18n<LocalizedContext>;
  access: AccessService;
  sender: TelegramSender;
  defaultLocale: string;
  logger: Logger;
}

/**
 * Redraws every card of the posting the book knows, except `skip` (the one the tap edited).
 * Never rejects: a card that fails is logged, one Telegram no longer has is forgotten.
 */
export async function redrawEverywhere(
  deps: RedrawDeps,
  api: Api,
  shop: Shop,
  posting: Posting,
  last: LastStep | undefined,
  skip?: { chatId: number; messageId: number },
): Promise<number> {
  const book = new DeliveryCardBook(shop.store);
  let cards: DeliveryCard[];
  try {
    cards = await cardsOfPosting(book, shop, posting.postingNumber);
  } catch (error) {
    deps.logger.warn({ err: error, posting: posting.postingNumber }, "delivery cards not read");
    return 0;
  }
  let redrawn = 0;
  for (const card of cards) {
    if (card.chatId === skip?.chatId && card.messageId === skip.messageId) continue;
    const format = await formatFor(deps, card);
    const { text, keyboard } = drawCard(deps, format, shop, posting, last);
    try {
      await deps.sender.schedule({ chatId: card.chatId, kind: card.kind, priority: "alert" }, () =>
        api.editMessageText(
          card.chatId,
          card.messageId,
          text,
          { reply_markup: keyboard, link_preview_options: { is_disabled: true } },
          AbortSignal.timeout(EDIT_TIMEOUT_MS) as Parameters<Api["editMessageText"]>[4],
        ),
      );
      redrawn += 1;
    } catch (error) {
      if (error instanceof GrammyError && SETTLED.test(error.description)) continue;
      if (error instanceof GrammyError && GONE.test(error.description)) {
        await book.forget(posting.postingNumber, card).catch(() => undefined);
        continue;
      }
      deps.logger.warn(
        { err: error, chatId: card.chatId, posting: posting.postingNumber },
        "delivery card not redrawn",
      );
    }
  }
  return redrawn;
}

/**
 * Where the posting is on a screen: its delivery cards, and its alert cards (the postings card
 * book: a packed alert shows 🚚 Delivery; after a step it becomes the delivery card). Digests
 * list many postings and stay as they are.
 */
async function cardsOfPosting(
  book: DeliveryCardBook,
  shop: Shop,
  postingNumber: string,
): Promise<DeliveryCard[]> {
  const seen = new Map<string, DeliveryCard>();
  for (const card of await book.cardsOf(postingNumber)) {
    seen.set(`${card.chatId}:${card.messageId}`, card);
  }
  const alerts = new CardBook(shop.store, { prefix: ALERT_CARDS_PREFIX });
  for (const chat of await alerts.cardsOf(postingNumber)) {
    for (const message of chat.messages) {
      if (message.digest) continue;
      const kind = chat.kind === "private" ? "private" : "group";
      const card = { chatId: chat.chatId, messageId: message.messageId, kind } as const;
      seen.set(`${card.chatId}:${card.messageId}`, card);
    }
  }
  return [...seen.values()];
}

async function formatFor(deps: RedrawDeps, card: DeliveryCard): Promise<DeliveryFormat> {
  let locale = deps.defaultLocale;
  if (card.kind === "private") {
    const { locale: chosen } = await deps.access.lookup(card.chatId);
    if (isLocale(chosen)) locale = chosen;
  }
  const t = (key: string, variables?: Record<string, string | number>) =>
    deps.i18n.t(locale, key, variables);
  return { t, locale, timezone: deps.timezone };
}
