/**
 * A guided dialog as a conversation of the plugin: `dialogSpec` runs its script with a Dialog
 * (dialog.ts) of a new random run tag, and `pressedAfterDialog` answers a press of its buttons
 * that no open dialog took (registered for every dialog by registerConversations).
 * Tests: none directly
 */
import { randomBytes } from "node:crypto";
import type { ConversationBuilder } from "@grammyjs/conversations";
import type { CallbackCodec } from "../callback-data.ts";
import type { Audience } from "../commands.ts";
import type { BotContext, BotConversation, ConversationContext } from "../context.ts";
import { Dialog } from "./dialog.ts";
import type { DialogButtons } from "./dialog-buttons.ts";
import { recordDialogRun, restoreCard, takeShownCard } from "./person-places.ts";

/** A conversation of the plugin, as registerConversations (conversations.ts) installs it. */
export interface ConversationSpec {
  id: string;
  builder: ConversationBuilder<BotContext, ConversationContext>;
  /** Timeout of every wait in this conversation (default DEFAULT_WAIT_MS). */
  maxMillisecondsToWait?: number;
  /**
   * Who may go on with this dialog, checked again on every update it would receive: a person
   * whose role is revoked mid-dialog is refused and the dialog ends (default: any invited person).
   */
  audience?: Audience;
  /**
   * The dialog's buttons (dialog.ts): their declared kind, and the locale key of what a press is
   * told after the dialog ended.
   */
  buttons?: { declared: DialogButtons; overKey: string };
  /** Locale key of what leaving it (/cancel, Close) says; default "dialog-left". */
  leftKey?: string;
}

/** What a dialog is: its conversation spec, plus its buttons and the sentences about them. */
export interface DialogOptions<A extends unknown[]>
  extends Omit<ConversationSpec, "builder" | "buttons"> {
  /** The declared kind of the dialog's buttons (one kind per dialog, dialog-buttons.ts). */
  buttons: DialogButtons;
  codec: CallbackCodec;
  /** Locale key of the answer to a press after the dialog ended. */
  overKey: string;
  /** Questions edit the pressed message, the first press's too (Dialog.inPlace). */
  inPlace?: boolean;
  /** Locale key of the Close button's label, when this dialog's says more (default "Close"). */
  closeKey?: string;
  run: (dialog: Dialog, first: ConversationContext, ...args: A) => Promise<void>;
}

/** A conversation spec whose builder runs `run` with a Dialog of a new random tag. */
export function dialogSpec<A extends unknown[]>(options: DialogOptions<A>): ConversationSpec {
  const { buttons: declared, codec, overKey, inPlace, closeKey, run, ...spec } = options;
  const builder = async (conversation: BotConversation, first: ConversationContext, ...args: A) => {
    const tag = await conversation.external((outside) => {
      const made = randomBytes(3).toString("base64url");
      recordDialogRun(outside, made);
      return made;
    });
    const buttons = {
      declared,
      codec,
      ...(inPlace ? { inPlace } : {}),
      ...(closeKey && { closeKey }),
    };
    await run(new Dialog(conversation, first, buttons, tag), first, ...args);
  };
  return {
    ...spec,
    builder: builder as ConversationBuilder<BotContext, ConversationContext>,
    buttons: { declared, overKey },
  };
}

/** A press of a dialog's button that no open dialog took: someone else's, or its dialog is over. */
export async function pressedAfterDialog(
  ctx: BotContext,
  owner: number,
  overKey: string,
): Promise<void> {
  const mine = owner === (ctx.from?.id ?? 0);
  // A card left showing its dialog's question (the dialog timed out): the card comes back.
  const pressed = ctx.callbackQuery?.message?.message_id;
  const card = mine && pressed !== undefined ? takeShownCard(ctx, pressed) : undefined;
  if (card) await restoreCard(ctx, card);
  await ctx.answerCallbackQuery({
    text: ctx.t(mine ? overKey : "dialog-not-yours"),
    show_alert: !card,
  });
}
