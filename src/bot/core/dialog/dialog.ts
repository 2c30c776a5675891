/**
 * The one toolkit every guided dialog (ship, cancel posting, budget, report) is built with: its
 * buttons, its screens and the wait for the next answer. A script reads as its questions: it
 * asks (`choose`, `text`, `answer`), shows (`show`) and goes back (`checkpoint`, `rewind`); the update of
 * the latest answer is kept here (`ctx`, `t`), never handed from call to call.
 *
 * A dialog's button carries the dialog's declared kind (dialog-buttons.ts), a random tag of this
 * run of the dialog and its owner's Telegram id: `<kind>:<tag>:<owner>:<step>:<value>` (signed by
 * the codec, far below 64 bytes). A press answers the question only when all of them are this
 * dialog's and the step is one the question offers; anything else is refused with a sentence and
 * changes nothing: someone else's button (in a group), a button of an earlier, abandoned run of
 * the dialog, a button of an earlier step. The waits are the plugin's (`waitForCallbackQuery`,
 * `form` with `validate`, `and` with `otherwise`): an answer not taken is told why and skipped,
 * so a dialog's saved state holds only the answers it took. A press after the dialog ended reaches
 * the router, where `pressedAfterDialog` answers it (dialog-spec.ts).
 *
 * Commands and other features' buttons pass on to the rest of the bot while the dialog waits at
 * the same step. Who may go on is not checked here: registerConversations checks the dialog's
 * audience on every update before the dialog gets it. Close (`cx:<owner>:<tag>`,
 * core/dialog/leave-button.ts) is handled before the dialogs, as /cancel is; so that it can tell
 * this run from an earlier one, the run's tag is also recorded in the session outside the
 * dialog's state (person-places.ts).
 * Tests: none directly
 */
import type { Result } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotConversation, ConversationContext } from "../context.ts";
import type { Translator } from "../i18n.ts";
import { newRow } from "../keyboard-rows.ts";
import { isNotModified } from "../screen-text.ts";
import type { DialogButtons } from "./dialog-buttons.ts";
import {
  type Carried,
  type Checkpoint,
  handBack,
  type MessageRef,
  takeBack,
} from "./dialog-checkpoints.ts";
import { cancelData } from "./leave-button.ts";

export type { Checkpoint, MessageRef } from "./dialog-checkpoints.ts";

/** Callback data of one of this dialog's buttons: it answers `step` with `value`. */
export type ButtonData = (step: string, value?: string | number) => string;

/** An answer taken; the update that gave it is the dialog's `ctx` from then on. */
export type Answer =
  | { kind: "text"; text: string }
  | { kind: "button"; step: string; value: string };

/** A pressed button of the question on screen, before it is taken. */
export interface Press {
  step: string;
  value: string;
}

/** Turns an offered press down with a sentence, shown as an alert (`Dialog.answer`). */
export type Refuse = (press: Press) => string | undefined;

const SENT = { link_preview_options: { is_disabled: true } } as const;

