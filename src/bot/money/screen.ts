/**
 * `/money`: one store's money for a period, with the periods and the person's stores as buttons
 * that redraw the same message (only for whoever opened it). A store-limited manager sees only
 * the stores their manager role reaches; admins every store.
 * Tests: none directly
 */
import { ozonFailureKind, ozonFailureMessage } from "../../ozon/errors.ts";
import { adTotalsOf } from "../../ozon/performance/daily.ts";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import type {
  MoneyAlertSettings,
  MoneyPeriodKind,
  MoneyReader,
  MoneyShop,
} from "../../services/money/index.ts";
import type { Shop } from "../../shops/registry.ts";
import { clip } from "../../text.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import type { Translator } from "../core/i18n.ts";
import { ownPagePress } from "../core/pager.ts";
import { showScreen } from "../core/screen-text.ts";
import { MONEY, MONEY_ALERT } from "./buttons.ts";
import { moneyText } from "./format.ts";
import { moneyKeyboard } from "./keyboards.ts";

const VIEWERS = ["admin", "manager"] as const;
const SCREEN_LIMIT = 4000;

/** A store as the money reader asks it: its finance, and its ads as the digest reads them. */
export function moneyShopOf(shop: Shop): MoneyShop {
  const { seller, performance } = shop;
  return {
    id: shop.id,
    ...(seller ? { seller } : {}),
    ...(performance
      ? { ads: async (period) => adTotalsOf(await performance.daily.byCampaign(period)) }
      : {}),
  };
}

function failureText(t: Translator, error: unknown): string {
  const kind = ozonFailureKind(error);
  if (kind === "keys_refused") return t("money-ozon-keys");
  if (kind === "not_found" || kind === "our_input" || kind === "conflict")
    return t("money-ozon-refused", { reason: clip(ozonFailureMessage(error), 300) });
  return t("money-ozon-unavailable");
}

export function moneyFeature(reader: MoneyReader, settings: MoneyAlertSettings) {
  return (deps: FeatureDeps): undefined => {
    const { router, codec } = deps;

    async function draw(
      ctx: BotContext,
      kind: MoneyPeriodKind,
      ref?: string,
      answered = false,
    ): Promise<void> {
      const owner = ctx.from?.id ?? 0;
      const shops = shopsInScope(ctx.person, "manager", deps.shops.all()).filter(
        (shop) => shop.seller !== undefined,
      );
      const shop = ref === undefined ? shops[0] : shops.find((s) => s.ref === ref);
      if (!shop) {
        if (ref !== undefined && ctx.callbackQuery) {
          await ctx.answerCallbackQuery({ text: ctx.t("money-store-gone"), show_alert: true });
          return;
        }
        await ctx.reply(ctx.t("money-no-stores"));
        return;
      }
      if (ctx.callbackQuery && !answered) await ctx.answerCallbackQuery();
      const head = { store: shops.length > 1 || deps.shops.many ? shop.name : undefined, kind };
      let text: string;
      try {
        text = moneyText(ctx.t, head, await reader.read(moneyShopOf(shop), kind));
      } catch (error) {
        deps.logger.warn({ err: error, shop: shop.id }, "money: Ozon did not answer");
        text = `${ctx.t("money-title", { store: head.store ?? "", many: head.store ? "yes" : "no" })}\n${failureText(ctx.t, error)}`;
      }
      const keyboard = moneyKeyboard(
        codec,
        ctx.t,
        { kind, ref: shop.ref, owner },
        shops.map((s) => ({ ref: s.ref, name: s.name })),
        ctx.chat?.type === "private"
          ? {
              loss: await settings.wants(owner, "loss"),
              payout: await settings.wants(owner, "payout"),
            }
          : undefined,
      );
      await showScreen(ctx, clip(text, SCREEN_LIMIT), keyboard);
    }

    router.command("money", (ctx) => draw(ctx, "d"));

    router.button(MONEY, VIEWERS, async (ctx, [kind, ref, owner]) => {
      if (!(await ownPagePress(ctx, owner, "money-not-yours"))) return;
      await draw(ctx, kind, ref);
    });

    router.button(MONEY_ALERT, VIEWERS, async (ctx, [alert, to, kind, ref, owner]) => {
      if (!(await ownPagePress(ctx, owner, "money-not-yours"))) return;
      const which = alert === "l" ? "loss" : "payout";
      await settings.set(owner, which, to === "on");
      await ctx.answerCallbackQuery({
        text: ctx.t("money-alert-switched", { alert: which, on: to === "on" ? "yes" : "no" }),
      });
      await draw(ctx, kind, ref, true);
    });
    return undefined;
  };
}
