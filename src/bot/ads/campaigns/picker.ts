/**
 * The paged campaign list the advertising dialogs start with (/budget, /report, a new schedule),
 * with its many-campaign choice; it reads Ozon through the dialog's shop (ads/steps.ts). The
 * campaigns are buttons only ("Title · ▶️ 1 500 ₽", format.ts): the message over them says what
 * to do, the search and the page.
 * Tests: test/bot/ads/campaigns/campaign-choice.test.ts
 */
import type { InlineKeyboard } from "grammy";
import type { CampaignPage } from "../../../services/ads/index.ts";
import type { Answer, Checkpoint, MessageRef } from "../../core/dialog/dialog.ts";
import { headed } from "../../core/dialog/questions.ts";
import type { Translator } from "../../core/i18n.ts";
import { type CampaignView, campaignView } from "../format.ts";
import { reportCampaignsKeyboard } from "../keyboards.ts";
import type { AdsShopSteps, OzonResult } from "../steps.ts";

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
  /** Said above what to do (the screen the list takes the place of: /schedule's empty list). */
  opening?: string;
  /** Buttons of the screen's own (their steps), under the list: a press of one is returned. */
  aside?: { steps: readonly string[]; add(keyboard: InlineKeyboard): void };
}

/** A press of one of the `aside` buttons. */
export interface AsidePress {
  aside: { step: string; value: string };
}

/**
 * Where a list stands, carried back to its screen's checkpoint (Dialog.rewind) when a page is turned or a
 * search typed: the search, the page, and the place the search was typed on (`before`).
 */
export interface ListPlace {
  search: string;
  page: number;
  before?: { search: string; page: number };
}

/** What a many-campaign choice carries back to its screen besides the list's place. */
interface ManyPlace extends ListPlace {
  /** The campaigns toggled on so far (id, title), in the order chosen. */
  chosen: [string, string][];
  single: boolean;
  /** A toggle on the list's message: only its buttons are redrawn there, over the same page. */
  ticked?: { screen: MessageRef; listing: CampaignListPage };
}

/**
 * The paged campaign list the advertising dialogs start with: a typed text searches (cut to a
 * sane length, from the first page), the pager's buttons (step "p") turn the pages, each by going
 * back to the list's checkpoint with the new place (`moved`). A search that finds nothing goes back to
 * the list it was typed on, saying so (`missed`).
 */
export class CampaignList {
  search = "";
  page = 0;
  #before: ListPlace["before"];
  readonly #session: AdsShopSteps;
  readonly #includeArchived: boolean;

  constructor(session: AdsShopSteps, includeArchived: boolean) {
    this.#session = session;
    this.#includeArchived = includeArchived;
  }

  /** Stands the list where `place` (carried back to its checkpoint) says; the first page without. */
  standAt(place: ListPlace | undefined): void {
    this.search = place?.search ?? "";
    this.page = place?.page ?? 0;
    this.#before = place?.before;
  }

