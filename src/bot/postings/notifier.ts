/**
 * The posting watcher's notifier over grammY's Api: one message per call through the bot's
 * sender (alerts and reminders before digests and summaries), resolving only when Telegram
 * accepted it; several stores' alerts waiting for one chat go together (alert-bundle.ts). Texts
 * are in the subscriber's language: the person's chosen one in a private chat, the bot's default
 * in a group.
 * Tests: test/bot/core/sender/shared-limits.test.ts
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Posting } from "../../ozon/seller/types.ts";
import { AccessService } from "../../services/access/index.ts";
import type { CardMessage } from "../../services/postings/cards.ts";
import {
  ChatMovedError,
  type DigestInfo,
  type PostingChange,
  type PostingNotifier,
  postingBudget,
  RecipientGoneError,
  type Sent,
} from "../../services/postings/index.ts";
import type { Subscriber } from "../../services/subscriptions.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { isLocale, type Locale, type LocalizedContext } from "../core/i18n.ts";
import type { Priority, TelegramSender } from "../core/sender/index.ts";
import { shopTag, withShopTag } from "../core/shop-tags.ts";
import { telegramChatGone } from "../core/telegram-errors.ts";
import type { AlertBundler } from "./alert-bundle.ts";
import {
  cancelledText,
  deadlineMovedText,
  formatDeadline,
  type PostingFormat,
  packedText,
  postingCard,
  postingLine,
} from "./format.ts";
import {
  digestKeyboard,
  labelKeyboard,
  listButton,
  postingKeyboard,
  withDeliveryButton,
  withHistory,
} from "./keyboards.ts";

/** A send Telegram has not answered within this long is given up (retried next pass). */
const SEND_TIMEOUT_MS = 30_000;
/**
 * Telegram's answers to an edit that mean the card needs nothing more: it already shows this, or
 * it is gone (deleted by the person, or too old to edit).
 */
const CARD_SETTLED =
  /message is not modified|message to edit not found|message can't be edited|MESSAGE_ID_INVALID/i;

type Chat = Pick<Subscriber, "chatId" | "kind">;
type ChatFormat = PostingFormat & { writeToBuyer: boolean };

/** A new posting's alert waiting for its chat's turn, with what writes it (any shop's notifier). */
export interface WaitingAlert {
  posting: Posting;
  shop: { id: string; ref: string };
  format: ChatFormat;
}

/** The message that carries some alerts. */
interface Outgoing {
  text: string;
  keyboard: InlineKeyboard;
}

/** Characters the shop's tag line may take: "🏬 " and a name of up to 40 characters. */
const SHOP_TAG_ROOM = 48;

const DIGEST_TITLE_KEYS = {
  new: "postings-digest-new",
  reminder: "postings-digest-reminder",
} as const satisfies Record<DigestInfo["reason"], string>;

export interface TelegramPostingNotifierOptions {
  /** Sends without auto-retry: the sender waits out 429s (see apiForSender). */
  api: Api;
  sender: TelegramSender;
  i18n: I18n<LocalizedContext>;
  access: AccessService;
  codec: CallbackCodec;
  timezone: string;
  defaultLocale: Locale;
  sendTimeoutMs?: number;
  shops: ShopRegistry;
  /** The shop whose postings this notifier announces. */
  shop: { id: string; ref: string };
  /** Shared by every shop's notifier: alerts waiting for the same chat go as one message. */
  bundler?: AlertBundler<WaitingAlert>;
}

export class TelegramPostingNotifier implements PostingNotifier {
  readonly #options: TelegramPostingNotifierOptions;

  constructor(options: TelegramPostingNotifierOptions) {
    this.#options = options;
  }

