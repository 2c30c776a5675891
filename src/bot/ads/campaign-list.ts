/**
 * The paged campaign list the advertising dialogs start with (/budget, /report, a new schedule),
 * with its many-campaign choice; it reads Ozon through the dialog's shop (ads-steps.ts). The
 * campaigns are buttons only ("Title · ▶️ 1 500 ₽", format.ts): the message over them says what
 * to do, the search and the page.
 */
import type { CampaignPage } from "../../services/ads/index.ts";
import type { Answer, Mark, MessageRef } from "../core/dialog/dialog.ts";
import { headed } from "../core/dialog/questions.ts";
import type { Translator } from "../core/i18n.ts";
import type { AdsShopDialog, OzonResult } from "./ads-steps.ts";
import { type CampaignView, campaignView } from "./format.ts";
import { reportCampaignsKeyboard } from "./keyboards.ts";

const ADS_PAGE_SIZE = 6;

/** One page of the campaign list, as JSON-safe views. */
export type CampaignListPage = Omit<CampaignPage, "items"> & { items: CampaignView[] };

/** The locale keys of a many-campaign choice's heading: one pressed goes on, or toggles. */
export interface ManyChoice {
  one: string;
  many: string;
  max: number;
  /** The ⚡ button's label (step "lr"), offered first. */
  again?: string | undefined;
}

/**
 * The paged campaign list the advertising dialogs start with: a typed text searches (cut to a
 * sane length, from the first page), the pager's buttons (step "p") turn the pages. A search
 * that finds nothing goes back to the list shown before it, saying so (`missed`).
 */
export class CampaignList {
  search = "";
  page = 0;
  readonly #session: AdsShopDialog;
  readonly #includeArchived: boolean;

  constructor(session: AdsShopDialog, includeArchived: boolean) {
    this.#session = session;
    this.#includeArchived = includeArchived;
  }

  /** The page asked for (or the last one there is), read once outside the replay. */
  async load(): Promise<OzonResult<CampaignListPage>> {
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

  /**
   * A search that found nothing (`listing`, read after it): back to `before`, the list it was
   * typed on, as it was, with why above it. Resolves (nothing to do) for any other listing.
   */
  async missed(listing: CampaignListPage, before: Mark | undefined, t: Translator): Promise<void> {
    if (listing.total > 0 || !this.search || !before) return;
    await this.#session.dialog.back(before, t("ads-search-missed", { search: this.search }));
  }

  /** What to do (`what`), or that there are none; the search shown and the page, when paged. */
  heading(t: Translator, what: string, listing: CampaignListPage): string {
    if (listing.total === 0) return t("ads-campaigns-none");
    const lines = [what];
    if (this.search) lines.push(t("ads-list-search", { search: this.search }));
    if (listing.pages > 1) {
      lines.push(t("ads-list-page", { page: listing.page + 1, pages: listing.pages }));
    }
    return lines.join("\n");
  }

  /**
   * A many-campaign choice (/report, a new schedule): first a press goes straight on with that
   * campaign; "More" (step "m") turns the buttons into toggles (at most `max`) with "Done" (step
   * "d", only with one chosen) — presses over the limit are refused on the spot, before Ozon is
   * asked. A toggle redraws only the buttons (the tick and Done's count are on them); a page, a
   * search or "More" draws the screen anew. Resolves with the campaigns chosen (id → title, in
   * the order chosen), "again" for the ⚡ button, or undefined when the dialog ended.
   */
  async chooseMany(
    t: Translator,
    choice: ManyChoice,
  ): Promise<Map<string, string> | "again" | undefined> {
    const { max, again } = choice;
    const session = this.#session;
    const dialog = session.dialog;
    const chosen = new Map<string, string>();
    let single = true;
    let before: Mark | undefined; // the screen before this one: where a missed search goes back
    let listing: CampaignListPage | undefined;
    let shown: MessageRef | undefined;
    let ticked = false;
    for (;;) {
      const mark = await dialog.mark();
      if (!(await session.present())) return undefined;
      if (!ticked || !listing) {
        const read = await this.load();
        if (!read.ok) {
          await session.end(read.problem);
          return undefined;
        }
        await this.missed(read.value, before, t);
        listing = read.value;
      }
      const { items, pages } = listing;
      const marks = new Set(chosen.keys());
      const keyboard = reportCampaignsKeyboard(
        dialog.button,
        t,
        items,
        marks,
        this.page,
        pages,
        again,
        single,
      );
      const redrawn = ticked && !mark.returned && (await session.redrawButtons(shown, keyboard));
      if (!redrawn) {
        const what = single ? t(choice.one) : t(choice.many, { max });
        const text = headed(mark.notice, this.heading(t, what, listing));
        shown = await session.show(text, keyboard);
      }
      // Refused on the spot, before Ozon is ever asked; the list stays as it was.
      const steps = [...(single ? ["p", "t", "m"] : ["p", "t", "d"]), ...(again ? ["lr"] : [])];
      const answer = await dialog.answer(steps, (press) => {
        const adding = press.step === "t" && !chosen.has(press.value);
        if (adding && chosen.size >= max) {
          return t("ads-report-too-many", { count: chosen.size + 1, max });
        }
        if (press.step === "d" && chosen.size === 0) return t("ads-report-none-chosen");
        return undefined;
      });
      before = mark;
      ticked = false;
      if (this.take(answer) || answer.kind !== "button") continue;
      if (answer.step === "lr") return "again";
      if (answer.step === "m") {
        single = false;
        continue;
      }
      if (answer.step === "d") return chosen;
      const title = items.find((c) => c.id === answer.value)?.title ?? "";
      if (single) return new Map([[answer.value, title]]);
      if (chosen.has(answer.value)) chosen.delete(answer.value);
      else chosen.set(answer.value, title);
      ticked = true;
    }
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
