/**
 * The digest screen's keyboard (inside /schedule): its buttons are the dialog's own (`button`),
 * signed by the dialog toolkit, which adds Close.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { ButtonData } from "../../core/dialog/dialog.ts";
import type { Translator } from "../../core/i18n.ts";

/** Turn the digest on or off (step "dt"), its time (step "dm"), back to the schedules ("b"). */
export function digestKeyboard(button: ButtonData, t: Translator, on: boolean): InlineKeyboard {
  return new InlineKeyboard()
    .text(t(on ? "digest-turn-off-button" : "digest-turn-on-button"), button("dt"))
    .text(t("digest-time-button"), button("dm"))
    .row()
    .text(t("schedule-back-button"), button("b"));
}
