/**
 * The posting watcher's notifier over grammY's Api: one message per call, paced per chat
 * (SendPacer), resolving only when Telegram accepted it. Texts are in the subscriber's language:
 * the person's chosen one in a private chat, the bot's default in a group.
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError, type InlineKeyboard } from "grammy";
import type { Posting } from "../../ozon/seller/types.ts";
import { AccessService } from "../../services/access.ts";
import {
  botApiErrorMeansGone,
  type DigestInfo,
  type PostingNotifier,
  postingBudget,
  RecipientGoneError,
  type SendPacer,
} from "../../services/postings/index.ts";
import type { Subscriber } from "../../services/subscriptions.ts";
import type { CallbackCodec } from "../callback-data.ts";
import {
  formatDeadline,
  type PostingFormat,
  postingCard,
  postingLine,
} from "../format/postings.ts";
import { isLocale, type Locale, type LocalizedContext } from "../i18n.ts";
import { digestKeyboard, listButton, postingKeyboard } from "../keyboards/postings.ts";

/** A send Telegram has not answered within this long is given up (retried next pass). */
const SEND_TIMEOUT_MS = 30_000;

const DIGEST_TITLE_KEYS = {
  new: "postings-digest-new",
  reminder: "postings-digest-reminder",
} as const satisfies Record<DigestInfo["reason"], string>;

export interface TelegramPostingNotifierOptions {
  api: Api;
  pacer: SendPacer;
  i18n: I18n<LocalizedContext>;
  access: AccessService;
  codec: CallbackCodec;
  timezone: string;
  defaultLocale: Locale;
  sendTimeoutMs?: number;
  /** Aborts on stop: sends still waiting for their turn are dropped unsent. */
  signal?: AbortSignal;
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
      postingCard(posting, format),
      postingKeyboard(this.#options.codec, format.t, posting.postingNumber, format.writeToBuyer),
    );
  }

  async summary(subscriber: Subscriber, count: number): Promise<void> {
    const format = await this.#format(subscriber);
    await this.#send(
      subscriber,
      format.t("postings-summary", { count }),
      listButton(this.#options.codec, format.t),
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
    const budget = postingBudget(info) - 2;
    const lines = postings.map((posting, i) => postingLine(posting, first + i, format, budget));
    const text = [title, format.t("postings-digest-hint"), "", ...lines].join("\n");
    const numbers = postings.map((p) => p.postingNumber);
    await this.#send(subscriber, text, digestKeyboard(this.#options.codec, numbers, first));
  }

  async reminder(subscriber: Subscriber, posting: Posting): Promise<void> {
    const format = await this.#format(subscriber);
    const head = format.t("postings-reminder", {
      posting: posting.postingNumber,
      deadline: formatDeadline(posting.shipmentDate, format),
    });
    await this.#send(
      subscriber,
      `${head}\n\n${postingCard(posting, format)}`,
      postingKeyboard(this.#options.codec, format.t, posting.postingNumber, format.writeToBuyer),
    );
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

  async #send(subscriber: Subscriber, text: string, keyboard: InlineKeyboard): Promise<void> {
    const { api, pacer, signal } = this.#options;
    const chatId = subscriber.chatId;
    const timeout = this.#options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    try {
      await pacer.schedule(
        { chatId, kind: subscriber.kind },
        () =>
          api.sendMessage(
            chatId,
            text,
            { reply_markup: keyboard, link_preview_options: { is_disabled: true } },
            AbortSignal.timeout(timeout) as Parameters<Api["sendMessage"]>[3],
          ),
        signal,
      );
    } catch (error) {
      if (
        error instanceof GrammyError &&
        botApiErrorMeansGone(error.error_code, error.description)
      ) {
        throw new RecipientGoneError(chatId, error.description, { cause: error });
      }
      throw error;
    }
  }
}
