/**
 * /budget: choose a campaign (paged buttons; typing part of the title searches) → type the new
 * daily budget in roubles → confirm old → new → Ozon changes it (the client moves to the
 * successor method on 404/410) → the amount read back is shown.
 *
 * Every Ozon call runs in conversation.external and returns JSON-safe values (money as decimal
 * strings of millionths), so a replay never calls Ozon again and nothing drifts through floats.
 * The dialog steps shared with the report dialog are in ads-steps.ts.
 */
import { isBudgetError } from "../../services/ads/index.ts";
import type { ConversationContext } from "../context.ts";
import {
  BUDGET_REASON_KEYS,
  budgetText,
  type CampaignView,
  campaignTitle,
  campaignView,
  ozonProblem,
  ozonProblemText,
} from "../format/ads.ts";
import {
  BUDGET_CALLBACK,
  budgetAmountKeyboard,
  budgetCampaignsKeyboard,
  budgetConfirmKeyboard,
} from "../keyboards/ads.ts";
import {
  type AdsDialogDeps,
  campaignLines,
  campaignPage,
  campaignSearch,
  markFirst,
  nextAnswer,
  ozon,
  show,
  stale,
} from "./ads-steps.ts";
import type { ConversationSpec } from "./index.ts";

export const BUDGET_CONVERSATION = "ads-budget";
// The ads module takes the dialogs' dependencies from here.
export type { AdsDialogDeps } from "./ads-steps.ts";

export function budgetConversation(deps: AdsDialogDeps): ConversationSpec {
  return {
    id: BUDGET_CONVERSATION,
    audience: ["manager"],
    builder: async (conversation, first) => {
      const { codec, budget } = deps;
      const t = first.t.bind(first);
      markFirst(first);
      let at: ConversationContext = first;
      let search = "";
      let page = 0;
      let chosen: CampaignView | undefined;
      let amount: { millionths: string; rounded: boolean } | undefined;
      let step: "choose" | "amount" | "confirm" = "choose";
      let notice = "";
      /** A typed amount: on to the confirmation, or the same question again with the reason. */
      const takeAmount = (input: string) => {
        const parsed = budget.parseInput(input);
        if (parsed.ok) {
          amount = { millionths: parsed.millionths.toString(), rounded: parsed.rounded };
          step = "confirm";
          return;
        }
        step = "amount";
        notice = t(BUDGET_REASON_KEYS[parsed.reason], {
          input: input.slice(0, 40),
          limit: parsed.limitMillionths === undefined ? "" : budgetText(t, parsed.limitMillionths),
        });
      };

      for (;;) {
        if (step === "choose") {
          const listing = await campaignPage(conversation, deps, { search, page });
          if (!listing.ok) return void (await show(at, ozonProblemText(t, listing.problem)));
          page = listing.value.page;
          const { items, pages, total } = listing.value;
          const head =
            total === 0
              ? t(search ? "ads-budget-not-found" : "ads-budget-none", { search })
              : t(search ? "ads-budget-choose-search" : "ads-budget-choose", { search });
          const lines = campaignLines(t, items, page);
          const text = [notice, head, "", ...lines].filter((l, i) => i > 0 || l).join("\n");
          notice = "";
          await show(at, text, budgetCampaignsKeyboard(codec, t, items, page, pages, at.from?.id));
          const answer = await nextAnswer(conversation, codec, BUDGET_CALLBACK);
          at = answer.ctx;
          if (answer.type === "text") {
            search = campaignSearch(answer.text);
            page = 0;
          } else if (answer.action === "p") {
            page = Number(answer.args[0]) || 0;
          } else if (answer.action === "c") {
            const id = answer.args[0] ?? "";
            const found = await ozon(conversation, deps, async () => {
              const campaign = await budget.find(id);
              return campaign ? campaignView(campaign) : null;
            });
            if (!found.ok) return void (await show(at, ozonProblemText(t, found.problem)));
            if (!found.value) notice = t("ads-campaign-gone");
            else {
              chosen = found.value;
              step = "amount";
            }
          } else {
            await stale(at);
          }
          continue;
        }

        const campaign = chosen as CampaignView;
        if (step === "amount") {
          const question = t("ads-budget-ask", {
            title: campaignTitle(campaign),
            current: budgetText(t, campaign.budget),
          });
          await show(
            at,
            [notice, question].filter(Boolean).join("\n\n"),
            budgetAmountKeyboard(codec, t, at.from?.id),
          );
          notice = "";
          const answer = await nextAnswer(conversation, codec, BUDGET_CALLBACK);
          at = answer.ctx;
          if (answer.type === "text") {
            takeAmount(answer.text);
          } else if (answer.action === "b") {
            step = "choose";
          } else {
            await stale(at);
          }
          continue;
        }

        const wanted = amount as { millionths: string; rounded: boolean };
        const confirmText = [
          t("ads-budget-confirm", {
            title: campaignTitle(campaign),
            old: budgetText(t, campaign.budget),
            new: budgetText(t, wanted.millionths),
          }),
          wanted.rounded ? t("ads-budget-rounded") : "",
        ]
          .filter(Boolean)
          .join("\n");
        await show(at, confirmText, budgetConfirmKeyboard(codec, t, at.from?.id));
        const answer = await nextAnswer(conversation, codec, BUDGET_CALLBACK);
        at = answer.ctx;
        if (answer.type === "text") {
          // A typed amount on the confirm screen is a new answer to the amount question.
          takeAmount(answer.text);
          continue;
        }
        if (answer.action === "a") {
          step = "amount";
          continue;
        }
        if (answer.action !== "y") {
          await stale(at);
          continue;
        }
        const changed = await conversation.external(async () => {
          try {
            const change = await budget.change(campaign.id, BigInt(wanted.millionths));
            return {
              ok: true as const,
              title: campaignTitle(change.campaign),
              old: change.oldMillionths.toString(),
              requested: change.requestedMillionths.toString(),
              now: change.newMillionths.toString(),
              confirmed: change.confirmed,
            };
          } catch (error) {
            if (isBudgetError(error)) {
              return { ok: false as const, code: error.code, message: error.message };
            }
            deps.logger?.warn({ err: error, campaign: campaign.id }, "daily budget change failed");
            return { ok: false as const, code: "ozon" as const, problem: ozonProblem(error) };
          }
        });
        if (changed.ok) {
          const lines = [
            t("ads-budget-done", {
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
          await show(at, lines.join("\n\n"));
          return;
        }
        if (changed.code === "invalid_amount") {
          // Ozon refused the amount: the same question again, with Ozon's reason.
          notice = t("ads-budget-refused", { message: changed.message });
          step = "amount";
          continue;
        }
        if (changed.code === "ozon") {
          if (changed.problem.kind === "refused") {
            // Ozon's 4xx on a budget change is about the amount: asked again with its words.
            notice = t("ads-budget-refused", { message: changed.problem.message ?? "" });
            step = "amount";
            continue;
          }
          await show(at, ozonProblemText(t, changed.problem));
          return;
        }
        await show(at, t("ads-campaign-gone"));
        return;
      }
    },
  };
}
