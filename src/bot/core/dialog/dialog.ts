/**
 * The one toolkit every guided dialog (ship, cancel posting, budget, report) is built with: its
 * buttons, its messages and the wait for the next answer.
 *
 * A dialog's button carries the dialog's callback kind, a random tag of this run of the dialog
 * and its owner's Telegram id: `<kind>:<tag>:<owner>:<step>:<value>` (signed by the codec, far
 * below 64 bytes). A press answers the question only when all of them are this dialog's and the
 * step is one the question offers; anything else is refused with a sentence and changes nothing:
 * someone else's button (in a group), a button of an earlier, abandoned run of the dialog, a
 * button of an earlier step. A press after the dialog ended reaches the router, where
 * `pressedAfterDialog` answers it (registered for every dialog by registerConversations).
 *
 * Commands and other features' buttons pass on to the rest of the bot while the dialog waits at
 * the same step. Who may go on is not checked here: registerConversations checks the dialog's
 * audience on every update before the dialog gets it. Close (`cx:<owner>:<tag>`,
 * core/dialog/leave-button.ts) is handled before the dialogs, as /cancel is; so that it can tell this run
 * from an earlier one, the run's tag is also recorded in the session outside the dialog's state
 * (person-places.ts).
 */
import { randomBytes } from "node:crypto";
import type { ConversationBuilder } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotContext, BotConversation, ConversationContext } from "../context.ts";
import { newRow } from "../keyboard-rows.ts";
import { isNotModified } from "../screen-text.ts";
import type { ConversationSpec } from "./conversations.ts";
import type { DialogButtons } from "./dialog-buttons.ts";
import { cancelData } from "./leave-button.ts";
import { recordDialogRun, restoreCard, takeShownCard } from "./person-places.ts";

/** Callback data of one of this dialog's buttons: it answers `step` with `value`. */
export type ButtonData = (step: string, value?: string | number) => string;

export type Answer =
  | { kind: "text"; text: string; ctx: ConversationContext }
  | { kind: "button"; step: string; value: string; ctx: ConversationContext };

/**
 * The sentence that heads a dialog's next screen (why an answer was not taken, what was just
 * done), said once: `over` puts it above the screen's text and clears it.
 */
export class DialogNotice {
  text = "";

  over(screen: string): string {
    const full = this.text ? `${this.text}\n\n${screen}` : screen;
    this.text = "";
    return full;
  }
}

/** A pressed button of the question on screen, before it is taken. */
export interface Press {
  step: string;
  value: string;
}

export interface MessageRef {
  chatId: number;
  messageId: number;
}

const SENT = { link_preview_options: { is_disabled: true } } as const;

/**
 * A point a dialog's script may come back to (`Dialog.mark`, `Dialog.back`): the plugin's
 * checkpoint, whether the script came back to it, and the sentence that heads its screen then.
 */
export interface Mark {
  readonly checkpoint: ReturnType<BotConversation["checkpoint"]>;
  readonly returned: boolean;
  readonly notice: string;
}

/** What going back carries past the rewind: the message pressed (if any) and why. */
interface Carried {
  screen: MessageRef | null;
  notice: string;
}

/**
 * A rewind forgets the update that asked for it, so what the screen after it needs (the message
 * Back was pressed on, the reason) is handed over here, keyed by the outside context of that
 * update: the replay right after the rewind reads it once, live, and records it. Nothing is saved.
 */
const carriedBack = new WeakMap<object, Carried>();

export class Dialog {
  readonly conversation: BotConversation;
  readonly #codec: CallbackCodec;
  readonly #declared: DialogButtons;
  readonly #tag: string;
  readonly #owner: number;
  /** The update the dialog was entered with (its screen is a new message unless `inPlace`). */
  readonly #first: ConversationContext;
  /**
   * Questions are screens (`show`): a press edits the message holding it, the first press too
   * (a card becomes the dialog), and a refused answer edits the question instead of repeating it.
   */
  readonly inPlace: boolean;
  /** The message showing the question now (in place only). */
  #screen: MessageRef | undefined;
  /** The entry press's message may become the first screen (a card of the dialog's posting). */
  #adopted = false;
  /** The update of the latest answer (the entry's until one comes): where the next screen goes. */
  #current: ConversationContext;
  /** Where the first screen after going back is drawn (the message Back was pressed on). */
  #carried: Carried | undefined;
  readonly #closeKey: string;

