/**
 * A posting's delivery card and its steps: open it (vc), see it as it is now (vr), ask to confirm
 * a step (va; vq from /deliveries' list, in a message of its own), do it (vd). A step acts once however many taps and processes (services/
 * deliveries/once.ts); once Ozon took it every chat's card is redrawn; a refusal is said in
 * Ozon's words and the card shows the posting as it is now.
 * Tests: none directly
 */
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import { reachesShop } from "../../services/access/shop-scope.ts";
import {
  type DeliveryAction,
  DeliveryCardBook,
  runStep,
  type StepOutcome,
} from "../../services/deliveries/index.ts";
import type { SellerShop } from "../../shops/availability.ts";
import type { AuditRecorder } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { describeOzonError, OPEN_DELIVERY_CARD, problemText } from "../postings/index.ts";
import { ASK_STEP, ASK_STEP_FROM_LIST, DO_STEP, REDRAW_CARD } from "./buttons.ts";
import { drawCard, type LastStep, type RedrawDeps, redrawEverywhere } from "./cards.ts";
import { confirmText, type DeliveryFormat, momentText } from "./format.ts";
import { actionOfCode, confirmKeyboard } from "./keyboards.ts";
import { DELIVERY_ROLES, shopOfRef } from "./shop.ts";
import { awaitTracking } from "./tracking-typed.ts";

export interface StepsDeps {
  redraw: Omit<RedrawDeps, "codec" | "i18n" | "access" | "logger">;
  /** Where steps, disputes and tracking numbers are recorded (the audit trail). */
  audit?: AuditRecorder;
  /** The bot's Api for edits in other chats (the module's, after start); else the update's. */
  api(): Api | undefined;
}

export function formatOfCtx(ctx: BotContext, timezone: string): DeliveryFormat {
  return { t: ctx.t.bind(ctx), locale: ctx.locale, timezone };
}

/** Remembers a card shown in this chat, so later steps redraw it too. */
export async function rememberCard(
  ctx: BotContext,
  shop: SellerShop,
  number: string,
  messageId: number,
  logger: Pick<Logger, "warn">,
): Promise<void> {
  const chat = ctx.chat;
  if (!chat) return;
  const kind = chat.type === "private" ? "private" : "group";
  await new DeliveryCardBook(shop.store)
    .add(number, { chatId: chat.id, messageId, kind })
    .catch((error: unknown) => logger.warn({ err: error }, "delivery card not remembered"));
}

