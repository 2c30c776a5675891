/**
 * /budget and /report (managers and admins; the catalogue says so and the router checks it for
 * every command and press). Each command leaves any dialog the person had open here and starts
 * its own. A press on a dialog's button after the dialog ended (timed out, cancelled, finished)
 * is answered plainly by the dialog toolkit (core/dialog/dialog.ts).
 *
 * Retry under a failed report orders the same report again, once, for the person who ordered
 * it, in the same shop's queue (the button carries the shop's ref); the failure message becomes
 * the new report's progress message. A shop removed since, or out of the person's reach, is
 * refused with a sentence; a paused shop's report waits for the shop.
 * Tests: none directly
 */

import { reachesShop } from "../../services/access/shop-scope.ts";
import type { AdsAccount } from "../../services/ads/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import type { FeatureFactory } from "../core/module.ts";
import { showScreen } from "../core/screen-text.ts";
import { REPORT_RETRY_BUTTON } from "./buttons.ts";
import { BUDGET_CONVERSATION } from "./campaigns/budget-dialog.ts";
import { reportAbout, reportProblemText } from "./format.ts";
import { REPORT_CONVERSATION } from "./reports/dialog.ts";
import { registerReportXlsx } from "./reports/xlsx.ts";

/** From a menu button too (the menu answers the press): the dialog starts in a new message. */
async function enter(ctx: BotContext, id: string): Promise<void> {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(id);
}

const RETRY_REFUSAL_KEYS = {
  gone: "ads-report-retry-gone",
  not_yours: "ads-report-retry-not-yours",
  retried: "ads-report-retry-done",
} as const;

export interface AdsFeatureDeps {
  shops: ShopRegistry;
  accountOf(shopId: string): AdsAccount | undefined;
}

/**
 * The shop of a Retry button. Buttons sent before shops existed carry no ref: their jobs were
 * keyed without a prefix, which is the legacy owner's part of the store (`shop.store` is then
 * the store itself), so they mean that shop.
 */
function retryShop(shops: ShopRegistry, ref: string | undefined) {
  if (ref) return shops.byRef(ref);
  return shops.legacyOwner();
}

export function adsFeature({ shops, accountOf }: AdsFeatureDeps): FeatureFactory {
  return ({ router, logger, codec }: FeatureDeps) => {
    registerReportXlsx(
      { router, logger, codec },
      { shops, accountOf, shopOf: (ref) => retryShop(shops, ref) },
    );
    const enters = { entersConversation: true } as const;
    router.command("budget", (ctx) => enter(ctx, BUDGET_CONVERSATION), enters);
    router.command("report", (ctx) => enter(ctx, REPORT_CONVERSATION), enters);

    router.button(REPORT_RETRY_BUTTON, ["manager"], async (ctx, [id, ref]) => {
      const t = ctx.t.bind(ctx);
      const shop = retryShop(shops, ref);
      const jobs = shop && accountOf(shop.id)?.jobs;
      if (!shop || !jobs) {
        await ctx.answerCallbackQuery({ text: t("ads-report-retry-gone"), show_alert: true });
        return;
      }
      if (!reachesShop(ctx.person, "manager", shop.id)) {
        await ctx.answerCallbackQuery({ text: t("shop-none-for-you"), show_alert: true });
        return;
      }
      const claim = await jobs.claimRetry(id, ctx.from?.id ?? 0);
      if (!claim.ok) {
        const text =
          claim.reason === "refused"
            ? t("ads-report-refused", { reason: reportProblemText(t, claim.problem) })
            : t(RETRY_REFUSAL_KEYS[claim.reason]);
        await ctx.answerCallbackQuery({ text: text.slice(0, 200), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery();
      const message = ctx.callbackQuery?.message;
      const progressMessageRef = message && {
        chatId: message.chat.id,
        messageId: message.message_id,
      };
      try {
        await showScreen(
          ctx,
          t("ads-report-progress-ordered", { about: reportAbout(t, claim.request) }),
        );
      } catch (error) {
        // Too old to edit: the runner's next progress sends a new message instead.
        logger.debug({ err: error, job: id }, "report retry: failure message not edited");
      }
      await jobs.enqueue({ ...claim.request, progressMessageRef });
    });
    return undefined;
  };
}
