/**
 * A campaign's period, from its card (/campaigns): the campaign is read fresh, the person types
 * the new dates (or taps "No end date"), confirms old → new, and the shop's Ozon gets them
 * through the campaign PATCH; the dates read back are shown. Ozon's refusal asks again with its
 * words; nothing is sent before the confirmation.
 *
 * A script: the dates are asked at a checkpoint; refused dates (by their parse or by Ozon) and "other
 * dates" on the confirmation go back to it (Dialog.checkpoint/rewind), the reason heading the question.
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts
 */
import { type BudgetCampaign, parseCampaignPeriod } from "../../../services/ads/index.ts";
import { actorOf, audited } from "../../audit/index.ts";
import type { ConversationSpec } from "../../core/dialog/conversations.ts";
import { declareDialogButtons } from "../../core/dialog/dialog-buttons.ts";
import { headed } from "../../core/dialog/questions.ts";
import { campaignTitle } from "../format.ts";
import { type AdsDialogDeps, AdsShopSteps, adsDialogSpec } from "../steps.ts";
import { enteredFrom, redrawCard } from "./card.ts";
import { campaignPeriodText } from "./format.ts";
import { periodAskKeyboard, periodConfirmKeyboard } from "./keyboards.ts";

export const PERIOD_CONVERSATION = "ads-campaign-period";
export const PERIOD_DIALOG = declareDialogButtons("dpe", "change a campaign's period");

const REASON_KEYS = {
  format: "campaigns-period-bad-format",
  invalid_date: "ads-period-bad-date",
  order: "ads-period-bad-order",
  past: "campaigns-period-bad-past",
} as const;

interface Dates {
  fromDate: string;
  toDate: string;
}

export function periodConversation(deps: AdsDialogDeps): ConversationSpec {
  // `listPage`: the list page of the card the dialog was entered from (redrawn after the change).
  return adsDialogSpec<[shopId: string, campaignId: string, listPage?: number]>(deps, {
    id: PERIOD_CONVERSATION,
    buttons: PERIOD_DIALOG,
    overKey: "campaigns-dialog-over",
    run: async (dialog, first, shopId, campaignId, listPage = 0) => {
      const { button, conversation } = dialog;
      const t = first.t.bind(first);
      const session = await AdsShopSteps.forCard(dialog, deps, shopId);
      if (!session) return;
      const read = await session.call(async ({ desk }) => {
        const campaign = await desk.read(campaignId);
        return campaign
          ? {
              title: campaignTitle(campaign),
              fromDate: campaign.fromDate ?? "",
              toDate: campaign.toDate ?? "",
            }
          : null;
      });
      if (!read.ok) return session.end(read.problem);
      if (!read.value) return void (await session.show(t("ads-campaign-gone")));
      const current = read.value;
      const old = campaignPeriodText(t, current.fromDate, current.toDate);
      // The new dates, asked again (with why) from here.
      const asked = await dialog.checkpoint();
      if (!(await session.present())) return;
      const question = t("campaigns-period-ask", { title: current.title, current: old });
      await session.show(headed(asked.notice, question), periodAskKeyboard(button, t));
      const answer = await dialog.answer(["u"]);
      let dates: Dates = { fromDate: "", toDate: "" }; // "No end date"
      if (answer.kind === "text") {
        const now = await conversation.now();
        const zone = deps.timezone;
        const parsed = parseCampaignPeriod(
          answer.text,
          { now, zone },
          current.fromDate || undefined,
        );
        if (!parsed.ok) {
          const input = answer.text.slice(0, 40);
          return dialog.rewind(asked, t(REASON_KEYS[parsed.reason], { input }));
        }
        dates = { fromDate: parsed.fromDate, toDate: parsed.toDate };
      }

      if (!(await session.present())) return;
      const confirm = t("campaigns-period-confirm", {
        title: current.title,
        old,
        new: campaignPeriodText(t, dates.fromDate, dates.toDate),
      });
      const keyboard = periodConfirmKeyboard(button, t);
      if (!(await session.confirmed(confirm, keyboard))) return dialog.rewind(asked);
      const actor = actorOf(dialog.ctx);
      const change = await session.deskChange(async (desk) => {
        const { before, after } = await audited(
          deps.audit,
          {
            kind: "campaign-period",
            actor,
            shopId: session.shop.id,
            objectId: campaignId,
          },
          () => desk.setPeriod(campaignId, dates.fromDate, dates.toDate),
          (c) => ({
            from: `${c.before.fromDate ?? ""}–${c.before.toDate ?? ""}`,
            to: `${c.after.fromDate ?? ""}–${c.after.toDate ?? ""}`,
          }),
        );
        const show = (c: BudgetCampaign) => ({ from: c.fromDate ?? "", to: c.toDate ?? "" });
        return { before: show(before), after: show(after) };
      });
      if (change.kind === "ended") return;
      if (change.kind === "refused") {
        return dialog.rewind(asked, t("campaigns-period-refused", { message: change.message }));
      }
      if (change.kind === "gone") return void (await session.show(t("ads-campaign-gone")));
      const { before, after } = change.value;
      const lines = [
        t("campaigns-period-done", {
          title: current.title,
          old: campaignPeriodText(t, before.from, before.to),
          new: campaignPeriodText(t, after.from, after.to),
        }),
      ];
      if (after.from !== dates.fromDate || after.to !== dates.toDate) {
        lines.push(
          t("campaigns-period-mismatch", {
            requested: campaignPeriodText(t, dates.fromDate, dates.toDate),
          }),
        );
      }
      const card = enteredFrom(first);
      if (card) {
        await redrawCard(deps, session, { kind: "card", message: card, campaignId, listPage });
      }
      await session.show(lines.join("\n\n"));
    },
  });
}
