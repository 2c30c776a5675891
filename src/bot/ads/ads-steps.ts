/**
 * What the advertising dialogs (budget, report, a new schedule, a campaign card's bid and period)
 * share besides the dialog toolkit (dialog.ts): their spec, the shop they act for, calling Ozon
 * with that shop's Performance client (and its campaign desk), the card dialogs' confirmation, and
 * the paged campaign list they start with (with its many-campaign choice).
 *
 * A dialog first asks "which store?" when the person's manager role reaches more than one shop
 * with Performance keys. It keeps only the plain choice and looks the shop up at every step and
 * every Ozon call: a shop removed meanwhile ends the dialog with `shopGone`, a paused one with
 * the sentence that it is paused. With several shops every screen names the shop.
 */
import type { InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import {
  type AdsAccount,
  type BudgetLimits,
  type BudgetLimitsByKind,
  type CampaignPage,
  isDeskError,
  type ReportPresets,
} from "../../services/ads/index.ts";
import { type Problem, problemText } from "../../services/problem.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { AuditRecorder } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationContext } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import {
  type Answer,
  type Dialog,
  type DialogNotice,
  type DialogOptions,
  dialogSpec,
  type MessageRef,
} from "../core/dialog/dialog.ts";
import type { OzonCallResult } from "../core/dialog/ozon-call.ts";
import { chooseShop, shopGone } from "../core/dialog/shop-step.ts";
import type { Translator } from "../core/i18n.ts";
import type { ShopChoice } from "../core/shop-tags.ts";
import { type CampaignView, campaignLine, campaignView, ozonProblem } from "./format.ts";
import { reportCampaignsKeyboard } from "./keyboards.ts";

const ADS_PAGE_SIZE = 6;

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

