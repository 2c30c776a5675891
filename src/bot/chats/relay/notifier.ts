/**
 * Ozon → Telegram for the chat relay, one notifier per shop: each buyer message goes to the
 * relay groups that take the shop (its own forum topic per buyer chat in a forum) or else to
 * every person whose seller role reaches the shop, in their private chat. With several shops
 * every message and file names its shop (its name at send time). Resolves only once Telegram accepted everything for every recipient that
 * can be reached; DeliveryMarks keep a retry from resending to those who already got it.
 * Tests: test/bot/chats/relay/partial-delivery.test.ts and 2 more
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, InputFile } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { AccessService } from "../../../services/access/index.ts";
import type { ChatInbox, RelayedCopy } from "../../../services/chats/inbox/inbox.ts";
import type { RelayGroup, RelayGroupSetting } from "../../../services/chats/relay/audience.ts";
import type { ChatBursts } from "../../../services/chats/relay/bursts.ts";
import type { ContextCards } from "../../../services/chats/relay/context-card.ts";
import type { DeliveryMarks } from "../../../services/chats/relay/delivery-marks.ts";
import type { ProductNames } from "../../../services/chats/relay/product-names.ts";
import type { RelayRepositories } from "../../../services/chats/relay/repositories.ts";
import { splitText } from "../../../services/chats/relay/split-text.ts";
import type { RelayTopics } from "../../../services/chats/relay/topics.ts";
import type {
  AcceptedCallback,
  ChatMessage,
  RelayAttachment,
  RelayChatRef,
  RelayNotifier,
  TelegramMessageRef,
} from "../../../services/chats/relay/types.ts";
import type { ShopRegistry } from "../../../shops/registry.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import {
  type Locale,
  type LocalizedContext,
  type Translator,
  translatorFor,
} from "../../core/i18n.ts";
import type { TelegramSender } from "../../core/sender/index.ts";
import { shopTag, withShopTag } from "../../core/shop-tags.ts";
import { isChatUnreachable, telegramChatGone } from "../../core/telegram-errors.ts";
import { aboutChat, copyOf, postingOf, type RelayedChat } from "../inbox/about-chat.ts";
import { claimLabel, messageGist, orderLine } from "../inbox/format.ts";
import { deliverToAll, type RelayRecipient, relayRecipients } from "./audience.ts";
import {
  caption,
  fileAnnouncement,
  orderUrl,
  relayAbout,
  sameBuyerMark,
  TELEGRAM_TEXT_LIMIT,
  topicName,
  uploadFileName,
} from "./format.ts";
import { ensureRelayTopic, isTopicGone, moveRelayGroup } from "./groups.ts";
import { relayKeyboard } from "./keyboards.ts";

export { ensureRelayTopic, moveRelayGroup } from "./groups.ts";

/** Telegram takes photos up to 10 MB; a bigger image goes as a document. */
export const TELEGRAM_PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;

export interface TelegramRelayNotifierOptions {
  /** Sends without auto-retry: the sender waits out 429s (see apiForSender). */
  api: Api;
  /** The relay group, its forum topics and the marks of who already got a message. */
  repositories: Pick<RelayRepositories, "groups" | "topics" | "marks" | "bursts">;
  /**
   * The shop whose buyer messages this notifier sends, and the registry that names it (when
   * there are several) and gives the ref its "Reply" buttons carry. Without it (a notifier of a
   * single-shop setup in tests) every seller and group gets the messages, buttons carry no ref.
   */
  shop?: { id: string; shops: ShopRegistry };
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  /** The bot's sender: buyer messages go as alerts, each chat's parts in order. */
  sender: TelegramSender;
  /** Signs the "Reply" button under each relayed message. */
  codec: CallbackCodec;
  /** Names the product a chat is about; without it the header shows the SKU only. */
  productNames?: Pick<ProductNames, "nameOf" | "remember">;
  logger?: Pick<Logger, "warn" | "info">;
  /** The shop's inbox: where each relayed message went, and who took the chat. */
  inbox?: ChatInbox;
  /** The order, posting status and product on a chat's first relayed message. */
  contextCards?: Pick<ContextCards, "cardOf">;
  /** For the claim's "till 14:35" (default Europe/Moscow). */
  timezone?: string;
  /**
   * Moves every record of a group to the supergroup it became (chat-moved.ts); default: only
   * the relay group's setting.
   */
  moveChat?: (fromChatId: number, toChatId: number) => Promise<void>;
}

