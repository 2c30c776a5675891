/**
 * /budget: choose a campaign (paged buttons; typing part of the title searches) → type the new
 * daily budget in roubles → confirm old → new → Ozon changes it (the client moves to the
 * successor method on 404/410) → the amount read back is shown.
 *
 * Every Ozon call runs in conversation.external and returns JSON-safe values (money as decimal
 * strings of millionths), so a replay never calls Ozon again and nothing drifts through floats.
 * The dialog helpers at the end are shared with the report dialog.
 */
import { GrammyError, type InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import type { PerformanceClient } from "../../ozon/index.ts";
import { type BudgetService, isBudgetError, type ReportJobs } from "../../services/ads/index.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotContext, BotConversation, ConversationContext } from "../context.ts";
import {
  BUDGET_REASON_KEYS,
  budgetText,
  type CampaignView,
  campaignLine,
  campaignTitle,
  campaignView,
  type OzonProblem,
  ozonProblem,
  ozonProblemText,
} from "../format/ads.ts";
import { refusalText } from "../guard.ts";
import {
  BUDGET_CALLBACK,
  budgetAmountKeyboard,
  budgetCampaignsKeyboard,
  budgetConfirmKeyboard,
} from "../keyboards/ads.ts";
import type { ConversationSpec } from "./index.ts";

export const BUDGET_CONVERSATION = "ads-budget";
export const ADS_PAGE_SIZE = 6;

/** What the advertising dialogs are built from (the ads module hands it over). */
export interface AdsDialogDeps {
  budget: BudgetService;
  jobs: ReportJobs;
  campaigns: Pick<PerformanceClient["campaigns"], "objects">;
  codec: CallbackCodec;
  /** TIMEZONE: report periods are whole days there. */
  timezone: string;
  maxPeriodDays: number;
  maxCampaigns: number;
  logger?: Logger;
}

export function budgetConversation(deps: AdsDialogDeps): ConversationSpec {
  return {
    id: BUDGET_CONVERSATION,
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
          const listing = await ozon(conversation, deps, async () => {
            const found = await budget.list({ search, page, pageSize: ADS_PAGE_SIZE });
            return { ...found, items: found.items.map(campaignView) };
          });
          if (!listing.ok) return void (await show(at, ozonProblemText(t, listing.problem)));
          page = listing.value.page;
          const { items, pages, total } = listing.value;
          const head =
            total === 0
              ? t(search ? "ads-budget-not-found" : "ads-budget-none", { search })
              : t(search ? "ads-budget-choose-search" : "ads-budget-choose", { search });
          const lines = items.map((c, i) => campaignLine(t, c, page * ADS_PAGE_SIZE + i + 1));
          const text = [notice, head, "", ...lines].filter((l, i) => i > 0 || l).join("\n");
          notice = "";
          await show(at, text, budgetCampaignsKeyboard(codec, t, items, page, pages));
          const answer = await nextAnswer(conversation, codec, BUDGET_CALLBACK);
          at = answer.ctx;
          if (answer.type === "text") {
            search = answer.text.trim().slice(0, 64);
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
            budgetAmountKeyboard(codec, t),
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
        await show(at, confirmText, budgetConfirmKeyboard(codec, t));
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

// ——— shared with the report dialog ———

export type DialogAnswer =
  | { type: "text"; ctx: ConversationContext; text: string }
  | { type: "button"; ctx: ConversationContext; action: string; args: string[] };

/**
 * The next text or press of this dialog's buttons. Commands and other features' buttons pass on
 * to the rest of the bot (the dialog keeps waiting at the same step); so do other messages.
 * A person who lost the role meanwhile is refused and the dialog ends.
 */
export async function nextAnswer(
  conversation: BotConversation,
  codec: CallbackCodec,
  kind: string,
): Promise<DialogAnswer> {
  const ctx = await conversation.wait();
  const data = ctx.callbackQuery?.data;
  let answer: DialogAnswer | undefined;
  if (data !== undefined) {
    const decoded = codec.decode(data);
    if (decoded?.kind === kind) {
      answer = { type: "button", ctx, action: decoded.args[0] ?? "", args: decoded.args.slice(1) };
    }
  } else {
    const text = ctx.message?.text;
    if (text !== undefined && !text.startsWith("/")) answer = { type: "text", ctx, text };
  }
  if (!answer) return conversation.skip({ next: true });
  if (!(await stillAllowed(conversation, ctx))) return conversation.halt();
  return answer;
}

/** True while the person holds the manager role (or admin); otherwise tells them and says false. */
export async function stillAllowed(
  conversation: BotConversation,
  ctx: ConversationContext,
): Promise<boolean> {
  const refusal = await conversation.external((outside: BotContext) =>
    outside.person?.roles.some((role) => role === "manager" || role === "admin")
      ? null
      : refusalText(outside, ["manager"]),
  );
  if (refusal === null) return true;
  if (ctx.callbackQuery) await answerOnce(ctx, { text: refusal.slice(0, 200), show_alert: true });
  else await ctx.reply(refusal);
  return false;
}

/** A step's screen: a press edits the message that holds the button, a typed answer gets a new one. */
export async function show(
  ctx: ConversationContext,
  text: string,
  keyboard?: InlineKeyboard,
): Promise<{ chatId: number; messageId: number }> {
  const options = { reply_markup: keyboard, link_preview_options: { is_disabled: true } };
  // The dialog's first screen is always a new message (a menu press was answered by the menu).
  const first = isFirstUpdate(ctx);
  if (!first) await answerOnce(ctx);
  const message = first ? undefined : ctx.callbackQuery?.message;
  if (message) {
    try {
      await ctx.editMessageText(text, options);
      return { chatId: message.chat.id, messageId: message.message_id };
    } catch (error) {
      if (error instanceof GrammyError && error.description.includes("message is not modified")) {
        return { chatId: message.chat.id, messageId: message.message_id };
      }
      // Too old to edit, or gone: a new message instead.
    }
  }
  const sent = await ctx.reply(text, options);
  return { chatId: sent.chat.id, messageId: sent.message_id };
}

const firstUpdates = new WeakSet<ConversationContext>();

/** Marks the context the dialog was entered with (its screen goes to a new message). */
export function markFirst(ctx: ConversationContext): void {
  firstUpdates.add(ctx);
}

function isFirstUpdate(ctx: ConversationContext): boolean {
  return firstUpdates.has(ctx);
}

const answered = new WeakSet<ConversationContext>();

/** Answers a press once (Telegram refuses a second answer); a no-op for messages. */
export async function answerOnce(
  ctx: ConversationContext,
  options?: { text: string; show_alert?: boolean },
): Promise<void> {
  if (!ctx.callbackQuery || answered.has(ctx)) return;
  answered.add(ctx);
  await ctx.answerCallbackQuery(options);
}

/** A press of a button from an earlier step. */
export async function stale(ctx: ConversationContext): Promise<void> {
  await answerOnce(ctx, { text: ctx.t("ads-stale-button") });
}

export type OzonResult<T> = { ok: true; value: T } | { ok: false; problem: OzonProblem };

/** Runs an Ozon call once (outside the replay) and returns a JSON-safe result or problem. */
export function ozon<T>(
  conversation: BotConversation,
  deps: Pick<AdsDialogDeps, "logger">,
  task: () => Promise<T>,
): Promise<OzonResult<T>> {
  return conversation.external(async (): Promise<OzonResult<T>> => {
    try {
      return { ok: true, value: await task() };
    } catch (error) {
      deps.logger?.warn({ err: error }, "Ozon call in an advertising dialog failed");
      return { ok: false, problem: ozonProblem(error) };
    }
  });
}
