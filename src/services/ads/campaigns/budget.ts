/**
 * Budgets of advertising campaigns, free of Telegram: list and search campaigns, check a typed
 * amount, change the budget through the Performance client, then read it back so the person sees
 * what Ozon holds. A campaign has a daily or a weekly budget, fixed when it was created: the
 * change always goes as the kind the campaign has (read fresh from Ozon just before), within that
 * kind's limits; the daily one tries the spec's PUT and moves to the successor PATCH on 404/410.
 * Tests: test/services/ads/campaigns/budget.test.ts and 12 more
 */
import { isOzonInputError } from "../../../ozon/errors.ts";
import { isWholeKopecks } from "../../../ozon/performance/money.ts";
import type { BudgetKind, Campaign } from "../../../ozon/performance/types.ts";
import {
  type BudgetInputResult,
  type BudgetLimits,
  DEFAULT_BUDGET_LIMITS,
  DEFAULT_WEEKLY_BUDGET_LIMITS,
  parseBudgetInput,
} from "./budget-input.ts";

export type { BudgetKind } from "../../../ozon/performance/types.ts";

/** What the service needs of the Performance client's campaigns namespace. */
export interface BudgetCampaignsApi {
  list(): Promise<Campaign[]>;
  setBudget(id: string, kind: BudgetKind, millionths: bigint): Promise<void>;
}

/** Accepted amounts of each kind (BUDGET_* and WEEKLY_BUDGET_* settings). */
export type BudgetLimitsByKind = Record<BudgetKind, BudgetLimits>;

/** A state the bot can translate; Ozon's own value stays in `Campaign.state`. */
export type CampaignStateKey =
  | "running"
  | "planned"
  | "stopped"
  | "inactive"
  | "archived"
  | "moderation"
  | "moderation_failed"
  | "other";

const STATE_KEYS: Record<string, CampaignStateKey> = {
  CAMPAIGN_STATE_RUNNING: "running",
  CAMPAIGN_STATE_PLANNED: "planned",
  CAMPAIGN_STATE_STOPPED: "stopped",
  CAMPAIGN_STATE_INACTIVE: "inactive",
  CAMPAIGN_STATE_ARCHIVED: "archived",
  CAMPAIGN_STATE_MODERATION_DRAFT: "moderation",
  CAMPAIGN_STATE_MODERATION_IN_PROGRESS: "moderation",
  CAMPAIGN_STATE_MODERATION_FAILED: "moderation_failed",
};

export function campaignStateKey(state: string): CampaignStateKey {
  return STATE_KEYS[state.trim().toUpperCase()] ?? "other";
}

/** Running first, then the ones that may run, then the rest; archived last. */
const STATE_ORDER: Record<CampaignStateKey, number> = {
  running: 0,
  planned: 1,
  moderation: 2,
  inactive: 3,
  stopped: 4,
  moderation_failed: 5,
  other: 6,
  archived: 7,
};

export interface BudgetCampaign {
  id: string;
  title: string;
  state: string;
  stateKey: CampaignStateKey;
  /** Daily or weekly; undefined when Ozon shows neither limit (then it is not changed here). */
  kind: BudgetKind | undefined;
  /** Millionths of a rouble of the campaign's own kind; 0n when it has no limit. */
  budget: bigint;
  /** Millionths of a rouble; 0n when the campaign has no daily budget. */
  dailyBudget: bigint;
  /** Millionths of a rouble; 0n when the campaign has no weekly budget. */
  weeklyBudget: bigint;
  /** YYYY-MM-DD; undefined when unset (the campaign is unlimited in time that way). */
  fromDate?: string | undefined;
  toDate?: string | undefined;
  advObjectType?: string | undefined;
  paymentType?: string | undefined;
  /** productAutopilotStrategy; undefined or NO_AUTO_STRATEGY: bids set by hand. */
  strategy?: string | undefined;
}

export interface CampaignPage {
  items: BudgetCampaign[];
  /** 0-based page actually shown (clamped into range). */
  page: number;
  pages: number;
  /** Campaigns matching the search, over all pages. */
  total: number;
}

export interface ListOptions {
  /** Part of the title (case, ё/е and extra spaces ignored) or of the id. */
  search?: string;
  page?: number;
  pageSize?: number;
  /** Archived campaigns are left out unless asked for. */
  includeArchived?: boolean;
}

export interface BudgetChange {
  campaign: BudgetCampaign;
  /** The kind that was changed: the campaign's own. */
  kind: BudgetKind;
  oldMillionths: bigint;
  requestedMillionths: bigint;
  /** What Ozon holds after the change (read back). */
  newMillionths: bigint;
  /** The read-back equals the request. */
  confirmed: boolean;
}

export type BudgetErrorCode = "campaign_not_found" | "invalid_amount" | "kind_unknown";

export class BudgetError extends Error {
  readonly code: BudgetErrorCode;
  constructor(code: BudgetErrorCode, message: string) {
    super(message);
    this.name = "BudgetError";
    this.code = code;
  }
}

export const isBudgetError = (e: unknown): e is BudgetError => e instanceof BudgetError;

export interface BudgetServiceOptions {
  campaigns: BudgetCampaignsApi;
  /** Daily limits (default DEFAULT_BUDGET_LIMITS). */
  limits?: BudgetLimits;
  /** Weekly limits (default DEFAULT_WEEKLY_BUDGET_LIMITS). */
  weeklyLimits?: BudgetLimits;
  /** The campaign list is reused this long between pages and searches (default 15 s). */
  cacheMs?: number;
  now?: () => number;
}

