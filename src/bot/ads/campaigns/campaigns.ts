/**
 * /campaigns (managers and admins): the campaigns of each store the person's manager role
 * reaches ("which store?" first when there are several, every screen then named by its store),
 * a page at a time, a button per campaign with its state, budget of its kind and yesterday's
 * spend when Ozon gave it. A campaign's card pauses or resumes it in one tap (read back as old → new), and
 * opens the budget, period and bid dialogs or the report dialog at that campaign; a confirmed
 * change in one of the first three redraws the card (or bids page) it came from
 * (ads/campaigns/card.ts).
 *
 * The buttons hold no state: each press is checked (its owner, the role, the store's reach) and
 * reads the campaign again from Ozon, so an old card acts on the campaign as it is now, and a
 * pause pressed on a campaign someone paused meanwhile sends nothing and says so.
 * Tests: none directly
 */
import { reachesShop, shopsInScope } from "../../../services/access/shop-scope.ts";
import {
  type AdsAccount,
  type BudgetCampaign,
  bidRefusal,
  type CampaignStateKey,
  isDeskError,
  toggleOf,
} from "../../../services/ads/index.ts";
import { problemText } from "../../../services/problem.ts";
import type { Shop, ShopRegistry } from "../../../shops/registry.ts";
import { type AuditRecorder, actorOf, audited } from "../../audit/index.ts";
import type { BotContext } from "../../core/context.ts";
import type { FeatureDeps } from "../../core/deps.ts";
import type { FeatureFactory } from "../../core/module.ts";
import { showScreen } from "../../core/screen-text.ts";
import { shopChoice, withShopTag } from "../../core/shop-tags.ts";
import { bidPlaceIn, CAMPAIGN_BUTTON, pageIn } from "../buttons.ts";
import { campaignTitle, ozonProblem } from "../format.ts";
import { REPORT_CONVERSATION } from "../reports/dialog.ts";
import { BID_CONVERSATION, BID_PAGE_SIZE } from "./bid-dialog.ts";
import { BUDGET_CONVERSATION } from "./budget-dialog.ts";
import { BID_REFUSAL_KEYS, cardView, stateText } from "./format.ts";
import {
  backToCardKeyboard,
  type CardButtons,
  listKeyboard,
  storesKeyboard,
  toggleConfirmKeyboard,
} from "./keyboards.ts";
import { PERIOD_CONVERSATION } from "./period-dialog.ts";
import { bidsScreen, cardScreen } from "./screens.ts";

const LIST_PAGE_SIZE = 8;
const ASK_KEYS = { pause: "campaigns-pause-ask", resume: "campaigns-resume-ask" } as const;

export interface CampaignsFeatureDeps {
  shops: ShopRegistry;
  accountOf(shopId: string): AdsAccount | undefined;
  /** Where pause and resume are recorded (the audit trail). */
  audit?: AuditRecorder;
}

