/**
 * Who answers a buyer chat, as the team sees it in Telegram: after "Take it" every relayed copy
 * of the chat's messages shows "✋ Anna is answering · till 14:35" (its keyboard is edited), and
 * after someone answers, the others who got the buyer's message are told in a short note (the
 * same note code tells about answered product questions and reviews).
 * Tests: test/bot/chats/relay/actor-name.test.ts
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api, InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { Logger } from "../../../logger.ts";
import { type ChatClaim, type ChatDigest, snippetOf } from "../../../services/chats/inbox/inbox.ts";
import type { RelayShops } from "../../../services/chats/relay/shops.ts";
import type { TelegramMessageRef } from "../../../services/chats/relay/types.ts";
import type { Shop } from "../../../shops/registry.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { FeatureDeps } from "../../core/deps.ts";
import {
  type Locale,
  type LocalizedContext,
  type Translator,
  translatorOr,
} from "../../core/i18n.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { CHAT_FILES_BUTTON, CHAT_VIEW_BUTTON, CHATS_LIST_BUTTON } from "../buttons.ts";
import { orderUrl } from "../relay/format.ts";
import { relayKeyboard } from "../relay/keyboards.ts";
import { claimLabel } from "./format.ts";
import { chatViewKeyboard } from "./keyboards.ts";

/** A chat view's rows kept under a redrawn claim: 📜 The whole chat, 📎 Files, « Back to list. */
const VIEW_ROW_KINDS = new Set([
  CHAT_VIEW_BUTTON.kind,
  CHAT_FILES_BUTTON.kind,
  CHATS_LIST_BUTTON.kind,
]);

/** Notes about an answer quote this many characters of it. */
export const NOTE_WORDS = 80;
/** Characters of a person's name in "Anna is answering" and "Anna answered". */
const NAME_CHARS = 32;

/** The name others see for whoever pressed or wrote: whole characters, an emoji never cut. */
export function actorName(from: { first_name: string } | undefined): string {
  return Array.from(from?.first_name ?? "")
    .slice(0, NAME_CHARS)
    .join("");
}

export interface ClaimViewDeps {
  api: Api;
  codec: CallbackCodec;
  i18n: I18n<LocalizedContext>;
  timezone: string;
  defaultLocale: Locale;
  logger: Pick<Logger, "info">;
}

/** What drawing claims needs, from a feature's deps and the update's API. */
export function claimDepsOf(api: Api, deps: FeatureDeps): ClaimViewDeps {
  const { codec, i18n, config, logger } = deps;
  return {
    api,
    codec,
    i18n,
    timezone: config.timezone,
    defaultLocale: config.defaultLocale,
    logger,
  };
}

/** Redraws the buttons of every relayed copy of the chat with the claim (or without one). */
export async function showClaimOnCopies(
  deps: ClaimViewDeps,
  chat: { ozonChatId: string; shopRef: string; orderNumber?: string | undefined },
  digest: ChatDigest | undefined,
  claim: ChatClaim | undefined,
): Promise<void> {
  await redrawCopyButtons(deps, digest?.copies ?? [], (t, copy) =>
    relayKeyboard(deps.codec, t, chat.ozonChatId, chat.shopRef, {
      // The taker's own private copy says "You are answering".
      claim: claim && { ...claimLabel(claim, deps.timezone), mine: copy.chatId === claim.userId },
      postingNumber: copy.posting,
      orderUrl: orderUrl(chat.orderNumber),
    }),
  );
}

/**
 * The claim on the pressed message too when it is a chat's view (not a relayed copy, which
 * showClaimOnCopies drew): its own buttons, keeping its 📜 The whole chat, 📎 Files and « Back
 * to list rows.
 */
export async function showClaimOnView(
  deps: ClaimViewDeps,
  pressed: Message | undefined,
  chat: { ozonChatId: string; shopRef: string; postingNumber?: string | undefined },
  digest: ChatDigest | undefined,
  claim: ChatClaim | undefined,
  t: Translator,
): Promise<void> {
  const isCopy = digest?.copies.some(
    (c) => c.chatId === pressed?.chat.id && c.messageId === pressed.message_id,
  );
  if (!pressed || isCopy) return;
  // The presser took it: "You are answering" where nobody else reads it (a private chat).
  const mine = pressed.chat.type === "private" && pressed.chat.id === claim?.userId;
  const label = claim && { ...claimLabel(claim, deps.timezone), mine };
  const keyboard = chatViewKeyboard(deps.codec, t, chat, label);
  const kept = (pressed.reply_markup?.inline_keyboard ?? []).filter((row) =>
    row.some((b) => {
      const kind = "callback_data" in b ? deps.codec.decode(b.callback_data)?.kind : undefined;
      return kind !== undefined && VIEW_ROW_KINDS.has(kind);
    }),
  );
  keyboard.inline_keyboard.push(...kept);
  await deps.api
    .editMessageReplyMarkup(pressed.chat.id, pressed.message_id, { reply_markup: keyboard })
    .catch(() => undefined);
}

/**
 * Answering takes the chat when nobody else has it (one's own is renewed): no separate Take it
 * tap, and the team sees who answers on every copy (and on the pressed view).
 */
