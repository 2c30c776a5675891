/**
 * The stores dialogs' keyboards (adding a store, renaming one): their buttons are the dialog's own
 * (`button`), signed by the dialog toolkit, which adds Close. The /stores list's are in view.ts.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { ButtonData } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";

/** Skip an optional answer (step "skip"), labelled `skip`. */
export function skipKeyboard(button: ButtonData, skip: string): InlineKeyboard {
  return new InlineKeyboard().text(skip, button("skip"));
}

/** The new name confirmed (step "y") or another one (step "a"). */
export function renameConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("stores-rename-yes"), button("y"))
    .text(t("stores-rename-again"), button("a"));
}
