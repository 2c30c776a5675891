/**
 * Deciding an rFBS return request (a decision button of its card): the request is read again,
 * and the decision goes on only if Ozon allows it now; then what it needs (a reason, a comment,
 * an exact amount), a confirmation that says what happens next, and the decision made once
 * (services/returns/decide.ts). The result names the next step and shows the card as it is now.
 */
import { InlineKeyboard } from "grammy";
import type { RfbsDecision, RfbsRequest } from "../../ozon/seller/returns.ts";
import {
  type DecisionInput,
  decideOnce,
  decisionDeadline,
  kopecksText,
  parseKopecks,
  priceKopecks,
} from "../../services/returns/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import { clip } from "../../text.ts";
import { type AuditRecorder, actorOf } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import type { Dialog } from "../core/dialog/dialog.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../core/dialog/dialog-spec.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { kopecksMoneyText, localeOf } from "../core/numbers.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { decisionLabel, rfbsCardText } from "./format.ts";
import { rfbsKeyboard } from "./keyboards.ts";
import { ozonWords } from "./ozon-words.ts";

export const DECIDE_CONVERSATION = "returns-decide";
export const DECIDE_DIALOG = declareDialogButtons("rtx", "decide an rFBS return");
export const MAX_COMMENT = 500;

export interface DecideTarget {
  id: string;
  shop: string;
  decision: RfbsDecision;
}

export interface DecideDialogDeps {
  codec: CallbackCodec;
  shops: ShopRegistry;
  timezone: string;
  /** Where decisions are recorded (the audit trail). */
  audit?: AuditRecorder;
}

type Read = { ok: true; request: RfbsRequest } | { ok: false; words: string };

export function decideConversation(deps: DecideDialogDeps): ConversationSpec {
  return dialogSpec({
    id: DECIDE_CONVERSATION,
    buttons: DECIDE_DIALOG,
    codec: deps.codec,
    overKey: "returns-dialog-over",
    leftKey: "returns-dialog-left",
    audience: ["admin", "seller"],
    run: async (dialog, _first, target: DecideTarget) => {
      const { conversation, t } = dialog;
      const shopId = await conversation.external(() => deps.shops.byRef(target.shop)?.id ?? null);
      if (!shopId) {
        await dialog.show(t("returns-shop-unknown"));
        return;
      }
      const tagged = (text: string) => withShopTag(t, deps.shops, shopId, text);
      const seller = () => {
        const found = deps.shops.get(shopId)?.seller;
        if (!found) throw new Error("the store is gone");
        return found;
      };
      const format = () => ({ timezone: deps.timezone, locale: dialog.ctx.locale ?? "ru" });
      const read = () =>
        conversation.external(async (): Promise<Read> => {
          try {
            return { ok: true, request: await seller().returns.rfbsGet(target.id) };
          } catch (error) {
            return { ok: false, words: ozonWords(t, error) };
          }
        });
      const card = (request: RfbsRequest) =>
        tagged(rfbsCardText(t, request, decisionDeadline(request.createdAt), format()));
      const cardKeyboard = (request: RfbsRequest) =>
        rfbsKeyboard(deps.codec, t, request.id, target.shop, request.decisions);

      const before = await read();
      if (!before.ok) {
        await dialog.show(before.words);
        return;
      }
      const request = before.request;
      const label = decisionLabel(t, target.decision);
      if (!request.decisions.includes(target.decision)) {
        const unavailable = t("returns-decision-unavailable", { decision: label });
        await dialog.show(`${unavailable}\n\n${card(request)}`, cardKeyboard(request), false);
        return;
      }

      const asked = await askFor(dialog, target.decision, request, tagged);
      if (!asked) return;
      const confirm = new InlineKeyboard().text(
        t("returns-confirm-button", { decision: label }),
        dialog.button("c", "yes"),
      );
      await dialog.choose("c", tagged(asked.summary), confirm);

      const { from } = dialog.ctx;
      const who = { id: from?.id ?? 0, name: clip(from?.first_name ?? "", 64) };
      const state = request.state ?? "unknown";
      const audit = deps.audit && {
        recorder: deps.audit,
        note: {
          actor: actorOf(dialog.ctx),
          shopId,
          returnId: target.id,
          ...(request.postingNumber ? { postingNumber: request.postingNumber } : {}),
          decision: target.decision,
          from: request.stateName ?? state,
          to: decidedText(target.decision, asked.values),
        },
      };
      const outcome = await conversation.external(async () => {
        const shop = deps.shops.get(shopId);
        if (!shop?.seller) return { kind: "failed" as const, words: t("returns-shop-unknown") };
        const made = await decideOnce(
          shop.seller.returns,
          shop.store,
          target.id,
          state,
          asked.input,
          who,
          new Date(),
          audit,
        );
        if (made.kind === "failed")
          return { kind: "failed" as const, words: ozonWords(t, made.error) };
        return made;
      });
      if (outcome.kind === "taken") {
        const by = outcome.by;
        const decision = decisionLabel(t, by.decision);
        await dialog.show(
          tagged(t("returns-already", { name: by.name || String(by.by), decision })),
        );
        return;
      }
      if (outcome.kind === "failed") {
        await dialog.show(tagged(t("returns-failed", { reason: outcome.words })));
        return;
      }
      const after = await read();
      const done = t(`returns-done-${target.decision}`, asked.values);
      if (!after.ok) {
        await dialog.show(tagged(done));
        return;
      }
      await dialog.show(`${done}\n\n${card(after.request)}`, cardKeyboard(after.request), false);
    },
  });
}

