/**
 * The daily digest's screen inside /schedule (private chats): on or off, and the time it comes
 * (typed HH:MM in TIMEZONE). Turning it on or changing the time counts from that moment: a time
 * already past today means the first digest comes tomorrow.
 */
import { InlineKeyboard } from "grammy";
import type { DigestSetting, DigestSettings } from "../../services/schedules/digest-settings.ts";
import { parseTimeOfDay } from "../../services/schedules/slots.ts";
import type { ConversationContext } from "../core/context.ts";
import type { Dialog } from "../core/dialog/dialog.ts";
import type { DigestDialog } from "./schedule-dialog.ts";

const DEFAULT_TIME = "09:00";

export function digestDialog(deps: {
  settings: DigestSettings;
  timezone: string;
  wake(): void;
  /** The scheduler's clock: a digest counts from the moment it was set on it. */
  now: () => number;
}): DigestDialog {
  return {
    async state(userId) {
      const setting = await deps.settings.get(userId);
      return { on: setting?.enabled === true, time: setting?.time ?? DEFAULT_TIME };
    },
    async run(dialog: Dialog, first: ConversationContext) {
      const { conversation, button } = dialog;
      const t = first.t.bind(first);
      const userId = first.from?.id ?? 0;
      let at = first;
      let notice = "";
      const save = async (change: (s: DigestSetting) => DigestSetting) => {
        await conversation.external(async () => {
          const now = deps.now();
          // Compare-and-set: the digest round's bookkeeping (lastSlot) is kept, and this change is.
          await deps.settings.update(userId, (current) => ({
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
        });
      };
      for (;;) {
        const setting = await conversation.external(() => deps.settings.get(userId));
        const on = setting?.enabled === true;
        const time = setting?.time ?? DEFAULT_TIME;
        const text = [
          notice,
          t("digest-about", { zone: deps.timezone }),
          "",
          on ? t("digest-state-on", { time }) : t("digest-state-off"),
        ]
          .filter((line, i) => i > 0 || line)
          .join("\n");
        notice = "";
        const keyboard = new InlineKeyboard()
          .text(t(on ? "digest-turn-off-button" : "digest-turn-on-button"), button("dt"))
          .text(t("digest-time-button"), button("dm"))
          .row()
          .text(t("schedule-back-button"), button("b"));
        await dialog.show(at, text, keyboard);
        const answer = await dialog.answer(["dt", "dm", "b"]);
        at = answer.ctx;
        if (answer.kind !== "button") {
          notice = t("dialog-use-buttons");
          continue;
        }
        if (answer.step === "b") return at;
        if (answer.step === "dt") {
          await save((s) => ({ ...s, enabled: !on }));
          notice = t(on ? "digest-turned-off" : "digest-turned-on", { time });
          continue;
        }
        // A new time, typed.
        for (;;) {
          await dialog.show(
            at,
            t("digest-time-ask", { zone: deps.timezone }),
            new InlineKeyboard(),
          );
          const typed = await dialog.answer([]);
          at = typed.ctx;
          if (typed.kind !== "text") continue;
          const parsed = parseTimeOfDay(typed.text);
          if (!parsed) {
            await at.reply(t("schedule-time-bad"));
            continue;
          }
          await save((s) => ({ ...s, time: parsed, enabled: true }));
          notice = t("digest-turned-on", { time: parsed });
          break;
        }
      }
    },
  };
}
