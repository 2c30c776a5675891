/**
 * `/returns`: the open returns of each store the person reaches (on their way back, waiting for
 * pickup) and the open rFBS requests with a button to each one's card; the switch of this chat's
 * alerts about returns. A card's buttons are the actions Ozon offers; each opens the decide
 * dialog. A decision button of a card made before Ozon's action ids opens the request anew.
 * Tests: none directly
 */
import type { RfbsRequestBrief } from "../../ozon/seller/returns.ts";
import { reachesShop, shopsInScope } from "../../services/access/shop-scope.ts";
import { decisionDeadline, type ReturnsSubscribers } from "../../services/returns/index.ts";
import type { Shop, ShopRegistry } from "../../shops/registry.ts";
import { clip } from "../../text.ts";
import type { Audience } from "../core/commands.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { openDialogCard, restoreCard, takeShownCard } from "../core/dialog/person-places.ts";
import { clampPage, ownPagePress, packPages, pageOwner } from "../core/pager.ts";
import { isNotModified } from "../core/screen-text.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { ACT_RFBS, DECIDE_RFBS_OLD, OPEN_RFBS, RETURNS_PAGE, RETURNS_SWITCH } from "./buttons.ts";
import { DECIDE_CONVERSATION, type DecideTarget } from "./decide-dialog.ts";
import { listText, rfbsCardText } from "./format.ts";
import { listKeyboard, openableRequests, rfbsKeyboard } from "./keyboards.ts";
import { ozonWords } from "./ozon-words.ts";

const SCREEN_LIMIT = 4000;
/** A page's stores: this much of their text (the title besides) and this many request buttons… */
const PAGE_CHARS = 3800;
const PAGE_BUTTONS = 90;
/** …and one store's text at most (a store with very many returns is clipped, as before). */
const BLOCK_LIMIT = 3700;

/** One store's part of /returns: its text and the requests its buttons open. */
interface ShopBlock {
  text: string;
  ref: string;
  requests: RfbsRequestBrief[];
}

const blockSize = (block: ShopBlock) => ({
  chars: block.text.length + 2,
  buttons: openableRequests(block.requests).length,
});
const SWITCHED = { on: "returns-switched-on", off: "returns-switched-off" } as const;
const DECIDERS: Audience = ["admin", "seller"];
const VIEWERS: Audience = ["admin", "seller", "warehouse"];

export interface ReturnsFeatureDeps {
  subscribers: ReturnsSubscribers;
  timezone: string;
  shops: ShopRegistry;
}

function reachable(ctx: BotContext, shops: ShopRegistry): Shop[] {
  const all = shops.all().filter((shop) => shop.seller !== undefined);
  const seen = new Map<string, Shop>();
  for (const role of ["seller", "warehouse"] as const) {
    for (const shop of shopsInScope(ctx.person, role, all)) seen.set(shop.id, shop);
  }
  return all.filter((shop) => seen.has(shop.id));
}

/** Admins everywhere; sellers in the stores their role reaches. */
function decidesFor(ctx: BotContext, shopId: string): boolean {
  return ctx.person?.roles.includes("admin") === true || reachesShop(ctx.person, "seller", shopId);
}

