/**
 * /today: for each shop the person's warehouse role reaches, the postings to ship today per
 * warehouse and cut-off — how many, how many packed, how many late — with a button to list each
 * group (lines and Card buttons as in /postings), labels of all packed today, and the handover.
 * Buttons (buttons.ts): TODAY_GROUP a group · TODAY_LABELS labels (today-labels.ts) ·
 * OPEN_LABEL_PICK labels for postings picked one by one (label-picker.ts) · TODAY_HANDOVER the
 * handover dialog.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { LabelDesk } from "../../services/postings/label-desk.ts";
import { type TodayGroup, todayBoard } from "../../services/postings/today.ts";
import { auditTrailOf } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { newRow } from "../core/keyboard-rows.ts";
import type { FeatureFactory } from "../core/module.ts";
import { showScreen } from "../core/screen-text.ts";
import { shopTag, withShopTag } from "../core/shop-tags.ts";
import {
  OPEN_LABEL_PICK,
  OPEN_POSTING,
  TODAY_GROUP,
  TODAY_HANDOVER,
  TODAY_LABELS,
} from "./buttons.ts";
import { describeOzonError, formatMoment, formatOf, postingGist, problemText } from "./format.ts";
import { HANDOVER_CONVERSATION } from "./handover-dialog.ts";
import { registerLabelPicker } from "./label-picker.ts";
import {
  type PostingShops,
  reachableShops,
  type SellerShop,
  shopOfButton,
} from "./posting-shop.ts";
import { boardGroup, groupArgs, groupRefOf } from "./today-buttons.ts";
import { registerTodayLabels } from "./today-labels.ts";

/** Postings a group's list shows (a Card button each); the rest are counted. */
const GROUP_LIST_MAX = 20;

export interface TodayFeatureDeps {
  shops: PostingShops;
  /** The shop's desk that follows label batches (undefined while the module is stopped). */
  labelDeskOf(shopId: string): LabelDesk | undefined;
}

