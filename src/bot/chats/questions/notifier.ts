/**
 * Product questions and reviews of one shop → Telegram, where its buyer messages go (the relay
 * groups that take the shop, else every seller whose role reaches it, in private), marked as a
 * question or a review, with the product (name, SKU, link), and the buttons that answer it.
 * Resolves only once Telegram accepted it for every reachable recipient; DeliveryMarks keep a
 * retry from sending twice to those who already got it. Admins are told when Ozon refuses for
 * want of a subscription (questions: Premium Plus; reviews: «Управление отзывами» or Premium
 * Pro), with the button that turns polling back on.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api, InlineKeyboard } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { ProductQuestion, ProductReview } from "../../../ozon/seller/questions.ts";
import { AccessService } from "../../../services/access/index.ts";
import {
  type FeedAccepted,
  type FeedKind,
  NAME_LIMIT,
  type QuestionNotifier,
} from "../../../services/chats/questions/question-relay.ts";
import type { FeedCopy } from "../../../services/chats/questions/records.ts";
import type { RelayGroupSetting } from "../../../services/chats/relay/audience.ts";
import type { DeliveryMarks } from "../../../services/chats/relay/delivery-marks.ts";
import type { ProductNames } from "../../../services/chats/relay/product-names.ts";
import { splitText } from "../../../services/chats/relay/split-text.ts";
import type { ShopRegistry } from "../../../shops/registry.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import { sendFollowingMove } from "../../core/chat-moved.ts";
import {
  type Locale,
  type LocalizedContext,
  type Translator,
  translatorFor,
  translatorOr,
} from "../../core/i18n.ts";
import { chatKindOf, type TelegramSender } from "../../core/sender/index.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { deliverToAll, type RelayRecipient, relayRecipients } from "../relay/audience.ts";
import { TELEGRAM_TEXT_LIMIT } from "../relay/format.ts";
import { feedItemKeyboard, questionsOnKeyboard } from "./keyboards.ts";

/** The admins' notice of a refused feed, naming the subscription that feed needs. */
const PREMIUM_MISSING: Readonly<Record<FeedKind, string>> = {
  question: "questions-premium-missing",
  review: "reviews-subscription-missing",
};

const OZON_PRODUCT_URL = /^https:\/\/(www\.)?ozon\.ru\/[^\s]*$/u;

export interface TelegramQuestionNotifierOptions {
  api: Api;
  shop: { id: string; shops: ShopRegistry };
  groups: RelayGroupSetting;
  marks: DeliveryMarks;
  access: AccessService;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  sender: TelegramSender;
  codec: CallbackCodec;
  productNames?: Pick<ProductNames, "nameOf">;
  logger?: Pick<Logger, "warn">;
  /** Moves every record of a group to the supergroup it became (chat-moved.ts); default: none. */
  moveChat?: (fromChatId: number, toChatId: number) => Promise<void>;
}

export class TelegramQuestionNotifier implements QuestionNotifier {
  readonly #o: TelegramQuestionNotifierOptions;

  constructor(options: TelegramQuestionNotifierOptions) {
    this.#o = options;
  }

