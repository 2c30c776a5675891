/**
 * /cancel and the Close button of every conversation step. Installed before the conversations:
 * an open dialog swallows its person's updates, so leaving it must be decided first.
 *
 * /cancel leaves whatever dialog is open. Close leaves only the run of the dialog it was shown
 * with (its data carries the owner and the run's tag, core/dialog/leave-button.ts): one left on the
 * message of an earlier, abandoned dialog is answered that its dialog is over, and changes nothing.
 * Tests: none directly
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext, DialogCard } from "../context.ts";
import { Router } from "../router.ts";
import { showScreen } from "../screen-text.ts";
import type { ConversationSpec } from "./conversations.ts";
import { CLOSE_BUTTON } from "./dialog-buttons.ts";
import { openDialogCard, openDialogRun, restoreCard, takeShownCard } from "./person-places.ts";

/** Ids of the dialogs this person has open in this chat. */
function activeDialogs(ctx: BotContext): string[] {
  return Object.entries(ctx.conversation.active())
    .filter(([, count]) => count > 0)
    .map(([id]) => id);
}

/**
 * Leaves this person's dialogs in this chat and says so in the words of the dialog left (leaving
 * the cancel-posting dialog must not sound like a cancelled posting); `dialogs` are the specs.
 */
async function leave(
  ctx: BotContext,
  dialogs: readonly ConversationSpec[],
): Promise<{ text: string; card?: DialogCard }> {
  const active = activeDialogs(ctx);
  if (active.length === 0) return { text: ctx.t("dialog-none") };
  const card = openDialogCard(ctx);
  await ctx.conversation.exitAll();
  const left = dialogs.find((spec) => active.includes(spec.id));
  // Leaving a dialog changes nothing: it must not read as a cancelled posting or campaign.
  const text = ctx.t(left?.leftKey ?? "dialog-left");
  if (!card) return { text };
  // The card the dialog had turned into its screen shows the posting and its buttons again.
  takeShownCard(ctx, card.messageId);
  await restoreCard(ctx, card);
  return { text, card };
}

/**
 * Leaves this person's dialogs in this chat without a word, the card a dialog had taken shown
 * again: they started another job (a menu or Home button), so what they type next is for that
 * job, not for a question left open on another screen.
 */
export async function leaveForAnotherJob(ctx: BotContext): Promise<void> {
  if (activeDialogs(ctx).length === 0) return;
  const card = openDialogCard(ctx);
  await ctx.conversation.exitAll();
  if (!card) return;
  takeShownCard(ctx, card.messageId);
  await restoreCard(ctx, card);
}

/**
 * True when a Close with this run tag belongs to the dialog open now. A Close without a tag comes
 * from a dialog that records none (one not made with the toolkit), so it may leave only such a one.
 */
function closesOpenRun(ctx: BotContext, tag: string | undefined): boolean {
  const open = openDialogRun(ctx);
  if (tag === undefined) return open === undefined;
  return tag === open && activeDialogs(ctx).length > 0;
}

/** `dialogs`: the conversation specs (none where no dialog can be open). */
export function cancelFeature(dialogs: readonly ConversationSpec[] = []): MiddlewareFn<BotContext> {
  // Its own router: it runs before the conversations, the main router after them.
  const router = new Router();

  router.command("cancel", async (ctx) => {
    const { text } = await leave(ctx, dialogs);
    await ctx.reply(text, { reply_markup: { remove_keyboard: true } });
  });

  router.button(CLOSE_BUTTON, "people", async (ctx, [owner, tag]) => {
    // In a group, someone else's question: their dialog and its buttons are left alone.
    if (owner !== undefined && owner !== (ctx.from?.id ?? 0)) {
      await ctx.answerCallbackQuery({ text: ctx.t("cancel-not-yours"), show_alert: true });
      return;
    }
    if (!closesOpenRun(ctx, tag)) {
      // A card left showing a dialog that is over (it timed out): the card comes back.
      const pressed = ctx.callbackQuery?.message?.message_id;
      const card = pressed === undefined ? undefined : takeShownCard(ctx, pressed);
      if (card) await restoreCard(ctx, card);
      await ctx.answerCallbackQuery({ text: ctx.t("cancel-dialog-over"), show_alert: !card });
      return;
    }
    const { text, card } = await leave(ctx, dialogs);
    await ctx.answerCallbackQuery({ text });
    // The card was put back as it was; any other step's message loses its buttons.
    if (card?.messageId !== ctx.callbackQuery?.message?.message_id) await showScreen(ctx, text);
  });

  return router.middleware();
}
