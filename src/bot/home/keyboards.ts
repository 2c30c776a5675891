/**
 * Home's buttons: a button per line into its job, the jobs to start, 🔄 and ☰ All jobs.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { HomeLine } from "../../services/home/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { type CommandName, commandKey } from "../core/commands.ts";
import type { Translator } from "../core/i18n.ts";
import { MENU_BUTTON } from "../core/menu.ts";
import { HOME } from "./buttons.ts";
import { lineHead } from "./format.ts";

export function homeKeyboard(
  codec: CallbackCodec,
  t: Translator,
  lines: readonly HomeLine[],
  jobs: readonly CommandName[],
  help: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const line of lines) {
    const data = line.job === "feed" ? HOME.data(codec, "f") : MENU_BUTTON.data(codec, line.job);
    keyboard.text(lineHead(t, line), data).row();
  }
  if (lines.length === 0) {
    for (const [index, name] of jobs.entries()) {
      keyboard.text(t(commandKey(name, "button")), MENU_BUTTON.data(codec, name));
      if (index % 2 === 1) keyboard.row();
    }
    if (jobs.length % 2 === 1) keyboard.row();
  }
  return keyboard
    .text(t("home-refresh"), HOME.data(codec, help ? "q" : "r"))
    .text(t("home-all"), HOME.data(codec, "a"));
}
