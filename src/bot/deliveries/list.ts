/**
 * /deliveries: the seller's own deliveries on their way, of every shop the person delivers for,
 * by status in the order they pass them, oldest first, a button per posting opening its card, and
 * "✅ N" for each one Delivered is open for, which asks to confirm it at once (steps.ts).
 * In pages within Telegram's limits (core/pager.ts): ◀️ ▶️ read the list afresh and turn the
 * page for whoever opened it.
 * Tests: none directly
 */
import { deliveriesInProgress, type StatusGroup } from "../../services/deliveries/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { clampPage, ownPagePress, packPages, pageOwner } from "../core/pager.ts";
import { isNotModified } from "../core/screen-text.ts";
import { shopTag } from "../core/shop-tags.ts";
import { describeOzonError, problemText } from "../postings/index.ts";
import { DELIVERIES_PAGE } from "./buttons.ts";
import { type ListEntry, listEntries, listText } from "./format.ts";
import { listKeyboard } from "./keyboards.ts";
import { DELIVERY_ROLES, deliveryShops } from "./shop.ts";

/** A page's postings: at most this many buttons (five rows of eight read well)… */
export const PAGE_BUTTONS = 40;
/** …and this much text of theirs (the title and Telegram's 4096 leave room). */
export const PAGE_CHARS = 3500;

export function registerList(deps: FeatureDeps, shops: ShopRegistry, now: () => number): void {
  const { router, codec, logger } = deps;

  /** Page `requested` of the list for `owner`; the shops Ozon failed for are told apart. */
  async function screen(ctx: BotContext, requested: number, owner: number) {
    const mine = deliveryShops(ctx.person, shops);
    if (mine.length === 0) return { text: ctx.t("deliveries-no-shops"), failures: [] };
    const groups: Array<StatusGroup & { tag: string; ref: string }> = [];
    const failures: string[] = [];
    for (const shop of mine) {
      try {
        for (const group of await deliveriesInProgress(shop.seller, now())) {
          groups.push({ ...group, tag: shopTag(ctx.t, shops, shop.id), ref: shop.ref });
        }
      } catch (error) {
        logger.info({ err: error, shop: shop.id }, "deliveries not listed");
        const problem = problemText(ctx.t, describeOzonError(error));
        failures.push(ctx.t("deliveries-list-failed", { name: shop.name, reason: problem }));
      }
    }
    const entries = listEntries(ctx.t, groups);
    const pages = packPages(entries, sizeOf, { chars: PAGE_CHARS, buttons: PAGE_BUTTONS });
    const page = clampPage(requested, pages.length);
    const shown = pages[page] ?? [];
    const text = listText(ctx.t, entries.length, shown);
    const pager = { page, pages: pages.length, owner };
    const keyboard = shown.length > 0 ? listKeyboard(codec, ctx.t, shown, pager) : undefined;
    return { text, keyboard, failures };
  }

  router.command("deliveries", async (ctx: BotContext) => {
    await ctx.replyWithChatAction("typing");
    const { text, keyboard, failures } = await screen(ctx, 0, pageOwner(ctx));
    for (const failure of failures) await ctx.reply(failure);
    await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
  });

  router.button(DELIVERIES_PAGE, DELIVERY_ROLES, async (ctx, [page, owner]) => {
    if (!(await ownPagePress(ctx, owner, "deliveries-list-not-yours"))) return;
    await ctx.answerCallbackQuery();
    const { text, keyboard, failures } = await screen(ctx, page, owner);
    for (const failure of failures) await ctx.reply(failure);
    await ctx
      .editMessageText(text, keyboard ? { reply_markup: keyboard } : {})
      .catch((error: unknown) => {
        if (!isNotModified(error)) throw error;
      });
  });
}

/**
 * An entry's share of a page: its line, and its heading (counted as if each had its own); its
 * card's button, and its ✅ N when it has one (the hint under the list is left room for).
 */
function sizeOf(entry: ListEntry) {
  const chars = entry.heading.length + entry.line.length + 3;
  return { chars, buttons: entry.deliverable ? 2 : 1 };
}
