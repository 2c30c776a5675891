/** Tests: test/bot/core/dialog/dialog-buttons.test.ts */
import type { RfbsAction, RfbsRequest } from "../../ozon/seller/returns.ts";
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
import { currencyMoneyText, localeOf } from "../core/numbers.ts";
import { withShopTag } from "../core/shop-tags.ts";
import { actionLabel, rfbsCardText } from "./format.ts";
import { decideConfirmKeyboard, rejectReasonsKeyboard, rfbsKeyboard } from "./keyboards.ts";
import { ozonWords } from "./ozon-words.ts";

export const DECIDE_CONVERSATION = "returns-decide";
export const DECIDE_DIALOG = declareDialogButtons("rtx", "decide an rFBS return");
export const MAX_COMMENT = 500;

export interface DecideTarget {
  id: string;
  shop: string;
  /** The action's id as the card's button carried it (Ozon's `available_actions[].id`). */
  actionId: number;
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
        rfbsKeyboard(deps.codec, t, request.id, target.shop, request.actions);

      const before = await read();
      if (!before.ok) {
        await dialog.show(before.words);
        return;
      }
      const request = before.request;
      const action = request.actions.find((a) => a.id === target.actionId);
      if (!action) {
        // The card is older than the request: Ozon no longer offers what was pressed.
        const stale = t("returns-action-unavailable");
        await dialog.show(`${stale}\n\n${card(request)}`, cardKeyboard(request), false);
        return;
      }

      const label = actionLabel(t, action);
      const asked = await askFor(dialog, action, label, request, tagged);
      if (!asked) return;
      const confirm = decideConfirmKeyboard(dialog.button, t);
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
          decision: `action ${action.id}`,
          from: request.stateName ?? state,
          to: asked.recorded,
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
        const decided = by.action ?? by.decision ?? "—";
        await dialog.show(
          tagged(t("returns-already", { name: by.name || String(by.by), action: decided })),
        );
        return;
      }
      if (outcome.kind === "failed") {
        await dialog.show(tagged(t("returns-failed", { reason: outcome.words })));
        return;
      }
      const after = await read();
      if (!after.ok) {
        await dialog.show(tagged(asked.done));
        return;
      }
      await dialog.show(
        `${asked.done}\n\n${card(after.request)}`,
        cardKeyboard(after.request),
        false,
      );
    },
  });
}

interface Asked {
  input: DecisionInput;
  /** The confirmation: what is sent, named as Ozon names the action. */
  summary: string;
  /** What is said once Ozon took it. */
  done: string;
  /** What was decided, as the trail keeps it: the action's name with its reason or amount. */
  recorded: string;
}

/** What the action needs from the person, and the confirmation that names it. */
async function askFor(
  dialog: Dialog,
  action: RfbsAction,
  label: string,
  request: RfbsRequest,
  tagged: (text: string) => string,
): Promise<Asked | undefined> {
  const { t } = dialog;
  // Money as the person reads it ("1 290,50 ₽" / "RUB 1,290.50"), in the currency Ozon named.
  const amountText = (kopecks: bigint) => currencyMoneyText(t, kopecks, request.currency);
  const priceKop = priceKopecks(request.price);
  const money = {
    price: priceKop === undefined ? (request.price ?? "—") : amountText(priceKop),
  };
  const number = request.number ?? request.id;
  const named = { number, action: label };
  switch (action.kind) {
    case "other":
      return {
        input: { actionId: action.id, actionName: label, input: { kind: "other" } },
        summary: t("returns-confirm-other", named),
        done: t("returns-done-other", named),
        recorded: label,
      };
    case "compensate": {
      // Without the price the "below the price" check cannot be made: no amount is taken blind.
      if (priceKop === undefined) {
        await dialog.show(tagged(t("returns-price-unreadable", { ...named, price: money.price })));
        return undefined;
      }
      const typed = await dialog.text<string>(
        tagged(t("returns-ask-amount", { ...named, ...money })),
        (text) => {
          const parsed = parseKopecks(text, localeOf(t));
          if (!parsed.ok) return { error: t(`returns-amount-${parsed.reason}`) };
          if (parsed.kopecks >= priceKop) {
            return { error: t("returns-amount-not-below-price", money) };
          }
          return { value: kopecksText(parsed.kopecks) };
        },
      );
      const parsedAmount = parseKopecks(typed);
      if (!parsedAmount.ok) return undefined;
      const amount = amountText(parsedAmount.kopecks);
      const values = { ...named, amount, ...money };
      return {
        input: {
          actionId: action.id,
          actionName: label,
          input: { kind: "compensate", kopecks: parsedAmount.kopecks },
        },
        summary: t("returns-confirm-compensate", values),
        done: t("returns-done-compensate", values),
        recorded: `${label}: ${amount}`,
      };
    }
    case "reject": {
      if (request.rejectionReasons.length === 0) {
        await dialog.show(tagged(t("returns-no-reasons", named)));
        return undefined;
      }
      const keyboard = rejectReasonsKeyboard(dialog.button, request.rejectionReasons.slice(0, 10));
      const picked = await dialog.choose("r", tagged(t("returns-ask-reason", named)), keyboard);
      const reason = request.rejectionReasons.find((r) => String(r.id) === picked);
      if (!reason) return undefined;
      // Ozon requires a comment with every rejection (action/set: -1 and -10).
      const hint = reason.hint
        ? `\n${t("returns-reason-hint", { hint: clip(reason.hint, 300) })}`
        : "";
      const comment = await dialog.text<string>(
        tagged(`${t("returns-ask-comment", { reason: reason.name, max: MAX_COMMENT })}${hint}`),
        (text) =>
          text.length === 0
            ? { error: t("returns-comment-empty") }
            : text.length > MAX_COMMENT
              ? { error: t("returns-comment-long", { max: MAX_COMMENT }) }
              : { value: text },
      );
      const values = { ...named, reason: reason.name, comment };
      return {
        input: {
          actionId: action.id,
          actionName: label,
          input: { kind: "reject", reasonId: reason.id, comment },
        },
        summary: t("returns-confirm-reject", values),
        done: t("returns-done-reject", values),
        recorded: `${label}: ${reason.name}`,
      };
    }
  }
}
