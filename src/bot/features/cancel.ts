/**
 * /cancel and the Cancel button of every conversation step. Installed before the conversations:
 * an open dialog swallows its person's updates, so leaving it must be decided first.
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";
import { CANCEL_CALLBACK } from "../keyboards/cancel.ts";
import { showScreen } from "../messages.ts";
import { Router } from "../router.ts";

/** Leaves this person's dialogs in this chat; true when there was one. */
async function leaveConversations(ctx: BotContext): Promise<boolean> {
  const active = Object.values(ctx.conversation.active()).some((count) => count > 0);
  if (active) await ctx.conversation.exitAll();
  return active;
}

export function cancelFeature(): MiddlewareFn<BotContext> {
  // Its own router: it runs before the conversations, the main router after them.
  const router = new Router();

  router.command("cancel", async (ctx) => {
    const left = await leaveConversations(ctx);
    await ctx.reply(ctx.t(left ? "cancel-done" : "cancel-nothing"), {
      reply_markup: { remove_keyboard: true },
    });
  });

  router.callback(CANCEL_CALLBACK, "people", async (ctx, [owner]) => {
    // In a group, someone else's question: their dialog and its buttons are left alone.
    if (owner !== undefined && owner !== String(ctx.from?.id ?? 0)) {
      await ctx.answerCallbackQuery({ text: ctx.t("cancel-not-yours"), show_alert: true });
      return;
    }
    const left = await leaveConversations(ctx);
    const text = ctx.t(left ? "cancel-done" : "cancel-nothing");
    await ctx.answerCallbackQuery({ text });
    // The step's message loses its buttons, so nothing stale stays pressable.
    await showScreen(ctx, text);
  });

  return router.middleware();
}
