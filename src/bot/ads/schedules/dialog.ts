/** Tests: test/bot/core/dialog/dialog-buttons.test.ts */
import type { ReportSchedule } from "../../../services/ads/schedules/schedules.ts";
import { actorOf } from "../../audit/index.ts";
import type { ConversationSpec } from "../../core/dialog/conversations.ts";
import { declareDialogButtons } from "../../core/dialog/dialog-buttons.ts";
import { headed } from "../../core/dialog/questions.ts";
import { AdsShopSteps, adsDialogSpec } from "../steps.ts";
import { scheduleText, zoneText } from "./format.ts";
import {
  scheduleCardKeyboard,
  scheduleDeleteKeyboard,
  scheduleDigestRow,
  scheduleListKeyboard,
} from "./keyboards.ts";
import { newScheduleSteps, type ScheduleDialogDeps } from "./new-steps.ts";

export type { ScheduleDialogDeps } from "./new-steps.ts";

import { GROUP_ADMIN_STATUSES } from "./notifier.ts";

export const SCHEDULE_CONVERSATION = "schedule";
export const SCHEDULE_DIALOG = declareDialogButtons("dsc", "report schedules");

export function scheduleConversation(deps: ScheduleDialogDeps): ConversationSpec {
  return adsDialogSpec(deps, {
    id: SCHEDULE_CONVERSATION,
    buttons: SCHEDULE_DIALOG,
    run: async (dialog, first) => {
      const { conversation, button } = dialog;
      const t = first.t.bind(first);
      const chat = first.chat;
      const userId = first.from?.id ?? 0;
      if (!chat) return;
      const inGroup = chat.type !== "private";
      if (inGroup) {
        const status = await conversation.external(async (outside) => {
          try {
            return (await outside.api.getChatMember(chat.id, userId)).status;
          } catch (error) {
            deps.logger?.warn({ err: error, chat: chat.id }, "schedule: group membership unknown");
            return "unknown";
          }
        });
        if (!GROUP_ADMIN_STATUSES.has(status)) {
          await dialog.show(t("schedule-group-not-admin"));
          return;
        }
      }
      const target = {
        chatId: chat.id,
        ...(inGroup && "title" in chat ? { chatTitle: chat.title } : {}),
      };
      const shown = () =>
        conversation.external(() =>
          inGroup ? deps.schedules.aimedAt(chat.id) : deps.schedules.of(userId),
        );
      /**
       * The schedules' texts, with the time, the shops' names and (for someone else's schedule)
       * who saved it read once outside the replay.
       */
      const describe = async (list: readonly ReportSchedule[], zoneSaid = false) => {
        const now = await conversation.now();
        const names = await conversation.external(() =>
          Promise.all(
            list.map(async (s) => ({
              shop: deps.shops.many ? deps.shops.get(s.shop)?.name : undefined,
              owner:
                s.owner === userId
                  ? undefined
                  : ((await deps.personName(s.owner)) ?? String(s.owner)),
            })),
          ),
        );
        return list.map((s, i) =>
          scheduleText(t, s, {
            now,
            zone: deps.timezone,
            shopName: names[i]?.shop ?? undefined,
            ...(names[i]?.owner ? { ownerName: names[i].owner } : {}),
            zoneSaid,
          }),
        );
      };

      // The list, drawn again (headed by what was just done) whenever the script comes back here.
      const listed = await dialog.checkpoint();
      const schedules = await shown();
      const lines = (await describe(schedules, true)).map(
        (text, i) => `${i + 1}. ${text.replaceAll("\n", "\n    ")}`,
      );
      const head = t(inGroup ? "schedule-list-group" : "schedule-list", {
        count: schedules.length,
        max: deps.schedules.maxPerPerson,
        zone: zoneText(t, deps.timezone),
      });
      const body =
        schedules.length > 0 ? [head, "", ...lines].join("\n") : `${head}\n\n${t("schedule-none")}`;
      const digest = deps.digest;
      const digestState =
        !inGroup && digest ? await conversation.external(() => digest.state(userId)) : undefined;
      const digestLabel =
        digestState &&
        t(digestState.on ? "digest-button-on" : "digest-button-off", { time: digestState.time });
      const all = await conversation.external(() => deps.schedules.of(userId));
      const canAdd = all.length < deps.schedules.maxPerPerson;
      const digestRow = digestLabel
        ? { label: digestLabel, turn: digestState?.on ? ("off" as const) : ("on" as const) }
        : undefined;

      /** The digest's switch and screen (steps "dg", "dm"), then the list again. */
      const digestPressed = async (step: string, value: string) => {
        if (step === "dg" && deps.digest) {
          const now = await deps.digest.turn(dialog, value === "on");
          const said = now.on ? "digest-turned-on" : "digest-turned-off";
          return dialog.rewind(listed, t(said, { time: now.time }));
        }
        if (step === "dm" && deps.digest) await deps.digest.run(dialog);
        return dialog.rewind(listed);
      };
      /** A new schedule's steps; back to the list, saying what became of it. */
      const addNew = async (first?: Parameters<typeof newScheduleSteps>[3]) => {
        const made = await newScheduleSteps(dialog, deps, target, first);
        if (!made) return;
        if ("aside" in made) return digestPressed(made.aside.step, made.aside.value);
        return dialog.rewind(listed, made.saved ? t("schedule-saved") : (made.notice ?? ""));
      };

      // Nothing listed yet and one store: the list is only New, so the new schedule's campaigns
      // come at once, under the list's heading, with the digest's row below them (the usual
      // daily report is then a campaign and Save away).
      const stores =
        schedules.length === 0 && canAdd ? await AdsShopSteps.reachable(dialog, deps) : [];
      if (stores.length === 1) {
        return addNew({
          opening: headed(listed.notice, `${head}\n\n${t("schedule-none-start")}`),
          aside: {
            steps: digestRow ? ["dg", "dm"] : [],
            add: (keyboard) => {
              if (digestRow) scheduleDigestRow(keyboard, button, t, digestRow);
            },
          },
        });
      }

      const keyboard = scheduleListKeyboard(button, t, schedules, {
        canAdd,
        ...(digestRow ? { digest: digestRow } : {}),
      });
      await dialog.show(headed(listed.notice, body), keyboard);
      const answer = await dialog.answer(["o", "n", "dg", "dm"]);
      if (answer.kind !== "button") return dialog.rewind(listed, t("dialog-use-buttons"));

      if (answer.step === "o") {
        // One schedule's card, drawn again (with what was just done) from here.
        const opened = await dialog.checkpoint();
        const card = (await shown()).find((s) => s.id === answer.value);
        if (!card) return dialog.rewind(listed, opened.notice);
        const own = card.owner === userId;
        const [text = ""] = await describe([card]);
        const cardKeyboard = scheduleCardKeyboard(button, t, card, { canPause: own });
        await dialog.show(headed(opened.notice, text), cardKeyboard);
        const pressed = await dialog.answer(own ? ["ps", "dl", "b"] : ["dl", "b"]);
        if (pressed.kind !== "button") return dialog.rewind(opened, t("dialog-use-buttons"));
        if (pressed.step === "b") return dialog.rewind(listed);
        if (pressed.step === "ps") {
          const by = dialog.ctx;
          const paused = await conversation.external(async () => {
            const next = await deps.schedules.setPaused(card.id, !card.paused);
            deps.wake();
            await deps.audit?.record({
              kind: "schedule",
              actor: actorOf(by),
              shopId: card.shop,
              objectId: card.id,
              via: next?.paused ? "paused" : "resumed",
              result: { status: "done" },
            });
            return next?.paused;
          });
          return dialog.rewind(opened, t(paused ? "schedule-paused" : "schedule-resumed"));
        }

        // Deleting: asked first; Back returns to the card.
        const asked = await dialog.checkpoint();
        const confirm = `${t("schedule-delete-confirm")}\n\n${text}`;
        await dialog.show(headed(asked.notice, confirm), scheduleDeleteKeyboard(button, t));
        const sure = await dialog.answer(["dy", "b"]);
        if (sure.kind !== "button") return dialog.rewind(asked, t("dialog-use-buttons"));
        if (sure.step === "b") return dialog.rewind(opened);
        const by = dialog.ctx;
        await conversation.external(async () => {
          await deps.schedules.delete(card.id);
          await deps.audit?.record({
            kind: "schedule",
            actor: actorOf(by),
            shopId: card.shop,
            objectId: card.id,
            via: "deleted",
            result: { status: "done" },
          });
        });
        return dialog.rewind(listed, t("schedule-deleted"));
      }
      if (answer.step === "dg" || answer.step === "dm") {
        return digestPressed(answer.step, answer.value);
      }
      if (answer.step !== "n") return dialog.rewind(listed);
      return addNew();
    },
  });
}
