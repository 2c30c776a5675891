/**
 * Questions of a dialog read as a script, one a line: `pick` waits for one of its buttons (signed
 * with owner, run and step: dialog.ts refuses any other), `typed` for a text it can parse. An
 * answer not taken asks the question again, with why above it, by going back to the question's
 * checkpoint (the plugin's rewind): no step variable, no loop in the dialog.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Translator } from "../i18n.ts";
import type { Answer, Dialog, Press } from "./dialog.ts";

/** How a dialog shows its screens, and whether it may go on (a store removed ends it: false). */
export interface QuestionScreen {
  show(text: string, keyboard: InlineKeyboard): Promise<unknown>;
  present?(): Promise<boolean>;
}

/** How a question is asked beyond its text and buttons. */
export interface AskOptions {
  /** Heads the question when first asked (not when asked again: then the reason does). */
  opening?: string;
  /** Turns an offered press down with a sentence shown as an alert (Dialog.answer). */
  refuse?: (press: Press) => string | undefined;
}

/** `question` headed by `notice` (why it is asked again, what was just done), if any. */
export function headed(notice: string | undefined, question: string): string {
  return [notice, question].filter(Boolean).join("\n\n");
}

export class Questions {
  readonly #dialog: Dialog;
  readonly #screen: QuestionScreen;
  readonly #t: Translator;

  constructor(dialog: Dialog, screen: QuestionScreen, t: Translator) {
    this.#dialog = dialog;
    this.#screen = screen;
    this.#t = t;
  }

  /**
   * `question` on screen until `take` accepts its answer (else asked again with `why`); undefined
   * when the dialog may not go on.
   */
  async ask<T>(
    question: string,
    keyboard: InlineKeyboard,
    steps: string[],
    take: (answer: Answer) => { value: T } | { why: string },
    options: AskOptions = {},
  ): Promise<T | undefined> {
    const dialog = this.#dialog;
    const asked = await dialog.checkpoint();
    if (this.#screen.present && !(await this.#screen.present())) return undefined;
    const head = asked.returned ? asked.notice : options.opening;
    await this.#screen.show(headed(head, question), keyboard);
    const taken = take(await dialog.answer(steps, options.refuse));
    return "value" in taken ? taken.value : dialog.rewind(asked, taken.why);
  }

  /** One of `values` pressed under `step`'s buttons; a text is asked to use the buttons. */
  pick<T extends string | number>(
    question: string,
    keyboard: InlineKeyboard,
    step: string,
    values: readonly T[],
    options: AskOptions = {},
  ): Promise<T | undefined> {
    const take = (answer: Answer): { value: T } | { why: string } => {
      if (answer.kind === "text") return { why: this.#t("dialog-use-buttons") };
      const value = values.find((v) => String(v) === answer.value);
      return value === undefined ? { why: "" } : { value };
    };
    return this.ask(question, keyboard, [step], take, options);
  }

  /** A typed answer `parse` takes; otherwise asked again with `bad`. */
  typed<T>(
    question: string,
    bad: string,
    parse: (text: string) => T | undefined,
  ): Promise<T | undefined> {
    return this.ask(question, new InlineKeyboard(), [], (answer) => {
      const value = answer.kind === "text" ? parse(answer.text) : undefined;
      return value === undefined ? { why: bad } : { value };
    });
  }
}
