/**
 * The daily digest as one message: the day, then each store's orders, revenue and ads.
 * Tests: test/bot/ads/digest/digest-text.test.ts, test/bot/ads/english-numbers.test.ts
 */
import { GrammyError, HttpError } from "grammy";
import type {
  Digest,
  DigestProgress,
  DigestSender,
  StoreDigest,
} from "../../../services/ads/digest/digest.ts";
import type { DigestSetting } from "../../../services/ads/digest/settings.ts";
import type { ReportPeriod } from "../../../services/ads/index.ts";
import type { Translator } from "../../core/i18n.ts";
import { kopecksMoneyText, localeOf, periodText } from "../../core/numbers.ts";
import { isChatUnreachable } from "../../core/telegram-errors.ts";
import type { TelegramScheduleNotifier } from "../schedules/notifier.ts";

function storeLines(t: Translator, store: StoreDigest, named: boolean): string[] {
  const money = (kopecks: number) => kopecksMoneyText(t, kopecks);
  const lines = named ? [t("shop-tag", { name: store.name })] : [];
  const { sales, ads } = store;
  if (sales === undefined) lines.push(t("digest-sales-none"));
  else if ("error" in sales) lines.push(t("digest-sales-failed", { reason: sales.error }));
  else
    lines.push(
      t("digest-sales", { units: sales.orderedUnits, revenue: money(sales.revenueKopecks) }),
    );
  if (ads === undefined) lines.push(t("digest-ads-none"));
  else if ("error" in ads) lines.push(t("digest-ads-failed", { reason: ads.error }));
  else {
    const share =
      ads.revenueKopecks > 0
        ? ((ads.spendKopecks / ads.revenueKopecks) * 100).toFixed(1)
        : undefined;
    lines.push(
      t("digest-ads", {
        spend: money(ads.spendKopecks),
        orders: ads.orders,
        revenue: money(ads.revenueKopecks),
      }) +
        (share
          ? ` ${t("digest-ads-share", { share: share.replace(".", t("digest-decimal")) })}`
          : ""),
    );
  }
  lines.push(...moneyLines(t, store));
  return lines;
}

/** Yesterday's net (Ozon's accruals less the ads) and the balance at the day's end. */
function moneyLines(t: Translator, store: StoreDigest): string[] {
  const { money, ads } = store;
  if (money === undefined) return [];
  if ("error" in money) return [t("digest-money-failed", { reason: money.error })];
  // Ozon's daily figures failed and its half-month statement stood in: those are not the day's.
  if (money.statement) return [t("digest-money-no-day")];
  const spend = ads !== undefined && !("error" in ads) ? BigInt(ads.spendKopecks) : 0n;
  const text = (k: bigint) => kopecksMoneyText(t, k);
  const lines = [t("digest-net", { net: text(BigInt(money.accruedKopecks) - spend) })];
  if (money.closingKopecks !== undefined)
    lines.push(t("digest-balance", { balance: text(BigInt(money.closingKopecks)) }));
  return lines;
}

/** Telegram's 4 096 characters, with room to spare. */
const MESSAGE_LIMIT = 4_000;

/**
 * The digest's text in the person's language: one message, or several when many stores would
 * make it longer than Telegram takes (a store's lines are never split; each part has the title).
 * Stores are named when there are several in the digest, or in the bot (`manyShops`): a manager
 * who reaches one of several still sees which one.
 */
export function digestTexts(t: Translator, digest: Digest, manyShops = false): string[] {
  const head = t("digest-title", { day: periodText(localeOf(t), digest.period) });
  if (digest.stores.length === 0) return [`${head}\n\n${t("digest-no-stores")}`];
  const named = manyShops || digest.stores.length > 1;
  const messages: string[] = [];
  let current = head;
  for (const block of digest.stores.map((s) => storeLines(t, s, named).join("\n"))) {
    if (current !== head && current.length + 2 + block.length > MESSAGE_LIMIT) {
      messages.push(current);
      current = head;
    }
    current = `${current}\n\n${block}`;
  }
  messages.push(current);
  return messages;
}

export class TelegramDigestSender implements DigestSender {
  readonly #messages: TelegramScheduleNotifier;
  readonly #shops: { readonly many: boolean } | undefined;
  constructor(messages: TelegramScheduleNotifier, shops?: { readonly many: boolean }) {
    this.#messages = messages;
    this.#shops = shops;
  }
  async send(setting: DigestSetting, digest: Digest, progress: DigestProgress): Promise<void> {
    const t = this.#messages.translator(setting.locale);
    let part = progress.from;
    for (const text of digestTexts(t, digest, this.#shops?.many).slice(part)) {
      await this.#messages.send(setting.chatId, text);
      await progress.sent(++part);
    }
  }
  isPermanent(error: unknown): boolean {
    return isChatUnreachable(error);
  }
  async gaveUp(setting: DigestSetting, period: ReportPeriod, error: unknown): Promise<void> {
    const t = this.#messages.translator(setting.locale);
    const text = t("digest-gave-up", {
      day: periodText(localeOf(t), period),
      reason: givenUpReason(t, error),
      time: setting.time,
    });
    await this.#messages.send(setting.chatId, text);
  }
}

/** Why the digest's last try failed, in plain words (Telegram's own description kept short). */
function givenUpReason(t: Translator, error: unknown): string {
  if (error === undefined) return t("digest-gave-up-interrupted");
  if (error instanceof GrammyError) {
    const description = error.description.slice(0, 120);
    return t("digest-gave-up-telegram", { code: error.error_code, description });
  }
  if (error instanceof HttpError) return t("digest-gave-up-network");
  return t("digest-gave-up-other");
}
