/**
 * /budget: "which store?" (only when the person's role reaches several shops with Performance
 * keys) → choose a campaign (paged buttons; typing part of the title searches) → type the new
 * budget in roubles → confirm old → new → that shop's Ozon changes it → the amount read back is
 * shown. The budget is of the kind the campaign has, daily or weekly (fixed at creation): every
 * text names it, the limits are that kind's, and Ozon is sent that kind's field only.
 *
 * Every Ozon call runs in conversation.external and returns JSON-safe values (money as decimal
 * strings of millionths), so a replay never calls Ozon again and nothing drifts through floats.
 * What it shares with the report dialog is in ads-steps.ts; its steps are dialog.ts's.
 */
import { type BudgetKind, isBudgetError, parseBudgetInput } from "../../services/ads/index.ts";
import type { ConversationContext } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { type AdsDialogDeps, AdsShopDialog, adsDialog, CampaignList } from "./ads-steps.ts";
import { enteredFrom, redrawCard } from "./campaign-card.ts";
import {
  amountConfirmText,
  BUDGET_REASON_KEYS,
  budgetText,
  type CampaignView,
  campaignTitle,
  campaignView,
  type TypedAmount,
} from "./format.ts";
import {
  budgetAmountKeyboard,
  budgetCampaignsKeyboard,
  budgetConfirmKeyboard,
} from "./keyboards.ts";

export const BUDGET_CONVERSATION = "ads-budget";
/** Callback kind of the budget dialog's buttons (dialog.ts). */
export const BUDGET_DIALOG_CALLBACK = "db";
// The ads module takes the dialogs' dependencies from here.
export type { AdsDialogDeps } from "./ads-steps.ts";

