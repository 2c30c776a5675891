/**
 * The cancel dialog (/cancel_posting, or the Cancel button of a posting): posting → one of the
 * reasons Ozon allows → an explanation when the reason needs one ("other", id 402) → confirm →
 * cancel → the result in plain words.
 */
import { InlineKeyboard } from "grammy";
import type { CancelReason } from "../../ozon/seller/types.ts";
import { clip, problemText } from "../format/postings.ts";
import { answerData } from "../keyboards/postings.ts";
import type { ConversationSpec } from "./index.ts";
import {
  ask,
  askButton,
  attempt,
  choosePosting,
  dialogTag,
  freeTextRefusal,
  type PostingDialogDeps,
} from "./posting-steps.ts";

export const CANCEL_POSTING_CONVERSATION = "postings-cancel";

/** Ozon's "other" reason: it needs a few words from the seller. */
export const REASON_OTHER = 402;
export const MAX_EXPLANATION = 500;

export function cancelPostingConversation(deps: PostingDialogDeps): ConversationSpec {
  const { codec } = deps;
  return {
    id: CANCEL_POSTING_CONVERSATION,
    audience: ["warehouse"],
    builder: async (conversation, start, given?: string | null) => {
      const tag = await dialogTag(conversation);
      const chosen = await choosePosting(conversation, start, deps, given ?? undefined, tag);
      const number = chosen.posting.postingNumber;
      let ctx = chosen.ctx;

      const reasons = await attempt(
        conversation,
        async () => {
          const all: CancelReason[] = await deps.seller.postings.cancelReasons();
          return all.filter((reason) => reason.available);
        },
        number,
      );
      if (!reasons.ok) {
        await ctx.reply(problemText(ctx.t, reasons.problem));
        return;
      }
      if (reasons.value.length === 0) {
        await ctx.reply(ctx.t("postings-cancel-no-reasons", { posting: number }));
        return;
      }
      const keyboard = new InlineKeyboard();
      for (const reason of reasons.value) {
        keyboard
          .text(clip(reason.title, 60), answerData(codec, `${tag}r`, reason.id, ctx.from?.id))
          .row();
      }
      const picked = await askButton(
        conversation,
        ctx,
        codec,
        `${tag}r`,
        ctx.t("postings-cancel-reason", { posting: number }),
        keyboard,
      );
      ctx = picked.ctx;
      const reason = reasons.value.find((r) => String(r.id) === picked.value);
      if (!reason) return;

      let explanation: string | undefined;
      if (reason.id === REASON_OTHER) {
        for (;;) {
          const answer = await ask(
            conversation,
            ctx,
            codec,
            `${tag}e`,
            ctx.t("postings-cancel-explain"),
          );
          ctx = answer.ctx;
          if (answer.kind !== "text") {
            await ctx.reply(ctx.t("postings-answer-with-text"));
            continue;
          }
          const refused = freeTextRefusal(ctx.t, answer.text, MAX_EXPLANATION);
          if (refused === undefined) {
            explanation = answer.text;
            break;
          }
          await ctx.reply(refused);
        }
      }

      const confirm = new InlineKeyboard().text(
        ctx.t("postings-cancel-confirm-button"),
        answerData(codec, `${tag}c`, "yes", ctx.from?.id),
      );
      const summary = ctx.t("postings-cancel-confirm", {
        posting: number,
        reason: reason.title,
        explanation: explanation ?? "—",
      });
      const confirmed = await askButton(conversation, ctx, codec, `${tag}c`, summary, confirm);
      ctx = confirmed.ctx;

      const cancelled = await attempt(
        conversation,
        () => deps.seller.postings.cancel(number, reason.id, explanation),
        number,
      );
      await ctx.reply(
        cancelled.ok
          ? ctx.t("postings-cancel-done", { posting: number })
          : ctx.t("postings-cancel-failed", {
              posting: number,
              reason: problemText(ctx.t, cancelled.problem),
            }),
      );
    },
  };
}
