/**
 * One product's bid per click, from a campaign card's bid list (/campaigns): the campaign and the
 * product are read fresh (with Ozon's competitive bid when it gives one), the person types the
 * new bid in roubles within the configured limits (BID_MIN_ROUBLES … BID_MAX_ROUBLES), confirms
 * old → new, and `PUT …/products` changes that SKU only; the bid read back is shown. Campaigns
 * whose bids Ozon does not take here (pay per order, banners, auto strategies) are told why.
 *
 * A script: the bid is asked at a checkpoint; a refused bid (by its limits or by Ozon) and "another
 * bid" on the confirmation go back to it (Dialog.checkpoint/rewind), the reason heading the question.
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts
 */
import {
  type BudgetInputReason,
  bidRefusal,
  formatRoubles,
  parseBudgetInput,
} from "../../../services/ads/index.ts";
import { actorOf, audited } from "../../audit/index.ts";
import type { ConversationSpec } from "../../core/dialog/conversations.ts";
import { declareDialogButtons } from "../../core/dialog/dialog-buttons.ts";
import { headed } from "../../core/dialog/questions.ts";
import { localeOf, moneyText } from "../../core/numbers.ts";
import { amountConfirmText, campaignTitle, type TypedAmount } from "../format.ts";
import { type AdsDialogDeps, AdsShopSteps, adsDialogSpec } from "../steps.ts";
import { enteredFrom, redrawCard } from "./card.ts";
import { BID_REFUSAL_KEYS, bidText } from "./format.ts";
import { bidAskKeyboard, bidConfirmKeyboard } from "./keyboards.ts";

export const BID_CONVERSATION = "ads-campaign-bid";
export const BID_DIALOG = declareDialogButtons("dbi", "change a bid");
/** Products per page of the card's bid list (the dialog reads the same page). */
export const BID_PAGE_SIZE = 8;

const REASON_KEYS = {
  not_a_number: "campaigns-bid-bad-number",
  not_positive: "campaigns-bid-bad-positive",
  too_many_decimals: "campaigns-bid-bad-decimals",
  below_min: "campaigns-bid-bad-min",
  above_max: "campaigns-bid-bad-max",
} as const satisfies Record<BudgetInputReason, string>;

export function bidConversation(deps: AdsDialogDeps): ConversationSpec {
  return adsDialogSpec<[shopId: string, campaignId: string, page: number, index: number]>(deps, {
    id: BID_CONVERSATION,
    buttons: BID_DIALOG,
    overKey: "campaigns-dialog-over",
    run: async (dialog, first, shopId, campaignId, page, index) => {
      const { button } = dialog;
      const t = first.t.bind(first);
      const session = await AdsShopSteps.forCard(dialog, deps, shopId);
      if (!session) return;
      const read = await session.call(async ({ desk }) => {
        const campaign = await desk.read(campaignId);
        if (!campaign) return { found: "campaign" as const };
        const refusal = bidRefusal(campaign);
        const title = campaignTitle(campaign);
        if (refusal)
          return { found: "refused" as const, refusal, strategy: campaign.strategy ?? "" };
        const listed = await desk.products(campaignId, page, BID_PAGE_SIZE);
        const product = listed.items[index];
        if (!product) return { found: "product" as const };
        const competitive = await desk.competitiveBid(campaignId, product.sku);
        return {
          found: "ok" as const,
          title,
          sku: product.sku,
          name: product.title || product.sku,
          bid: product.bid?.toString(),
          competitive: competitive?.toString(),
        };
      });
      if (!read.ok) return session.end(read.problem);
      const got = read.value;
      if (got.found === "campaign") return void (await session.show(t("ads-campaign-gone")));
      if (got.found === "product")
        return void (await session.show(t("campaigns-bid-product-gone")));
      if (got.found === "refused") {
        return void (await session.show(
          t(BID_REFUSAL_KEYS[got.refusal], { strategy: got.strategy }),
        ));
      }
      const limits = deps.bidLimits;
      const limitText = (m: bigint) => moneyText(t, m);
      const bidAsk = t("campaigns-bid-ask", {
        name: got.name,
        sku: got.sku,
        title: got.title,
        current: bidText(t, got.bid),
        min: limitText(limits.minMillionths),
        max: limitText(limits.maxMillionths),
      });
      const competitive = got.competitive
        ? t("campaigns-bid-competitive", { bid: moneyText(t, BigInt(got.competitive)) })
        : "";
      const question = [bidAsk, competitive].filter(Boolean).join("\n");

      // The new bid, asked again (with why) from here.
      const asked = await dialog.checkpoint();
      if (!(await session.present())) return;
      await session.show(headed(asked.notice, question), bidAskKeyboard(button, t));
      const answer = await dialog.answer([]);
      if (answer.kind !== "text") return dialog.rewind(asked); // no step is offered
      const parsed = parseBudgetInput(answer.text, limits, localeOf(t));
      if (!parsed.ok) {
        const limit = parsed.limitMillionths === undefined ? "" : limitText(parsed.limitMillionths);
        const why = t(REASON_KEYS[parsed.reason], { input: answer.text.slice(0, 40), limit });
        return dialog.rewind(asked, why);
      }
      const amount: TypedAmount = {
        millionths: parsed.millionths.toString(),
        rounded: parsed.rounded,
      };

      if (!(await session.present())) return;
      const confirm = amountConfirmText(
        t,
        t("campaigns-bid-confirm", {
          name: got.name,
          sku: got.sku,
          old: bidText(t, got.bid),
          new: moneyText(t, BigInt(amount.millionths)),
        }),
        amount,
      );
      const keyboard = bidConfirmKeyboard(button, t);
      if (!(await session.confirmed(confirm, keyboard))) return dialog.rewind(asked);
      const actor = actorOf(dialog.ctx);
      const change = await session.deskChange(async (desk) => {
        const { before, after } = await audited(
          deps.audit,
          {
            kind: "bid",
            actor,
            shopId: session.shop.id,
            objectId: campaignId,
            via: `sku ${got.sku}`,
          },
          () => desk.setBid(campaignId, got.sku, BigInt(amount.millionths), page, BID_PAGE_SIZE),
          (c) => ({
            from: c.before.bid === undefined ? "—" : formatRoubles(c.before.bid),
            to: c.after.bid === undefined ? "—" : formatRoubles(c.after.bid),
          }),
        );
        return { old: before.bid?.toString(), now: after.bid?.toString() };
      });
      if (change.kind === "ended") return;
      if (change.kind === "refused") {
        return dialog.rewind(asked, t("campaigns-bid-refused", { message: change.message }));
      }
      if (change.kind === "gone") {
        return void (await session.show(t("campaigns-bid-product-gone")));
      }
      const { old, now } = change.value;
      const lines = [
        t("campaigns-bid-done", {
          name: got.name,
          sku: got.sku,
          old: bidText(t, old),
          new: bidText(t, now),
        }),
      ];
      if (now !== amount.millionths) {
        lines.push(
          t("campaigns-bid-mismatch", { requested: moneyText(t, BigInt(amount.millionths)) }),
        );
      }
      // Entered from a page of the card's bids: that page shows the new bid.
      const bids = enteredFrom(first);
      if (bids) {
        const pageSize = BID_PAGE_SIZE;
        const place = { kind: "bids" as const, message: bids, campaignId, page, pageSize };
        await redrawCard(deps, session, place);
      }
      await session.show(lines.join("\n\n"));
    },
  });
}