/** An advertising dialog: for managers, its buttons of kind `kind`; `A` are its entry args. */
export function adsDialog<A extends unknown[] = []>(
  deps: AdsDialogDeps,
  dialog: {
    id: string;
    kind: string;
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

type OzonResult<T> = OzonCallResult<T, AdsProblem>;

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

/** The shop an advertising dialog acts for, chosen at its start, and its screens. */
export class AdsShopDialog {
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

  /**
   * "Which store?" among the shops with Performance keys the person's manager role reaches
   * (asked only when there are several); undefined when the dialog ended (none reached).
   */
  static async choose(
    dialog: Dialog,
    deps: AdsDialogDeps,
    ctx: ConversationContext,
    /** A shop already chosen (a campaign card's): used without asking while it is reachable. */
    preferred?: string,
  ): Promise<{ session: AdsShopDialog; ctx: ConversationContext } | undefined> {
    const reachable = await dialog.conversation.external((outside) => {
      const ids = shopsInScope(
        outside.person,
        "manager",
        deps.shops.all().filter((shop) => shop.performance),
      ).map((shop) => shop.id);
      return preferred && ids.includes(preferred) ? [preferred] : ids;
    });
    const picked = await chooseShop(dialog, ctx, () =>
      reachable.flatMap((id) => deps.shops.get(id) ?? []),
    );
    if (!picked) return undefined;
    const many = await dialog.conversation.external(() => deps.shops.many);
    const tag = many ? picked.ctx.t("shop-tag", { name: picked.shop.name }) : "";
    return { session: new AdsShopDialog(dialog, deps, picked.shop, tag), ctx: picked.ctx };
  }

  /**
   * The shop of a campaign card's dialog, while the person still reaches it; otherwise the card's
   * store is out of reach now, the dialog says so and ends (undefined): nothing of another store
   * is touched.
   */
  static async forCard(
    dialog: Dialog,
    deps: AdsDialogDeps,
    ctx: ConversationContext,
    shopId: string,
  ): Promise<{ session: AdsShopDialog; ctx: ConversationContext } | undefined> {
    const opened = await AdsShopDialog.choose(dialog, deps, ctx, shopId);
    if (opened?.session.shop.id === shopId) return opened;
    if (opened) await opened.session.show(opened.ctx, ctx.t("shop-none-for-you"));
    return undefined;
  }

  /** A screen of the dialog, headed by the shop when there are several. */
  show(ctx: ConversationContext, text: string, keyboard?: InlineKeyboard): Promise<MessageRef> {
    return this.dialog.show(ctx, this.tagged(text), keyboard);
  }

  /** `text` headed by the shop when there are several. */
  tagged(text: string): string {
    return this.#tag ? `${this.#tag}\n${text}` : text;
  }

  /**
   * A card dialog's old → new confirmation under `keyboard` (ads/campaign-dialog-keyboards.ts):
   * `yes` on its confirm button (step "y"); "another value" (step "o") or a typed text is a no.
   */
  async confirmed(
    ctx: ConversationContext,
    text: string,
    keyboard: InlineKeyboard,
  ): Promise<{ ctx: ConversationContext; yes: boolean }> {
    await this.show(ctx, text, keyboard);
    const answer = await this.dialog.answer(["y", "o"]);
    return { ctx: answer.ctx, yes: answer.kind === "button" && answer.step === "y" };
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
  async present(ctx: ConversationContext): Promise<boolean> {
    const state = await this.#state();
    if (state === "ok") return true;
    await this.end(ctx, { kind: state });
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
   * refusal ends the dialog here (its last screen is shown at `ctx`).
   */
  async deskChange<T>(
    ctx: ConversationContext,
    change: (desk: AdsAccount["desk"]) => Promise<T>,
  ): Promise<DeskChange<T>> {
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
      await this.end(ctx, call.problem);
      return { kind: "ended" };
    }
    return call.value.ok ? { kind: "done", value: call.value.value } : { kind: "gone" };
  }

  /** The last screen of a dialog whose call came to nothing. */
  async end(ctx: ConversationContext, problem: AdsProblem): Promise<void> {
    if (!("kind" in problem)) return void (await this.show(ctx, problemText(ctx.t, problem)));
    if (problem.kind === "shop_gone") return shopGone(this.dialog, ctx, this.shop);
    await this.dialog.show(ctx, ctx.t("shop-paused", { name: this.shop.name }));
  }
}

/**
 * One page of the campaign list, as JSON-safe views; `missed` is a search that found nothing
 * (the page is then the list shown before it).
 */
type CampaignListPage = Omit<CampaignPage, "items"> & { items: CampaignView[]; missed?: string };

/**
 * The paged campaign list both advertising dialogs start with: a typed text searches (cut to a
 * sane length, from the first page), the pager's buttons (step "p") turn the pages. A search
 * that finds nothing keeps the list shown before it.
 */
export class CampaignList {
  search = "";
  page = 0;
  /** The search and page of the list last shown (where a search that misses goes back to). */
  #shown = { search: "", page: 0 };
  readonly #session: AdsShopDialog;
  readonly #includeArchived: boolean;

  constructor(session: AdsShopDialog, includeArchived: boolean) {
    this.#session = session;
    this.#includeArchived = includeArchived;
  }

  /**
   * The page asked for (or the last one there is), read once outside the replay; when a search
   * finds nothing, the list shown before it instead, with the search as `missed`.
   */
  async load(): Promise<OzonResult<CampaignListPage>> {
    const found = await this.#read();
    if (!found.ok || found.value.total > 0 || !this.search) {
      this.#shown = { search: this.search, page: this.page };
      return found;
    }
    const missed = this.search;
    ({ search: this.search, page: this.page } = this.#shown);
    const before = await this.#read();
    return before.ok ? { ok: true, value: { ...before.value, missed } } : before;
  }

  async #read(): Promise<OzonResult<CampaignListPage>> {
    const { search, page } = this;
    const found = await this.#session.call(async ({ budget }) => {
      const listed = await budget.list({
        search,
        page,
        includeArchived: this.#includeArchived,
        pageSize: ADS_PAGE_SIZE,
      });
      return { ...listed, items: listed.items.map(campaignView) };
    });
    if (found.ok) this.page = found.value.page;
    return found;
  }

  /** The page's campaigns as numbered lines (numbering goes on across pages). */
  lines(t: Translator, items: readonly CampaignView[]): string[] {
    return items.map((c, i) => campaignLine(t, c, this.page * ADS_PAGE_SIZE + i + 1));
  }

  /**
   * One screen of a many-campaign choice (/report, a new schedule): `head` (given `max` and the
   * count chosen) over the page, a toggle per campaign (at most `max`), the pager, a typed search
   * and "Done" (step "d", only with one chosen) — presses over the limit are refused on the spot,
   * before Ozon is asked. `chosen` (id → title, in the order chosen) follows the toggles. Resolves
   * with the context to go on with and whether Done was pressed, or undefined when Ozon's failure
   * ended the dialog. `notice` heads the screen and is said (a missed search replaces it).
   * `again` labels a first button (step "lr") that resolves with `again: true` instead.
   */
  async chooseMany(
    ctx: ConversationContext,
    t: Translator,
    choice: {
      head: string;
      max: number;
      chosen: Map<string, string>;
      notice: DialogNotice;
      again?: string | undefined;
    },
  ): Promise<{ ctx: ConversationContext; done: boolean; again?: true } | undefined> {
    const { head, max, chosen, notice, again } = choice;
    const session = this.#session;
    const { button } = session.dialog;
    const listing = await this.load();
    if (!listing.ok) {
      await session.end(ctx, listing.problem);
      return undefined;
    }
    const { items, pages, missed } = listing.value;
    if (missed) notice.text = t("ads-search-missed", { search: missed });
    const lines = [t(head, { max, count: chosen.size }), "", ...this.lines(t, items)].join("\n");
    const keyboard = reportCampaignsKeyboard(
      button,
      t,
      items,
      new Set(chosen.keys()),
      this.page,
      pages,
      again,
    );
    await session.show(ctx, notice.over(lines), keyboard);
    // Refused on the spot, before Ozon is ever asked; the list stays as it was.
    const steps = again ? ["p", "t", "d", "lr"] : ["p", "t", "d"];
    const answer = await session.dialog.answer(steps, (press) => {
      const adding = press.step === "t" && !chosen.has(press.value);
      if (adding && chosen.size >= max) {
        return t("ads-report-too-many", { count: chosen.size + 1, max });
      }
      if (press.step === "d" && chosen.size === 0) return t("ads-report-none-chosen");
      return undefined;
    });
    if (this.take(answer) || answer.kind !== "button") return { ctx: answer.ctx, done: false };
    if (answer.step === "lr") return { ctx: answer.ctx, done: false, again: true };
    if (answer.step === "d") return { ctx: answer.ctx, done: true };
    if (chosen.has(answer.value)) chosen.delete(answer.value);
    else chosen.set(answer.value, items.find((c) => c.id === answer.value)?.title ?? "");
    return { ctx: answer.ctx, done: false };
  }

  /** Takes a typed search or a press of the pager; false for any other answer. */
  take(answer: Answer): boolean {
    if (answer.kind === "text") {
      this.search = answer.text.slice(0, 64);
      this.page = 0;
    } else if (answer.step === "p") {
      this.page = Number(answer.value) || 0;
    } else {
      return false;
    }
    return true;
  }
}