  /** Where a typed search or a press of the pager moves the list; undefined for other answers. */
  moved(answer: Answer): ListPlace | undefined {
    const here = { search: this.search, page: this.page };
    if (answer.kind === "text") return { search: answer.text.slice(0, 64), page: 0, before: here };
    if (answer.step === "p") return { search: this.search, page: Number(answer.value) || 0 };
    return undefined;
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
   * A search that found nothing (`listing`, read after it): back to `shown`, the list's checkpoint, at
   * the place it was typed on, with why above it. Resolves (nothing to do) for any other listing.
   */
  async missed<P extends ListPlace>(
    listing: CampaignListPage,
    shown: Checkpoint<P>,
    t: Translator,
  ): Promise<void> {
    const before = this.#before;
    if (listing.total > 0 || !this.search || !before || !shown.carried) return;
    const { before: _typedOn, ...kept } = shown.carried;
    const notice = t("ads-search-missed", { search: this.search });
    await this.#session.dialog.rewind(shown, notice, { ...kept, ...before } as P);
  }

  /**
   * What to do (`what`), or that there are none; the search shown. The page is the pager's own
   * middle button ("1 / 2"), not said again in the text.
   */
  heading(t: Translator, what: string, listing: CampaignListPage): string {
    if (listing.total === 0) return t("ads-campaigns-none");
    const lines = [what];
    if (this.search) lines.push(t("ads-list-search", { search: this.search }));
    return lines.join("\n");
  }

  /**
   * A many-campaign choice (/report, a new schedule): first a press goes straight on with that
   * campaign; "More" (step "m") turns the buttons into toggles (at most `max`) with "Done" (step
   * "d", only with one chosen) — presses over the limit are refused on the spot, before Ozon is
   * asked. A toggle redraws only the buttons (the tick and Done's count are on them); a page, a
   * search or "More" draws the screen anew. Each goes back to the list's checkpoint carrying what is
   * chosen. Resolves with the campaigns chosen (id → title, in the order chosen), "again" for the
   * ⚡ button, or undefined when the dialog ended.
   */
  async chooseMany(
    t: Translator,
    choice: ManyChoice,
  ): Promise<Map<string, string> | "again" | AsidePress | undefined> {
    const { max, again, aside } = choice;
    const session = this.#session;
    const dialog = session.dialog;
    const shown = await dialog.checkpoint<ManyPlace>();
    const place: ManyPlace = shown.carried ?? { search: "", page: 0, chosen: [], single: true };
    this.standAt(place);
    const chosen = new Map(place.chosen);
    const { single, ticked } = place;
    if (!(await session.present())) return undefined;
    let listing = ticked?.listing;
    if (!listing) {
      const read = await this.load();
      if (!read.ok) return void (await session.end(read.problem));
      await this.missed(read.value, shown, t);
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
    aside?.add(keyboard);
    let screen = ticked && (await dialog.redrawButtons(ticked.screen, keyboard)) && ticked.screen;
    if (!screen) {
      const what = single ? t(choice.one) : t(choice.many, { max });
      const body = [choice.opening, this.heading(t, what, listing)].filter(Boolean).join("\n\n");
      screen = await session.show(headed(shown.notice, body), keyboard);
    }
    // Refused on the spot, before Ozon is ever asked; the list stays as it was.
    const steps = [
      ...(single ? ["p", "t", "m"] : ["p", "t", "d"]),
      ...(again ? ["lr"] : []),
      ...(aside?.steps ?? []),
    ];
    const answer = await dialog.answer(steps, (press) => {
      const adding = press.step === "t" && !chosen.has(press.value);
      if (adding && chosen.size >= max) {
        return t("ads-report-too-many", { count: chosen.size + 1, max });
      }
      if (press.step === "d" && chosen.size === 0) return t("ads-report-none-chosen");
      return undefined;
    });
    const kept = { search: this.search, page: this.page, chosen: [...chosen], single };
    const moved = this.moved(answer);
    if (moved || answer.kind !== "button") return dialog.rewind(shown, "", { ...kept, ...moved });
    if (answer.step === "lr") return "again";
    if (aside?.steps.includes(answer.step)) {
      return { aside: { step: answer.step, value: answer.value } };
    }
    if (answer.step === "m") return dialog.rewind(shown, "", { ...kept, single: false });
    if (answer.step === "d") return chosen;
    const title = items.find((c) => c.id === answer.value)?.title ?? "";
    if (single) return new Map([[answer.value, title]]);
    if (chosen.has(answer.value)) chosen.delete(answer.value);
    else chosen.set(answer.value, title);
    // Only the buttons are redrawn when the toggle was pressed on the list's own message.
    const onList = dialog.editable()?.messageId === screen.messageId;
    const toggled = { ...kept, chosen: [...chosen] };
    return dialog.rewind(shown, "", onList ? { ...toggled, ticked: { screen, listing } } : toggled);
  }
}
