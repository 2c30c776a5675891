/**
 * Postings for warehouse staff: /postings (paged; a line and a Pack button per posting, the rest
 * of its buttons on its card), opening a posting's card, the package label as a PDF (one tap, one
 * file), and the entries into the ship and cancel dialogs (/ship, /cancel_posting and the Ship /
 * Cancel buttons, posting preselected).
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import { oneTapBusy, packOneTap } from "../../services/postings/one-tap.ts";
import { AWAITING_DELIVER } from "../../services/postings/today.ts";
import type { AuditRecorder } from "../audit/index.ts";
import { historyButton } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { openDialogCard, restoreCard, takeShownCard } from "../core/dialog/person-places.ts";
import { mayUse } from "../core/guard.ts";
import type { FeatureFactory } from "../core/module.ts";
import { commandArgs } from "../core/router.ts";
import { withShopTag } from "../core/shop-tags.ts";
import {
  CANCEL_POSTING,
  LABEL,
  OPEN_POSTING,
  POSTINGS_PAGE,
  QUICK_PACK,
  SHIP,
  SPLIT,
} from "./buttons.ts";
import { CANCEL_POSTING_CONVERSATION } from "./cancel-dialog.ts";
import {
  AWAITING_PACKAGING,
  describeOzonError,
  formatOf,
  postingCard,
  problemText,
} from "./format.ts";
import { labelKeyboard, postingKeyboard } from "./keyboards.ts";
import { drawOneTap, LABEL_ONCE_MS, labelKey, sendLabel } from "./pack-label.ts";
import { packerOf } from "./packer.ts";
import { type PostingShops, type SellerShop, shopOfButton } from "./posting-shop.ts";
import type { PackedAnnouncer, PostingTarget } from "./posting-steps.ts";
import { postingsList } from "./postings-list.ts";
import { SHIP_CONVERSATION } from "./ship-dialog.ts";

export interface PostingsFeatureDeps {
  /** The shops; each button's shop keeps its Label idempotency keys (shared with Redis). */
  shops: PostingShops;
  /** What «Pack in 1 box» needs besides the bot's own deps (the other chats' cards). */
  quickPack?: { announcePacked?: PackedAnnouncer; audit?: AuditRecorder };
}

/** Leaves any open dialog of this person here, then enters `id` (with the posting, if any). */
async function enter(ctx: BotContext, id: string, target: PostingTarget): Promise<void> {
  // A card the dialog left behind shows the posting and its buttons again.
  const card = openDialogCard(ctx);
  await ctx.conversation.exitAll();
  if (card) {
    takeShownCard(ctx, card.messageId);
    await restoreCard(ctx, card);
  }
  await ctx.conversation.enter(id, target);
}