function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();
}

/** The service's view of a campaign read from Ozon. */
export function budgetCampaignOf(campaign: Campaign): BudgetCampaign {
  return {
    id: campaign.id,
    title: campaign.title,
    state: campaign.state,
    stateKey: campaignStateKey(campaign.state),
    kind: campaign.budgetKind,
    budget: campaign.budgetKind === "weekly" ? campaign.weeklyBudget : campaign.dailyBudget,
    dailyBudget: campaign.dailyBudget,
    weeklyBudget: campaign.weeklyBudget,
    fromDate: campaign.fromDate,
    toDate: campaign.toDate,
    advObjectType: campaign.advObjectType,
    paymentType: campaign.paymentType,
    strategy: campaign.strategy,
  };
}

export class BudgetService {
  readonly limits: BudgetLimitsByKind;
  readonly #api: BudgetCampaignsApi;
  readonly #cacheMs: number;
  readonly #now: () => number;
  #cache: { at: number; list: Promise<BudgetCampaign[]> } | undefined;

  constructor(options: BudgetServiceOptions) {
    this.#api = options.campaigns;
    this.limits = {
      daily: options.limits ?? DEFAULT_BUDGET_LIMITS,
      weekly: options.weeklyLimits ?? DEFAULT_WEEKLY_BUDGET_LIMITS,
    };
    this.#cacheMs = options.cacheMs ?? 15_000;
    this.#now = options.now ?? Date.now;
  }

  /** All campaigns, sorted (running first, then by title); cached briefly. */
  async all(fresh = false): Promise<BudgetCampaign[]> {
    const now = this.#now();
    if (fresh || !this.#cache || now - this.#cache.at >= this.#cacheMs) {
      const list = this.#api
        .list()
        .then((campaigns) =>
          campaigns
            .map(budgetCampaignOf)
            .sort(
              (a, b) =>
                STATE_ORDER[a.stateKey] - STATE_ORDER[b.stateKey] ||
                a.title.localeCompare(b.title, "ru") ||
                a.id.localeCompare(b.id, "en", { numeric: true }),
            ),
        );
      this.#cache = { at: now, list };
      list.catch(() => {
        if (this.#cache?.list === list) this.#cache = undefined;
      });
    }
    return this.#cache.list;
  }

  /** Drops the cached list: a change made elsewhere (a card) shows at the next read. */
  forget(): void {
    this.#cache = undefined;
  }

  /** One page of campaigns, optionally narrowed by part of the title (or the id). */
  async list(options: ListOptions = {}): Promise<CampaignPage> {
    const pageSize = Math.max(1, options.pageSize ?? 8);
    const needle = fold(options.search ?? "");
    const matching = (await this.all()).filter(
      (c) =>
        (options.includeArchived || c.stateKey !== "archived") &&
        (needle === "" || fold(c.title).includes(needle) || c.id.includes(needle)),
    );
    const pages = Math.max(1, Math.ceil(matching.length / pageSize));
    const page = Math.min(Math.max(0, Math.trunc(options.page ?? 0)), pages - 1);
    return {
      items: matching.slice(page * pageSize, (page + 1) * pageSize),
      page,
      pages,
      total: matching.length,
    };
  }

  async find(id: string, fresh = false): Promise<BudgetCampaign | undefined> {
    return (await this.all(fresh)).find((c) => c.id === id);
  }

  /** Checks a typed answer against the limits of the kind (see budget-input.ts). */
  parseInput(text: string, kind: BudgetKind): BudgetInputResult {
    return parseBudgetInput(text, this.limits[kind]);
  }

  /**
   * Sets the budget of the kind the campaign has (read fresh from Ozon) and reads it back. The
   * amount is checked again here against that kind's limits (whole kopecks), so no caller can
   * send Ozon something the person was not shown, nor the other kind. `kind` is what the person
   * was shown; should Ozon now say otherwise, nothing is sent.
   */
  async change(campaignId: string, millionths: bigint, kind?: BudgetKind): Promise<BudgetChange> {
    const before = await this.find(campaignId, true);
    if (!before) throw new BudgetError("campaign_not_found", `campaign ${campaignId} not found`);
    const own = before.kind;
    if (!own || (kind && kind !== own)) {
      this.#cache = undefined;
      throw new BudgetError(
        "kind_unknown",
        `campaign ${campaignId}: budget kind ${own ?? "unknown"}`,
      );
    }
    const limits = this.limits[own];
    if (
      millionths <= 0n ||
      !isWholeKopecks(millionths) ||
      millionths < limits.minMillionths ||
      millionths > limits.maxMillionths
    ) {
      throw new BudgetError("invalid_amount", `${own} budget out of range or not whole kopecks`);
    }
    try {
      await this.#api.setBudget(campaignId, own, millionths);
    } catch (error) {
      if (isOzonInputError(error)) throw new BudgetError("invalid_amount", error.message);
      throw error;
    } finally {
      this.#cache = undefined;
    }
    const after = await this.find(campaignId, true);
    if (!after) throw new BudgetError("campaign_not_found", `campaign ${campaignId} disappeared`);
    // The read-back is of the same kind, whatever the list says now.
    const now = own === "weekly" ? after.weeklyBudget : after.dailyBudget;
    return {
      campaign: after,
      kind: own,
      oldMillionths: before.budget,
      requestedMillionths: millionths,
      newMillionths: now,
      confirmed: now === millionths,
    };
  }
}