export async function takeOnAnswer(
  deps: ClaimViewDeps,
  relay: RelayShops,
  shop: Pick<Shop, "id" | "store" | "ref">,
  ozonChatId: string,
  from: { id: number; first_name: string },
  pressed: { message: Message | undefined; t: Translator },
): Promise<void> {
  const inbox = relay.inbox(shop);
  const taken = await inbox.take(ozonChatId, { userId: from.id, name: actorName(from) });
  if (!taken.ok) return;
  const digest = await inbox.digest(ozonChatId);
  const context = await relay.repositories(shop).contexts.get(ozonChatId);
  const found = digest?.copies.find((c) => c.posting)?.posting;
  const chat = {
    ozonChatId,
    shopRef: shop.ref,
    orderNumber: context.orderNumber,
    postingNumber: context.postingNumber ?? found,
  };
  await showClaimOnCopies(deps, chat, digest, taken.claim);
  await showClaimOnView(deps, pressed.message, chat, digest, taken.claim, pressed.t);
}

/**
 * Gives each relayed copy the buttons `keyboardOf` draws in its reader's language. A copy
 * Telegram will not edit (deleted, too old, already showing them) keeps its own: what changed
 * still holds, and the notes still go.
 */
export async function redrawCopyButtons<C extends { chatId: number; messageId: number }>(
  deps: Pick<ClaimViewDeps, "api" | "i18n" | "defaultLocale" | "logger">,
  copies: readonly (C & { locale?: string | undefined })[],
  keyboardOf: (t: Translator, copy: C) => InlineKeyboard | undefined,
): Promise<void> {
  for (const copy of copies) {
    const keyboard = keyboardOf(translatorOr(deps.i18n, copy.locale, deps.defaultLocale), copy);
    if (!keyboard) continue;
    try {
      await deps.api.editMessageReplyMarkup(copy.chatId, copy.messageId, {
        reply_markup: keyboard,
      });
    } catch (error) {
      deps.logger.info(
        { err: error, telegramChatId: copy.chatId },
        "a relayed copy kept its buttons",
      );
    }
  }
}

/** A relayed message someone else got (its reader's language, when known). */
export interface NoteCopy {
  chatId: number;
  messageId: number;
  locale?: string | undefined;
}

/**
 * A short note as a reply to the latest copy in every chat but `answeredIn` (that chat saw the
 * answer). Each note delivered goes to `delivered`, so a reply to it routes as one to the copy.
 */
export async function noteToOtherChats(
  deps: Pick<ClaimViewDeps, "api" | "i18n" | "defaultLocale" | "logger">,
  copies: readonly NoteCopy[],
  answeredIn: number,
  textFor: (t: Translator) => string,
  delivered: (note: TelegramMessageRef) => Promise<void>,
): Promise<void> {
  const latest = new Map<number, NoteCopy>();
  for (const copy of copies) if (copy.chatId !== answeredIn) latest.set(copy.chatId, copy);
  for (const [chatId, copy] of latest) {
    const t = translatorOr(deps.i18n, copy.locale, deps.defaultLocale);
    try {
      const sent = await deps.api.sendMessage(chatId, textFor(t), {
        reply_parameters: { message_id: copy.messageId, allow_sending_without_reply: true },
        link_preview_options: { is_disabled: true },
      });
      await delivered({ chatId, messageId: sent.message_id });
    } catch (error) {
      deps.logger.info({ err: error, telegramChatId: chatId }, "an answer note was not delivered");
    }
  }
}

/**
 * Tells everyone else who got the buyer's last messages that `name` answered (a reply to their
 * copy, so a reply to the note reaches the buyer too).
 */
export async function noteAnswerToOthers(
  deps: ClaimViewDeps & { relay: RelayShops },
  where: { shopId: string; ozonChatId: string; answeredIn: number },
  digest: ChatDigest | undefined,
  answer: { name: string; words: string | undefined },
): Promise<void> {
  await noteToOtherChats(
    deps,
    digest?.copies ?? [],
    where.answeredIn,
    (t) => {
      const words = answer.words ? snippetOf(answer.words, NOTE_WORDS) : t("inbox-answered-file");
      const note = t("inbox-answered-note", { name: answer.name, words });
      return withShopTag(t, deps.relay.shops, where.shopId, note);
    },
    (note) =>
      deps.relay.links.remember([note], { ozonChatId: where.ozonChatId, shopId: where.shopId }),
  );
}

/**
 * After an answer reached the buyer: what follows it is settled (RelayShops.settleAnswer), the
 * copies show the claim's new end, and the others who got the buyer's message hear who answered.
 * Failures here are logged: the answer went.
 */
export async function afterAnswer(
  deps: ClaimViewDeps & { relay: RelayShops },
  shop: Shop,
  answer: { ozonChatId: string; answeredIn: number; userId: number; name: string; words?: string },
): Promise<void> {
  const { ozonChatId } = answer;
  const { digest, claim, read } = await deps.relay.settleAnswer(shop, ozonChatId, answer.userId);
  if (!read?.ok) {
    deps.logger.info({ chat: ozonChatId, reason: read?.reason }, "an answered chat stays unread");
  }
  // The taker answered: the copies show the claim's new end.
  if (claim && claim.userId === answer.userId) {
    await showClaimOnCopies(deps, { ozonChatId, shopRef: shop.ref }, digest, claim);
  }
  await noteAnswerToOthers(
    deps,
    { shopId: shop.id, ozonChatId, answeredIn: answer.answeredIn },
    digest,
    { name: answer.name, words: answer.words },
  );
}