export function todayFeature(area: TodayFeatureDeps): FeatureFactory {
  return (deps: FeatureDeps) => {
    const { router, codec, config, logger } = deps;
    const where = area.shops;
    const { shops } = where;
    const now = () => Date.now();

    async function shopSection(ctx: BotContext, shop: SellerShop, keyboard: InlineKeyboard) {
      const tag = shopTag(ctx.t, shops, shop.id);
      let board: Awaited<ReturnType<typeof todayBoard>>;
      try {
        board = await todayBoard(shop.seller.shipping, now(), config.timezone);
      } catch (error) {
        logger.warn({ err: error, shop: shop.id }, "today's board failed");
        const problem = problemText(ctx.t, describeOzonError(error));
        return [tag, ctx.t("today-failed", { reason: problem })].filter(Boolean).join("\n");
      }
      if (board.groups.length === 0) {
        return [tag, ctx.t("today-nothing")].filter(Boolean).join("\n");
      }
      const lines = tag ? [tag] : [];
      const format = formatOf(ctx, config.timezone);
      board.groups.forEach((group, i) => {
        const index = i + 1;
        lines.push(
          ctx.t("today-group", {
            index,
            warehouse: group.warehouse,
            cutoff: formatMoment(group.cutoff, format, now()),
            total: group.toPack.length + group.packed.length,
            packed: group.packed.length,
            late: group.late,
          }),
        );
        if (i % 4 === 0) newRow(keyboard);
        const data = TODAY_GROUP.data(codec, shop.ref, ...groupArgs(group));
        keyboard.text(tag ? `${shop.name.slice(0, 12)} ${index}` : `📋 ${index}`, data);
      });
      newRow(keyboard);
      const suffix = shops.many ? ` · ${shop.name.slice(0, 16)}` : "";
      if (board.packedToday.length > 0) {
        keyboard.text(
          ctx.t("today-labels-button", { count: board.packedToday.length }) + suffix,
          TODAY_LABELS.data(codec, shop.ref, undefined, undefined),
        );
        keyboard.text(
          ctx.t("today-handover-button") + suffix,
          TODAY_HANDOVER.data(codec, shop.ref),
        );
        newRow(keyboard).text(
          ctx.t("labels-pick-open-button") + suffix,
          OPEN_LABEL_PICK.data(codec, shop.ref, undefined, undefined),
        );
      }
      return lines.join("\n");
    }

    async function showBoard(ctx: BotContext) {
      const listed = reachableShops(ctx.person, shops);
      if (listed.length === 0) return void (await showScreen(ctx, ctx.t("shop-none-for-you")));
      const keyboard = new InlineKeyboard();
      const sections: string[] = [];
      // One after another: buttons of each shop follow its section.
      for (const shop of listed) sections.push(await shopSection(ctx, shop, keyboard));
      const text = [ctx.t("today-title"), ...sections].join("\n\n");
      const buttons = keyboard.inline_keyboard.some((row) => row.length > 0);
      await showScreen(ctx, text, buttons ? keyboard : undefined);
    }

    async function pressedShop(ctx: BotContext, ref: string) {
      const found = shopOfButton(ctx.t, ctx.person, where, ref);
      if (found.ok) return found.shop;
      await ctx.answerCallbackQuery({ text: found.text, show_alert: true });
      return undefined;
    }

    function groupScreen(ctx: BotContext, shop: SellerShop, group: TodayGroup) {
      const format = formatOf(ctx, config.timezone);
      const keyboard = new InlineKeyboard();
      const all = [...group.toPack, ...group.packed];
      const lines = [
        ctx.t("today-group-title", {
          warehouse: group.warehouse,
          cutoff: formatMoment(group.cutoff, format, now()),
          total: all.length,
          packed: group.packed.length,
        }),
        "",
      ];
      all.slice(0, GROUP_LIST_MAX).forEach((posting, i) => {
        const index = i + 1;
        const packed = group.packed.includes(posting);
        const gist = postingGist(posting, format);
        const mark = packed
          ? "✅"
          : posting.shipmentDate && Date.parse(posting.shipmentDate) < now()
            ? "⏰"
            : "📦";
        lines.push(
          `${mark} ${ctx.t("postings-list-line", { index, gist, posting: posting.postingNumber })}`,
        );
        if (i % 5 === 0) newRow(keyboard);
        keyboard.text(String(index), OPEN_POSTING.data(codec, posting.postingNumber, shop.ref));
      });
      if (all.length > GROUP_LIST_MAX) {
        lines.push("", ctx.t("today-group-more", { count: all.length - GROUP_LIST_MAX }));
      }
      if (group.packed.length > 0) {
        const id = [shop.ref, ...groupArgs(group)] as const;
        newRow(keyboard).text(
          ctx.t("today-group-labels-button", { count: group.packed.length }),
          TODAY_LABELS.data(codec, ...id),
        );
        keyboard.text(ctx.t("labels-pick-open-button"), OPEN_LABEL_PICK.data(codec, ...id));
      }
      return { text: withShopTag(ctx.t, shops, shop.id, lines.join("\n")), keyboard };
    }

    router.command("today", (ctx) => showBoard(ctx));
    router.command(
      "handover",
      async (ctx) => {
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(HANDOVER_CONVERSATION, {});
      },
      { entersConversation: true },
    );

    router.button(TODAY_GROUP, ["warehouse"], async (ctx, [ref, warehouse, minute]) => {
      const asked = groupRefOf(warehouse, minute);
      const shop = await pressedShop(ctx, ref);
      if (!shop) return;
      await ctx.answerCallbackQuery();
      try {
        const board = await todayBoard(shop.seller.shipping, now(), config.timezone);
        const group = boardGroup(board, asked);
        if (!group)
          return void (await ctx.reply(
            withShopTag(ctx.t, shops, shop.id, ctx.t("today-group-gone")),
          ));
        const { text, keyboard } = groupScreen(ctx, shop, group);
        await ctx.reply(text, {
          reply_markup: keyboard,
          link_preview_options: { is_disabled: true },
        });
      } catch (error) {
        await ctx.reply(problemText(ctx.t, describeOzonError(error)));
      }
    });

    router.button(
      TODAY_HANDOVER,
      ["warehouse"],
      async (ctx, [ref]) => {
        const shop = await pressedShop(ctx, ref);
        if (!shop) return;
        await ctx.answerCallbackQuery();
        await ctx.conversation.exitAll();
        await ctx.conversation.enter(HANDOVER_CONVERSATION, { shop: shop.ref });
      },
      { entersConversation: true },
    );

    registerLabelPicker({
      router,
      codec,
      timezone: config.timezone,
      where,
      pressedShop,
      labelDeskOf: area.labelDeskOf,
      audit: auditTrailOf(deps),
    });
    registerTodayLabels({
      router,
      codec,
      logger,
      timezone: config.timezone,
      where,
      pressedShop,
      labelDeskOf: area.labelDeskOf,
      audit: auditTrailOf(deps),
    });
    return undefined;
  };
}