export class TelegramRelayNotifier implements RelayNotifier {
  readonly #api: Api;
  readonly #shop: { id: string; shops: ShopRegistry } | undefined;
  readonly #groups: RelayGroupSetting;
  readonly #topics: RelayTopics;
  readonly #access: AccessService;
  readonly #i18n: I18n<LocalizedContext>;
  readonly #defaultLocale: Locale;
  readonly #sender: TelegramSender;
  readonly #marks: DeliveryMarks;
  readonly #bursts: ChatBursts;
  readonly #codec: CallbackCodec;
  readonly #productNames: Pick<ProductNames, "nameOf" | "remember"> | undefined;
  readonly #logger: Pick<Logger, "warn" | "info"> | undefined;
  readonly #inbox: ChatInbox | undefined;
  readonly #timezone: string;
  readonly #contextCards: Pick<ContextCards, "cardOf"> | undefined;
  readonly #moveChat: (fromChatId: number, toChatId: number) => Promise<void>;

  constructor(options: TelegramRelayNotifierOptions) {
    this.#api = options.api;
    this.#shop = options.shop;
    this.#groups = options.repositories.groups;
    this.#topics = options.repositories.topics;
    this.#access = options.access;
    this.#i18n = options.i18n;
    this.#defaultLocale = options.defaultLocale;
    this.#sender = options.sender;
    this.#marks = options.repositories.marks;
    this.#bursts = options.repositories.bursts;
    this.#codec = options.codec;
    this.#productNames = options.productNames;
    this.#logger = options.logger;
    this.#inbox = options.inbox;
    this.#timezone = options.timezone ?? "Europe/Moscow";
    this.#contextCards = options.contextCards;
    this.#moveChat =
      options.moveChat ??
      (async (from, to) => void (await moveRelayGroup(this.#api, this.#groups, from, to)));
  }

  async relayBuyerMessage(
    chat: RelayChatRef,
    message: ChatMessage,
    attachments: RelayAttachment[],
    accepted?: AcceptedCallback,
  ): Promise<TelegramMessageRef[]> {
    const [about, continues] = await Promise.all([
      aboutChat(
        { inbox: this.#inbox, contextCards: this.#contextCards, productNames: this.#productNames },
        chat,
      ),
      this.#bursts.continues(chat.ozonChatId, message),
    ]);
    const job: RelayJob = { message, attachments, accepted, continues };
    try {
      return await this.#relayTo(await this.#recipients(), about, job);
    } catch (error) {
      if (!(error instanceof RelayGroupGoneError)) throw error;
      // A group setting was cleared: this message and the next go where the others say.
      return this.#relayTo(await this.#recipients(), about, job);
    }
  }

  async #relayTo(
    recipients: RelayRecipient[],
    chat: RelayedChat,
    job: RelayJob,
  ): Promise<TelegramMessageRef[]> {
    const { message } = job;
    const delivered = await deliverToAll(
      recipients,
      (recipient) =>
        recipient.kind === "group"
          ? this.#deliverToGroup(recipient, chat, job)
          : this.#deliverOnce(recipient, chat, job).then((ids) => ({
              chatId: recipient.chatId,
              ids,
            })),
      // A person who blocked the bot must not hold up everyone else's messages.
      (recipient, error) =>
        this.#logger?.warn(
          { err: error, telegramChatId: recipient.chatId },
          "Chat relay: a seller cannot be reached in private; skipping them",
        ),
    );
    const refs: TelegramMessageRef[] = [];
    const copies: RelayedCopy[] = [];
    for (const { recipient, value } of delivered) {
      const { chatId, ids } = value;
      refs.push(...ids.map((messageId) => ({ chatId, messageId })));
      const last = ids.at(-1);
      if (last !== undefined) {
        copies.push(copyOf(chat, { chatId, messageId: last, locale: recipient.locale }));
      }
    }
    await this.#inbox?.recordRelayed(
      chat.ozonChatId,
      { id: message.id, createdAt: message.createdAt, snippet: messageGist(message) },
      copies,
    );
    return refs;
  }

  #recipients(): Promise<RelayRecipient[]> {
    return relayRecipients({
      groups: this.#groups,
      access: this.#access,
      shopId: this.#shop?.id,
      defaultLocale: this.#defaultLocale,
    });
  }

  /**
   * The relay group, followed when Telegram upgraded it to a supergroup (a new chat id). A group
   * the bot can no longer write to at all is given up, so buyer messages do not wait behind it
   * for ever: RelayGroupGoneError tells the caller to send to the sellers instead.
   */
  async #deliverToGroup(
    recipient: RelayRecipient,
    chat: RelayedChat,
    job: RelayJob,
  ): Promise<{ chatId: number; ids: number[] }> {
    try {
      const ids = await this.#deliverOnce(recipient, chat, job);
      return { chatId: recipient.chatId, ids };
    } catch (error) {
      const gone = telegramChatGone(error);
      if (gone?.kind === "migrated" && recipient.group) {
        const movedTo = gone.chatId;
        await this.#moveChat(recipient.chatId, movedTo);
        const group =
          (await this.#groups.inChat(movedTo)) ??
          ({ ...recipient.group, chatId: movedTo } satisfies RelayGroup);
        const moved: RelayRecipient = { ...recipient, chatId: movedTo, group };
        const ids = await this.#deliverOnce(moved, chat, job);
        return { chatId: movedTo, ids };
      }
      if (!isChatUnreachable(error)) throw error;
      await this.#groups.clear(recipient.chatId);
      this.#logger?.warn(
        { err: error, telegramChatId: recipient.chatId },
        "Chat relay: the bot cannot write to a relay group any more; it is no longer a relay target",
      );
      throw new RelayGroupGoneError();
    }
  }

  /** Telegram message ids the recipient got for this message (sent now, or on an earlier try). */
  async #deliverOnce(
    recipient: RelayRecipient,
    chat: RelayedChat,
    job: RelayJob,
  ): Promise<number[]> {
    const { message } = job;
    const earlier = await this.#marks.deliveredIds(chat.ozonChatId, message.id, recipient.chatId);
    if (earlier) return earlier;
    const ids = await this.#deliver(recipient, chat, job);
    await this.#marks.markDelivered(chat.ozonChatId, message.id, recipient.chatId, ids);
    return ids;
  }

  async #deliver(
    recipient: RelayRecipient,
    chat: RelayedChat,
    { message, attachments, accepted, continues }: RelayJob,
  ): Promise<number[]> {
    const t = translatorFor(this.#i18n, recipient.locale);
    const { chatId } = recipient;
    // One buyer's burst reads as one conversation: who and what on its first copy only. The
    // buyer's words come first; the product and the order (once) below them.
    const mark = this.#tagged(t, sameBuyerMark(t, chat.context, chat.ozonChatId));
    const order = orderLine(t, chat.context, chat.card);
    const about = relayAbout(t, chat.context, chat.ozonChatId, chat.productName);
    const header = continues ? mark : this.#tagged(t, order ? `${about}\n${order}` : about);
    let threadId: number | undefined;
    if (recipient.group?.isForum) {
      threadId = await ensureRelayTopic({
        api: this.#api,
        topics: this.#topics,
        groupChatId: chatId,
        ozonChatId: chat.ozonChatId,
        name: topicName(t, chat.context, chat.ozonChatId, this.#tag(t)),
        pace: (send) => this.#sender.schedule({ chatId, kind: "group", priority: "alert" }, send),
      });
    }
    const where = threadId === undefined ? {} : { message_thread_id: threadId };
    // A buyer's links stay plain text: no preview that would fetch (and show) what they point at.
    const asText = { ...where, link_preview_options: { is_disabled: true } };
    const ids: number[] = [];
    const marks = [chat.ozonChatId, message.id, chatId] as const;
    let part = 0;
    /** True (and the part counted) when an earlier try already got the next part through. */
    const already = async () => {
      const earlier = await this.#marks.partId(...marks, part);
      if (earlier === undefined) return false;
      ids.push(earlier);
      part++;
      return true;
    };
    const send = async (call: () => Promise<{ message_id: number }>) => {
      const target = { chatId, kind: recipient.kind, priority: "alert" } as const;
      const sent = await this.#sender.schedule(target, call);
      ids.push(sent.message_id);
      await Promise.all([
        this.#marks.markPart(...marks, part, sent.message_id),
        // A reply to this part, while the next ones are still on their way, finds the buyer.
        accepted?.([{ chatId, messageId: sent.message_id }]),
      ]);
      part++;
    };

    const text = message.text.trim();
    const pieces =
      text || attachments.length === 0
        ? splitText(`${text || t("relay-empty")}\n\n${header}`, TELEGRAM_TEXT_LIMIT)
        : [];
    // "Reply" goes under the last part only: one button per message, not one per piece.
    const keyboard = this.#keyboard(t, chat, chatId);
    const lastPart = pieces.length + attachments.length - 1;
    const button = () => (keyboard && part === lastPart ? { reply_markup: keyboard } : {});

    try {
      for (const piece of pieces) {
        if (await already()) continue;
        const options = { ...asText, ...button() };
        await send(() => this.#api.sendMessage(chatId, piece, options));
      }
      for (const attachment of attachments) {
        if (await already()) continue;
        const bytes = attachment.skipped ? undefined : attachment.bytes;
        const top = part === 0 ? header : mark;
        if (!bytes) {
          const body = `${top}\n${fileAnnouncement(t, attachment)}`;
          const options = { ...asText, ...button() };
          await send(() => this.#api.sendMessage(chatId, body, options));
          continue;
        }
        const options = { ...where, caption: caption(top), ...button() };
        const name = uploadFileName(attachment.name);
        if (attachment.kind === "image" && bytes.byteLength <= TELEGRAM_PHOTO_LIMIT_BYTES) {
          try {
            await send(() => this.#api.sendPhoto(chatId, new InputFile(bytes, name), options));
            continue;
          } catch (error) {
            // Telegram refuses some images as photos (dimensions, format): the file still goes.
            if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
          }
        }
        await send(() => this.#api.sendDocument(chatId, new InputFile(bytes, name), options));
      }
    } catch (error) {
      if (threadId !== undefined && isTopicGone(error)) {
        // Someone deleted the topic: the next try makes a new one.
        await this.#topics.forget(chatId, chat.ozonChatId);
      }
      throw error;
    }
    return ids;
  }

  /** "🏬 Северный" with several shops (the name of now), else "". */
  #tag(t: Translator): string {
    return this.#shop ? shopTag(t, this.#shop.shops, this.#shop.id) : "";
  }

  #tagged(t: Translator, text: string): string {
    return this.#shop ? withShopTag(t, this.#shop.shops, this.#shop.id, text) : text;
  }

  /** The copy's buttons; `chatId` is whose chat it goes to (the taker reads "You are answering"). */
  #keyboard(t: Translator, chat: RelayedChat, chatId: number) {
    if (!this.#shop) return relayKeyboard(this.#codec, t, chat.ozonChatId, undefined);
    // A button without the shop's ref would mean the legacy owner: none for a shop just removed.
    const ref = this.#shop.shops.get(this.#shop.id)?.ref;
    if (ref === undefined) return undefined;
    return relayKeyboard(this.#codec, t, chat.ozonChatId, ref, {
      claim: chat.claim && {
        ...claimLabel(chat.claim, this.#timezone),
        mine: chat.claim.userId === chatId,
      },
      postingNumber: chat.first ? postingOf(chat) : undefined,
      orderUrl: orderUrl(chat.card?.orderNumber ?? chat.context.orderNumber),
    });
  }
}

/** One buyer message on its way, and who to tell of each copy Telegram accepted. */
interface RelayJob {
  message: ChatMessage;
  attachments: RelayAttachment[];
  accepted: AcceptedCallback | undefined;
  /** The message continues its buyer's burst: a short mark in place of the header. */
  continues: boolean;
}

/** The relay group is out of the bot's reach (removed, deleted): the setting was cleared. */
class RelayGroupGoneError extends Error {
  override name = "RelayGroupGoneError";
  constructor() {
    super("The bot can no longer write to the relay group");
  }
}
