/**
 * `/rating`: each shop the person reaches, its ratings with their zones and the FBS error index.
 * Tests: none directly
 */
import type { FbsErrorIndex } from "../../ozon/seller/ratings.ts";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import { clip } from "../../text.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { ratingsScreen } from "./format.ts";
import { ozonWords } from "./ozon-words.ts";

/** A message stays well inside Telegram's 4096 characters. */
const SCREEN_LIMIT = 4000;

export function ratingsFeature(deps: FeatureDeps): undefined {
  deps.router.command("rating", async (ctx: BotContext) => {
    const shops = shopsInScope(ctx.person, "manager", deps.shops.all()).filter(
      (shop) => shop.seller !== undefined,
    );
    if (shops.length === 0) {
      await ctx.reply(ctx.t("ratings-no-stores"));
      return;
    }
    const parts: string[] = [];
    for (const shop of shops) {
      const seller = shop.seller;
      if (!seller) continue;
      const head = deps.shops.many ? `🏪 ${shop.name}\n` : "";
      try {
        const ratings = await seller.ratings.current();
        const index: FbsErrorIndex | undefined = await seller.ratings
          .fbsErrorIndex()
          .catch(() => undefined);
        parts.push(head + ratingsScreen(ctx.t, ratings, index));
      } catch (error) {
        parts.push(head + ozonWords(ctx.t, error));
      }
    }
    await ctx.reply(clip(parts.join("\n\n"), SCREEN_LIMIT));
  });
  return undefined;
}
