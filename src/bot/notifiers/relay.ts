/**
 * Ozon → Telegram for the chat relay: each buyer message goes to the relay group (its own forum
 * topic per buyer chat when the group is a forum) or to every person with the seller role in
 * their private chat. Resolves only once Telegram accepted everything for every recipient that
 * can be reached; DeliveryMarks keep a retry from resending to those who already got it.
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, InputFile } from "grammy";
import type { Logger } from "../../logger.ts";
import { AccessService } from "../../services/access.ts";
import { SendPacer } from "../../services/postings/pacer.ts";
import { type RelayGroup, resolveRelayAudience } from "../../services/relay/audience.ts";
import { DeliveryMarks } from "../../services/relay/delivery-marks.ts";
import { splitText } from "../../services/relay/split-text.ts";
import { RelayTopics } from "../../services/relay/topics.ts";
import type {
  ChatMessage,
  RelayAttachment,
  RelayChatRef,
  RelayNotifier,
  TelegramMessageRef,
} from "../../services/relay/types.ts";
import type { Store } from "../../store/port.ts";
import {
  caption,
  fileAnnouncement,
  relayHeader,
  TELEGRAM_TEXT_LIMIT,
  topicName,
  uploadFileName,
} from "../format/relay.ts";
import { isLocale, type Locale, type LocalizedContext, translatorFor } from "../i18n.ts";

/** Telegram takes photos up to 10 MB; a bigger image goes as a document. */
export const TELEGRAM_PHOTO_LIMIT_BYTES = 10 * 1024 * 1024;

export interface TelegramRelayNotifierOptions {
  api: Api;
  store: Store;
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  /** Paces sends to Telegram's limits (shared with nothing else by default). */
  pacer?: SendPacer;
  logger?: Pick<Logger, "warn" | "info">;
}

interface Recipient {
  chatId: number;
  kind: "private" | "group";
  locale: Locale;
  group?: RelayGroup;
}

export class TelegramRelayNotifier implements RelayNotifier {
  readonly #api: Api;
  readonly #store: Store;
  readonly #access: AccessService;
  readonly #i18n: I18n<LocalizedContext>;
  readonly #defaultLocale: Locale;
  readonly #pacer: SendPacer;
  readonly #marks: DeliveryMarks;
  readonly #logger: Pick<Logger, "warn" | "info"> | undefined;

  constructor(options: TelegramRelayNotifierOptions) {
    this.#api = options.api;
    this.#store = options.store;
    this.#access = options.access;
    this.#i18n = options.i18n;
    this.#defaultLocale = options.defaultLocale;
    this.#pacer = options.pacer ?? new SendPacer();
    this.#marks = new DeliveryMarks(options.store);
    this.#logger = options.logger;
  }

  async relayBuyerMessage(
    chat: RelayChatRef,
    message: ChatMessage,
    attachments: RelayAttachment[],
  ): Promise<TelegramMessageRef[]> {
    const recipients = await this.#recipients();
    // Marking the message relayed with nobody to read it would lose it: it waits instead.
    if (recipients.length === 0) throw new NoRelayAudienceError();
    const results = await Promise.allSettled(
      recipients.map((recipient) => this.#deliverOnce(recipient, chat, message, attachments)),
    );
    const refs: TelegramMessageRef[] = [];
    const failures: unknown[] = [];
    results.forEach((result, index) => {
      const recipient = recipients[index];
      if (!recipient) return;
      if (result.status === "fulfilled") {
        refs.push(...result.value.map((messageId) => ({ chatId: recipient.chatId, messageId })));
      } else if (recipient.kind === "private" && isUnreachable(result.reason)) {
        // A person who blocked the bot must not hold up everyone else's messages.
        this.#logger?.warn(
          { err: result.reason, telegramChatId: recipient.chatId },
          "Chat relay: a seller cannot be reached in private; skipping them",
        );
      } else {
        failures.push(result.reason);
      }
    });
    if (failures.length > 0) throw failures[0];
    if (refs.length === 0) throw new NoRelayAudienceError();
    return refs;
  }

