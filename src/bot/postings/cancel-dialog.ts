/** Tests: test/bot/core/dialog/dialog-buttons.test.ts */
import type { CancelReason } from "../../ozon/seller/types.ts";
import { actorOf, audited } from "../audit/index.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { clip, formatOf, postingCard, problemText } from "./format.ts";
import { dialogChoicesKeyboard, dialogConfirmKeyboard } from "./keyboards.ts";
import { postingDialogSpec } from "./posting-spec.ts";
import { attempt, freeTextRefusal, type PostingDialogDeps } from "./posting-steps.ts";

export const CANCEL_POSTING_CONVERSATION = "postings-cancel";
export const CANCEL_POSTING_DIALOG = declareDialogButtons("dc", "cancel a posting");

/** Ozon's "other" reason: it needs a few words from the seller. */
export const REASON_OTHER = 402;
export const MAX_EXPLANATION = 500;

/** Leaving says the posting stays: "Cancelled." would read as a cancelled posting here. */
const CANCEL_POSTING_KEYS = { left: "postings-cancel-left", keep: "postings-cancel-keep" } as const;

/** A reason in the person's words: the bot's name for the ids it knows, else Ozon's title. */
export function reasonTitle(
  t: (key: string, variables?: Record<string, string | number>) => string,
  reason: Pick<CancelReason, "id" | "title">,
): string {
  return clip(
    t("postings-cancel-reason-title", { id: Number(reason.id), title: reason.title }),
    60,
  );
}

export function cancelPostingConversation(deps: PostingDialogDeps): ConversationSpec {
  return postingDialogSpec(deps, {
    id: CANCEL_POSTING_CONVERSATION,
    buttons: CANCEL_POSTING_DIALOG,
    leftKey: CANCEL_POSTING_KEYS.left,
    closeKey: CANCEL_POSTING_KEYS.keep,
    inPlace: true,
    run: async (dialog, posting, shop) => {
      const { t } = dialog;
      const number = posting.postingNumber;
      // On the card the question goes below the card (which the posting stays visible in).
      const card = dialog.editable()
        ? `${shop.tagged(t, postingCard(posting, formatOf(dialog.ctx, deps.timezone)))}\n\n`
        : "";

      const reasons = await attempt(
        dialog.conversation,
        async () => {
          const all: CancelReason[] = await shop.seller().postings.cancelReasons();
          return all.filter((reason) => reason.available);
        },
        number,
      );
      if (!reasons.ok) {
        await dialog.show(`${card}${problemText(t, reasons.problem)}`);
        return;
      }
      if (reasons.value.length === 0) {
        await dialog.show(`${card}${t("postings-cancel-no-reasons", { posting: number })}`);
        return;
      }
      const choices = reasons.value.map((r) => ({ id: r.id, label: reasonTitle(t, r) }));
      const keyboard = dialogChoicesKeyboard(dialog.button, "r", choices);
      const asked = t("postings-cancel-reason", { posting: number });
      const question = card ? `${card}${asked}` : shop.tagged(t, asked);
      const picked = await dialog.choose("r", question, keyboard);
      const reason = reasons.value.find((r) => String(r.id) === picked);
      if (!reason) return;

      let explanation: string | undefined;
      if (reason.id === REASON_OTHER) {
        explanation = await dialog.text(t("postings-cancel-explain"), (text) => {
          const refused = freeTextRefusal(t, text, MAX_EXPLANATION);
          return refused === undefined ? { value: text } : { error: refused };
        });
      }

      const confirm = dialogConfirmKeyboard(dialog.button, t("postings-cancel-confirm-button"));
      const summary = shop.tagged(
        t,
        t("postings-cancel-confirm", {
          posting: number,
          reason: reasonTitle(t, reason),
          explanation: explanation ?? "—",
        }),
      );
      await dialog.choose("c", summary, confirm);

      const actor = actorOf(dialog.ctx);
      const cancelled = await attempt(
        dialog.conversation,
        () =>
          audited(
            deps.audit,
            {
              kind: "cancel",
              actor,
              shopId: shop.choice.id,
              objectId: number,
              to: explanation ? `${reason.title}: ${explanation}` : reason.title,
            },
            () => shop.seller().postings.cancel(number, reason.id, explanation),
          ),
        number,
      );
      if (!cancelled.ok && cancelled.problem.shopGone) {
        await dialog.show(problemText(t, cancelled.problem));
        return;
      }
      await dialog.show(
        cancelled.ok
          ? t("postings-cancel-done", { posting: number })
          : t("postings-cancel-failed", {
              posting: number,
              reason: problemText(t, cancelled.problem),
            }),
      );
    },
  });
}
