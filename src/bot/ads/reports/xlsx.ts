/**
 * The XLSX button under a delivered report: the same report as a workbook, built from the copy
 * kept at delivery (services/ads/reports/table-store.ts), for the person who ordered it only.
 * Once the copy has expired the press says so and the button becomes "Order again (XLSX)", which
 * orders the same report once more, delivered as XLSX.
 *
 * Both buttons carry the job's id and the shop's ref (job ids count per shop); the shop must
 * still be within the person's reach as a manager.
 * Tests: none directly
 */
import { InputFile } from "grammy";
import { reachesShop } from "../../../services/access/shop-scope.ts";
import type { AdsAccount } from "../../../services/ads/index.ts";
import {
  REPORT_TABLE_TTL_MS,
  ReportTableStore,
  ReportXlsxTooLargeError,
} from "../../../services/ads/reports/index.ts";
import type { Shop, ShopRegistry } from "../../../shops/registry.ts";
import type { BotContext } from "../../core/context.ts";
import type { FeatureDeps } from "../../core/deps.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { REPORT_REORDER_BUTTON, REPORT_XLSX_BUTTON } from "../buttons.ts";
import { reportAbout, reportProblemText } from "../format.ts";
import { reportReorderKeyboard } from "../keyboards.ts";
import { xlsxName } from "./notifier.ts";
import { reportXlsx } from "./visuals.ts";

export interface ReportXlsxDeps {
  shops: ShopRegistry;
  accountOf(shopId: string): AdsAccount | undefined;
  /** The shop of a button's ref (buttons of the single-shop version carry none). */
  shopOf(ref: string | undefined): Shop | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function refuse(ctx: BotContext, key: string, variables?: Record<string, string | number>) {
  await ctx.answerCallbackQuery({ text: ctx.t(key, variables).slice(0, 200), show_alert: true });
}

export function registerReportXlsx(
  { router, logger, codec }: Pick<FeatureDeps, "router" | "logger" | "codec">,
  { shops, accountOf, shopOf }: ReportXlsxDeps,
): void {
  /** The shop and its account of a press, or undefined after telling the person why not. */
  const resolve = async (ctx: BotContext, ref: string | undefined) => {
    const shop = shopOf(ref);
    const account = shop && accountOf(shop.id);
    if (!shop || !account) return void (await refuse(ctx, "report-xlsx-gone"));
    if (!reachesShop(ctx.person, "manager", shop.id)) {
      return void (await refuse(ctx, "shop-none-for-you"));
    }
    return { shop, account };
  };

  router.button(REPORT_XLSX_BUTTON, ["manager"], async (ctx, [id, ref]) => {
    const found = await resolve(ctx, ref);
    if (!found) return;
    const { shop, account } = found;
    const userId = ctx.from?.id ?? 0;
    const kept = await new ReportTableStore(shop.store).get(id);
    const job = await account.jobs.get(id);
    const owner = kept?.owner ?? job?.requestedBy.userId;
    if (owner === undefined) return refuse(ctx, "report-xlsx-gone");
    if (owner !== userId) return refuse(ctx, "report-xlsx-not-yours");
    if (!kept) {
      await refuse(ctx, "report-xlsx-expired", { days: Math.round(REPORT_TABLE_TTL_MS / DAY_MS) });
      // The button becomes "Order again (XLSX)" when the job is still on record.
      if (job?.state === "delivered") {
        const keyboard = reportReorderKeyboard(codec, ctx.t.bind(ctx), id, ref);
        await ctx.editMessageReplyMarkup({ reply_markup: keyboard }).catch((error) => {
          logger.debug({ err: error, job: id }, "report XLSX: button not replaced");
        });
      }
      return;
    }
    const t = ctx.t.bind(ctx);
    let bytes: Buffer;
    try {
      bytes = await reportXlsx(t, job ?? { campaigns: [] }, kept.table);
    } catch (error) {
      if (error instanceof ReportXlsxTooLargeError) {
        return refuse(ctx, "report-xlsx-too-large", { rows: error.rows, max: error.max });
      }
      logger.warn({ err: error, job: id, shop: shop.id }, "report XLSX not built");
      return refuse(ctx, "report-xlsx-failed");
    }
    await ctx.answerCallbackQuery();
    await ctx.replyWithChatAction("upload_document").catch(() => undefined);
    const about = job ? reportAbout(t, job) : "";
    const caption = withShopTag(t, shops, shop.id, t("report-xlsx-caption", { about }));
    await ctx.replyWithDocument(new InputFile(bytes, xlsxName(kept.name)), {
      caption: caption.slice(0, 1024),
    });
  });

  router.button(REPORT_REORDER_BUTTON, ["manager"], async (ctx, [id, ref]) => {
    const found = await resolve(ctx, ref);
    if (!found) return;
    const { account } = found;
    const t = ctx.t.bind(ctx);
    const claim = await account.jobs.claimReorder(id, ctx.from?.id ?? 0);
    if (!claim.ok) {
      if (claim.reason === "refused") {
        const reason = reportProblemText(t, claim.problem);
        return refuse(ctx, "ads-report-refused", { reason });
      }
      const keys = {
        gone: "report-xlsx-gone",
        not_yours: "report-xlsx-not-yours",
        retried: "ads-report-retry-done",
      } as const;
      return refuse(ctx, keys[claim.reason]);
    }
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    const progress = await ctx.reply(t("report-xlsx-reordered"));
    const progressMessageRef = { chatId: progress.chat.id, messageId: progress.message_id };
    await account.jobs.enqueue({ ...claim.request, format: "xlsx", progressMessageRef });
  });
}