export function campaignsFeature({
  shops,
  accountOf,
  audit,
}: CampaignsFeatureDeps): FeatureFactory {
  return ({ router, codec, logger }: FeatureDeps) => {
    const reachable = (ctx: BotContext): Shop[] =>
      shopsInScope(
        ctx.person,
        "manager",
        shops.all().filter((s) => s.performance),
      );

    const spendOf = async (account: AdsAccount, id: string): Promise<string | undefined> =>
      (await account.desk.yesterdaySpend())?.get(id)?.toString();

    async function showList(ctx: BotContext, shop: Shop, account: AdsAccount, page: number) {
      const t = ctx.t.bind(ctx);
      const b: CardButtons = { codec, owner: ctx.from?.id ?? 0, shopRef: shop.ref };
      const [listed, spend] = await Promise.all([
        account.budget.list({ page, pageSize: LIST_PAGE_SIZE }),
        account.desk.yesterdaySpend(),
      ]);
      const items = listed.items.map(cardView);
      const head =
        listed.total === 0
          ? t("ads-campaigns-none")
          : t("campaigns-head", {
              count: listed.total,
              page: listed.page + 1,
              pages: listed.pages,
            });
      const what = listed.total > 0 ? [t("campaigns-choose")] : [];
      const foot = listed.total > 0 && !spend ? [t("campaigns-spend-unknown")] : [];
      const text = [head, ...what, ...foot].join("\n");
      const keyboard = listKeyboard(
        b,
        t,
        items.map((c) => ({ ...c, spend: spend?.get(c.id)?.toString() })),
        listed.page,
        listed.pages,
        reachable(ctx).length > 1,
      );
      await showScreen(ctx, withShopTag(t, shops, shop.id, text), keyboard);
    }

    async function showCard(
      ctx: BotContext,
      shop: Shop,
      account: AdsAccount,
      campaign: BudgetCampaign,
      listPage: number,
      notice = "",
      was?: CampaignStateKey,
    ) {
      const t = ctx.t.bind(ctx);
      const b: CardButtons = { codec, owner: ctx.from?.id ?? 0, shopRef: shop.ref };
      const spend = await spendOf(account, campaign.id);
      const view = cardView(campaign);
      const { text, keyboard } = cardScreen(t, b, view, spend, listPage, notice, was);
      await showScreen(ctx, withShopTag(t, shops, shop.id, text), keyboard);
    }

    router.command("campaigns", async (ctx) => {
      const t = ctx.t.bind(ctx);
      const mine = reachable(ctx);
      const [only] = mine;
      if (!only) return ctx.reply(t("shop-none-for-you"));
      if (mine.length > 1) {
        const keyboard = storesKeyboard(codec, ctx.from?.id ?? 0, mine.map(shopChoice));
        return ctx.reply(t("campaigns-choose-store"), { reply_markup: keyboard });
      }
      const account = accountOf(only.id);
      if (!account) return ctx.reply(t("shop-none-for-you"));
      if (only.paused) return ctx.reply(t("shop-paused", { name: only.name }));
      try {
        await showList(ctx, only, account, 0);
      } catch (error) {
        logger.warn({ err: error, shop: only.id }, "/campaigns: Ozon call failed");
        await ctx.reply(withShopTag(t, shops, only.id, problemText(t, ozonProblem(error))));
      }
    });

    const enter = async (ctx: BotContext, id: string, ...args: unknown[]) => {
      await ctx.answerCallbackQuery();
      await ctx.conversation.exitAll();
      await ctx.conversation.enter(id, ...args);
    };

    router.button(
      CAMPAIGN_BUTTON,
      ["manager"],
      async (ctx, [owner, ref, action, id = "", extra]) => {
        const t = ctx.t.bind(ctx);
        const alert = (text: string) =>
          ctx.answerCallbackQuery({ text: text.slice(0, 200), show_alert: true });
        if (owner !== (ctx.from?.id ?? 0)) return alert(t("campaigns-not-yours"));
        if (action === "s") {
          await ctx.answerCallbackQuery();
          const keyboard = storesKeyboard(codec, ctx.from?.id ?? 0, reachable(ctx).map(shopChoice));
          return showScreen(ctx, t("campaigns-choose-store"), keyboard);
        }
        const shop = shops.byRef(ref);
        const account = shop && accountOf(shop.id);
        if (!shop || !account) return alert(t("campaigns-shop-gone"));
        if (!reachesShop(ctx.person, "manager", shop.id)) return alert(t("shop-none-for-you"));
        if (shop.paused) return alert(t("shop-paused", { name: shop.name }));
        // The list page goes along so that the card redrawn after the change keeps its way back.
        const listPage = pageIn(extra);
        if (action === "b") return enter(ctx, BUDGET_CONVERSATION, shop.id, id, listPage);
        if (action === "pd") return enter(ctx, PERIOD_CONVERSATION, shop.id, id, listPage);
        if (action === "bs") {
          const { page, index } = bidPlaceIn(extra);
          return enter(ctx, BID_CONVERSATION, shop.id, id, page, index);
        }
        try {
          if (action === "l") {
            await ctx.answerCallbackQuery();
            return await showList(ctx, shop, account, listPage);
          }
          if (action === "tp" || action === "tr") {
            // The change reads the campaign itself, before and after (services/ads/campaign-desk).
            await ctx.answerCallbackQuery();
            const wanted = action === "tp" ? "pause" : "resume";
            return await toggle(ctx, shop, account, id, wanted, listPage);
          }
          // Everything else starts from the campaign as Ozon shows it now.
          const campaign = await account.desk.read(id);
          if (!campaign) {
            account.budget.forget();
            return alert(t("ads-campaign-gone"));
          }
          if (action === "rp") return enter(ctx, REPORT_CONVERSATION, shop.id, id, campaign.title);
          if (action === "rq") {
            // A card's ⚡: that campaign's report over the quick period, ordered at once.
            return enter(ctx, REPORT_CONVERSATION, shop.id, id, campaign.title, extra ?? "");
          }
          await ctx.answerCallbackQuery();
          if (action === "c") return await showCard(ctx, shop, account, campaign, listPage);
          if (action === "t") return await askToggle(ctx, shop, account, campaign, listPage);
          if (action === "bi") return await showBids(ctx, shop, account, campaign, listPage || 1);
          return undefined;
        } catch (error) {
          logger.warn({ err: error, shop: shop.id, campaign: id }, "/campaigns: Ozon call failed");
          // Unanswered when the first read failed; answering twice is refused, and harmless.
          await ctx.answerCallbackQuery().catch(() => undefined);
          const text = problemText(t, ozonProblem(error));
          const b: CardButtons = { codec, owner: ctx.from?.id ?? 0, shopRef: shop.ref };
          const keyboard = id ? backToCardKeyboard(b, t, id) : undefined;
          await showScreen(ctx, withShopTag(t, shops, shop.id, text), keyboard);
        }
      },
      { entersConversation: true },
    );

    async function askToggle(
      ctx: BotContext,
      shop: Shop,
      account: AdsAccount,
      campaign: BudgetCampaign,
      listPage: number,
    ) {
      const t = ctx.t.bind(ctx);
      const toggle = toggleOf(campaign);
      if (!toggle) {
        const notice = t("campaigns-toggle-not-now", { state: stateText(t, campaign.stateKey) });
        return showCard(ctx, shop, account, campaign, listPage, notice);
      }
      const b: CardButtons = { codec, owner: ctx.from?.id ?? 0, shopRef: shop.ref };
      const text = t(ASK_KEYS[toggle], {
        title: campaignTitle(campaign),
        state: stateText(t, campaign.stateKey),
      });
      const keyboard = toggleConfirmKeyboard(b, t, campaign.id, toggle, listPage);
      await showScreen(ctx, withShopTag(t, shops, shop.id, text), keyboard);
    }

    async function toggle(
      ctx: BotContext,
      shop: Shop,
      account: AdsAccount,
      id: string,
      wanted: "pause" | "resume",
      listPage: number,
    ) {
      const t = ctx.t.bind(ctx);
      try {
        const { before, after } = await audited(
          audit,
          {
            kind: "campaign-state",
            actor: actorOf(ctx),
            shopId: shop.id,
            objectId: id,
            via: wanted,
          },
          () => account.desk.toggle(id, wanted),
          (c) => ({ from: c.before.state, to: c.after.state }),
        );
        logger.info(
          { shop: shop.id, campaign: id, wanted, state: after.state },
          "campaign toggled",
        );
        // The card in place, its state line saying what changed (not the card under a notice).
        return await showCard(ctx, shop, account, after, listPage, "", before.stateKey);
      } catch (error) {
        if (!isDeskError(error)) throw error;
        if (error.code === "changed_meanwhile" && error.campaign) {
          const notice = t("campaigns-changed-meanwhile", {
            state: stateText(t, error.campaign.stateKey),
          });
          return showCard(ctx, shop, account, error.campaign, listPage, notice);
        }
        return showScreen(ctx, withShopTag(t, shops, shop.id, t("ads-campaign-gone")));
      }
    }

    async function showBids(
      ctx: BotContext,
      shop: Shop,
      account: AdsAccount,
      campaign: BudgetCampaign,
      page: number,
    ) {
      const t = ctx.t.bind(ctx);
      const b: CardButtons = { codec, owner: ctx.from?.id ?? 0, shopRef: shop.ref };
      const refusal = bidRefusal(campaign);
      if (refusal) {
        const notice = t(BID_REFUSAL_KEYS[refusal], { strategy: campaign.strategy ?? "" });
        return showCard(ctx, shop, account, campaign, 0, notice);
      }
      const listed = await account.desk.products(campaign.id, page, BID_PAGE_SIZE);
      const items = listed.items.map((p) => ({ ...p, bid: p.bid?.toString() }));
      const { text, keyboard } = bidsScreen(t, b, campaign, { ...listed, items });
      await showScreen(ctx, withShopTag(t, shops, shop.id, text), keyboard);
    }

    return undefined;
  };
}
