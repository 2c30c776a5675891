/**
 * The steps the postings dialogs (ship.ts, cancel-posting.ts) share: calling Ozon, asking a
 * question (text or this step's buttons, with a Cancel button), and choosing the posting.
 */
import { randomBytes } from "node:crypto";
import { InlineKeyboard } from "grammy";
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotConversation, ConversationContext } from "../context.ts";
import {
  AWAITING_PACKAGING,
  clip,
  describeOzonError,
  type Problem,
  problemText,
  type Translate,
} from "../format/postings.ts";
import { ANSWER_CALLBACK, answerData, withCancel } from "../keyboards/postings.ts";
import { callOzon, type OzonOutcome } from "./ozon-call.ts";

/** How many postings the "choose a posting" step shows as buttons. */
const CHOICES = 10;
const POSTING_NUMBER = /^[0-9][0-9-]{2,40}$/;

export interface PostingDialogDeps {
  seller: SellerClient;
  codec: CallbackCodec;
  timezone: string;
}

export type Outcome<T> = OzonOutcome<T, Problem>;

/**
 * A short random tag of one dialog run, put in front of every step name of its answer buttons:
 * a button left over from an earlier dialog (an abandoned ship's "✅ Ship") is then stale here,
 * never an answer to this dialog's question.
 */
export function dialogTag(conversation: BotConversation): Promise<string> {
  return conversation.external(() => randomBytes(3).toString("base64url"));
}

/**
 * Runs an Ozon call once (outside the replay); a failure becomes a sentence about the posting
 * (data, replayable), never an exception.
 */
export function attempt<T>(
  conversation: BotConversation,
  call: () => Promise<T>,
  postingNumber = "",
): Promise<Outcome<T>> {
  return callOzon(conversation, call, (error) => describeOzonError(error, postingNumber));
}

export type Answer =
  | { kind: "button"; value: string; ctx: ConversationContext }
  | { kind: "text"; text: string; ctx: ConversationContext };

/**
 * Sends the question (with a Cancel button) and waits for a text or one of this step's buttons.
 * Other buttons and commands are left to the rest of the bot; a stale button of an earlier step
 * is answered and ignored; anything else gets a hint and the wait goes on.
 */
export async function ask(
  conversation: BotConversation,
  ctx: ConversationContext,
  codec: CallbackCodec,
  step: string,
  question: string,
  keyboard?: InlineKeyboard,
): Promise<Answer> {
  await ctx.reply(question, {
    reply_markup: withCancel(codec, ctx.t, keyboard, ctx.from?.id),
    link_preview_options: { is_disabled: true },
  });
  for (;;) {
    const next = await conversation.wait();
    const data = next.callbackQuery?.data;
    if (data !== undefined) {
      const decoded = codec.decode(data);
      if (decoded?.kind !== ANSWER_CALLBACK) return conversation.skip({ next: true });
      if (decoded.args[2] !== String(next.from?.id ?? 0)) {
        await next.answerCallbackQuery({
          text: next.t("postings-not-your-step"),
          show_alert: true,
        });
        continue;
      }
      if (decoded.args[0] !== step) {
        await next.answerCallbackQuery({ text: next.t("postings-step-stale") });
        continue;
      }
      await next.answerCallbackQuery();
      return { kind: "button", value: decoded.args[1] ?? "", ctx: next };
    }
    const text = next.message?.text;
    if (text === undefined) {
      if (!next.message) return conversation.skip({ next: true });
      await next.reply(next.t("postings-answer-with-text"));
      continue;
    }
    if (text.startsWith("/")) return conversation.skip({ next: true });
    return { kind: "text", text: text.trim(), ctx: next };
  }
}

/** Asks until one of the offered buttons is pressed (a text gets "please use the buttons"). */
export async function askButton(
  conversation: BotConversation,
  ctx: ConversationContext,
  codec: CallbackCodec,
  step: string,
  question: string,
  keyboard: InlineKeyboard,
): Promise<{ value: string; ctx: ConversationContext }> {
  let current = ctx;
  for (;;) {
    const answer = await ask(conversation, current, codec, step, question, keyboard.clone());
    current = answer.ctx;
    if (answer.kind === "button") return { value: answer.value, ctx: current };
    await current.reply(current.t("postings-use-buttons"));
  }
}

/** Why a typed free text (a mark, an explanation) is refused: empty, or longer than `max`. */
export function freeTextRefusal(t: Translate, text: string, max: number): string | undefined {
  if (text === "") return t("postings-text-empty");
  if (text.length > max) return t("postings-text-too-long", { max });
  return undefined;
}

/**
 * The posting to work on: the one given (when it still awaits packaging), else chosen with a
 * button or typed. A wrong answer is explained and the question asked again.
 */
export async function choosePosting(
  conversation: BotConversation,
  start: ConversationContext,
  deps: PostingDialogDeps,
  given: string | undefined,
  tag: string,
): Promise<{ posting: Posting; ctx: ConversationContext }> {
  const step = `${tag}n`;
  let ctx = start;
  let candidate = given;
  for (;;) {
    if (candidate === undefined) {
      const listed = await attempt(conversation, async () => {
        const numbers: string[] = [];
        for await (const posting of deps.seller.postings.listAwaitingPackaging()) {
          numbers.push(posting.postingNumber);
          if (numbers.length >= CHOICES) break;
        }
        return numbers;
      });
      const keyboard = new InlineKeyboard();
      if (listed.ok) {
        listed.value.forEach((number, i) => {
          if (i > 0 && i % 2 === 0) keyboard.row();
          keyboard.text(number, answerData(deps.codec, step, number, ctx.from?.id));
        });
      } else {
        await ctx.reply(problemText(ctx.t, listed.problem));
      }
      const question =
        listed.ok && listed.value.length === 0
          ? ctx.t("postings-choose-none-listed")
          : ctx.t("postings-choose");
      const answer = await ask(conversation, ctx, deps.codec, step, question, keyboard);
      ctx = answer.ctx;
      candidate = answer.kind === "button" ? answer.value : answer.text;
    }
    const number = candidate;
    candidate = undefined;
    if (!POSTING_NUMBER.test(number)) {
      await ctx.reply(ctx.t("postings-unknown", { posting: clip(number, 60) }));
      continue;
    }
    const found = await attempt(conversation, () => deps.seller.postings.get(number), number);
    if (!found.ok) {
      await ctx.reply(problemText(ctx.t, found.problem));
      continue;
    }
    if (found.value.status !== AWAITING_PACKAGING) {
      await ctx.reply(
        ctx.t("postings-not-awaiting", {
          posting: number,
          status: ctx.t("postings-status", { status: found.value.status }),
        }),
      );
      continue;
    }
    return { posting: found.value, ctx };
  }
}
