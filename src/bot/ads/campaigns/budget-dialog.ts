/**
 * /budget: "which store?" (only when the person's role reaches several shops with Performance
 * keys) → choose a campaign (paged buttons; typing part of the title searches) → type the new
 * budget in roubles → confirm old → new → that shop's Ozon changes it → the amount read back is
 * shown. The budget is of the kind the campaign has, daily or weekly (fixed at creation): every
 * text names it, the limits are that kind's, and Ozon is sent that kind's field only.
 *
 * `run` is the script, top to bottom; each screen is one method of BudgetQuestions, which returns
 * what was answered, and the script decides where to go: going back is the plugin's rewind
 * (Dialog.checkpoint/rewind): Back on the amount returns to the list; "another amount", an amount
 * refused (by its limits or by Ozon) and a wrong amount typed on the confirmation return to the
 * amount question, the reason heading it; a campaign Ozon no longer budgets returns to the list. Screens go to the update of the latest answer (`dialog.ctx`).
 *
 * Every Ozon call runs in conversation.external and returns JSON-safe values (money as decimal
 * strings of millionths), so a replay never calls Ozon again and nothing drifts through floats.
 * What it shares with the report dialog is in ads/steps.ts; its steps are dialog.ts's.
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts
 */
import {
  type BudgetKind,
  formatRoubles,
  isBudgetError,
  parseBudgetInput,
} from "../../../services/ads/index.ts";
import { actorOf, audited } from "../../audit/index.ts";
import type { ConversationSpec } from "../../core/dialog/conversations.ts";
import type { Checkpoint, Dialog } from "../../core/dialog/dialog.ts";
import { declareDialogButtons } from "../../core/dialog/dialog-buttons.ts";
import { headed } from "../../core/dialog/questions.ts";
import type { Translator } from "../../core/i18n.ts";
import { localeOf } from "../../core/numbers.ts";
import {
  amountConfirmText,
  BUDGET_REASON_KEYS,
  budgetText,
  type CampaignView,
  campaignTitle,
  campaignView,
  type TypedAmount,
} from "../format.ts";
import {
  budgetAmountKeyboard,
  budgetCampaignsKeyboard,
  budgetConfirmKeyboard,
} from "../keyboards.ts";
import { type AdsDialogDeps, AdsShopSteps, adsDialogSpec, ozonRefusal } from "../steps.ts";
import { enteredFrom, redrawCard } from "./card.ts";
import { CampaignList, type ListPlace } from "./picker.ts";

export const BUDGET_CONVERSATION = "ads-budget";
export const BUDGET_DIALOG = declareDialogButtons("db", "change a budget");
// The ads module takes the dialogs' dependencies from here.
export type { AdsDialogDeps } from "../steps.ts";

export function budgetConversation(deps: AdsDialogDeps): ConversationSpec {
  // Entered with a shop and a campaign from a campaign card: straight to that campaign's amount,
  // and the card (of list page `listPage`) is redrawn after the change.
  return adsDialogSpec<[shopId?: string, campaignId?: string, listPage?: number]>(deps, {
    id: BUDGET_CONVERSATION,
    buttons: BUDGET_DIALOG,
    run: async (dialog, first, shopId, campaignId, listPage = 0) => {
      const session = await AdsShopSteps.choose(dialog, deps, shopId);
      if (!session) return;
      const ask = new BudgetQuestions(dialog, deps, session);

      // The campaign: the card's (as Ozon shows it now, not the briefly cached list) or chosen
      // from the list. Back, and a campaign Ozon no longer budgets, come back to the list: to
      // the one it was chosen from, or from a card's campaign to the list from here.
      const listed = await dialog.checkpoint();
      const carded = session.shop.id === shopId && !listed.returned ? campaignId : undefined;
      const found = carded ? await ask.lookUp(carded, true) : { notice: listed.notice };
      if (!found) return;
      const chosen =
        "campaign" in found ? { ...found, list: listed } : await ask.chooseCampaign(found.notice);
      if (!chosen) return;
      const { campaign, list } = chosen;
      // Views kept by dialogs begun before budget kinds were read have none: those were daily.
      const kind: BudgetKind = campaign.kind === "weekly" ? "weekly" : "daily";

      // The amount, asked again from here: with why when refused (by its limits, on the
      // confirmation or by Ozon), as it was on "another amount".
      const asked = await dialog.checkpoint();
      const typed = await ask.amount(campaign, kind, asked.notice);
      if (typed === undefined) return;
      if (typed === "back") return dialog.rewind(list);
      if ("why" in typed) return dialog.rewind(asked, typed.why);
      const wanted = await ask.confirm(campaign, kind, typed);
      if (wanted === undefined) return;
      if (wanted === "other") return dialog.rewind(asked);
      if ("why" in wanted) return dialog.rewind(asked, wanted.why);

      const changed = await ask.send(campaign, kind, wanted);
      if (changed.kind === "ended") return;
      if (changed.kind === "refused") return dialog.rewind(asked, changed.notice);
      if (changed.kind === "unbudgeted") return dialog.rewind(list, changed.notice);
      const card = enteredFrom(first);
      if (card && campaignId === campaign.id && session.shop.id === shopId) {
        const place = { kind: "card" as const, message: card, campaignId, listPage };
        await redrawCard(deps, session, place);
      }
      await session.show(changed.text);
    },
  });
}

