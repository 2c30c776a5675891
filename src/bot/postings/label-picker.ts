/**
 * Labels for a chosen set: from /today (all packed today of a store, or one group), a warehouse
 * person opens a list of the packed postings, ticks them one by one (✅), page by page, and asks
 * "Labels for N": one PDF, prepared as any batch (label-batch.ts). The list and the choice are
 * kept in the store (label-pick.ts); only the person who opened the list may use its buttons.
 * Buttons (buttons.ts): OPEN_LABEL_PICK opens the list · LABEL_PICK its toggles, pages, clear
 * and go.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import {
  chosenNumbers,
  type LabelPick,
  LabelPicks,
  PICK_CHOSEN_MAX,
  type PickCandidate,
  pageCount,
  pageIndexes,
  toggle,
  togglePage,
} from "../../services/postings/label-pick.ts";
import { todayBoard } from "../../services/postings/today.ts";
import type { BotContext } from "../core/context.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { CHOSEN, chosenLabel, NOT_CHOSEN } from "../core/marks.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { LABEL_PICK, OPEN_LABEL_PICK } from "./buttons.ts";
import { clip, describeOzonError, formatOf, postingGist, problemText } from "./format.ts";
import { claimBatchTap, startLabelBatch } from "./label-batch.ts";
import type { SellerShop } from "./posting-shop.ts";
import { boardGroup, groupOrAll, type TodayButtonDeps } from "./today-buttons.ts";

export function registerLabelPicker(deps: TodayButtonDeps): void {
  const { router, codec, timezone, where } = deps;
  const { shops } = where;

  function screen(ctx: BotContext, shop: SellerShop, pick: LabelPick) {
    const pages = pageCount(pick);
    const page = Math.min(pick.page, pages - 1);
    const chosen = new Set(pick.chosen);
    const lines = [
      ctx.t("labels-pick-title", {
        chosen: chosen.size,
        count: pick.candidates.length,
        max: PICK_CHOSEN_MAX,
      }),
    ];
    if (pages > 1) lines.push(ctx.t("labels-pick-page", { page: page + 1, pages }));
    lines.push("");
    const keyboard = new InlineKeyboard();
    const data = (action: "t" | "a" | "p" | "c" | "g", arg?: number) =>
      LABEL_PICK.data(codec, shop.ref, pick.id, action, arg);
    pageIndexes(pick, page).forEach((index, i) => {
      const candidate = pick.candidates[index] as PickCandidate;
      const mark = chosen.has(index) ? CHOSEN : NOT_CHOSEN;
      lines.push(`${mark} ${index + 1}. ${candidate.postingNumber} · ${candidate.gist}`);
      if (i % 5 === 0) newRow(keyboard);
      keyboard.text(chosenLabel(String(index + 1), chosen.has(index)), data("t", index));
    });
    if (pages > 1) {
      newRow(keyboard);
      keyboard.text("◀️", data("p", (page + pages - 1) % pages));
      keyboard.text(`${page + 1}/${pages}`, data("p", page));
      keyboard.text("▶️", data("p", (page + 1) % pages));
    }
    newRow(keyboard).text(ctx.t("labels-pick-page-button"), data("a", page));
    if (chosen.size > 0) keyboard.text(ctx.t("labels-pick-clear-button"), data("c"));
    newRow(keyboard).text(ctx.t("labels-pick-go-button", { count: chosen.size }), data("g"));
    return { text: withShopTag(ctx.t, shops, shop.id, lines.join("\n")), keyboard };
  }

  router.button(OPEN_LABEL_PICK, ["warehouse"], async (ctx, [ref, warehouse, minute]) => {
    const asked = groupOrAll(warehouse, minute);
    const shop = await deps.pressedShop(ctx, ref);
    if (!shop || !ctx.from) return;
    await ctx.answerCallbackQuery();
    const tagged = (text: string) => withShopTag(ctx.t, shops, shop.id, text);
    let candidates: PickCandidate[];
    try {
      const board = await todayBoard(shop.seller.shipping, Date.now(), timezone);
      const groups = asked === "all" ? board.groups : [boardGroup(board, asked)];
      const format = formatOf(ctx, timezone);
      candidates = groups.flatMap((group) =>
        (group?.packed ?? []).map((posting) => ({
          postingNumber: posting.postingNumber,
          gist: clip(postingGist(posting, format), 60),
        })),
      );
    } catch (error) {
      return void (await ctx.reply(tagged(problemText(ctx.t, describeOzonError(error)))));
    }
    if (candidates.length === 0) return void (await ctx.reply(tagged(ctx.t("labels-none-packed"))));
    const pick = await new LabelPicks(shop.store).open(ctx.from.id, candidates);
    const { text, keyboard } = screen(ctx, shop, pick);
    await ctx.reply(text, { reply_markup: keyboard, link_preview_options: { is_disabled: true } });
  });

  router.button(LABEL_PICK, ["warehouse"], async (ctx, [ref, id, action, arg]) => {
    const shop = await deps.pressedShop(ctx, ref);
    if (!shop) return;
    const picks = new LabelPicks(shop.store);
    const pick = await picks.get(id);
    if (!pick) {
      return ctx.answerCallbackQuery({ text: ctx.t("labels-pick-expired"), show_alert: true });
    }
    if (pick.owner !== ctx.from?.id) {
      return ctx.answerCallbackQuery({ text: ctx.t("labels-pick-not-yours"), show_alert: true });
    }
    // t, a and p carry their index or page (the declaration's rule); c and g none.
    const number = arg ?? 0;
    if (action === "g") return go(ctx, shop, picks, pick);
    let change: "ok" | "full" = "ok";
    if (action === "t") {
      if (number >= pick.candidates.length) {
        return ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      }
      change = toggle(pick, number);
    } else if (action === "a") {
      change = togglePage(pick, Math.min(number, pageCount(pick) - 1));
    } else if (action === "p") {
      pick.page = Math.min(number, pageCount(pick) - 1);
    } else {
      pick.chosen = [];
    }
    await picks.save(pick);
    await ctx.answerCallbackQuery(
      change === "full"
        ? { text: ctx.t("labels-pick-full", { max: PICK_CHOSEN_MAX }), show_alert: true }
        : {},
    );
    const { text, keyboard } = screen(ctx, shop, pick);
    await ctx
      .editMessageText(text, {
        reply_markup: keyboard,
        link_preview_options: { is_disabled: true },
      })
      .catch(() => undefined); // "message is not modified": a page button of the page shown
  });

  async function go(ctx: BotContext, shop: SellerShop, picks: LabelPicks, pick: LabelPick) {
    const numbers = chosenNumbers(pick);
    if (numbers.length === 0) {
      return ctx.answerCallbackQuery({ text: ctx.t("labels-pick-empty"), show_alert: true });
    }
    const onceKey = `labels-picked:${pick.id}`;
    if (!(await claimBatchTap(ctx, shop, onceKey))) return;
    await picks.close(pick);
    const asked = ctx.t("labels-pick-asked", { count: numbers.length });
    await ctx
      .editMessageText(withShopTag(ctx.t, shops, shop.id, `${asked}\n${numbers.join(", ")}`))
      .catch(() => undefined);
    await startLabelBatch(ctx, {
      shops,
      shop,
      desk: deps.labelDeskOf(shop.id),
      numbers,
      onceKey,
      ...(deps.audit && { audit: deps.audit }),
    });
  }
}
