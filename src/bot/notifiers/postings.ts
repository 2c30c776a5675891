/**
 * The posting watcher's notifier over grammY's Api: one message per call through the bot's
 * sender (alerts and reminders before digests and summaries), resolving only when Telegram
 * accepted it. Texts are in the subscriber's language:
 * the person's chosen one in a private chat, the bot's default in a group.
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, type InlineKeyboard } from "grammy";
import type { Posting } from "../../ozon/seller/types.ts";
import { AccessService } from "../../services/access.ts";
import {
  type DigestInfo,
  type PostingNotifier,
  postingBudget,
  RecipientGoneError,
} from "../../services/postings/index.ts";
import type { Subscriber } from "../../services/subscriptions.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../callback-data.ts";
import {
  formatDeadline,
  type PostingFormat,
  postingCard,
  postingLine,
} from "../format/postings.ts";
import { isLocale, type Locale, type LocalizedContext } from "../i18n.ts";
import { digestKeyboard, listButton, postingKeyboard } from "../keyboards/postings.ts";
import type { Priority, TelegramSender } from "../sender/index.ts";
import { withShopTag } from "../shops.ts";
import { isChatUnreachable } from "../telegram-errors.ts";

/** A send Telegram has not answered within this long is given up (retried next pass). */
const SEND_TIMEOUT_MS = 30_000;
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
}

export class TelegramPostingNotifier implements PostingNotifier {
  readonly #options: TelegramPostingNotifierOptions;

  constructor(options: TelegramPostingNotifierOptions) {
    this.#options = options;
  }

  async alert(subscriber: Subscriber, posting: Posting): Promise<void> {
    const format = await this.#format(subscriber);
    await this.#send(
      subscriber,
      "alert",
      format,
      postingCard(posting, format),
      this.#postingKeyboard(format, posting.postingNumber),
    );
  }

  async summary(subscriber: Subscriber, count: number): Promise<void> {
    const format = await this.#format(subscriber);
    await this.#send(
      subscriber,
      "bulk",
      format,
      format.t("postings-summary", { count }),
      listButton(this.#options.codec, format.t, this.#options.shop.ref),
    );
  }

  async digest(
    subscriber: Subscriber,
    postings: readonly Posting[],
    info: DigestInfo,
  ): Promise<void> {
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
    await this.#send(
      subscriber,
      "bulk",
      format,
      text,
      digestKeyboard(this.#options.codec, numbers, first, this.#options.shop.ref),
    );
  }

  async reminder(subscriber: Subscriber, posting: Posting): Promise<void> {
    const format = await this.#format(subscriber);
    const head = format.t("postings-reminder", {
      posting: posting.postingNumber,
      deadline: formatDeadline(posting.shipmentDate, format),
    });
    await this.#send(
      subscriber,
      "alert",
      format,
      `${head}\n\n${postingCard(posting, format)}`,
      this.#postingKeyboard(format, posting.postingNumber),
    );
  }

  #postingKeyboard(format: PostingFormat & { writeToBuyer: boolean }, postingNumber: string) {
    const { codec, shop } = this.#options;
    return postingKeyboard(codec, format.t, postingNumber, format.writeToBuyer, shop.ref);
  }

  /** The subscriber's language, and whether they may write to buyers (always, in a group). */
  async #format(subscriber: Subscriber): Promise<PostingFormat & { writeToBuyer: boolean }> {
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
    subscriber: Subscriber,
    priority: Priority,
    format: PostingFormat,
    text: string,
    keyboard: InlineKeyboard,
  ): Promise<void> {
    const { api, sender, shops, shop } = this.#options;
    const chatId = subscriber.chatId;
    // The shop's name as it is now: a rename shows on the next message.
    const tagged = withShopTag(format.t, shops, shop.id, text);
    const timeout = this.#options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    try {
      await sender.schedule({ chatId, kind: subscriber.kind, priority }, () =>
        api.sendMessage(
          chatId,
          tagged,
          { reply_markup: keyboard, link_preview_options: { is_disabled: true } },
          AbortSignal.timeout(timeout) as Parameters<Api["sendMessage"]>[3],
        ),
      );
    } catch (error) {
      if (error instanceof GrammyError && isChatUnreachable(error)) {
        throw new RecipientGoneError(chatId, error.description, { cause: error });
      }
      throw error;
    }
  }
}