export function postingsFeature(area: PostingsFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, config, logger } = deps;
    const where = area.shops;
    const { shops } = where;
    const labels = { shops, logger };
    const showList = postingsList({ codec, timezone: config.timezone, logger, where });

    /** The shop of a pressed button, or undefined when the person was told why not. */
    async function pressedShop(ctx: BotContext, ref: string | undefined) {
      const found = shopOfButton(ctx.t, ctx.person, where, ref);
      if (found.ok) return found.shop;
      await ctx.answerCallbackQuery({ text: found.text, show_alert: true });
      return undefined;
    }

    router.command("postings", (ctx) => showList(ctx, 0, undefined));
    router.button(POSTINGS_PAGE, ["warehouse"], async (ctx, [page, ref]) => {
      let shop: SellerShop | undefined;
      if (ref !== undefined) {
        shop = await pressedShop(ctx, ref);
        if (!shop) return;
      }
      await ctx.answerCallbackQuery();
      await showList(ctx, page, shop);
    });

    router.button(OPEN_POSTING, ["warehouse"], async (ctx, [number, ref]) => {
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      await ctx.answerCallbackQuery();
      try {
        const posting = await shop.seller.postings.get(number);
        const card = postingCard(posting, formatOf(ctx, config.timezone));
        // The buttons follow the state: packing while it waits, the label once packed.
        const history = historyButton(ctx.t, codec, "p", number);
        let keyboard = new InlineKeyboard();
        if (posting.status === AWAITING_PACKAGING) {
          const lines = posting.products.map((p) => ({ sku: String(p.sku), name: p.name }));
          keyboard = postingKeyboard(codec, ctx.t, posting, mayWriteToBuyer(ctx), shop.ref, lines);
          keyboard.row();
        } else if (posting.status === AWAITING_DELIVER) {
          keyboard = labelKeyboard(codec, ctx.t, [number], number, shop.ref).row();
        }
        await ctx.reply(withShopTag(ctx.t, shops, shop.id, card), {
          reply_markup: keyboard.add(history),
        });
      } catch (error) {
        await ctx.reply(problemText(ctx.t, describeOzonError(error, number)));
      }
    });

    router.button(LABEL, ["warehouse"], async (ctx, [number, ref]) => {
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      const { store } = shop;
      const key = labelKey(ctx, number);
      if (!(await store.setIfAbsent(key, true, { ttlMs: LABEL_ONCE_MS }))) {
        return ctx.answerCallbackQuery({ text: ctx.t("postings-label-once") });
      }
      await ctx.answerCallbackQuery({ text: ctx.t("postings-label-preparing") });
      // When no file went out, the next tap tries again at once.
      const sent = await sendLabel(ctx, shop, number, labels).catch(async (error: unknown) => {
        await store.delete(key);
        throw error;
      });
      if (!sent) await store.delete(key);
    });

    const entering = { entersConversation: true } as const;
    const typed = (ctx: BotContext): PostingTarget => {
      const posting = commandArgs(ctx);
      return posting ? { posting } : {};
    };
    router.command("ship", (ctx) => enter(ctx, SHIP_CONVERSATION, typed(ctx)), entering);
    router.command(
      "cancel_posting",
      (ctx) => enter(ctx, CANCEL_POSTING_CONVERSATION, typed(ctx)),
      entering,
    );
    const pressed =
      (id: string, split = false) =>
      async (ctx: BotContext, [number, ref]: readonly [string, string | undefined]) => {
        const shop = await pressedShop(ctx, ref);
        if (!shop) return;
        await ctx.answerCallbackQuery();
        await enter(ctx, id, { posting: number, shop: shop.ref, ...(split && { split }) });
      };
    router.button(SHIP, ["warehouse"], pressed(SHIP_CONVERSATION), entering);
    router.button(SPLIT, ["warehouse"], pressed(SHIP_CONVERSATION, true), entering);
    router.button(
      QUICK_PACK,
      ["warehouse"],
      async (ctx, [number, ref]) => {
        const shop = await pressedShop(ctx, ref);
        if (!shop) return;
        // Answered before Ozon is asked: a phone shows the tap was taken.
        // Someone's tap is packing it now: say so at once (packOneTap checks again, atomically).
        const free = !(await oneTapBusy(shop, number));
        await ctx.answerCallbackQuery({
          text: ctx.t(free ? "postings-quick-packing" : "postings-quick-busy"),
          ...(free ? {} : { show_alert: true }),
        });
        if (!free) return;
        const { audit, announcePacked } = area.quickPack ?? {};
        const request = { postingNumber: number, packer: packerOf(ctx), ...(audit && { audit }) };
        const outcome = await packOneTap(shop, request);
        const draw = {
          codec,
          timezone: config.timezone,
          shops,
          labels,
          ...(announcePacked && { announcePacked }),
        };
        if ((await drawOneTap(ctx, shop, number, outcome, draw)) === "dialog") {
          await enter(ctx, SHIP_CONVERSATION, { posting: number, shop: shop.ref, oneBox: true });
        }
      },
      entering,
    );
    router.button(CANCEL_POSTING, ["warehouse"], pressed(CANCEL_POSTING_CONVERSATION), entering);
    return undefined;
  };
}

/** Write to buyer is offered where it can work: a seller's (or admin's) private chat, or a group. */
function mayWriteToBuyer(ctx: BotContext): boolean {
  return ctx.chat?.type !== "private" || mayUse(ctx.person, ["seller"]);
}
