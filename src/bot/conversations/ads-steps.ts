/**
 * What the advertising dialogs (budget.ts, report.ts) share besides the dialog toolkit
 * (dialog.ts): their spec, calling Ozon, and the paged campaign list both start with.
 */
import type { Logger } from "../../logger.ts";
import type { PerformanceClient } from "../../ozon/index.ts";
import type { BudgetService, CampaignPage, ReportJobs } from "../../services/ads/index.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotConversation } from "../context.ts";
import {
  type CampaignView,
  campaignLine,
  campaignView,
  type OzonProblem,
  ozonProblem,
} from "../format/ads.ts";
import type { Translator } from "../i18n.ts";
import { type Answer, type Dialog, type DialogOptions, dialogSpec } from "./dialog.ts";
import type { ConversationSpec } from "./index.ts";
import { callOzon, type OzonOutcome } from "./ozon-call.ts";

const ADS_PAGE_SIZE = 6;

/** What the advertising dialogs are built from (the ads module hands it over). */
export interface AdsDialogDeps {
  budget: BudgetService;
  jobs: ReportJobs;
  campaigns: Pick<PerformanceClient["campaigns"], "objects">;
  codec: CallbackCodec;
  /** TIMEZONE: report periods are whole days there. */
  timezone: string;
  maxPeriodDays: number;
  maxCampaigns: number;
  logger?: Logger;
}

const ADS_DIALOG_KEYS = { over: "ads-dialog-over" } as const;

/** An advertising dialog: for managers, its buttons of kind `kind`. */
export function adsDialog(
  deps: AdsDialogDeps,
  dialog: { id: string; kind: string; run: DialogOptions<[]>["run"] },
): ConversationSpec {
  return dialogSpec({
    ...dialog,
    audience: ["manager"],
    codec: deps.codec,
    overKey: ADS_DIALOG_KEYS.over,
  });
}

type OzonResult<T> = OzonOutcome<T, OzonProblem>;

/** Runs an Ozon call once (outside the replay) and returns a JSON-safe result or problem. */
export function ozon<T>(
  conversation: BotConversation,
  deps: Pick<AdsDialogDeps, "logger">,
  task: () => Promise<T>,
): Promise<OzonResult<T>> {
  return callOzon(conversation, task, (error) => {
    deps.logger?.warn({ err: error }, "Ozon call in an advertising dialog failed");
    return ozonProblem(error);
  });
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
  readonly #dialog: Dialog;
  readonly #deps: Pick<AdsDialogDeps, "budget" | "logger">;
  readonly #includeArchived: boolean;

  constructor(
    dialog: Dialog,
    deps: Pick<AdsDialogDeps, "budget" | "logger">,
    includeArchived: boolean,
  ) {
    this.#dialog = dialog;
    this.#deps = deps;
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
    const found = await ozon(this.#dialog.conversation, this.#deps, async () => {
      const listed = await this.#deps.budget.list({
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