export function registerSteps(deps: FeatureDeps, area: StepsDeps): void {
  const { router, codec, config, logger, i18n, access } = deps;
  const shops = area.redraw.shops;
  const redrawDeps: RedrawDeps = { ...area.redraw, codec, i18n, access, logger };

  /** The shop of a pressed button, or undefined when the person was told why not. */
  async function pressed(ctx: BotContext, ref: string) {
    const found = shopOfRef(ctx.t, ctx.person, shops, ref);
    if (found.ok) return found.shop;
    await ctx.answerCallbackQuery({ text: found.text, show_alert: true });
    return undefined;
  }

  /** The pressed message becomes the card as the posting is now. */
  async function showHere(
    ctx: BotContext,
    shop: SellerShop,
    number: string,
    last?: LastStep,
    quiet = false,
  ) {
    let posting: Awaited<ReturnType<SellerShop["seller"]["postings"]["get"]>>;
    try {
      posting = await shop.seller.postings.get(number);
    } catch (error) {
      if (!quiet) await ctx.reply(problemText(ctx.t, describeOzonError(error, number)));
      return undefined;
    }
    const { text, keyboard } = drawCard(
      { codec, shops, timezone: config.timezone },
      formatOfCtx(ctx, config.timezone),
      shop,
      posting,
      last,
    );
    await ctx.editMessageText(text, { reply_markup: keyboard }).catch((error: unknown) => {
      if (!/not modified/i.test(String(error))) throw error;
    });
    const id = ctx.callbackQuery?.message?.message_id;
    if (id !== undefined) await rememberCard(ctx, shop, number, id, logger);
    return posting;
  }

  router.button(OPEN_DELIVERY_CARD, DELIVERY_ROLES, async (ctx, [number, ref]) => {
    const shop = await pressed(ctx, ref);
    if (!shop) return;
    await ctx.answerCallbackQuery();
    try {
      const posting = await shop.seller.postings.get(number);
      const format = formatOfCtx(ctx, config.timezone);
      const card = drawCard({ codec, shops, timezone: config.timezone }, format, shop, posting);
      const sent = await ctx.reply(card.text, { reply_markup: card.keyboard });
      await rememberCard(ctx, shop, number, sent.message_id, logger);
    } catch (error) {
      await ctx.reply(problemText(ctx.t, describeOzonError(error, number)));
    }
  });

  router.button(REDRAW_CARD, DELIVERY_ROLES, async (ctx, [number, ref]) => {
    const shop = await pressed(ctx, ref);
    if (!shop) return;
    await ctx.answerCallbackQuery();
    await showHere(ctx, shop, number);
  });

  /** A dispute is for sellers (and admins); the rest for whoever delivers. */
  async function mayDo(
    ctx: BotContext,
    action: DeliveryAction,
    shop: SellerShop,
  ): Promise<boolean> {
    if (action !== "dispute" || reachesShop(ctx.person, "seller", shop.id)) return true;
    await ctx.answerCallbackQuery({ text: ctx.t("deliveries-dispute-sellers"), show_alert: true });
    return false;
  }

  router.button(ASK_STEP, DELIVERY_ROLES, async (ctx, [code, number, ref]) => {
    const action = actionOfCode(code);
    const shop = await pressed(ctx, ref);
    if (!shop || !(await mayDo(ctx, action, shop))) return;
    await ctx.answerCallbackQuery();
    if (action === "tracking") {
      await awaitTracking(deps.store, ctx, number);
      await ctx.reply(ctx.t("deliveries-tracking-hint", { posting: number }));
      return;
    }
    const owner = ctx.from?.id;
    if (owner === undefined) return;
    await ctx.editMessageText(confirmText(ctx.t, action, number), {
      reply_markup: confirmKeyboard(codec, ctx.t, action, number, shop.ref, owner),
    });
  });

  // From /deliveries' list: the list stays as it is, the confirmation comes below it, and Yes
  // (or Back) turns that message into the posting's card.
  router.button(ASK_STEP_FROM_LIST, DELIVERY_ROLES, async (ctx, [code, number, ref]) => {
    const action = actionOfCode(code);
    const shop = await pressed(ctx, ref);
    if (!shop || !(await mayDo(ctx, action, shop))) return;
    await ctx.answerCallbackQuery();
    const owner = ctx.from?.id;
    if (owner === undefined) return;
    await ctx.reply(confirmText(ctx.t, action, number), {
      reply_markup: confirmKeyboard(codec, ctx.t, action, number, shop.ref, owner),
    });
  });

  router.button(DO_STEP, DELIVERY_ROLES, async (ctx, [code, number, ref, owner]) => {
    const action = actionOfCode(code);
    // The confirmation is the asker's: in a group, someone else's Yes does nothing.
    if (owner !== ctx.from?.id) {
      await ctx.answerCallbackQuery({ text: ctx.t("deliveries-not-yours"), show_alert: true });
      return;
    }
    const shop = await pressed(ctx, ref);
    const from = ctx.from;
    if (!shop || !from || !(await mayDo(ctx, action, shop))) return;
    await ctx.answerCallbackQuery({ text: ctx.t("deliveries-working") });
    const name = [from.first_name, from.last_name].filter(Boolean).join(" ");
    const audit = area.audit && { recorder: area.audit, shopId: shop.id };
    const outcome = await runStep(shop, number, action, { userId: from.id, name }, audit);
    await told(ctx, shop, number, action, outcome);
  });

  async function told(
    ctx: BotContext,
    shop: SellerShop,
    number: string,
    action: Exclude<DeliveryAction, "tracking">,
    outcome: StepOutcome,
  ): Promise<void> {
    const step = ctx.t(`deliveries-step-${action}`);
    switch (outcome.kind) {
      case "done": {
        const last = { action, mark: outcome.mark };
        const posting = await showHere(ctx, shop, number, last);
        const message = ctx.callbackQuery?.message;
        const skip = message
          ? { chatId: message.chat.id, messageId: message.message_id }
          : undefined;
        const api = area.api() ?? ctx.api;
        if (posting) void redrawEverywhere(redrawDeps, api, shop, posting, last, skip);
        return;
      }
      case "refused":
        await showHere(ctx, shop, number);
        await ctx.reply(
          ctx.t("deliveries-refused", {
            posting: number,
            step,
            reason: outcome.error || ctx.t("deliveries-refused-no-words"),
          }),
        );
        return;
      case "taken": {
        const mark = outcome.mark;
        const key = mark?.state === "done" ? "deliveries-done-by" : "deliveries-doing-by";
        const text = mark
          ? ctx.t(key, {
              step,
              name: mark.name,
              at: momentText(mark.at, formatOfCtx(ctx, config.timezone)),
            })
          : ctx.t("deliveries-doing", { step });
        await ctx.reply(text);
        await showHere(ctx, shop, number, mark?.state === "done" ? { action, mark } : undefined);
        return;
      }
      case "failed":
        // The card comes back (as far as Ozon tells it now): tapping the step again is the retry.
        await showHere(ctx, shop, number, undefined, true).catch(() => undefined);
        await ctx.reply(
          ctx.t("deliveries-failed", {
            posting: number,
            step,
            reason: problemText(ctx.t, outcome.problem),
          }),
        );
        return;
    }
  }
}
