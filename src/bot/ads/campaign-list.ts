/**
 * The paged campaign list the advertising dialogs start with (/budget, /report, a new schedule),
 * with its many-campaign choice; it reads Ozon through the dialog's shop (ads-steps.ts).
 */
import type { CampaignPage } from "../../services/ads/index.ts";
import type { ConversationContext } from "../core/context.ts";
import type { Answer, DialogNotice } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";
import type { AdsShopDialog, OzonResult } from "./ads-steps.ts";
import { type CampaignView, campaignLine, campaignView } from "./format.ts";
import { reportCampaignsKeyboard } from "./keyboards.ts";

const ADS_PAGE_SIZE = 6;

/**
 * One page of the campaign list, as JSON-safe views; `missed` is a search that found nothing
 * (the page is then the list shown before it).
 */
type CampaignListPage = Omit<CampaignPage, "items"> & { items: CampaignView[]; missed?: string };
type ManyChoice = {
  head: string;
  max: number;
  chosen: Map<string, string>;
  notice: DialogNotice;
} & {
  again?: string | undefined;
  single?: boolean;
};

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
   * `again` labels a first button (step "lr") resolving `again`; `single`: a press goes straight
   * on with that one campaign, "More" (step "m") resolves `many`.
   */
  async chooseMany(
    ctx: ConversationContext,
    t: Translator,
    choice: ManyChoice,
  ): Promise<{ ctx: ConversationContext; done: boolean; again?: true; many?: true } | undefined> {
    const { head, max, chosen, notice, again, single } = choice;
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
      single,
    );
    await session.show(ctx, notice.over(lines), keyboard);
    // Refused on the spot, before Ozon is ever asked; the list stays as it was.
    const steps = [...(single ? ["p", "t", "m"] : ["p", "t", "d"]), ...(again ? ["lr"] : [])];
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
    if (answer.step === "m") return { ctx: answer.ctx, done: false, many: true };
    if (single) {
      chosen.set(answer.value, items.find((c) => c.id === answer.value)?.title ?? "");
      return { ctx: answer.ctx, done: true };
    }
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
