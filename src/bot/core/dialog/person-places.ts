/**
 * A person's place in the chat session (per person, so in a group each has their own dialog):
 * the conversation state the plugin saves and replays, and beside it, outside that state, the
 * run tag of the dialog open now. The tag is written once, when a dialog starts (dialog.ts), and
 * read by the Close button's handler, which runs before any dialog (core/dialog/leave.ts): the
 * Close of an earlier, abandoned run must not leave the one open now. Both go when the dialog
 * ends, however it ends (the plugin then deletes the person's state).
 * Tests: none directly
 */
import { GrammyError } from "grammy";
import type { BotContext, DialogCard } from "../context.ts";

/** The person's key in the chat session: their Telegram user id (none outside a chat). */
export function personPlace(ctx: BotContext): string | undefined {
  if (ctx.chatId === undefined || ctx.from === undefined) return undefined;
  return String(ctx.from.id);
}

/** The run tag of the dialog this person has open in this chat, when its dialog recorded one. */
export function openDialogRun(ctx: BotContext): string | undefined {
  const place = personPlace(ctx);
  return place === undefined ? undefined : ctx.session.dialogRuns?.[place];
}

/** Records the run tag of the dialog this person just started here (one dialog at a time). */
export function recordDialogRun(ctx: BotContext, tag: string): void {
  const place = personPlace(ctx);
  if (place !== undefined) ctx.session.dialogRuns = { ...ctx.session.dialogRuns, [place]: tag };
}

/** The card this person's open dialog turned into its screen here, if any. */
export function openDialogCard(ctx: BotContext): DialogCard | undefined {
  const place = personPlace(ctx);
  return place === undefined ? undefined : ctx.session.dialogCards?.[place];
}

/** Cards kept per chat for stale presses (each up to a message's 4 096 characters). */
const SHOWN_CARDS = 3;

/** Records the card (as it was) that the dialog opened here now shows its questions on. */
export function recordDialogCard(ctx: BotContext, card: DialogCard): void {
  const place = personPlace(ctx);
  if (place === undefined) return;
  ctx.session.dialogCards = { ...ctx.session.dialogCards, [place]: card };
  const shown = Object.entries({ ...ctx.session.shownCards, [`${place}:${card.messageId}`]: card });
  ctx.session.shownCards = Object.fromEntries(shown.slice(-SHOWN_CARDS));
}

/** The card this person's dialog once showed on message `messageId`, forgotten as it is taken. */
export function takeShownCard(ctx: BotContext, messageId: number): DialogCard | undefined {
  const place = personPlace(ctx);
  if (place === undefined) return undefined;
  const key = `${place}:${messageId}`;
  const card = ctx.session.shownCards?.[key];
  if (card) ctx.session.shownCards = without(ctx.session.shownCards, key);
  return card;
}

/**
 * Puts a card back: as its posting is now when that changed while the dialog was on it (packed by
 * someone else, cancelled: ctx.redrawCard), else as it was before the dialog turned it into its
 * screen.
 */
export async function restoreCard(ctx: BotContext, card: DialogCard): Promise<void> {
  if (ctx.chatId === undefined) return;
  if (ctx.redrawCard && (await ctx.redrawCard(card))) return;
  try {
    await ctx.api.editMessageText(ctx.chatId, card.messageId, card.text, {
      ...(card.markup ? { reply_markup: card.markup } : {}),
      link_preview_options: { is_disabled: true },
    });
  } catch (error) {
    // Gone, too old or unchanged: nothing to put back.
    if (!(error instanceof GrammyError)) throw error;
  }
}

/** Forgets the person's dialog here: its saved state, its run tag and its card. */
export function removePlace(ctx: BotContext, place: string): void {
  ctx.session.conversations = without(ctx.session.conversations, place);
  ctx.session.dialogRuns = without(ctx.session.dialogRuns, place);
  ctx.session.dialogCards = without(ctx.session.dialogCards, place);
}

function without<T>(
  all: Record<string, T> | undefined,
  place: string,
): Record<string, T> | undefined {
  if (!all || !(place in all)) return all;
  const { [place]: _gone, ...rest } = all;
  return Object.keys(rest).length > 0 ? rest : undefined;
}
