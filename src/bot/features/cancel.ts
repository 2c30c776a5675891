/**
 * /cancel and the Close button of every conversation step. Installed before the conversations:
 * an open dialog swallows its person's updates, so leaving it must be decided first.
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";
import type { ConversationSpec } from "../conversations/index.ts";
import { CANCEL_CALLBACK } from "../keyboards/cancel.ts";
import { showScreen } from "../messages.ts";
import { Router } from "../router.ts";

/**
 * Leaves this person's dialogs in this chat and says so in the words of the dialog left (leaving
 * the cancel-posting dialog must not sound like a cancelled posting); `dialogs` are the specs.
 */
async function leave(ctx: BotContext, dialogs: readonly ConversationSpec[]): Promise<string> {
  const active = Object.entries(ctx.conversation.active())
    .filter(([, count]) => count > 0)
    .map(([id]) => id);
  if (active.length === 0) return ctx.t("cancel-nothing");
  await ctx.conversation.exitAll();
  const left = dialogs.find((spec) => active.includes(spec.id));
  return ctx.t(left?.leftKey ?? "cancel-done");
}

/** `dialogs`: the conversation specs (none where no dialog can be open). */
export function cancelFeature(dialogs: readonly ConversationSpec[] = []): MiddlewareFn<BotContext> {
  // Its own router: it runs before the conversations, the main router after them.
  const router = new Router();

  router.command("cancel", async (ctx) => {
    await ctx.reply(await leave(ctx, dialogs), { reply_markup: { remove_keyboard: true } });
  });

  router.callback(CANCEL_CALLBACK, "people", async (ctx, [owner]) => {
    // In a group, someone else's question: their dialog and its buttons are left alone.
    if (owner !== undefined && owner !== String(ctx.from?.id ?? 0)) {
      await ctx.answerCallbackQuery({ text: ctx.t("cancel-not-yours"), show_alert: true });
      return;
    }
    const text = await leave(ctx, dialogs);
    await ctx.answerCallbackQuery({ text });
    // The step's message loses its buttons, so nothing stale stays pressable.
    await showScreen(ctx, text);
  });

  return router.middleware();
}