  async alert(subscriber: Subscriber, posting: Posting): Promise<Sent> {
    const { bundler, shop } = this.#options;
    const waiting: WaitingAlert = { posting, shop, format: await this.#format(subscriber) };
    const carry = (alerts: readonly WaitingAlert[]) => {
      const { text, keyboard } = this.#together(alerts);
      return this.#post(subscriber.chatId, text, keyboard);
    };
    const request = {
      chatId: subscriber.chatId,
      kind: subscriber.kind,
      priority: "alert",
    } as const;
    const sent = bundler
      ? bundler.add(subscriber, waiting, carry)
      : this.#options.sender.schedule(request, () => carry([waiting]));
    return await this.#reachable(subscriber.chatId, sent);
  }

  /** The message of alerts sent together: the alert itself when alone, else their digest. */
  #together(alerts: readonly WaitingAlert[]): Outgoing {
    const { codec, shops } = this.#options;
    const [first] = alerts;
    if (!first) throw new Error("no alert to send");
    if (alerts.length === 1) {
      const { posting, shop, format } = first;
      const number = posting.postingNumber;
      return {
        text: withShopTag(format.t, shops, shop.id, postingCard(posting, format)),
        keyboard: withHistory(
          postingKeyboard(codec, format.t, posting, format.writeToBuyer, shop.ref),
          format.t,
          codec,
          number,
        ),
      };
    }
    const { t } = first.format;
    const chunkSize = alerts.length;
    const budget = postingBudget({ reason: "new", part: 1, parts: 1, total: chunkSize, chunkSize });
    const lines: string[] = [];
    alerts.forEach(({ posting, shop, format }, i) => {
      // Each store's name above its posting (SHOP_TAG_ROOM of the line's budget).
      const tag = shopTag(t, shops, shop.id);
      if (tag) lines.push(tag);
      lines.push(postingLine(posting, i + 1, format, budget - SHOP_TAG_ROOM - 2));
    });
    const title = t("postings-digest-together", { count: alerts.length });
    return {
      text: [title, t("postings-digest-hint"), "", ...lines].join("\n"),
      keyboard: digestKeyboard(
        codec,
        alerts.map((one) => one.posting.postingNumber),
        1,
        alerts.map((one) => one.shop.ref),
      ),
    };
  }

  async summary(subscriber: Subscriber, count: number): Promise<void> {
    const format = await this.#format(subscriber);
    await this.#send(
      subscriber,
      "bulk",
      format,
      format.t("postings-summary", { count }),
      listButton(this.#options.codec, format.t, count, this.#options.shop.ref),
    );
  }

  async digest(
    subscriber: Subscriber,
    postings: readonly Posting[],
    info: DigestInfo,
  ): Promise<Sent> {
    const format = await this.#format(subscriber);
    const first = (info.part - 1) * info.chunkSize + 1;
    const title = format.t(DIGEST_TITLE_KEYS[info.reason], {
      count: info.total,
      part: info.part,
      parts: info.parts,
    });
    // Room for the shop's name on top of the title (a name is at most 40 characters).
    const budget = postingBudget(info, 200 + SHOP_TAG_ROOM) - 2;
    const lines = postings.map((posting, i) => postingLine(posting, first + i, format, budget));
    const text = [title, format.t("postings-digest-hint"), "", ...lines].join("\n");
    const numbers = postings.map((p) => p.postingNumber);
    return await this.#send(
      subscriber,
      "bulk",
      format,
      text,
      digestKeyboard(this.#options.codec, numbers, first, this.#options.shop.ref),
    );
  }

