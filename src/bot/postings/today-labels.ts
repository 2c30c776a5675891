/**
 * Labels in batches from /today (TODAY_LABELS, buttons.ts): every packed posting of today of a
 * shop, or of one group of the board, as one PDF. The batch is started here and
 * followed by the shop's LabelDesk (label-batch.ts): progress, "will send when ready" when Ozon
 * is slow, and the PDF when it is done, also after a restart.
 * Tests: none directly
 */
import type { Logger } from "../../logger.ts";
import { todayBoard } from "../../services/postings/today.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { TODAY_LABELS } from "./buttons.ts";
import { describeOzonError, problemText } from "./format.ts";
import { claimBatchTap, startLabelBatch } from "./label-batch.ts";
import { boardGroup, groupOrAll, type TodayButtonDeps } from "./today-buttons.ts";

export interface TodayLabelsDeps extends TodayButtonDeps {
  logger: Logger;
}

export function registerTodayLabels(deps: TodayLabelsDeps): void {
  const { router, timezone, where } = deps;
  const { shops } = where;

  router.button(TODAY_LABELS, ["warehouse"], async (ctx, [ref, warehouse, minute]) => {
    const asked = groupOrAll(warehouse, minute);
    const shop = await deps.pressedShop(ctx, ref);
    if (!shop) return;
    const onceKey = `today-labels:${ctx.chat?.id ?? ctx.from?.id}:${warehouse ?? "all"}:${minute ?? ""}`;
    if (!(await claimBatchTap(ctx, shop, onceKey))) return;
    const tagged = (text: string) => withShopTag(ctx.t, shops, shop.id, text);
    let numbers: string[];
    try {
      const board = await todayBoard(shop.seller.shipping, Date.now(), timezone);
      if (asked === "all") {
        numbers = board.packedToday;
      } else {
        numbers = boardGroup(board, asked)?.packed.map((p) => p.postingNumber) ?? [];
      }
    } catch (error) {
      await shop.store.delete(onceKey);
      return void (await ctx.reply(tagged(problemText(ctx.t, describeOzonError(error)))));
    }
    if (numbers.length === 0) {
      await shop.store.delete(onceKey);
      return void (await ctx.reply(tagged(ctx.t("labels-none-packed"))));
    }
    try {
      await startLabelBatch(ctx, {
        shops,
        shop,
        desk: deps.labelDeskOf(shop.id),
        numbers,
        onceKey,
        ...(deps.audit && { audit: deps.audit }),
      });
    } catch (error) {
      // Telegram refused the progress message, say: the tap may come again.
      await shop.store.delete(onceKey);
      deps.logger.info({ err: error, shop: shop.id }, "batch labels did not start");
      throw error;
    }
  });
}
