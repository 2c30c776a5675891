/**
 * Home's buttons: a button per line into its job, the person's usual jobs (MENU_BY_ROLE), 🔄 and
 * ☰ All jobs (every other job, two taps from Home).
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

/** Job buttons per row: their labels are short ("📋 Postings"), a phone fits three. */
const JOBS_PER_ROW = 3;

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
  // The person's usual jobs under the lines (those a line already opens left out): each one tap.
  const onLines = new Set<string>(lines.map((line) => line.job));
  const shown = jobs.filter((name) => !onLines.has(name));
  for (const [index, name] of shown.entries()) {
    keyboard.text(t(commandKey(name, "button")), MENU_BUTTON.data(codec, name));
    if (index % JOBS_PER_ROW === JOBS_PER_ROW - 1) keyboard.row();
  }
  if (shown.length % JOBS_PER_ROW !== 0) keyboard.row();
  return keyboard
    .text(t("home-refresh"), HOME.data(codec, help ? "q" : "r"))
    .text(t("home-all"), HOME.data(codec, "a"));
}
