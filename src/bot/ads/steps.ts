/**
 * What the advertising dialogs (budget, report, a new schedule, a campaign card's bid and period)
 * share besides the dialog toolkit (dialog.ts): their spec, the shop they act for, calling Ozon
 * with that shop's Performance client (and its campaign desk), the card dialogs' confirmation (the
 * paged campaign list they start with is ads/campaigns/picker.ts).
 *
 * A dialog first asks "which store?" when the person's manager role reaches more than one shop
 * with Performance keys. It keeps only the plain choice and looks the shop up at every step and
 * every Ozon call: a shop removed meanwhile ends the dialog with `shopGone`, a paused one with
 * the sentence that it is paused. With several shops every screen names the shop.
 * Tests: none directly
 */
import type { InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import {
  type AdsAccount,
  type BudgetLimits,
  type BudgetLimitsByKind,
  isDeskError,
  type ReportPresets,
} from "../../services/ads/index.ts";
import { type Problem, problemText } from "../../services/problem.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { AuditRecorder } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import type { Dialog, MessageRef } from "../core/dialog/dialog.ts";
import type { DialogButtons } from "../core/dialog/dialog-buttons.ts";
import { type DialogOptions, dialogSpec } from "../core/dialog/dialog-spec.ts";
import type { OzonCallResult } from "../core/dialog/ozon-call.ts";
import { chooseShop, shopGone } from "../core/dialog/shop-step.ts";
import type { ShopChoice } from "../core/shop-tags.ts";
import { ozonProblem } from "./format.ts";

/** What the advertising dialogs are built from (the ads module hands it over). */
export interface AdsDialogDeps {
  shops: ShopRegistry;
  /** The budgets, jobs and Performance calls of a shop (undefined: no keys, or removed). */
  accountOf(shopId: string): AdsAccount | undefined;
  /** Accepted daily and weekly budgets (the same for every shop). */
  budgetLimits: BudgetLimitsByKind;
  /** Accepted bids per click (BID_MIN_ROUBLES … BID_MAX_ROUBLES). */
  bidLimits: BudgetLimits;
  codec: CallbackCodec;
  /** TIMEZONE: report periods are whole days there. */
  timezone: string;
  maxPeriodDays: number;
  maxCampaigns: number;
  logger?: Logger;
  /** Where budgets, bids and periods are recorded (the audit trail). */
  audit?: AuditRecorder;
  /** Each person's last report, offered again as ⚡ by /report. */
  presets?: ReportPresets;
}

const ADS_DIALOG_KEYS = { over: "ads-dialog-over" } as const;

/** An advertising dialog: for managers, its buttons of kind `buttons`; `A` are its entry args. */
export function adsDialogSpec<A extends unknown[] = []>(
  deps: AdsDialogDeps,
  dialog: {
    id: string;
    buttons: DialogButtons;
    run: DialogOptions<A>["run"];
    /** What a press after the dialog ended is told (default: start /budget or /report again). */
    overKey?: string;
  },
): ConversationSpec {
  return dialogSpec({
    ...dialog,
    audience: ["manager"],
    codec: deps.codec,
    overKey: dialog.overKey ?? ADS_DIALOG_KEYS.over,
  });
}

/** Why a dialog's Ozon call came to nothing: Ozon's failure, or the shop is gone or paused. */
export type AdsProblem = Problem | { kind: "shop_gone" } | { kind: "shop_paused" };

/** Ozon's own words when it refused the request (a shop gone or paused is no refusal). */
export function ozonRefusal(problem: AdsProblem): string | undefined {
  return "kind" in problem ? undefined : problem.refused;
}

export type OzonResult<T> = OzonCallResult<T, AdsProblem>;

/**
 * How a change through the campaign desk ended: "refused" carries Ozon's words (the dialog asks
 * again), "gone" is a campaign or product that left meanwhile, "ended" a problem whose last
 * screen was shown.
 */
export type DeskChange<T> =
  | { kind: "done"; value: T }
  | { kind: "refused"; message: string }
  | { kind: "gone" }
  | { kind: "ended" };

/**
 * The shop an advertising dialog acts for, chosen at its start, and its screens. Every screen goes
 * to the dialog's latest update (Dialog.ctx): no method takes the update by hand.
 */
export class AdsShopSteps {
  readonly dialog: Dialog;
  readonly shop: ShopChoice;
  readonly #deps: AdsDialogDeps;
  /** "🏬 Северный" with several shops, else "". */
  readonly #tag: string;

  private constructor(dialog: Dialog, deps: AdsDialogDeps, shop: ShopChoice, tag: string) {
    this.dialog = dialog;
    this.#deps = deps;
    this.shop = shop;
    this.#tag = tag;
  }

  /** The shops with Performance keys the person's manager role reaches (read outside the replay). */
  static reachable(dialog: Dialog, deps: AdsDialogDeps): Promise<string[]> {
    return dialog.conversation.external((outside) =>
      shopsInScope(
        outside.person,
        "manager",
        deps.shops.all().filter((shop) => shop.performance),
      ).map((shop) => shop.id),
    );
  }

  /**
   * "Which store?" among the shops with Performance keys the person's manager role reaches
   * (asked only when there are several); undefined when the dialog ended (none reached).
   */
  static async choose(
    dialog: Dialog,
    deps: AdsDialogDeps,
    /** A shop already chosen (a campaign card's): used without asking while it is reachable. */
    preferred?: string,
  ): Promise<AdsShopSteps | undefined> {
    const ids = await AdsShopSteps.reachable(dialog, deps);
    const reachable = preferred && ids.includes(preferred) ? [preferred] : ids;
    const picked = await chooseShop(dialog, () =>
      reachable.flatMap((id) => deps.shops.get(id) ?? []),
    );
    if (!picked) return undefined;
    const many = await dialog.conversation.external(() => deps.shops.many);
    const tag = many ? dialog.t("shop-tag", { name: picked.name }) : "";
    return new AdsShopSteps(dialog, deps, picked, tag);
  }

  /**
   * The shop of a campaign card's dialog, while the person still reaches it; otherwise the card's
   * store is out of reach now, the dialog says so and ends (undefined): nothing of another store
   * is touched.
   */
  static async forCard(
    dialog: Dialog,
    deps: AdsDialogDeps,
    shopId: string,
  ): Promise<AdsShopSteps | undefined> {
    const session = await AdsShopSteps.choose(dialog, deps, shopId);
    if (session?.shop.id === shopId) return session;
    if (session) await session.show(dialog.t("shop-none-for-you"));
    return undefined;
  }

  /** A screen of the dialog, headed by the shop when there are several. */
  show(text: string, keyboard?: InlineKeyboard): Promise<MessageRef> {
    return this.dialog.show(this.tagged(text), keyboard);
  }

  /** `text` headed by the shop when there are several. */
  tagged(text: string): string {
    return this.#tag ? `${this.#tag}\n${text}` : text;
  }

  /**
   * A card dialog's old → new confirmation under `keyboard` (ads/campaigns/keyboards.ts):
   * `yes` on its confirm button (step "y"); "another value" (step "o") or a typed text is a no.
   */
  async confirmed(text: string, keyboard: InlineKeyboard): Promise<boolean> {
    await this.show(text, keyboard);
    const answer = await this.dialog.answer(["y", "o"]);
    return answer.kind === "button" && answer.step === "y";
  }

  /** The shop as it is now: "ok", or why the dialog cannot go on. */
  #state(): Promise<"ok" | "shop_gone" | "shop_paused"> {
    return this.dialog.conversation.external(() => {
      const shop = this.#deps.shops.get(this.shop.id);
      if (!shop || !this.#deps.accountOf(shop.id)) return "shop_gone";
      return shop.paused ? "shop_paused" : "ok";
    });
  }

  /** True while the shop is there and active; otherwise the dialog's last screen says why. */
  async present(): Promise<boolean> {
    const state = await this.#state();
    if (state === "ok") return true;
    await this.end({ kind: state });
    return false;
  }

  /**
   * One Ozon call with the shop's account, run once outside the replay (a replay reads the
   * recorded result); the shop is looked up at the call, so a removed one is never called.
   */
  call<T>(task: (account: AdsAccount) => Promise<T>): Promise<OzonResult<T>> {
    const deps = this.#deps;
    const shopId = this.shop.id;
    return this.dialog.conversation.external(async (): Promise<OzonResult<T>> => {
      const shop = deps.shops.get(shopId);
      const account = shop && deps.accountOf(shopId);
      if (!shop || !account) return { ok: false, problem: { kind: "shop_gone" } };
      if (shop.paused) return { ok: false, problem: { kind: "shop_paused" } };
      try {
        return { ok: true, value: await task(account) };
      } catch (error) {
        deps.logger?.warn(
          { err: error, shop: shopId },
          "Ozon call in an advertising dialog failed",
        );
        return { ok: false, problem: ozonProblem(error) };
      }
    });
  }

  /**
   * One change through the shop's campaign desk, run like `call`; a problem other than Ozon's
   * refusal ends the dialog here (its last screen is shown).
   */
  async deskChange<T>(change: (desk: AdsAccount["desk"]) => Promise<T>): Promise<DeskChange<T>> {
    const call = await this.call(async ({ desk }) => {
      try {
        return { ok: true as const, value: await change(desk) };
      } catch (error) {
        if (isDeskError(error)) return { ok: false as const };
        throw error;
      }
    });
    if (!call.ok) {
      const refused = ozonRefusal(call.problem);
      if (refused !== undefined) return { kind: "refused", message: refused };
      await this.end(call.problem);
      return { kind: "ended" };
    }
    return call.value.ok ? { kind: "done", value: call.value.value } : { kind: "gone" };
  }

  /** The last screen of a dialog whose call came to nothing. */
  async end(problem: AdsProblem): Promise<void> {
    const t = this.dialog.t;
    if (!("kind" in problem)) return void (await this.show(problemText(t, problem)));
    if (problem.kind === "shop_gone") return shopGone(this.dialog, this.shop);
    await this.dialog.show(t("shop-paused", { name: this.shop.name }));
  }
}
