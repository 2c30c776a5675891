/** The daily digest as one message: the day, then each store's orders, revenue and ads. */
import { formatPeriod, formatRoubles } from "../../services/ads/index.ts";
import type {
  Digest,
  DigestSender,
  DigestSetting,
  StoreDigest,
} from "../../services/schedules/digest.ts";
import type { Translator } from "../i18n.ts";
import type { TelegramScheduleNotifier } from "./schedules.ts";

const money = (kopecks: number) => formatRoubles(BigInt(kopecks) * 10_000n, { kopecks: "always" });

function storeLines(t: Translator, store: StoreDigest, named: boolean): string[] {
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
  return lines;
}

/** The digest's text in the person's language. */
export function digestText(t: Translator, digest: Digest): string {
  const head = t("digest-title", { day: formatPeriod(digest.period) });
  if (digest.stores.length === 0) return `${head}\n\n${t("digest-no-stores")}`;
  const named = digest.stores.length > 1;
  return [head, ...digest.stores.map((s) => storeLines(t, s, named).join("\n"))].join("\n\n");
}

export class TelegramDigestSender implements DigestSender {
  readonly #messages: TelegramScheduleNotifier;
  constructor(messages: TelegramScheduleNotifier) {
    this.#messages = messages;
  }
  async send(setting: DigestSetting, digest: Digest): Promise<void> {
    const t = this.#messages.translator(setting.locale);
    await this.#messages.send(setting.chatId, digestText(t, digest));
  }
}
