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
import type { ConversationContext } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { type Dialog, dialogSpec } from "../core/dialog/dialog.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { kopecksMoneyText, localeOf } from "../core/numbers.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { decisionLabel, rfbsCardText } from "./format.ts";
import { rfbsKeyboard } from "./keyboards.ts";
import { ozonWords } from "./ozon-words.ts";

export const DECIDE_CONVERSATION = "returns-decide";
/** Callback kind of the dialog's own buttons. */
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
    run: async (dialog, first, target: DecideTarget) => {
      const { conversation } = dialog;
      const shopId = await conversation.external(() => deps.shops.byRef(target.shop)?.id ?? null);
      if (!shopId) {
        await dialog.show(first, first.t("returns-shop-unknown"));
        return;
      }
      const tagged = (ctx: ConversationContext, text: string) =>
        withShopTag(ctx.t, deps.shops, shopId, text);
      const seller = () => {
        const found = deps.shops.get(shopId)?.seller;
        if (!found) throw new Error("the store is gone");
        return found;
      };
      const format = (ctx: ConversationContext) => ({
        timezone: deps.timezone,
        locale: ctx.locale ?? "ru",
      });
      const read = (ctx: ConversationContext) =>
        conversation.external(async (): Promise<Read> => {
          try {
            return { ok: true, request: await seller().returns.rfbsGet(target.id) };
          } catch (error) {
            return { ok: false, words: ozonWords(ctx.t, error) };
          }
        });
      const card = (ctx: ConversationContext, request: RfbsRequest) =>
        tagged(ctx, rfbsCardText(ctx.t, request, decisionDeadline(request.createdAt), format(ctx)));
      const cardKeyboard = (ctx: ConversationContext, request: RfbsRequest) =>
        rfbsKeyboard(deps.codec, ctx.t, request.id, target.shop, request.decisions);

      let ctx = first;
      const before = await read(ctx);
      if (!before.ok) {
        await dialog.show(ctx, before.words);
        return;
      }
      const request = before.request;
      const label = decisionLabel(ctx.t, target.decision);
      if (!request.decisions.includes(target.decision)) {
        await dialog.show(
          ctx,
          `${ctx.t("returns-decision-unavailable", { decision: label })}\n\n${card(ctx, request)}`,
          cardKeyboard(ctx, request),
          false,
        );
        return;
      }

      const asked = await askFor(dialog, ctx, target.decision, request, tagged);
      if (!asked) return;
      ctx = asked.ctx;
      const confirm = new InlineKeyboard().text(
        ctx.t("returns-confirm-button", { decision: label }),
        dialog.button("c", "yes"),
      );
      ctx = (await dialog.choose(ctx, "c", tagged(ctx, asked.summary), confirm)).ctx;

      const who = { id: ctx.from?.id ?? 0, name: clip(ctx.from?.first_name ?? "", 64) };
      const state = request.state ?? "unknown";
      const audit = deps.audit && {
        recorder: deps.audit,
        note: {
          actor: actorOf(ctx),
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
        if (!shop?.seller) return { kind: "failed" as const, words: ctx.t("returns-shop-unknown") };
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
          return { kind: "failed" as const, words: ozonWords(ctx.t, made.error) };
        return made;
      });
      if (outcome.kind === "taken") {
        await dialog.show(
          ctx,
          tagged(
            ctx,
            ctx.t("returns-already", {
              name: outcome.by.name || String(outcome.by.by),
              decision: decisionLabel(ctx.t, outcome.by.decision),
            }),
          ),
        );
        return;
      }
      if (outcome.kind === "failed") {
        await dialog.show(ctx, tagged(ctx, ctx.t("returns-failed", { reason: outcome.words })));
        return;
      }
      const after = await read(ctx);
      const done = ctx.t(`returns-done-${target.decision}`, asked.values);
      if (!after.ok) {
        await dialog.show(ctx, tagged(ctx, done));
        return;
      }
      await dialog.show(
        ctx,
        `${done}\n\n${card(ctx, after.request)}`,
        cardKeyboard(ctx, after.request),
        false,
      );
    },
  });
}

interface Asked {
  ctx: ConversationContext;
  input: DecisionInput;
  summary: string;
  /** What the "done" sentence names (the amount, the reason). */
  values: Record<string, string>;
}

/** What the decision needs from the person, and the confirmation that says what happens next. */
async function askFor(
  dialog: Dialog,
  first: ConversationContext,
  decision: RfbsDecision,
  request: RfbsRequest,
  tagged: (ctx: ConversationContext, text: string) => string,
): Promise<Asked | undefined> {
  // Amounts as the person writes them ("1 290,50" / "1,290.50"); the currency is Ozon's word.
  const amountText = (kopecks: bigint) => kopecksMoneyText(first.t, kopecks, { currency: "" });
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
        ctx: first,
        input: { decision },
        summary: first.t(`returns-confirm-${decision}`, { number, ...money }),
        values: { number, ...money },
      };
    case "compensate": {
      const price = priceKopecks(request.price);
      const typed = await dialog.text<string>(
        first,
        tagged(first, first.t("returns-ask-amount", { number, ...money })),
        (text) => {
          const parsed = parseKopecks(text, localeOf(first.t));
          if (!parsed.ok) return { error: first.t(`returns-amount-${parsed.reason}`) };
          if (price !== undefined && parsed.kopecks >= price) {
            return { error: first.t("returns-amount-not-below-price", money) };
          }
          return { value: kopecksText(parsed.kopecks) };
        },
      );
      const parsedAmount = parseKopecks(typed.value);
      if (!parsedAmount.ok) return undefined;
      const amount = amountText(parsedAmount.kopecks);
      return {
        ctx: typed.ctx,
        input: { decision, kopecks: parsedAmount.kopecks },
        summary: typed.ctx.t("returns-confirm-compensate", { number, amount, ...money }),
        values: { number, amount, currency: money.currency },
      };
    }
    case "reject": {
      if (request.rejectionReasons.length === 0) {
        await dialog.show(first, first.t("returns-no-reasons"));
        return undefined;
      }
      const keyboard = new InlineKeyboard();
      for (const reason of request.rejectionReasons.slice(0, 10)) {
        newRow(keyboard).text(clip(reason.name, 60), dialog.button("r", reason.id));
      }
      const picked = await dialog.choose(
        first,
        "r",
        tagged(first, first.t("returns-ask-reason", { number })),
        keyboard,
      );
      const reason = request.rejectionReasons.find((r) => String(r.id) === picked.value);
      if (!reason) return undefined;
      let ctx = picked.ctx;
      let comment: string | undefined;
      if (reason.commentRequired) {
        const typed = await dialog.text<string>(ctx, ctx.t("returns-ask-comment"), (text) =>
          text.length === 0
            ? { error: ctx.t("returns-comment-empty") }
            : text.length > MAX_COMMENT
              ? { error: ctx.t("returns-comment-long", { max: MAX_COMMENT }) }
              : { value: text },
        );
        ctx = typed.ctx;
        comment = typed.value;
      }
      return {
        ctx,
        input: { decision, reasonId: reason.id, ...(comment ? { comment } : {}) },
        summary: ctx.t("returns-confirm-reject", {
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