export class Dialog {
  readonly conversation: BotConversation;
  readonly #codec: CallbackCodec;
  readonly #declared: DialogButtons;
  /** Matches the data of this dialog's buttons (of any run: a wrong one is refused here). */
  readonly #ours: RegExp;
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
    this.#ours = new RegExp(`^${buttons.declared.kind}:`);
    this.#tag = tag;
    this.#owner = first.from?.id ?? 0;
    this.inPlace = buttons.inPlace ?? false;
    this.#closeKey = buttons.closeKey ?? "cancel-button";
  }

  /** The entry press was on a card: the card itself becomes the dialog's first screen. */
  adoptEntry(): void {
    this.#adopted = this.inPlace;
  }

  /** The message the latest press can edit into the next screen (a card when the dialog starts). */
  editable(): MessageRef | undefined {
    const ctx = this.#current;
    const pressed = ctx.callbackQuery?.message;
    if (!pressed || (ctx === this.#first && !(this.inPlace && this.#adopted))) return undefined;
    return { chatId: pressed.chat.id, messageId: pressed.message_id };
  }

  /**
   * The update of the latest answer: every screen is drawn there, so a script never threads the
   * context by hand (rebuilt the same on every replay, as answers are replayed in order).
   */
  get ctx(): ConversationContext {
    return this.#current;
  }

  /** The person's words, in the language of the latest answer. */
  readonly t: Translator = (key, variables) => this.#current.t(key, variables);

  /**
   * The plugin's checkpoint, with what the screen after a rewind needs: came back (`rewind`),
   * `returned` is true and `notice` is why; the next screen is drawn where the press that went
   * back was (a new message after a typed text).
   */
  async checkpoint<T = unknown>(): Promise<Checkpoint<T>> {
    const at = this.conversation.checkpoint();
    const carried = await this.conversation.external((outside) => takeBack(outside));
    if (carried) this.#carried = carried;
    const value = carried?.value as T | undefined;
    return {
      at,
      returned: carried !== null,
      notice: carried?.notice ?? "",
      carried: value,
    };
  }

  /**
   * The plugin's rewind to `checkpoint`: the script runs on from there as it was then, the
   * answers since are forgotten; `notice` heads the screen it shows next, and the checkpoint gets
   * `carried` (by default what it carried this time: a list stays on its page).
   */
  async rewind<T>(checkpoint: Checkpoint<T>, notice = "", carried?: T): Promise<never> {
    const screen = this.editable() ?? null;
    const value = carried === undefined ? checkpoint.carried : carried;
    await this.conversation.external((outside) => {
      handBack(outside, { screen, notice, ...(value === undefined ? {} : { value }) });
    });
    return this.conversation.rewind(checkpoint.at);
  }

  readonly button: ButtonData = (step, value = "") =>
    this.#declared.data(this.#codec, this.#tag, this.#owner, step, String(value));

  /** Sends a question as a new message (in place: a screen), with the Close button under it. */
  async ask(question: string, keyboard?: InlineKeyboard): Promise<void> {
    if (this.inPlace) {
      await this.show(question, keyboard ?? new InlineKeyboard());
      return;
    }
    this.#carried = undefined; // a new message: nothing to draw over
    await this.#current.reply(question, { ...SENT, reply_markup: this.#withClose(keyboard) });
  }

  /**
   * Says why an answer was refused: in place, the question on screen is edited to say it above
   * the question (nothing new in the chat); otherwise it is a message and the question is asked
   * again. True when the question still stands on screen (it must not be asked again).
   */
  async refused(why: string, question: string, keyboard?: InlineKeyboard): Promise<boolean> {
    const ctx = this.#current;
    const screen = this.#screen;
    if (!this.inPlace || !screen) {
      await ctx.reply(why, SENT);
      return false;
    }
    const text = `⚠️ ${why}\n\n${question}`;
    try {
      const markup = this.#withClose(keyboard);
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
  async show(text: string, keyboard?: InlineKeyboard, closable = true): Promise<MessageRef> {
    const ctx = this.#current;
    const markup = keyboard && closable ? this.#withClose(keyboard) : keyboard;
    const options = { ...SENT, reply_markup: markup };
    const carried = this.#carried;
    this.#carried = undefined;
    const ref = carried ? (carried.screen ?? undefined) : this.editable();
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
   * Redraws only the buttons of the screen at `ref` (its text stays, Close stays under them).
   * False when that message cannot be edited (gone, too old): show the screen anew.
   */
  async redrawButtons(ref: MessageRef, keyboard: InlineKeyboard): Promise<boolean> {
    const markup = this.#withClose(keyboard);
    try {
      await this.#current.api.editMessageReplyMarkup(ref.chatId, ref.messageId, {
        reply_markup: markup,
      });
    } catch (error) {
      if (!isNotModified(error)) return false;
    }
    this.#carried = undefined; // drawn: the next screen goes where the next answer is
    this.#screen = ref;
    return true;
  }

  /**
   * The next answer to the question on screen: a typed text (trimmed), or a press of this run's
   * button for one of `steps` (answered at once). `refuse` may turn an offered press down: its
   * sentence is shown as an alert and the question stays as it is. Refused presses and messages
   * without text are told why and leave no trace in the dialog.
   */
  async answer(steps: readonly string[], refuse?: Refuse): Promise<Answer> {
    const ctx = await this.#next()
      .and((c) => c.callbackQuery !== undefined || c.message?.text !== undefined, {
        otherwise: (c) => c.reply(c.t("dialog-answer-with-text")),
      })
      .and(...this.#pressTaken(steps, refuse));
    this.#current = ctx;
    const { press } = this.#read(ctx, steps, refuse);
    if (!press) return { kind: "text", text: (ctx.message?.text ?? "").trim() };
    await ctx.answerCallbackQuery();
    return { kind: "button", ...press };
  }

  /**
   * Asks with `step`'s buttons and waits for one of them (the plugin's waitForCallbackQuery): a
   * text is told to use the buttons, on the question itself in place; nothing but the press is
   * remembered.
   */
  async choose(step: string, question: string, keyboard: InlineKeyboard): Promise<string> {
    await this.ask(question, keyboard);
    const ctx = await this.conversation
      .waitForCallbackQuery(this.#ours, {
        otherwise: async (c) => {
          await this.#passOn(c);
          if (c.message?.text === undefined) return c.reply(c.t("dialog-answer-with-text"));
          await this.#refusedAt(c, c.t("dialog-use-buttons"), question, keyboard);
        },
      })
      .and(...this.#pressTaken([step]));
    this.#current = ctx;
    await ctx.answerCallbackQuery();
    return this.#read(ctx, [step]).press?.value ?? "";
  }

  /**
   * Asks for a text that `parse` takes (the plugin's form with `validate`); its error is said on
   * the question (in place) or above it asked again, and nothing but the taken text is remembered.
   */
  async text<T>(
    question: string,
    parse: (text: string) => { value: T } | { error: string },
    keyboard?: InlineKeyboard,
  ): Promise<T> {
    await this.ask(question, keyboard);
    return this.conversation.form.build<T, string | undefined>({
      collationKey: "form-text",
      validate: (c): Result<T, string | undefined> => {
        const typed = this.#concerns(c) ? c.message?.text : undefined;
        if (typed === undefined) return { ok: false, error: undefined };
        const parsed = parse(typed.trim());
        return "value" in parsed ? { ok: true, value: parsed.value } : { ok: false, ...parsed };
      },
      otherwise: async (c, why) => {
        await this.#passOn(c);
        if (why !== undefined) return this.#refusedAt(c, why, question, keyboard);
        if (c.callbackQuery) return c.answerCallbackQuery(this.#read(c, []).refusal);
        await c.reply(c.t("dialog-answer-with-text"));
      },
      action: (c) => {
        this.#current = c;
      },
    });
  }

  /** The next update meant for this dialog; commands and other features' buttons pass on. */
  #next() {
    return this.conversation.waitUntil((c) => this.#concerns(c), { next: true });
  }

  /** An update not meant for this dialog goes on to the rest of the bot, untouched. */
  async #passOn(ctx: ConversationContext): Promise<void> {
    if (!this.#concerns(ctx)) await this.conversation.skip({ next: true });
  }

  /** This dialog's presses (of any run: a wrong one is refused here) and non-command messages. */
  #concerns(ctx: ConversationContext): boolean {
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) return this.#ours.test(data);
    return ctx.message !== undefined && !ctx.message.text?.startsWith("/");
  }

  /** The plugin's `and` filter: a text or a press `#read` takes passes, else it is told why. */
  #pressTaken(steps: readonly string[], refuse?: Refuse) {
    const taken = (c: ConversationContext) => this.#read(c, steps, refuse).refusal === undefined;
    const otherwise = (c: ConversationContext) =>
      c.answerCallbackQuery(this.#read(c, steps, refuse).refusal);
    return [taken, { otherwise }] as const;
  }

  /**
   * A press read through the dialog's declaration, or why it is refused: someone else's, of an
   * earlier run, of a step not asked now, or turned down by `refuse`. A text has neither.
   */
  #read(ctx: ConversationContext, steps: readonly string[], refuse?: Refuse): ReadPress {
    const data = ctx.callbackQuery?.data;
    if (data === undefined) return {};
    const decoded = this.#codec.decode(data);
    const [tag, owner, step = "", value = ""] =
      (decoded && this.#declared.parse(decoded.args)) ?? [];
    const refused = (text: string, show_alert = true) => ({ refusal: { text, show_alert } });
    if (owner !== (ctx.from?.id ?? 0)) return refused(ctx.t("dialog-not-yours"));
    if (tag !== this.#tag) return refused(ctx.t("dialog-earlier"));
    if (!steps.includes(step)) return refused(ctx.t("dialog-step-stale"), false);
    const why = refuse?.({ step, value });
    return why === undefined ? { press: { step, value } } : refused(why.slice(0, 200));
  }

  /**
   * An answer not taken, said at the update that gave it (then forgotten by the plugin's skip):
   * on the question in place, else why and the question again.
   */
  async #refusedAt(ctx: ConversationContext, why: string, question: string, kb?: InlineKeyboard) {
    this.#current = ctx;
    if (!(await this.refused(why, question, kb))) await this.ask(question, kb);
  }

  /** A copy of `keyboard` with the owner's Close button in a row of its own. */
  #withClose(keyboard?: InlineKeyboard): InlineKeyboard {
    const markup = keyboard?.clone() ?? new InlineKeyboard();
    const close = this.#current.t(this.#closeKey);
    return newRow(markup).text(close, cancelData(this.#codec, this.#owner, this.#tag));
  }
}

/** A press read from an update: taken (`press`), or refused with why (`refusal`). */
interface ReadPress {
  press?: Press;
  refusal?: { text: string; show_alert: boolean };
}
