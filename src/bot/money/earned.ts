/**
 * A posting card's money: the line "💰 to you: …" once Ozon accrued the posting, its 💰 button,
 * and the button's answer (the breakdown, from what is kept: no Ozon call). Other capabilities
 * draw posting cards; they take the line and the button from here (index.ts).
 * Tests: none directly (reached through test/bot/money/world.ts, test/bot/postings/find/harness.ts)
 */
import type { InlineKeyboard } from "grammy";
import { reachesShop } from "../../services/access/shop-scope.ts";
import { keptEarned, type PostingEarned } from "../../services/money/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { mayUse } from "../core/guard.ts";
import type { Translator } from "../core/i18n.ts";
import { kopecksMoneyText } from "../core/numbers.ts";
import { EARNED } from "./buttons.ts";

/** Who sees what a posting earned: admins and managers. */
export const MONEY_VIEWERS = ["manager"] as const;

export function maySeeMoney(ctx: BotContext): boolean {
  return mayUse(ctx.person, MONEY_VIEWERS);
}

export function earnedLine(t: Translator, earned: PostingEarned): string {
  return t("money-earned-line", { amount: kopecksMoneyText(t, BigInt(earned.total)) });
}

/** Adds the 💰 breakdown button on a row of its own. */
export function withEarnedButton(
  keyboard: InlineKeyboard,
  codec: CallbackCodec,
  t: Translator,
  postingNumber: string,
  shopRef: string,
): InlineKeyboard {
  return keyboard.row().text(t("money-earned-button"), EARNED.data(codec, postingNumber, shopRef));
}

export function earnedBreakdown(t: Translator, e: PostingEarned): string {
  const money = (k: string) => kopecksMoneyText(t, BigInt(k));
  return t("money-earned-breakdown", {
    price: money(e.price),
    commission: money(e.commission),
    delivery: money(e.delivery),
    other: money(e.other),
    total: money(e.total),
  });
}

export function earnedFeature(deps: FeatureDeps): undefined {
  deps.router.button(EARNED, ["admin", "manager"], async (ctx, [number, ref]) => {
    const shop = deps.shops.byRef(ref);
    const reaches = shop !== undefined && reachesShop(ctx.person, "manager", shop.id);
    const earned = reaches ? await keptEarned(shop.store, number) : undefined;
    await ctx.answerCallbackQuery({
      text: earned ? earnedBreakdown(ctx.t, earned) : ctx.t("money-earned-none"),
      show_alert: true,
    });
  });
  return undefined;
}