/** The campaign to go on with, or why the list is shown (undefined: the dialog ended). */
type Found = { campaign: CampaignView } | { notice: string };

/** An answer not taken, and why (the question is asked again with it). */
type Refused = { why: string };

/** How Ozon's change ended ("ended": its last screen was shown). */
type Changed =
  | { kind: "done"; text: string }
  | { kind: "refused"; notice: string }
  | { kind: "unbudgeted"; notice: string }
  | { kind: "ended" };

/** The questions of one budget dialog, each asked until it has its answer. */
class BudgetQuestions {
  readonly #dialog: Dialog;
  readonly #deps: AdsDialogDeps;
  readonly #session: AdsShopSteps;
  readonly #list: CampaignList;
  readonly #t: Translator;

  constructor(dialog: Dialog, deps: AdsDialogDeps, session: AdsShopSteps) {
    this.#dialog = dialog;
    this.#deps = deps;
    this.#session = session;
    this.#list = new CampaignList(session, false);
    this.#t = dialog.ctx.t.bind(dialog.ctx);
  }

  /** True while the shop is there and active; a shop removed or paused ends the dialog here. */
  #present(): Promise<boolean> {
    return this.#session.present();
  }

  /**
   * The campaign `id` (read anew when `fresh`, else from the briefly cached list), or why it
   * cannot be budgeted: gone, or of no known budget kind.
   */
  async lookUp(id: string, fresh: boolean): Promise<Found | undefined> {
    if (!(await this.#present())) return undefined;
    const t = this.#t;
    const found = await this.#session.call(async ({ budget }) => {
      const campaign = await budget.find(id, fresh);
      return campaign ? campaignView(campaign) : null;
    });
    if (!found.ok) {
      await this.#session.end(found.problem);
      return undefined;
    }
    if (!found.value) return { notice: t("ads-campaign-gone") };
    // Neither limit shown: which field Ozon would take is unknown, so none is sent.
    if (found.value.kind === "none") {
      return { notice: t("ads-budget-kind-unknown", { title: campaignTitle(found.value) }) };
    }
    return { campaign: found.value };
  }

  /**
   * The paged list: a campaign with a budget pressed, and the list's checkpoint to come back to (it
   * carries the search and the page, so the list comes back as it was). A page turned or a search
   * typed goes back to the checkpoint with the list's new place; a search that finds nothing and a
   * campaign that cannot be budgeted go back with why. `notice` heads the list when first shown.
   */
  async chooseCampaign(
    notice: string,
  ): Promise<{ campaign: CampaignView; list: Checkpoint } | undefined> {
    const [t, list, dialog] = [this.#t, this.#list, this.#dialog];
    const shown = await dialog.checkpoint<ListPlace>();
    list.standAt(shown.carried);
    if (!(await this.#present())) return undefined;
    const listing = await list.load();
    if (!listing.ok) return void (await this.#session.end(listing.problem));
    await list.missed(listing.value, shown, t);
    const { items, pages } = listing.value;
    const head = list.heading(t, t("ads-budget-choose"), listing.value);
    const text = headed(shown.returned ? shown.notice : notice, head);
    const keyboard = budgetCampaignsKeyboard(dialog.button, t, items, list.page, pages);
    await this.#session.show(text, keyboard);
    const answer = await dialog.answer(["p", "c"]);
    const moved = list.moved(answer);
    if (moved || answer.kind !== "button") return dialog.rewind(shown, "", moved);
    const found = await this.lookUp(answer.value, false);
    if (!found) return undefined;
    if ("campaign" in found) return { campaign: found.campaign, list: shown };
    return dialog.rewind(shown, found.notice);
  }

  /**
   * The amount question (`notice` heading it): a typed amount within the kind's limits, or why
   * one is not; "back" for Back; undefined when the dialog ended.
   */
  async amount(
    campaign: CampaignView,
    kind: BudgetKind,
    notice: string,
  ): Promise<TypedAmount | Refused | "back" | undefined> {
    if (!(await this.#present())) return undefined;
    const t = this.#t;
    const question = t("ads-budget-ask", {
      kind,
      title: campaignTitle(campaign),
      current: budgetText(t, campaign.budget),
    });
    const text = headed(notice, question);
    await this.#session.show(text, budgetAmountKeyboard(this.#dialog.button, t));
    const answer = await this.#dialog.answer(["b"]);
    return answer.kind === "text" ? this.#typed(answer.text, kind) : "back";
  }

  /** A typed amount within the kind's limits, or why it is not. */
  #typed(input: string, kind: BudgetKind): TypedAmount | Refused {
    const t = this.#t;
    const parsed = parseBudgetInput(input, this.#deps.budgetLimits[kind], localeOf(t));
    if (parsed.ok) return { millionths: parsed.millionths.toString(), rounded: parsed.rounded };
    const limit = parsed.limitMillionths;
    const why = t(BUDGET_REASON_KEYS[parsed.reason], {
      kind,
      input: input.slice(0, 40),
      limit: limit === undefined ? "" : budgetText(t, limit),
    });
    return { why };
  }

  /**
   * Old → new: the amount to send on Change, or "other" for "another amount". A typed amount is
   * a new answer to the amount question: confirmed in turn (this screen asked again, carrying
   * it), or, not an amount, why (the script asks the amount again with it).
   */
  async confirm(
    campaign: CampaignView,
    kind: BudgetKind,
    typed: TypedAmount,
  ): Promise<TypedAmount | Refused | "other" | undefined> {
    const [t, dialog] = [this.#t, this.#dialog];
    const shown = await dialog.checkpoint<TypedAmount>();
    const wanted = shown.carried ?? typed;
    if (!(await this.#present())) return undefined;
    const question = t("ads-budget-confirm", {
      kind,
      title: campaignTitle(campaign),
      old: budgetText(t, campaign.budget),
      new: budgetText(t, wanted.millionths),
    });
    const keyboard = budgetConfirmKeyboard(dialog.button, t);
    await this.#session.show(amountConfirmText(t, question, wanted), keyboard);
    const answer = await dialog.answer(["y", "a"]);
    if (answer.kind === "text") {
      const retyped = this.#typed(answer.text, kind);
      return "why" in retyped ? retyped : dialog.rewind(shown, "", retyped);
    }
    return answer.step === "y" ? wanted : "other";
  }

  /** Ozon changes the budget: what it said, in the script's terms. */
  async send(campaign: CampaignView, kind: BudgetKind, wanted: TypedAmount): Promise<Changed> {
    const t = this.#t;
    const call = await this.#session.call(async ({ budget }) => {
      try {
        const change = await audited(
          this.#deps.audit,
          {
            kind: "budget",
            actor: actorOf(this.#dialog.ctx),
            shopId: this.#session.shop.id,
            objectId: campaign.id,
            via: kind,
          },
          () => budget.change(campaign.id, BigInt(wanted.millionths), kind),
          (c) => ({ from: formatRoubles(c.oldMillionths), to: formatRoubles(c.newMillionths) }),
        );
        return {
          ok: true as const,
          kind: change.kind,
          title: campaignTitle(change.campaign),
          old: change.oldMillionths.toString(),
          requested: change.requestedMillionths.toString(),
          now: change.newMillionths.toString(),
          confirmed: change.confirmed,
        };
      } catch (error) {
        if (!isBudgetError(error)) throw error; // Ozon's failure: the session phrases it
        return { ok: false as const, code: error.code, message: error.message };
      }
    });
    if (!call.ok) {
      const message = ozonRefusal(call.problem);
      if (message === undefined) {
        await this.#session.end(call.problem);
        return { kind: "ended" };
      }
      // Ozon's 4xx on a budget change is about the amount: asked again with its words.
      return { kind: "refused", notice: t("ads-budget-refused", { message }) };
    }
    const changed = call.value;
    if (changed.ok) {
      const done = t("ads-budget-done", {
        kind: changed.kind,
        title: changed.title,
        old: budgetText(t, changed.old),
        new: budgetText(t, changed.now),
      });
      if (changed.confirmed) return { kind: "done", text: done };
      const mismatch = t("ads-budget-mismatch", {
        requested: budgetText(t, changed.requested),
        actual: budgetText(t, changed.now),
      });
      return { kind: "done", text: `${done}\n\n${mismatch}` };
    }
    // Ozon refused the amount: the same question again, with Ozon's reason.
    if (changed.code === "invalid_amount") {
      return { kind: "refused", notice: t("ads-budget-refused", { message: changed.message }) };
    }
    // Ozon no longer shows the kind the person was asked about: nothing was sent.
    if (changed.code === "kind_unknown") {
      const title = campaignTitle(campaign);
      return { kind: "unbudgeted", notice: t("ads-budget-kind-unknown", { title }) };
    }
    await this.#session.show(t("ads-campaign-gone"));
    return { kind: "ended" };
  }
}
