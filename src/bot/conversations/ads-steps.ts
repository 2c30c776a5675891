/**
 * The steps the advertising dialogs (budget.ts, report.ts) share: waiting for this dialog's
 * answer (and the role still held), showing a step's screen, answering presses, calling Ozon,
 * and the paged campaign list both start with.
 */
import { GrammyError, type InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import type { PerformanceClient } from "../../ozon/index.ts";
import type {
  BudgetService,
  CampaignPage,
  ListOptions,
  ReportJobs,
} from "../../services/ads/index.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotContext, BotConversation, ConversationContext } from "../context.ts";
import {
  type CampaignView,
  campaignLine,
  campaignView,
  type OzonProblem,
  ozonProblem,
} from "../format/ads.ts";
import { refusalText } from "../guard.ts";
import type { Translator } from "../i18n.ts";
import { callOzon, type OzonOutcome } from "./ozon-call.ts";

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

export type OzonResult<T> = OzonOutcome<T, OzonProblem>;

/** Runs an Ozon call once (outside the replay) and returns a JSON-safe result or problem. */
export function ozon<T>(
  conversation: BotConversation,
  deps: Pick<AdsDialogDeps, "logger">,
  task: () => Promise<T>,
): Promise<OzonResult<T>> {
  return callOzon(conversation, task, (error) => {
    deps.logger?.warn({ err: error }, "Ozon call in an advertising dialog failed");
    return ozonProblem(error);
  });
}

/** The campaign list's search: what was typed, trimmed and cut to a sane length. */
export function campaignSearch(text: string): string {
  return text.trim().slice(0, 64);
}

/** One page of the campaign list (as JSON-safe views), read once outside the replay. */
export function campaignPage(
  conversation: BotConversation,
  deps: Pick<AdsDialogDeps, "budget" | "logger">,
  options: Omit<ListOptions, "pageSize">,
): Promise<OzonResult<Omit<CampaignPage, "items"> & { items: CampaignView[] }>> {
  return ozon(conversation, deps, async () => {
    const found = await deps.budget.list({ ...options, pageSize: ADS_PAGE_SIZE });
    return { ...found, items: found.items.map(campaignView) };
  });
}

/** The page's campaigns as numbered lines (numbering goes on across pages). */
export function campaignLines(t: Translator, items: CampaignView[], page: number): string[] {
  return items.map((c, i) => campaignLine(t, c, page * ADS_PAGE_SIZE + i + 1));
}