  async relayQuestion(question: ProductQuestion, accepted?: FeedAccepted): Promise<FeedCopy[]> {
    const name = await this.#o.productNames?.nameOf(question.sku);
    const url =
      question.productUrl && OZON_PRODUCT_URL.test(question.productUrl)
        ? question.productUrl
        : `https://www.ozon.ru/product/${question.sku}/`;
    return this.#relay(`question:${question.id}`, accepted, (t) => ({
      text: [
        t("questions-header"),
        ...productLines(t, question.sku, name, url),
        ...(question.authorName
          ? [t("questions-author", { name: question.authorName.slice(0, NAME_LIMIT) })]
          : []),
        "",
        question.text.trim() || t("relay-empty"),
      ].join("\n"),
      keyboard: this.#keyboard(t, "question", question.id),
    }));
  }

  async relayReview(review: ProductReview, accepted?: FeedAccepted): Promise<FeedCopy[]> {
    const name = await this.#o.productNames?.nameOf(review.sku);
    const rating = Math.min(5, Math.max(0, Math.round(review.rating ?? 0)));
    const url = `https://www.ozon.ru/product/${review.sku}/`;
    return this.#relay(`review:${review.id}`, accepted, (t) => ({
      text: [
        t("reviews-header", { stars: "★".repeat(rating) + "☆".repeat(5 - rating), rating }),
        ...productLines(t, review.sku, name, url),
        ...(review.photos + review.videos > 0
          ? [t("reviews-media", { photos: review.photos, videos: review.videos })]
          : []),
        "",
        review.text.trim() || t("reviews-no-text"),
      ].join("\n"),
      keyboard: this.#keyboard(t, "review", review.id),
    }));
  }

  async premiumMissing(feed: FeedKind): Promise<void> {
    const { access, i18n, defaultLocale, sender, api, shop, codec } = this.#o;
    const current = shop.shops.get(shop.id);
    const admins = (await access.listPeople()).filter((p) => AccessService.holds(p, "admin"));
    await Promise.all(
      admins.map(async (admin) => {
        const t = translatorOr(i18n, admin.locale, defaultLocale);
        const text = t(PREMIUM_MISSING[feed], { name: current?.name ?? shop.id });
        const keyboard = current ? questionsOnKeyboard(codec, t, current.ref) : undefined;
        const target = { chatId: admin.id, kind: chatKindOf(admin.id), priority: "alert" } as const;
        try {
          await sender.schedule(target, () =>
            api.sendMessage(admin.id, text, keyboard ? { reply_markup: keyboard } : {}),
          );
        } catch (error) {
          this.#o.logger?.warn({ err: error, user_id: admin.id }, "could not tell an admin");
        }
      }),
    );
  }

  #keyboard(t: Translator, kind: "question" | "review", id: string) {
    const ref = this.#o.shop.shops.get(this.#o.shop.id)?.ref;
    return ref === undefined ? undefined : feedItemKeyboard(this.#o.codec, t, kind, id, ref);
  }

  async #relay(
    key: string,
    accepted: FeedAccepted | undefined,
    build: (t: Translator) => { text: string; keyboard: InlineKeyboard | undefined },
  ): Promise<FeedCopy[]> {
    // A relay group that became a supergroup gets it once at its new id, its records moved there.
    const delivered = await deliverToAll(await this.#recipients(), (recipient) =>
      sendFollowingMove(
        recipient.chatId,
        (chatId) => this.#deliverOnce({ ...recipient, chatId }, key, build, accepted),
        this.#o.moveChat ?? (async () => {}),
      ),
    );
    return delivered.flatMap(({ recipient, value: { result: ids, chatId } }) =>
      ids.map((messageId) => ({ chatId, messageId, locale: recipient.locale })),
    );
  }

  async #deliverOnce(
    recipient: RelayRecipient,
    key: string,
    build: (t: Translator) => { text: string; keyboard: InlineKeyboard | undefined },
    accepted: FeedAccepted | undefined,
  ): Promise<number[]> {
    const { marks, sender, api, shop, i18n } = this.#o;
    const earlier = await marks.deliveredIds(key, "0", recipient.chatId);
    if (earlier) return earlier;
    const t = translatorFor(i18n, recipient.locale);
    const { text, keyboard } = build(t);
    const pieces = splitText(withShopTag(t, shop.shops, shop.id, text), TELEGRAM_TEXT_LIMIT);
    const ids: number[] = [];
    for (const [index, piece] of pieces.entries()) {
      const last = index === pieces.length - 1;
      const target = { chatId: recipient.chatId, kind: recipient.kind, priority: "alert" } as const;
      const sent = await sender.schedule(target, () =>
        api.sendMessage(recipient.chatId, piece, {
          link_preview_options: { is_disabled: true },
          ...(last && keyboard ? { reply_markup: keyboard } : {}),
        }),
      );
      ids.push(sent.message_id);
      await accepted?.([
        { chatId: recipient.chatId, messageId: sent.message_id, locale: recipient.locale },
      ]);
    }
    await marks.markDelivered(key, "0", recipient.chatId, ids);
    return ids;
  }

  #recipients(): Promise<RelayRecipient[]> {
    const { groups, access, shop, defaultLocale } = this.#o;
    return relayRecipients({ groups, access, shopId: shop.id, defaultLocale });
  }
}

function productLines(t: Translator, sku: string, name: string | undefined, url: string): string[] {
  return [
    name ? t("questions-product", { name, sku }) : t("questions-product-sku", { sku }),
    `🔗 ${url}`,
  ];
}
