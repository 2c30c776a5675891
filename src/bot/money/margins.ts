/**
 * /money's margins: the ten worst products of the period shown (revenue − Ozon's charges − cost
 * × units, the cost from the workbook's cost column), edited in place, and the month per product
 * as an XLSX. Only for whoever opened the screen, and only stores their manager role reaches.
 * Tests: none directly
 */
import { InputFile } from "grammy";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import {
  CostPrices,
  type MarginReader,
  type MoneyPeriodKind,
  moneyPeriod,
  monthWorkbook,
} from "../../services/money/index.ts";
import type { Shop } from "../../shops/registry.ts";
import { clip } from "../../text.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { ownPagePress } from "../core/pager.ts";
import { showScreen } from "../core/screen-text.ts";
import { MONEY_MARGINS, MONEY_XLSX } from "./buttons.ts";
import { marginsText } from "./format.ts";
import { marginsKeyboard } from "./keyboards.ts";

const VIEWERS = ["admin", "manager"] as const;

export function marginsFeature(margins: MarginReader, zone: string, now: () => number = Date.now) {
  return (deps: FeatureDeps): undefined => {
    const { router, codec } = deps;

    async function shopFor(ctx: BotContext, ref: string, owner: number): Promise<Shop | undefined> {
      if (!(await ownPagePress(ctx, owner, "money-not-yours"))) return undefined;
      const shop = shopsInScope(ctx.person, "manager", deps.shops.all()).find(
        (s) => s.ref === ref && s.seller !== undefined,
      );
      if (!shop) {
        await ctx.answerCallbackQuery({ text: ctx.t("money-store-gone"), show_alert: true });
        return undefined;
      }
      return shop;
    }

    const rowsOf = async (shop: Shop, kind: MoneyPeriodKind) => {
      const period = moneyPeriod(kind, now(), zone);
      const costs = await new CostPrices(shop.store).bySku();
      return { period, rows: await margins.margins(shop, period, costs) };
    };

    router.button(MONEY_MARGINS, VIEWERS, async (ctx, [kind, ref, owner]) => {
      const shop = await shopFor(ctx, ref, owner);
      if (!shop) return;
      await ctx.answerCallbackQuery();
      const head = { store: deps.shops.many ? shop.name : undefined, kind };
      let text: string;
      try {
        const { period, rows } = await rowsOf(shop, kind);
        text = marginsText(ctx.t, { ...head, period }, rows);
      } catch (error) {
        deps.logger.warn({ err: error, shop: shop.id }, "money: margins unavailable");
        text = ctx.t("money-ozon-unavailable");
      }
      await showScreen(ctx, clip(text, 4000), marginsKeyboard(codec, ctx.t, { kind, ref, owner }));
    });

    router.button(MONEY_XLSX, VIEWERS, async (ctx, [ref, owner]) => {
      const shop = await shopFor(ctx, ref, owner);
      if (!shop) return;
      await ctx.answerCallbackQuery({ text: ctx.t("money-xlsx-making") });
      try {
        const { period, rows } = await rowsOf(shop, "m");
        const bytes = await monthWorkbook(rows, {
          sku: "SKU",
          offerId: ctx.t("money-col-offer"),
          units: ctx.t("money-col-units"),
          revenue: ctx.t("money-col-revenue"),
          commission: ctx.t("money-col-commission"),
          delivery: ctx.t("money-col-delivery"),
          other: ctx.t("money-col-other"),
          cost: ctx.t("money-col-cost"),
          margin: ctx.t("money-col-margin"),
          marginPercent: ctx.t("money-col-margin-percent"),
          total: ctx.t("money-col-total"),
        });
        await ctx.replyWithDocument(
          new InputFile(bytes, `margin-${shop.ref}-${period.from.slice(0, 7)}.xlsx`),
          { caption: ctx.t("money-xlsx-caption", { store: shop.name, count: rows.length }) },
        );
      } catch (error) {
        deps.logger.warn({ err: error, shop: shop.id }, "money: the month's workbook failed");
        await ctx.reply(ctx.t("money-ozon-unavailable"));
      }
    });
    return undefined;
  };
}
