/**
 * The daily digest inside /schedule (private chats): the list's switch turns it on or off in one
 * tap; its screen shows it and the time it comes (typed HH:MM in TIMEZONE). Turning it on or changing the time counts from that moment: a time
 * already past today means the first digest comes tomorrow.
 *
 * A script: the screen is a checkpoint the dialog comes back to after each change (Dialog.checkpoint/rewind);
 * Back resolves, and the schedule list goes on.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { DigestSetting, DigestSettings } from "../../../services/ads/digest/settings.ts";
import { parseTimeOfDay } from "../../../services/ads/schedules/slots.ts";
import type { Dialog } from "../../core/dialog/dialog.ts";
import { zoneText } from "../schedules/format.ts";
import { digestKeyboard } from "./keyboards.ts";

const DEFAULT_TIME = "09:00";

interface DigestDeps {
  settings: DigestSettings;
  timezone: string;
  wake(): void;
  /** The scheduler's clock: a digest counts from the moment it was set on it. */
  now: () => number;
}

/**
 * Saves a change of the person's digest at the dialog's latest answer (once, outside the replay);
 * resolves with the setting as saved.
 */
function saver(deps: DigestDeps, dialog: Dialog) {
  return (change: (s: DigestSetting) => DigestSetting) => {
    const at = dialog.ctx;
    const userId = at.from?.id ?? 0;
    return dialog.conversation.external(async () => {
      const now = deps.now();
      // Compare-and-set: the digest round's bookkeeping (lastSlot) is kept, and this change is.
      const saved = await deps.settings.update(userId, (current) => ({
        ...change(
          current ?? {
            userId,
            chatId: at.chat?.id ?? userId,
            locale: at.locale,
            enabled: false,
            time: DEFAULT_TIME,
            since: now,
          },
        ),
        locale: at.locale,
        since: now,
      }));
      deps.wake();
      return { on: saved?.enabled === true, time: saved?.time ?? DEFAULT_TIME };
    });
  };
}

/** The daily digest's part of the dialog (its own file); none: the bot has no digest. */
export interface DigestDialog {
  /** Whether the person's digest is on, and its time. */
  state(userId: number): Promise<{ on: boolean; time: string }>;
  /**
   * Turns the person's digest on or off (the list's one tap: its button says which, so a double
   * tap does it once); what it is now.
   */
  turn(dialog: Dialog, on: boolean): Promise<{ on: boolean; time: string }>;
  /** The digest's screen; resolves when the person goes back to the list. */
  run(dialog: Dialog): Promise<void>;
}

export function digestDialog(deps: DigestDeps): DigestDialog {
  return {
    async state(userId) {
      const setting = await deps.settings.get(userId);
      return { on: setting?.enabled === true, time: setting?.time ?? DEFAULT_TIME };
    },
    turn(dialog: Dialog, on: boolean) {
      return saver(deps, dialog)((s) => ({ ...s, enabled: on }));
    },
    async run(dialog: Dialog) {
      const { conversation, button, t } = dialog;
      const userId = dialog.ctx.from?.id ?? 0;
      const save = saver(deps, dialog);

      // The digest's screen, drawn again (headed by what was just done) from here.
      const shown = await dialog.checkpoint();
      const setting = await conversation.external(() => deps.settings.get(userId));
      const on = setting?.enabled === true;
      const time = setting?.time ?? DEFAULT_TIME;
      const text = [
        shown.notice,
        t("digest-about", { zone: zoneText(t, deps.timezone) }),
        "",
        on ? t("digest-state-on", { time }) : t("digest-state-off"),
      ]
        .filter((line, i) => i > 0 || line)
        .join("\n");
      const keyboard = digestKeyboard(button, t, on);
      await dialog.show(text, keyboard);
      const answer = await dialog.answer(["dt", "dm", "b"]);
      if (answer.kind !== "button") return dialog.rewind(shown, t("dialog-use-buttons"));
      if (answer.step === "b") return;
      if (answer.step === "dt") {
        await save((s) => ({ ...s, enabled: !on }));
        return dialog.rewind(shown, t(on ? "digest-turned-off" : "digest-turned-on", { time }));
      }

      // A new time, typed; asked again after one that is not a time.
      const asked = await dialog.checkpoint();
      const question = t("digest-time-ask", { zone: zoneText(t, deps.timezone) });
      await dialog.show(question, new InlineKeyboard());
      const typed = await dialog.answer([]);
      if (typed.kind !== "text") return dialog.rewind(asked); // no step is offered
      const parsed = parseTimeOfDay(typed.text);
      if (!parsed) {
        await dialog.ctx.reply(t("schedule-time-bad"));
        return dialog.rewind(asked);
      }
      await save((s) => ({ ...s, time: parsed, enabled: true }));
      return dialog.rewind(shown, t("digest-turned-on", { time: parsed }));
    },
  };
}
