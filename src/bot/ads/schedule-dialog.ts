/**
 * /schedule (managers and admins): the person's saved reports with the next run of each, and
 * buttons to open one (pause / resume, delete with confirmation), to add one (schedule-new.ts)
 * and, in a private chat, to set the daily digest (digest-steps.ts).
 *
 * In a private chat the reports come to the person. Sent in a group, /schedule manages the
 * schedules FOR THAT GROUP, and only when Telegram says the person is an administrator (or the
 * creator) of the group (getChatMember): a group "they manage" is one they administer, on top of
 * the bot's manager role that every /schedule needs. There it lists every schedule aimed at the
 * group, whoever saved it, so the group's admins can stop one whose owner left: anyone of them
 * may delete it; pausing and resuming stay the owner's (a resumed schedule runs on the owner's
 * rights). At most `maxPerPerson` schedules per person (SCHEDULES_PER_PERSON), over all chats.
 */
import type { Logger } from "../../logger.ts";
import type { ReportSchedule, ScheduleRepository } from "../../services/schedules/schedules.ts";
import { actorOf } from "../audit/index.ts";
import type { ConversationContext } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { type Dialog, DialogNotice } from "../core/dialog/dialog.ts";
import { type AdsDialogDeps, adsDialog } from "./ads-steps.ts";
import { scheduleText } from "./schedule-format.ts";
import {
  scheduleCardKeyboard,
  scheduleDeleteKeyboard,
  scheduleListKeyboard,
} from "./schedule-keyboards.ts";
import { newScheduleSteps } from "./schedule-new-dialog.ts";
import { GROUP_ADMIN_STATUSES } from "./schedules-notifier.ts";

export const SCHEDULE_CONVERSATION = "schedule";
export const SCHEDULE_DIALOG_CALLBACK = "dsc";

/** The daily digest's part of the dialog (its own file); none: the bot has no digest. */
export interface DigestDialog {
  /** Whether the person's digest is on, and its time. */
  state(userId: number): Promise<{ on: boolean; time: string }>;
  /** The digest's screen; resolves with the context to go on with. */
  run(dialog: Dialog, ctx: ConversationContext): Promise<ConversationContext | undefined>;
}

export interface ScheduleDialogDeps extends AdsDialogDeps {
  schedules: ScheduleRepository;
  /** The scheduler looks again (a schedule was saved, paused or resumed). */
  wake(): void;
  digest?: DigestDialog;
  /** The first name the bot knows for a person (who saved a schedule, shown in groups). */
  personName(userId: number): Promise<string | undefined>;
  logger?: Logger;
}

export function scheduleConversation(deps: ScheduleDialogDeps): ConversationSpec {
  return adsDialog(deps, {
    id: SCHEDULE_CONVERSATION,
    kind: SCHEDULE_DIALOG_CALLBACK,
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
          await dialog.show(first, t("schedule-group-not-admin"));
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
      const describe = async (list: readonly ReportSchedule[]) => {
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
          }),
        );
      };

      let at: ConversationContext = first;
      const notice = new DialogNotice();
      let open: string | undefined;
      let deleting = false;
      for (;;) {
        const schedules = await shown();
        const card = open === undefined ? undefined : schedules.find((s) => s.id === open);
        if (card) {
          const own = card.owner === userId;
          const [text = ""] = await describe([card]);
          if (deleting) {
            await dialog.show(
              at,
              notice.over(`${t("schedule-delete-confirm")}\n\n${text}`),
              scheduleDeleteKeyboard(button, t),
            );
          } else {
            await dialog.show(
              at,
              notice.over(text),
              scheduleCardKeyboard(button, t, card, { canPause: own }),
            );
          }
          const answer = await dialog.answer(
            deleting ? ["dy", "b"] : own ? ["ps", "dl", "b"] : ["dl", "b"],
          );
          at = answer.ctx;
          if (answer.kind !== "button") {
            notice.text = t("dialog-use-buttons");
            continue;
          }
          if (answer.step === "b") {
            if (!deleting) open = undefined;
            deleting = false;
          } else if (answer.step === "dl") {
            deleting = true;
          } else if (answer.step === "dy") {
            await conversation.external(async () => {
              await deps.schedules.delete(card.id);
              await deps.audit?.record({
                kind: "schedule",
                actor: actorOf(at),
                shopId: card.shop,
                objectId: card.id,
                via: "deleted",
                result: { status: "done" },
              });
            });
            notice.text = t("schedule-deleted");
            open = undefined;
            deleting = false;
          } else {
            const changed = await conversation.external(async () => {
              const next = await deps.schedules.setPaused(card.id, !card.paused);
              deps.wake();
              await deps.audit?.record({
                kind: "schedule",
                actor: actorOf(at),
                shopId: card.shop,
                objectId: card.id,
                via: next?.paused ? "paused" : "resumed",
                result: { status: "done" },
              });
              return next?.paused;
            });
            notice.text = t(changed ? "schedule-paused" : "schedule-resumed");
          }
          continue;
        }
        open = undefined;
        const lines = (await describe(schedules)).map(
          (text, i) => `${i + 1}. ${text.replaceAll("\n", "\n    ")}`,
        );
        const head = t(inGroup ? "schedule-list-group" : "schedule-list", {
          count: schedules.length,
          max: deps.schedules.maxPerPerson,
          zone: deps.timezone,
        });
        const body =
          schedules.length > 0
            ? [head, "", ...lines].join("\n")
            : `${head}\n\n${t("schedule-none")}`;
        const digest = deps.digest;
        const digestState =
          !inGroup && digest ? await conversation.external(() => digest.state(userId)) : undefined;
        const digestLabel =
          digestState &&
          (digestState.on
            ? t("digest-button-on", { time: digestState.time })
            : t("digest-button-off"));
        const all = await conversation.external(() => deps.schedules.of(userId));
        const keyboard = scheduleListKeyboard(button, t, schedules, {
          canAdd: all.length < deps.schedules.maxPerPerson,
          digest: digestLabel,
        });
        await dialog.show(at, notice.over(body), keyboard);
        const answer = await dialog.answer(["o", "n", "dg"]);
        at = answer.ctx;
        if (answer.kind !== "button") {
          notice.text = t("dialog-use-buttons");
          continue;
        }
        if (answer.step === "o") {
          open = answer.value;
          continue;
        }
        if (answer.step === "dg" && deps.digest) {
          const next = await deps.digest.run(dialog, at);
          if (!next) return;
          at = next;
          continue;
        }
        if (answer.step !== "n") continue;
        const made = await newScheduleSteps(dialog, deps, at, target);
        if (!made) return;
        at = made.ctx;
        notice.text = made.saved ? t("schedule-saved") : (made.notice ?? "");
      }
    },
  });
}