  async reminder(subscriber: Subscriber, posting: Posting): Promise<Sent> {
    const format = await this.#format(subscriber);
    const head = format.t("postings-reminder", {
      posting: posting.postingNumber,
      deadline: formatDeadline(posting.shipmentDate, format),
    });
    return await this.#send(
      subscriber,
      "alert",
      format,
      `${head}\n\n${postingCard(posting, format)}`,
      this.#postingKeyboard(format, posting),
    );
  }

  #postingKeyboard(format: PostingFormat & { writeToBuyer: boolean }, posting: Posting) {
    const { codec, shop } = this.#options;
    const keyboard = postingKeyboard(codec, format.t, posting, format.writeToBuyer, shop.ref);
    return withHistory(keyboard, format.t, codec, posting.postingNumber);
  }

  async tell(chat: Chat, change: PostingChange, replyTo?: number): Promise<Sent> {
    const format = await this.#format(chat);
    const { posting } = change;
    const notice =
      change.kind === "deadline"
        ? deadlineMovedText(format.t, format, posting, change.previous)
        : this.#changeHead(change, format);
    return await this.#send(chat, "alert", format, notice, undefined, replyTo);
  }

  async redraw(chat: Chat, change: PostingChange, cards: readonly CardMessage[]): Promise<void> {
    const format = await this.#format(chat);
    const card = `${this.#changeHead(change, format)}\n\n${postingCard(change.posting, format)}`;
    const keyboard = this.#changeKeyboard(change, format);
    for (const message of cards) {
      if (!message.digest) await this.#edit(chat, message.messageId, format, card, keyboard);
    }
  }

  /** The line on top of a changed card: what happened. */
  #changeHead(change: PostingChange, format: PostingFormat): string {
    switch (change.kind) {
      case "cancelled":
        return cancelledText(format.t, change.posting, {
          afterPacking: change.afterPacking === true,
        });
      case "packed":
        return packedText(format.t, format, change.posting.postingNumber, {
          ...(change.by ? { by: change.by } : {}),
          seenAt: change.seenAt,
        });
      case "deadline":
        return deadlineMovedText(format.t, format, change.posting, change.previous);
    }
  }

  /**
   * Buttons follow the state: only its 🕘 History once cancelled (who cancelled it?), the label
   * once packed, all while waiting.
   */
  #changeKeyboard(
    change: PostingChange,
    format: PostingFormat & { writeToBuyer: boolean },
  ): InlineKeyboardMarkup {
    const { codec, shop } = this.#options;
    const number = change.posting.postingNumber;
    switch (change.kind) {
      case "cancelled":
        return withHistory(new InlineKeyboard(), format.t, codec, number);
      case "packed":
        return withHistory(
          withDeliveryButton(
            labelKeyboard(codec, format.t, change.by?.parts ?? [], number, shop.ref),
            codec,
            format.t,
            change.posting,
            shop.ref,
          ),
          format.t,
          codec,
          number,
        );
      case "deadline":
        return this.#postingKeyboard(format, change.posting);
    }
  }

  /** Edits one card; a card Telegram no longer has, or that already shows this, is done. */
  async #edit(
    chat: Chat,
    messageId: number,
    format: PostingFormat,
    text: string,
    keyboard: InlineKeyboardMarkup,
  ): Promise<void> {
    const { api, sender, shops, shop } = this.#options;
    const tagged = withShopTag(format.t, shops, shop.id, text);
    const timeout = this.#options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    try {
      await sender.schedule({ chatId: chat.chatId, kind: chat.kind, priority: "alert" }, () =>
        api.editMessageText(
          chat.chatId,
          messageId,
          tagged,
          { reply_markup: keyboard, link_preview_options: { is_disabled: true } },
          AbortSignal.timeout(timeout) as Parameters<Api["editMessageText"]>[4],
        ),
      );
    } catch (error) {
      const refused = chatRefusal(chat.chatId, error);
      if (refused) throw refused;
      if (error instanceof GrammyError && CARD_SETTLED.test(error.description)) return;
      throw error;
    }
  }

  /** The subscriber's language, and whether they may write to buyers (always, in a group). */
  async #format(subscriber: Chat): Promise<PostingFormat & { writeToBuyer: boolean }> {
    const { i18n, access, defaultLocale, timezone } = this.#options;
    let locale = defaultLocale;
    let writeToBuyer = true;
    if (subscriber.kind === "private") {
      const { person, locale: chosen } = await access.lookup(subscriber.chatId);
      if (isLocale(chosen)) locale = chosen;
      writeToBuyer = AccessService.holds(person, "seller");
    }
    const t: PostingFormat["t"] = (key, variables) => i18n.t(locale, key, variables);
    return { t, locale, timezone, writeToBuyer };
  }

  async #send(
    subscriber: Chat,
    priority: Priority,
    format: PostingFormat,
    text: string,
    keyboard: InlineKeyboard | undefined,
    replyTo?: number,
  ): Promise<Sent> {
    const { sender, shops, shop } = this.#options;
    const chatId = subscriber.chatId;
    // The shop's name as it is now: a rename shows on the next message.
    const tagged = withShopTag(format.t, shops, shop.id, text);
    const sent = sender.schedule({ chatId, kind: subscriber.kind, priority }, () =>
      this.#post(chatId, tagged, keyboard, replyTo),
    );
    return await this.#reachable(chatId, sent);
  }

  /** One message now (the sender said it may go). */
  async #post(
    chatId: number,
    text: string,
    keyboard: InlineKeyboard | undefined,
    replyTo?: number,
  ): Promise<Sent> {
    const timeout = this.#options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    const message = await this.#options.api.sendMessage(
      chatId,
      text,
      {
        ...(keyboard ? { reply_markup: keyboard } : {}),
        ...(replyTo === undefined
          ? {}
          : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }),
        link_preview_options: { is_disabled: true },
      },
      AbortSignal.timeout(timeout) as Parameters<Api["sendMessage"]>[3],
    );
    return { messageId: message.message_id };
  }

  /** What a send came to; a chat gone for good is a RecipientGoneError (unsubscribed). */
  async #reachable(chatId: number, sent: Promise<Sent>): Promise<Sent> {
    try {
      return await sent;
    } catch (error) {
      throw chatRefusal(chatId, error) ?? error;
    }
  }
}

/** The watcher's word for a chat Telegram will not take messages in (gone, or moved). */
function chatRefusal(chatId: number, error: unknown): Error | undefined {
  const gone = telegramChatGone(error);
  if (gone?.kind === "migrated") return new ChatMovedError(chatId, gone.chatId, { cause: error });
  if (!gone || !(error instanceof GrammyError)) return undefined;
  return new RecipientGoneError(chatId, error.description, { cause: error });
}
