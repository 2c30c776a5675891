/** Buttons of the period and bid dialogs opened from a campaign card (the dialog adds Close). */
import { InlineKeyboard } from "grammy";
import type { ButtonData } from "../../core/dialog/dialog.ts";
import type { Translator } from "../../core/i18n.ts";

/** "No end date": the campaign runs with no dates (step "u"). */
export function periodAskKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard().text(t("campaigns-period-unlimited-button"), button("u"));
}

/** Under a card dialog's old → new: confirm (step "y") or type another value (step "o"). */
function confirmOrOtherKeyboard(
  button: ButtonData,
  confirm: string,
  other: string,
): InlineKeyboard {
  return new InlineKeyboard().text(confirm, button("y")).row().text(other, button("o"));
}

export function periodConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return confirmOrOtherKeyboard(
    button,
    t("campaigns-period-confirm-button"),
    t("campaigns-period-other-button"),
  );
}

/** The bid question is answered by typing: no buttons but Close. */
export function bidAskKeyboard(_button: ButtonData, _t: Translator): InlineKeyboard {
  return new InlineKeyboard();
}

export function bidConfirmKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return confirmOrOtherKeyboard(
    button,
    t("campaigns-bid-confirm-button"),
    t("campaigns-bid-other-button"),
  );
}
