/**
 * /track: tracking numbers typed as lines `posting number — tracking number` (one line is one
 * posting). A preview names the bad lines; ✅ Apply sends the good ones once (the batch is taken
 * from the store: a double tap or another process gets nothing), to each shop the person delivers
 * for in turn (a posting another shop does not know goes on to the next), and says per posting
 * what Ozon did.
 * Tests: none directly
 */
import type { DeliveryResult } from "../../ozon/seller/deliveries.ts";
import {
  applyTracking,
  DeliveryCardBook,
  MAX_TRACKING_LINES,
  parseTrackingLines,
  TrackingBatches,
  type TrackingPair,
} from "../../services/deliveries/index.ts";
import type { SellerShop } from "../../shops/availability.ts";
import { actorOf, resultOf } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { commandArgs } from "../core/router.ts";
import { describeOzonError, problemText } from "../postings/index.ts";
import { APPLY_TRACKING, DROP_TRACKING } from "./buttons.ts";
import type { RedrawDeps } from "./cards.ts";
import { redrawEverywhere } from "./cards.ts";
import { appliedText, previewText, type TrackingOutcome } from "./format.ts";
import { batchKeyboard } from "./keyboards.ts";
import { DELIVERY_ROLES, deliveryShops } from "./shop.ts";
import type { StepsDeps } from "./steps.ts";

/** Cards redrawn after a batch at most (the rest show it at their next Refresh). */
const REDRAWN_AFTER_BATCH = 20;

export function registerTracking(deps: FeatureDeps, area: StepsDeps): void {
  const { router, codec, logger, store, i18n, access } = deps;
  const shops = area.redraw.shops;
  const batches = new TrackingBatches(store);
  const redrawDeps: RedrawDeps = { ...area.redraw, codec, i18n, access, logger };

  router.command("track", async (ctx: BotContext) => {
    const text = commandArgs(ctx);
    if (text === "") {
      await ctx.reply(ctx.t("deliveries-track-usage"));
      return;
    }
    if (text.split(/\r?\n/).length > MAX_TRACKING_LINES) {
      await ctx.reply(ctx.t("deliveries-track-too-many", { max: MAX_TRACKING_LINES }));
      return;
    }
    const from = ctx.from;
    if (!from) return;
    const { pairs, bad } = parseTrackingLines(text);
    const preview = previewText(ctx.t, pairs, bad);
    if (pairs.length === 0) {
      await ctx.reply(`${preview}\n\n${ctx.t("deliveries-track-usage")}`);
      return;
    }
    const id = await batches.save({ owner: from.id, pairs });
    await ctx.reply(preview, { reply_markup: batchKeyboard(codec, ctx.t, id) });
  });

  /** The batch of a pressed button when it is this person's; undefined when told why not. */
  async function ownBatch(ctx: BotContext, id: string) {
    const batch = await batches.peek(id);
    if (!batch) {
      await ctx.answerCallbackQuery({ text: ctx.t("deliveries-batch-gone"), show_alert: true });
      return undefined;
    }
    if (batch.owner !== ctx.from?.id) {
      await ctx.answerCallbackQuery({
        text: ctx.t("deliveries-batch-not-yours"),
        show_alert: true,
      });
      return undefined;
    }
    return batch;
  }

  router.button(APPLY_TRACKING, DELIVERY_ROLES, async (ctx, [id]) => {
    if (!(await ownBatch(ctx, id))) return;
    const batch = await batches.take(id);
    if (!batch) {
      await ctx.answerCallbackQuery({ text: ctx.t("deliveries-batch-gone"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery({ text: ctx.t("deliveries-working") });
    const mine = deliveryShops(ctx.person, shops);
    if (mine.length === 0) {
      await ctx.editMessageText(ctx.t("deliveries-no-shops"));
      return;
    }
    const { outcomes, applied } = await applyToShops(ctx, mine, batch.pairs);
    await ctx.editMessageText(appliedText(ctx.t, outcomes));
    const api = area.api() ?? ctx.api;
    void (async () => {
      for (const { shop, postingNumber } of applied.slice(0, REDRAWN_AFTER_BATCH)) {
        if ((await new DeliveryCardBook(shop.store).cardsOf(postingNumber)).length === 0) continue;
        const posting = await shop.seller.postings.get(postingNumber).catch(() => undefined);
        if (posting) await redrawEverywhere(redrawDeps, api, shop, posting, undefined);
      }
    })().catch((error: unknown) => logger.warn({ err: error }, "cards after tracking not redrawn"));
  });

  router.button(DROP_TRACKING, DELIVERY_ROLES, async (ctx, [id]) => {
    if (!(await ownBatch(ctx, id))) return;
    await batches.take(id);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("deliveries-batch-dropped"));
  });

  async function applyToShops(ctx: BotContext, mine: SellerShop[], pairs: TrackingPair[]) {
    const tracking = new Map(pairs.map((p) => [p.postingNumber, p.trackingNumber]));
    const final = new Map<string, DeliveryResult>();
    const applied: Array<{ shop: SellerShop; postingNumber: string }> = [];
    let left = pairs;
    for (const [i, shop] of mine.entries()) {
      if (left.length === 0) break;
      const last = i === mine.length - 1;
      let results: DeliveryResult[];
      let thrown: { error: unknown } | undefined;
      try {
        results = await applyTracking(shop.seller, left);
      } catch (error) {
        thrown = { error };
        const reason = problemText(ctx.t, describeOzonError(error));
        results = left.map((p) => ({ postingNumber: p.postingNumber, ok: false, error: reason }));
      }
      const records: Array<Promise<unknown>> = [];
      const next: TrackingPair[] = [];
      for (const result of results) {
        const unknown = !result.ok && /NOT_FOUND/i.test(result.error ?? "");
        if (unknown && !last) {
          next.push({
            postingNumber: result.postingNumber,
            trackingNumber: tracking.get(result.postingNumber) ?? "",
          });
          continue;
        }
        final.set(result.postingNumber, result);
        if (result.ok) applied.push({ shop, postingNumber: result.postingNumber });
        const to = tracking.get(result.postingNumber);
        records.push(recordTracking(ctx, shop, result, to, thrown));
      }
      await Promise.all(records);
      left = next;
    }
    const outcomes: TrackingOutcome[] = pairs.map((p) => {
      const r = final.get(p.postingNumber);
      return { ...p, ok: r?.ok ?? false, error: r?.error };
    });
    return { outcomes, applied };
  }

  /** One record per posting: the tracking number set, refused in Ozon's words, or failed. */
  function recordTracking(
    ctx: BotContext,
    shop: SellerShop,
    result: DeliveryResult,
    trackingNumber: string | undefined,
    thrown: { error: unknown } | undefined,
  ): Promise<unknown> {
    if (!area.audit) return Promise.resolve();
    return area.audit.record({
      kind: "delivery-step",
      actor: actorOf(ctx),
      shopId: shop.id,
      objectId: result.postingNumber,
      via: "tracking",
      ...(trackingNumber ? { to: trackingNumber } : {}),
      result: thrown
        ? resultOf(thrown.error)
        : result.ok
          ? { status: "done" }
          : { status: "refused", words: result.error || "—" },
    });
  }
}