  constructor(
    conversation: BotConversation,
    first: ConversationContext,
    buttons: {
      declared: DialogButtons;
      codec: CallbackCodec;
      inPlace?: boolean;
      closeKey?: string;
    },
    tag: string,
  ) {
    this.conversation = conversation;
    this.#first = first;
    this.#current = first;
    this.#codec = buttons.codec;
    this.#declared = buttons.declared;
    this.#tag = tag;
    this.#owner = first.from?.id ?? 0;
    this.inPlace = buttons.inPlace ?? false;
    this.#closeKey = buttons.closeKey ?? "cancel-button";
  }

  /** The entry press was on a card: the card itself becomes the dialog's first screen. */
  adoptEntry(): void {
    this.#adopted = this.inPlace;
  }

  /** The message this press can edit into the next screen (a card when the dialog starts). */
  editable(ctx: ConversationContext): MessageRef | undefined {
    const pressed = ctx.callbackQuery?.message;
    if (!pressed || (ctx === this.#first && !(this.inPlace && this.#adopted))) return undefined;
    return { chatId: pressed.chat.id, messageId: pressed.message_id };
  }

  /**
   * The update of the latest answer: a script draws its next screen there without threading the
   * context by hand (rebuilt the same on every replay, as answers are replayed in order).
   */
  get ctx(): ConversationContext {
    return this.#current;
  }

  /**
   * A point to come back to (with `back`). Came back, `returned` is true and `notice` is why; the
   * next screen is drawn where the press that went back was (a new message after a typed text).
   */
  async mark(): Promise<Mark> {
    const checkpoint = this.conversation.checkpoint();
    const carried = await this.conversation.external((outside): Carried | null => {
      const found = carriedBack.get(outside);
      carriedBack.delete(outside);
      return found ?? null;
    });
    if (carried) this.#carried = carried;
    return { checkpoint, returned: carried !== null, notice: carried?.notice ?? "" };
  }

  /**
   * Goes back to `mark`: the script runs on from there as it was then (the plugin's rewind), the
   * answers since are forgotten; `notice` heads the screen it shows next.
   */
  async back(mark: Mark, notice = ""): Promise<never> {
    const screen = this.editable(this.#current) ?? null;
    await this.conversation.external((outside) => {
      carriedBack.set(outside, { screen, notice });
    });
    return this.conversation.rewind(mark.checkpoint);
  }

  readonly button: ButtonData = (step, value = "") =>
    this.#declared.data(this.#codec, this.#tag, this.#owner, step, String(value));

  /** Sends a question as a new message, with `keyboard` and the Close button under it. */
  async ask(ctx: ConversationContext, question: string, keyboard?: InlineKeyboard): Promise<void> {
    if (this.inPlace) {
      await this.show(ctx, question, keyboard ?? new InlineKeyboard());
      return;
    }
    this.#carried = undefined; // a new message: nothing to draw over
    await ctx.reply(question, { ...SENT, reply_markup: this.#withClose(ctx, keyboard) });
  }

  /**
   * Says why an answer was refused: in place, the question on screen is edited to say it above
   * the question (nothing new in the chat); otherwise it is a message and the question is asked
   * again. True when the question still stands on screen (it must not be asked again).
   */
  async refused(
    ctx: ConversationContext,
    why: string,
    question: string,
    keyboard?: InlineKeyboard,
  ): Promise<boolean> {
    const screen = this.#screen;
    if (!this.inPlace || !screen) {
      await ctx.reply(why, SENT);
      return false;
    }
    const markup = this.#withClose(ctx, keyboard);
    const text = `⚠️ ${why}\n\n${question}`;
    try {
      await ctx.api.editMessageText(screen.chatId, screen.messageId, text, {
        ...SENT,
        reply_markup: markup,
      });
      return true;
    } catch (error) {
      if (isNotModified(error)) return true;
      // The question is gone (deleted, too old): say it and ask again.
      await ctx.reply(why, SENT);
      return false;
    }
  }

  /**
   * A screen: after a press the message holding the button becomes it; the first screen and the
   * one after a typed answer are new messages. A question has a keyboard (Close is added unless
   * not `closable`: a final screen's own buttons, such as the label); a final screen may have none.
   */
  async show(
    ctx: ConversationContext,
    text: string,
    keyboard?: InlineKeyboard,
    closable = true,
  ): Promise<MessageRef> {
    const markup = keyboard && closable ? this.#withClose(ctx, keyboard) : keyboard;
    const options = { ...SENT, reply_markup: markup };
    const carried = this.#carried;
    this.#carried = undefined;
    const ref = carried ? (carried.screen ?? undefined) : this.editable(ctx);
    if (ref) {
      try {
        await ctx.api.editMessageText(ref.chatId, ref.messageId, text, options);
        this.#screen = ref;
        return ref;
      } catch (error) {
        if (isNotModified(error)) {
          this.#screen = ref;
          return ref;
        }
        // Too old to edit, or gone: a new message instead.
      }
    }
    const sent = await ctx.reply(text, options);
    this.#screen = { chatId: sent.chat.id, messageId: sent.message_id };
    return this.#screen;
  }

  /**
   * The next answer to the question on screen: a typed text (trimmed), or a press of this run's
   * button for one of `steps` (answered at once). `refuse` may turn an offered press down: its
   * sentence is shown as an alert and the question stays as it is. Refused presses and messages
   * without text are told why and leave no trace in the dialog.
   */
  async answer(
    steps: readonly string[],
    refuse?: (press: Press) => string | undefined,
  ): Promise<Answer> {
    const ctx = await this.conversation.waitUntil((c) => this.#concerns(c), { next: true });
    const data = ctx.callbackQuery?.data;
    if (data === undefined) {
      const text = ctx.message?.text;
      if (text === undefined) {
        await ctx.reply(ctx.t("dialog-answer-with-text"));
        return this.conversation.skip();
      }
      this.#current = ctx;
      return { kind: "text", text: text.trim(), ctx };
    }
    const decoded = this.#codec.decode(data);
    const [tag, owner, step = "", value = ""] =
      (decoded && this.#declared.parse(decoded.args)) ?? [];
    let refusal: { text: string; show_alert: boolean } | undefined;
    if (owner !== (ctx.from?.id ?? 0)) {
      refusal = { text: ctx.t("dialog-not-yours"), show_alert: true };
    } else if (tag !== this.#tag) {
      refusal = { text: ctx.t("dialog-earlier"), show_alert: true };
    } else if (!steps.includes(step)) {
      refusal = { text: ctx.t("dialog-step-stale"), show_alert: false };
    } else {
      const why = refuse?.({ step, value });
      if (why !== undefined) refusal = { text: why.slice(0, 200), show_alert: true };
    }
    await ctx.answerCallbackQuery(refusal);
    if (refusal) return this.conversation.skip();
    this.#current = ctx;
    return { kind: "button", step, value, ctx };
  }

  /** Asks until one of the buttons of `step` is pressed (a text gets "please use the buttons"). */
  async choose(
    ctx: ConversationContext,
    step: string,
    question: string,
    keyboard: InlineKeyboard,
  ): Promise<{ value: string; ctx: ConversationContext }> {
    let standing = false;
    for (let current = ctx; ; ) {
      if (!standing) await this.ask(current, question, keyboard);
      const answer = await this.answer([step]);
      current = answer.ctx;
      if (answer.kind === "button") return { value: answer.value, ctx: current };
      standing = await this.refused(current, current.t("dialog-use-buttons"), question, keyboard);
    }
  }

  /** Asks until `parse` accepts the typed answer; its error is said before asking again. */
  async text<T>(
    ctx: ConversationContext,
    question: string,
    parse: (text: string) => { value: T } | { error: string },
  ): Promise<{ value: T; ctx: ConversationContext }> {
    let standing = false;
    for (let current = ctx; ; ) {
      if (!standing) await this.ask(current, question);
      const answer = await this.answer([]);
      current = answer.ctx;
      if (answer.kind !== "text") continue; // no step is offered: only texts come back
      const parsed = parse(answer.text);
      if ("value" in parsed) return { value: parsed.value, ctx: current };
      standing = await this.refused(current, parsed.error, question);
    }
  }

  /** This dialog's presses (of any run: a wrong one is refused here) and non-command messages. */
  #concerns(ctx: ConversationContext): boolean {
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) return this.#codec.decode(data)?.kind === this.#declared.kind;
    return ctx.message !== undefined && !ctx.message.text?.startsWith("/");
  }

  /** A copy of `keyboard` with the owner's Close button in a row of its own. */
  #withClose(ctx: ConversationContext, keyboard?: InlineKeyboard): InlineKeyboard {
    const markup = keyboard?.clone() ?? new InlineKeyboard();
    const close = ctx.t(this.#closeKey);
    return newRow(markup).text(close, cancelData(this.#codec, this.#owner, this.#tag));
  }
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