export function budgetConversation(deps: AdsDialogDeps): ConversationSpec {
  // Entered with a shop and a campaign from a campaign card: straight to that campaign's amount,
  // and the card (of list page `listPage`) is redrawn after the change.
  return adsDialog<[shopId?: string, campaignId?: string, listPage?: number]>(deps, {
    id: BUDGET_CONVERSATION,
    kind: BUDGET_DIALOG_CALLBACK,
    run: async (dialog, first, shopId, campaignId, listPage = 0) => {
      const { button } = dialog;
      const t = first.t.bind(first);
      const opened = await AdsShopDialog.choose(dialog, deps, first, shopId);
      if (!opened) return;
      const { session } = opened;
      let at: ConversationContext = opened.ctx;
      const list = new CampaignList(session, false);
      let chosen: CampaignView | undefined;
      let amount: TypedAmount | undefined;
      let step: "choose" | "amount" | "confirm" = "choose";
      let notice = "";
      /** A typed amount: on to the confirmation, or the same question again with the reason. */
      const takeAmount = (input: string, kind: BudgetKind) => {
        const parsed = parseBudgetInput(input, deps.budgetLimits[kind]);
        if (parsed.ok) {
          amount = { millionths: parsed.millionths.toString(), rounded: parsed.rounded };
          step = "confirm";
          return;
        }
        step = "amount";
        notice = t(BUDGET_REASON_KEYS[parsed.reason], {
          kind,
          input: input.slice(0, 40),
          limit: parsed.limitMillionths === undefined ? "" : budgetText(t, parsed.limitMillionths),
        });
      };
      /**
       * The campaign `id` (read anew when `fresh`, else from the briefly cached list): on to its
       * amount, or back to the list with why (gone, or of no known budget kind); false when the
       * dialog ended on Ozon's failure.
       */
      const takeCampaign = async (id: string, fresh: boolean): Promise<boolean> => {
        const found = await session.call(async ({ budget }) => {
          const campaign = await budget.find(id, fresh);
          return campaign ? campaignView(campaign) : null;
        });
        if (!found.ok) {
          await session.end(at, found.problem);
          return false;
        }
        if (!found.value) notice = t("ads-campaign-gone");
        else if (found.value.kind === "none") {
          // Neither limit shown: which field Ozon would take is unknown, so none is sent.
          notice = t("ads-budget-kind-unknown", { title: campaignTitle(found.value) });
        } else {
          chosen = found.value;
          step = "amount";
        }
        return true;
      };

      let preset = opened.session.shop.id === shopId ? campaignId : undefined;
      for (;;) {
        // A shop removed or paused since the last step ends the dialog here.
        if (!(await session.present(at))) return;
        if (step === "choose" && preset) {
          const id = preset;
          preset = undefined;
          // Not the briefly cached list: the card's campaign as Ozon shows it now.
          if (!(await takeCampaign(id, true))) return;
          continue;
        }
        if (step === "choose") {
          const listing = await list.load();
          if (!listing.ok) return session.end(at, listing.problem);
          const { items, pages, total, missed } = listing.value;
          const { search } = list;
          if (missed) notice = t("ads-search-missed", { search: missed });
          const head =
            total === 0
              ? t("ads-budget-none")
              : t(search ? "ads-budget-choose-search" : "ads-budget-choose", { search });
          const lines = list.lines(t, items);
          const text = [notice, head, "", ...lines].filter((l, i) => i > 0 || l).join("\n");
          notice = "";
          await session.show(at, text, budgetCampaignsKeyboard(button, t, items, list.page, pages));
          const answer = await dialog.answer(["p", "c"]);
          at = answer.ctx;
          if (list.take(answer) || answer.kind !== "button") continue;
          if (!(await takeCampaign(answer.value, false))) return;
          continue;
        }

        const campaign = chosen as CampaignView;
        // Views kept by dialogs begun before budget kinds were read have none: those were daily.
        const kind: BudgetKind = campaign.kind === "weekly" ? "weekly" : "daily";
        if (step === "amount") {
          const question = t("ads-budget-ask", {
            kind,
            title: campaignTitle(campaign),
            current: budgetText(t, campaign.budget),
          });
          const text = [notice, question].filter(Boolean).join("\n\n");
          await session.show(at, text, budgetAmountKeyboard(button, t));
          notice = "";
          const answer = await dialog.answer(["b"]);
          at = answer.ctx;
          if (answer.kind === "text") takeAmount(answer.text, kind);
          else step = "choose";
          continue;
        }

        const wanted = amount as TypedAmount;
        const confirmText = amountConfirmText(
          t,
          t("ads-budget-confirm", {
            kind,
            title: campaignTitle(campaign),
            old: budgetText(t, campaign.budget),
            new: budgetText(t, wanted.millionths),
          }),
          wanted,
        );
        await session.show(at, confirmText, budgetConfirmKeyboard(button, t));
        const answer = await dialog.answer(["y", "a"]);
        at = answer.ctx;
        if (answer.kind === "text") {
          // A typed amount on the confirm screen is a new answer to the amount question.
          takeAmount(answer.text, kind);
          continue;
        }
        if (answer.step === "a") {
          step = "amount";
          continue;
        }
        const call = await session.call(async ({ budget }) => {
          try {
            const change = await budget.change(campaign.id, BigInt(wanted.millionths), kind);
            return {
              ok: true as const,
              kind: change.kind,
              title: campaignTitle(change.campaign),
              old: change.oldMillionths.toString(),
              requested: change.requestedMillionths.toString(),
              now: change.newMillionths.toString(),
              confirmed: change.confirmed,
            };
          } catch (error) {
            if (!isBudgetError(error)) throw error; // Ozon's failure: the session phrases it
            return { ok: false as const, code: error.code, message: error.message };
          }
        });
        if (!call.ok) {
          if (call.problem.kind !== "refused") return session.end(at, call.problem);
          // Ozon's 4xx on a budget change is about the amount: asked again with its words.
          notice = t("ads-budget-refused", { message: call.problem.message ?? "" });
          step = "amount";
          continue;
        }
        const changed = call.value;
        if (changed.ok) {
          const lines = [
            t("ads-budget-done", {
              kind: changed.kind,
              title: changed.title,
              old: budgetText(t, changed.old),
              new: budgetText(t, changed.now),
            }),
          ];
          if (!changed.confirmed) {
            lines.push(
              t("ads-budget-mismatch", {
                requested: budgetText(t, changed.requested),
                actual: budgetText(t, changed.now),
              }),
            );
          }
          const card = enteredFrom(first);
          if (card && campaignId === campaign.id && session.shop.id === shopId) {
            const place = { kind: "card" as const, message: card, campaignId, listPage };
            await redrawCard(deps, session, at, place);
          }
          await session.show(at, lines.join("\n\n"));
          return;
        }
        if (changed.code === "invalid_amount") {
          // Ozon refused the amount: the same question again, with Ozon's reason.
          notice = t("ads-budget-refused", { message: changed.message });
          step = "amount";
          continue;
        }
        if (changed.code === "kind_unknown") {
          // Ozon no longer shows the kind the person was asked about: nothing was sent.
          notice = t("ads-budget-kind-unknown", { title: campaignTitle(campaign) });
          step = "choose";
          continue;
        }
        await session.show(at, t("ads-campaign-gone"));
        return;
      }
    },
  });
}
