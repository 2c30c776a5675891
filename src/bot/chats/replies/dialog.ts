/**
 * Adding or editing a saved answer (/replies): type the text → checked (placeholders, length,
 * how many the store has) → saved, and the list shows again. A refused text is explained and
 * asked for again; nothing typed so far is lost. The store is looked up at every step.
 * A text the store refuses on saving is told why and the question asked again (Dialog.checkpoint/rewind).
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts
 */
import { InlineKeyboard } from "grammy";
import {
  checkQuickReply,
  MAX_QUICK_REPLY_LENGTH,
  QuickReplies,
  type QuickReplyProblem,
} from "../../../services/chats/replies/quick-replies.ts";
import type { ShopRegistry } from "../../../shops/registry.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { ConversationSpec } from "../../core/dialog/conversations.ts";
import { declareDialogButtons } from "../../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../../core/dialog/dialog-spec.ts";
import type { Translator } from "../../core/i18n.ts";
import { withShopTag } from "../../core/shop-tags.ts";

export const QUICK_REPLY_CONVERSATION = "quick-reply";
export const QUICK_REPLY_DIALOG = declareDialogButtons("dqr", "quick reply");

export function quickReplyConversation(deps: {
  shops: ShopRegistry;
  codec: CallbackCodec;
}): ConversationSpec {
  const { shops } = deps;
  return dialogSpec({
    id: QUICK_REPLY_CONVERSATION,
    buttons: QUICK_REPLY_DIALOG,
    codec: deps.codec,
    overKey: "quick-replies-dialog-over",
    audience: ["seller"],
    run: async (dialog, _first, shopId: string, replyId: string) => {
      const { conversation, t } = dialog;
      const tagged = (text: string) => withShopTag(t, shops, shopId, text);
      const old = await conversation.external(async () => {
        const shop = shops.get(shopId);
        if (!shop) return null;
        const reply = replyId ? await new QuickReplies(shop.store).get(replyId) : undefined;
        return { name: shop.name, text: reply?.text ?? null };
      });
      if (!old || (replyId && old.text === null)) {
        await dialog.show(t("quick-replies-gone"));
        return;
      }
      const question = [
        t(replyId ? "quick-replies-edit-ask" : "quick-replies-add-ask", {
          max: MAX_QUICK_REPLY_LENGTH,
        }),
        t("quick-replies-placeholders"),
        ...(old.text ? ["", t("quick-replies-current"), old.text] : []),
      ].join("\n");
      // Asked again from here after a text the store refused on saving (told why first).
      const asked = await dialog.checkpoint();
      // The placeholders in Latin braces are awkward on a Russian keyboard: a button copies each.
      const placeholders = new InlineKeyboard()
        .copyText(t("quick-replies-copy-order"), "{order}")
        .copyText(t("quick-replies-copy-name"), "{name}");
      const typed = await dialog.text<string>(
        tagged(question),
        (text) => {
          const problem = checkQuickReply(text);
          return problem ? { error: quickReplyProblemText(t, problem) } : { value: text };
        },
        placeholders,
      );
      const result = await conversation.external(async () => {
        const shop = shops.get(shopId);
        if (!shop) return { ok: false as const, problem: { kind: "gone" } as const };
        const replies = new QuickReplies(shop.store);
        return replyId ? replies.edit(replyId, typed) : replies.add(typed);
      });
      if (result.ok) {
        await dialog.show(tagged(t("quick-replies-saved", { text: result.reply.text })));
        return;
      }
      await dialog.ctx.reply(quickReplyProblemText(t, result.problem));
      if (result.problem.kind === "full" || result.problem.kind === "gone") return;
      return dialog.rewind(asked);
    },
  });
}

export function quickReplyProblemText(t: Translator, problem: QuickReplyProblem): string {
  switch (problem.kind) {
    case "empty":
      return t("quick-replies-problem-empty");
    case "too_long":
      return t("quick-replies-problem-too-long", { length: problem.length, max: problem.max });
    case "unknown_placeholder":
      return t("quick-replies-problem-placeholder", { token: problem.token });
    case "full":
      return t("quick-replies-problem-full", { max: problem.max });
    case "gone":
      return t("quick-replies-gone");
  }
}