  /** Where buyer messages go now, each recipient with the language to write in. */
  async #recipients(): Promise<Recipient[]> {
    const people = new Map<number, Locale>();
    const audience = await resolveRelayAudience({
      store: this.#store,
      listSellerIds: async () => {
        const everyone = await this.#access.listPeople();
        const sellers = everyone.filter((p) => AccessService.holds(p, "seller"));
        for (const p of sellers) {
          people.set(p.id, isLocale(p.locale) ? p.locale : this.#defaultLocale);
        }
        return sellers.map((p) => p.id);
      },
    });
    if (audience.kind === "group") {
      const { group } = audience;
      return [{ chatId: group.chatId, kind: "group", locale: this.#defaultLocale, group }];
    }
    return audience.chatIds.map((chatId) => ({
      chatId,
      kind: "private",
      locale: people.get(chatId) ?? this.#defaultLocale,
    }));
  }

  /** Telegram message ids the recipient got for this message (sent now, or on an earlier try). */
  async #deliverOnce(
    recipient: Recipient,
    chat: RelayChatRef,
    message: ChatMessage,
    attachments: RelayAttachment[],
  ): Promise<number[]> {
    const earlier = await this.#marks.deliveredIds(chat.ozonChatId, message.id, recipient.chatId);
    if (earlier) return earlier;
    const ids = await this.#deliver(recipient, chat, message, attachments);
    await this.#marks.markDelivered(chat.ozonChatId, message.id, recipient.chatId, ids);
    return ids;
  }

  async #deliver(
    recipient: Recipient,
    chat: RelayChatRef,
    message: ChatMessage,
    attachments: RelayAttachment[],
  ): Promise<number[]> {
    const t = translatorFor(this.#i18n, recipient.locale);
    const { chatId } = recipient;
    const header = relayHeader(t, chat.context, chat.ozonChatId);
    let threadId: number | undefined;
    if (recipient.group?.isForum) {
      threadId = await ensureRelayTopic({
        api: this.#api,
        store: this.#store,
        groupChatId: chatId,
        ozonChatId: chat.ozonChatId,
        name: topicName(t, chat.context, chat.ozonChatId),
        pace: (send) => this.#pacer.schedule({ chatId, kind: "group" }, send),
      });
    }
    const where = threadId === undefined ? {} : { message_thread_id: threadId };
    const ids: number[] = [];
    const send = async (call: () => Promise<{ message_id: number }>) => {
      const sent = await this.#pacer.schedule({ chatId, kind: recipient.kind }, call);
      ids.push(sent.message_id);
    };

    try {
      const text = message.text.trim();
      if (text || attachments.length === 0) {
        const body = `${header}\n\n${text || t("relay-empty")}`;
        for (const part of splitText(body, TELEGRAM_TEXT_LIMIT)) {
          await send(() => this.#api.sendMessage(chatId, part, where));
        }
      }
      for (const attachment of attachments) {
        const bytes = attachment.skipped ? undefined : attachment.bytes;
        if (!bytes) {
          const body = `${header}\n${fileAnnouncement(t, attachment)}`;
          await send(() => this.#api.sendMessage(chatId, body, where));
          continue;
        }
        const options = { ...where, caption: caption(header) };
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
        await new RelayTopics(this.#store).forget(chatId, chat.ozonChatId);
      }
      throw error;
    }
    return ids;
  }
}

/** Nobody can get buyer messages: no relay group, and no seller reachable in private. */
export class NoRelayAudienceError extends Error {
  override name = "NoRelayAudienceError";
  constructor() {
    super(
      "Nobody to relay buyer messages to: set a relay group with /relay_here or give someone the seller role",
    );
  }
}

export interface EnsureTopicOptions {
  api: Api;
  store: Store;
  groupChatId: number;
  ozonChatId: string;
  name: string;
  /** Wraps the Bot API call (pacing); default: call it at once. */
  pace?: <T>(send: () => Promise<T>) => Promise<T>;
}

/** The forum topic of a buyer chat in the relay group: the known one, or a new one. */
export async function ensureRelayTopic(options: EnsureTopicOptions): Promise<number> {
  const topics = new RelayTopics(options.store);
  const known = await topics.get(options.groupChatId, options.ozonChatId);
  if (known) return known.topicId;
  const create = () => options.api.createForumTopic(options.groupChatId, options.name);
  const topic = await (options.pace ? options.pace(create) : create());
  await topics.set(options.groupChatId, options.ozonChatId, topic.message_thread_id, options.name);
  return topic.message_thread_id;
}

/** The person blocked the bot, deleted their account or never started it: retrying won't help. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  if (error.error_code === 403) return true;
  return error.error_code === 400 && /chat not found|user is deactivated/i.test(error.description);
}

function isTopicGone(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /thread not found|topic_deleted|topic deleted|TOPIC_ID_INVALID/i.test(error.description)
  );
}