export function returnsFeature(area: ReturnsFeatureDeps) {
  return (deps: FeatureDeps): undefined => {
    const { router, codec } = deps;
    const { shops } = area;
    const format = (ctx: BotContext) => ({ timezone: area.timezone, locale: ctx.locale });

    /** Page `requested` of the list, its page buttons for `owner`. */
    const listScreen = async (ctx: BotContext, requested = 0, owner = pageOwner(ctx)) => {
      const blocks: ShopBlock[] = [];
      for (const shop of reachable(ctx, shops)) {
        const seller = shop.seller;
        if (!seller) continue;
        try {
          const [returns, requests] = await Promise.all([
            seller.returns.open(),
            seller.returns.rfbsOpen(),
          ]);
          const name = shops.many ? shop.name : undefined;
          const text = listText(ctx.t, name, returns, requests, format(ctx));
          blocks.push({ text: clip(text, BLOCK_LIMIT), ref: shop.ref, requests });
        } catch (error) {
          const text = `${shops.many ? `🏪 ${shop.name}\n` : ""}${ozonWords(ctx.t, error)}`;
          blocks.push({ text: clip(text, BLOCK_LIMIT), ref: shop.ref, requests: [] });
        }
      }
      const chatId = ctx.chat?.id ?? 0;
      const subscribed = await area.subscribers.has(chatId);
      const pages = packPages(blocks, blockSize, { chars: PAGE_CHARS, buttons: PAGE_BUTTONS });
      const page = clampPage(requested, pages.length);
      const shown = pages[page] ?? [];
      const text =
        shown.length > 0 ? shown.map((b) => b.text).join("\n\n") : ctx.t("returns-no-stores");
      const pager = { page, pages: pages.length, owner };
      return {
        text: clip(`${ctx.t("returns-title")}\n\n${text}`, SCREEN_LIMIT),
        keyboard: listKeyboard(codec, ctx.t, shown, subscribed, pager),
      };
    };

    router.command("returns", async (ctx) => {
      const screen = await listScreen(ctx);
      await ctx.reply(screen.text, { reply_markup: screen.keyboard });
    });

    router.button(RETURNS_PAGE, VIEWERS, async (ctx, [page, owner]) => {
      if (!(await ownPagePress(ctx, owner, "returns-list-not-yours"))) return;
      await ctx.answerCallbackQuery();
      const screen = await listScreen(ctx, page, owner);
      await ctx
        .editMessageText(screen.text, { reply_markup: screen.keyboard })
        .catch((error: unknown) => {
          if (!isNotModified(error)) throw error;
        });
    });

    router.button(RETURNS_SWITCH, VIEWERS, async (ctx, [value]) => {
      const chatId = ctx.chat?.id;
      if (!chatId) {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      // A group's alerts are for everyone in it: as with /subscribe, only an admin switches them.
      if (ctx.chat?.type !== "private" && !ctx.person?.roles.includes("admin")) {
        await ctx.answerCallbackQuery({ text: ctx.t("returns-switch-admins"), show_alert: true });
        return;
      }
      if (value === "on") await area.subscribers.on(chatId, ctx.from?.id ?? 0);
      else await area.subscribers.off(chatId);
      await ctx.answerCallbackQuery({
        text: ctx.t(SWITCHED[value]),
      });
      const screen = await listScreen(ctx);
      await ctx
        .editMessageText(screen.text, { reply_markup: screen.keyboard })
        .catch(() => undefined);
    });

    /** The request's card as Ozon has it now, with its actions for those who decide; `notice` above it. */
    const showCard = async (ctx: BotContext, id: string, ref: string, notice?: string) => {
      const shop = shops.byRef(ref);
      const seller = shop?.seller;
      if (!shop || !seller) {
        await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
        return;
      }
      if (!reachable(ctx, shops).some((s) => s.id === shop.id)) {
        await ctx.answerCallbackQuery({ text: ctx.t("returns-not-your-store"), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery();
      try {
        const request = await seller.returns.rfbsGet(id);
        const decides = decidesFor(ctx, shop.id);
        const keyboard = decides
          ? rfbsKeyboard(codec, ctx.t, id, shop.ref, request.actions)
          : undefined;
        const text = rfbsCardText(ctx.t, request, decisionDeadline(request.createdAt), format(ctx));
        const card = withShopTag(ctx.t, shops, shop.id, text);
        await ctx.reply(
          notice ? `${notice}\n\n${card}` : card,
          keyboard ? { reply_markup: keyboard } : {},
        );
      } catch (error) {
        await ctx.reply(ozonWords(ctx.t, error));
      }
    };

    router.button(OPEN_RFBS, VIEWERS, (ctx, [id, ref]) => showCard(ctx, id, ref));

    // An older card's decision (approve, reject…): Ozon names its actions now; the card anew.
    router.button(DECIDE_RFBS_OLD, DECIDERS, (ctx, [id, ref]) =>
      showCard(ctx, id, ref, ctx.t("returns-card-outdated")),
    );

    router.button(
      ACT_RFBS,
      DECIDERS,
      async (ctx, [id, ref, actionId]) => {
        // A seller limited to some stores decides only theirs.
        const shop = shops.byRef(ref);
        if (!shop || !decidesFor(ctx, shop.id)) {
          await ctx.answerCallbackQuery({
            text: ctx.t("returns-not-your-store"),
            show_alert: true,
          });
          return;
        }
        await ctx.answerCallbackQuery();
        // A card a dialog left behind shows its buttons again; then the decision's dialog.
        const card = openDialogCard(ctx);
        await ctx.conversation.exitAll();
        if (card) {
          takeShownCard(ctx, card.messageId);
          await restoreCard(ctx, card);
        }
        const target: DecideTarget = { id, shop: ref, actionId };
        await ctx.conversation.enter(DECIDE_CONVERSATION, target);
      },
      { entersConversation: true },
    );
    return undefined;
  };
}