interface Asked {
  input: DecisionInput;
  summary: string;
  /** What the "done" sentence names (the amount, the reason). */
  values: Record<string, string>;
}

/** What the decision needs from the person, and the confirmation that says what happens next. */
async function askFor(
  dialog: Dialog,
  decision: RfbsDecision,
  request: RfbsRequest,
  tagged: (text: string) => string,
): Promise<Asked | undefined> {
  const { t } = dialog;
  // Amounts as the person writes them ("1 290,50" / "1,290.50"); the currency is Ozon's word.
  const amountText = (kopecks: bigint) => kopecksMoneyText(t, kopecks, { currency: "" });
  const priceKop = priceKopecks(request.price);
  const money = {
    price: priceKop === undefined ? (request.price ?? "—") : amountText(priceKop),
    currency: request.currency ?? "RUB",
  };
  const number = request.number ?? request.id;
  switch (decision) {
    case "approve":
    case "receive":
    case "return_money":
      return {
        input: { decision },
        summary: t(`returns-confirm-${decision}`, { number, ...money }),
        values: { number, ...money },
      };
    case "compensate": {
      const price = priceKopecks(request.price);
      const typed = await dialog.text<string>(
        tagged(t("returns-ask-amount", { number, ...money })),
        (text) => {
          const parsed = parseKopecks(text, localeOf(t));
          if (!parsed.ok) return { error: t(`returns-amount-${parsed.reason}`) };
          if (price !== undefined && parsed.kopecks >= price) {
            return { error: t("returns-amount-not-below-price", money) };
          }
          return { value: kopecksText(parsed.kopecks) };
        },
      );
      const parsedAmount = parseKopecks(typed);
      if (!parsedAmount.ok) return undefined;
      const amount = amountText(parsedAmount.kopecks);
      return {
        input: { decision, kopecks: parsedAmount.kopecks },
        summary: t("returns-confirm-compensate", { number, amount, ...money }),
        values: { number, amount, currency: money.currency },
      };
    }
    case "reject": {
      if (request.rejectionReasons.length === 0) {
        await dialog.show(t("returns-no-reasons"));
        return undefined;
      }
      const keyboard = new InlineKeyboard();
      for (const reason of request.rejectionReasons.slice(0, 10)) {
        newRow(keyboard).text(clip(reason.name, 60), dialog.button("r", reason.id));
      }
      const picked = await dialog.choose(
        "r",
        tagged(t("returns-ask-reason", { number })),
        keyboard,
      );
      const reason = request.rejectionReasons.find((r) => String(r.id) === picked);
      if (!reason) return undefined;
      let comment: string | undefined;
      if (reason.commentRequired) {
        comment = await dialog.text<string>(t("returns-ask-comment"), (text) =>
          text.length === 0
            ? { error: t("returns-comment-empty") }
            : text.length > MAX_COMMENT
              ? { error: t("returns-comment-long", { max: MAX_COMMENT }) }
              : { value: text },
        );
      }
      return {
        input: { decision, reasonId: reason.id, ...(comment ? { comment } : {}) },
        summary: t("returns-confirm-reject", {
          number,
          reason: reason.name,
          comment: comment ?? "—",
        }),
        values: { number, reason: reason.name },
      };
    }
  }
}

/** What was decided, as the trail keeps it: the decision with its reason or amount. */
function decidedText(decision: RfbsDecision, values: Record<string, string>): string {
  if (decision === "reject" && values.reason) return `${decision}: ${values.reason}`;
  if (decision === "compensate" && values.amount) {
    return `${decision}: ${values.amount} ${values.currency ?? ""}`.trim();
  }
  return decision;
}
