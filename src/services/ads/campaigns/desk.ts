/**
 * A store's campaigns as a manager handles them from a card, free of Telegram: read one campaign
 * fresh, pause or resume it, change its period, read a page of its products with bids and change
 * one SKU's bid. Every change reads the campaign (or the product) first and again after, so the
 * caller shows what Ozon holds, old → new, and can tell a change made meanwhile by someone else.
 *
 * Yesterday's spend comes from one synchronous call per store and day (statistics/daily/json,
 * every campaign of every type at once, the call the managers' digest makes too), kept 10 minutes;
 * any failure leaves the spend unknown rather than failing the list.
 * Tests: test/services/ads/campaigns/period.test.ts and 12 more
 */
import type { Logger } from "../../../logger.ts";
import { kopecksToMillionths } from "../../../ozon/performance/money.ts";
import type { Campaign, CampaignProduct } from "../../../ozon/performance/types.ts";
import { presetPeriod } from "../reports/periods.ts";
import { type BudgetCampaign, budgetCampaignOf } from "./budget.ts";

export interface CampaignDeskApi {
  campaigns: {
    get(id: string): Promise<Campaign | undefined>;
    activate(id: string): Promise<void>;
    deactivate(id: string): Promise<void>;
    setPeriod(id: string, fromDate: string, toDate: string): Promise<void>;
  };
  products: {
    list(campaignId: string, page?: number, pageSize?: number): Promise<CampaignProduct[]>;
    setBid(campaignId: string, sku: string, millionths: bigint): Promise<void>;
    competitive(campaignId: string, skus: readonly string[]): Promise<Map<string, bigint>>;
  };
  daily: {
    byCampaign(period: {
      from: string;
      to: string;
    }): Promise<ReadonlyMap<string, { spendKopecks: number }>>;
  };
}

/** Why a campaign's bids cannot be changed here (undefined: they can). */
export type BidRefusal = "not_products" | "pay_per_order" | "auto_strategy";

/** Product bids by hand exist for pay-per-click product campaigns without an auto strategy. */
export function bidRefusal(c: BudgetCampaign): BidRefusal | undefined {
  if (c.paymentType === "CPO" || c.advObjectType === "SEARCH_PROMO") return "pay_per_order";
  if (c.advObjectType !== "SKU") return "not_products";
  if (c.strategy && c.strategy !== "NO_AUTO_STRATEGY" && c.strategy !== "TARGET_BIDS") {
    return "auto_strategy";
  }
  return undefined;
}

/** Whether the card offers pause or resume for this state. */
export function toggleOf(c: Pick<BudgetCampaign, "stateKey">): "pause" | "resume" | undefined {
  if (c.stateKey === "running" || c.stateKey === "planned" || c.stateKey === "stopped") {
    return "pause";
  }
  if (c.stateKey === "inactive") return "resume";
  return undefined;
}

export interface Change<T> {
  before: T;
  after: T;
}

export type DeskErrorCode = "campaign_not_found" | "product_not_found" | "changed_meanwhile";

export class DeskError extends Error {
  readonly code: DeskErrorCode;
  readonly campaign: BudgetCampaign | undefined;
  constructor(code: DeskErrorCode, message: string, campaign?: BudgetCampaign) {
    super(message);
    this.name = "DeskError";
    this.code = code;
    this.campaign = campaign;
  }
}

export const isDeskError = (e: unknown): e is DeskError => e instanceof DeskError;

export interface ProductPage {
  items: CampaignProduct[];
  /** 1-based, as Ozon counts. */
  page: number;
  /** A full page came back: there may be another. */
  more: boolean;
}

const SPEND_TTL_MS = 10 * 60_000;

export interface CampaignDeskOptions {
  api: CampaignDeskApi;
  /** TIMEZONE: "yesterday" is a day there. */
  zone: string;
  now?: () => number;
  logger?: Logger | undefined;
  /** Called after every change, so cached lists (the budget service's) are read again. */
  changed?: () => void;
}

export class CampaignDesk {
  readonly #api: CampaignDeskApi;
  readonly #zone: string;
  readonly #now: () => number;
  readonly #logger: Logger | undefined;
  readonly #changed: () => void;
  #spend: { day: string; at: number; value: Promise<Map<string, bigint> | undefined> } | undefined;

  constructor(options: CampaignDeskOptions) {
    this.#api = options.api;
    this.#zone = options.zone;
    this.#now = options.now ?? Date.now;
    this.#logger = options.logger;
    this.#changed = options.changed ?? (() => {});
  }

  /** The campaign as Ozon shows it now (one call). */
  async read(id: string): Promise<BudgetCampaign | undefined> {
    const campaign = await this.#api.campaigns.get(id);
    return campaign && budgetCampaignOf(campaign);
  }

  async #mustRead(id: string): Promise<BudgetCampaign> {
    const campaign = await this.read(id);
    if (!campaign) throw new DeskError("campaign_not_found", `campaign ${id} not found`);
    return campaign;
  }

  /**
   * Pauses or resumes. `expected` is the toggle the person confirmed: when the campaign no
   * longer offers it (changed meanwhile), nothing is sent and the fresh campaign comes back.
   */
  async toggle(id: string, expected: "pause" | "resume"): Promise<Change<BudgetCampaign>> {
    const before = await this.#mustRead(id);
    if (toggleOf(before) !== expected) {
      throw new DeskError("changed_meanwhile", `campaign ${id} is ${before.state}`, before);
    }
    try {
      if (expected === "pause") await this.#api.campaigns.deactivate(id);
      else await this.#api.campaigns.activate(id);
    } finally {
      this.#changed();
    }
    return { before, after: await this.#mustRead(id) };
  }

  /** New dates (YYYY-MM-DD; both empty: unlimited in time), read back. */
  async setPeriod(id: string, fromDate: string, toDate: string): Promise<Change<BudgetCampaign>> {
    const before = await this.#mustRead(id);
    try {
      await this.#api.campaigns.setPeriod(id, fromDate, toDate);
    } finally {
      this.#changed();
    }
    return { before, after: await this.#mustRead(id) };
  }

  /** A page of the campaign's products with their bids (Ozon pages from 1). */
  async products(id: string, page: number, pageSize: number): Promise<ProductPage> {
    const at = Math.max(1, Math.trunc(page));
    const items = await this.#api.products.list(id, at, pageSize);
    return { items, page: at, more: items.length === pageSize };
  }

  /** Ozon's competitive bid for one SKU (millionths); undefined when it gives none or fails. */
  async competitiveBid(id: string, sku: string): Promise<bigint | undefined> {
    try {
      const bid = (await this.#api.products.competitive(id, [sku])).get(sku);
      return bid ? bid : undefined;
    } catch (error) {
      // A nicety: the question is asked without it.
      this.#logger?.debug({ err: error, campaign: id }, "competitive bid not read");
      return undefined;
    }
  }

  /** Sets one SKU's bid and reads it back from the same page (or the first pages). */
  async setBid(
    id: string,
    sku: string,
    millionths: bigint,
    page: number,
    pageSize: number,
  ): Promise<Change<CampaignProduct>> {
    const before = await this.#findProduct(id, sku, page, pageSize);
    await this.#api.products.setBid(id, sku, millionths);
    return { before, after: await this.#findProduct(id, sku, page, pageSize) };
  }

  async #findProduct(id: string, sku: string, page: number, pageSize: number) {
    // The page it was shown on first, then the first few pages (the list may have moved).
    const pages = [...new Set([Math.max(1, page), 1, 2, 3, 4, 5])];
    for (const at of pages) {
      const items = await this.#api.products.list(id, at, pageSize);
      const found = items.find((p) => p.sku === sku);
      if (found) return found;
      if (items.length < pageSize && at >= page) break;
    }
    throw new DeskError("product_not_found", `sku ${sku} not in campaign ${id}`);
  }

  /**
   * Yesterday's spend by campaign id (TIMEZONE), one Ozon call per 10 minutes at most;
   * undefined when Ozon did not answer (the list then shows no spend).
   */
  async yesterdaySpend(): Promise<Map<string, bigint> | undefined> {
    const now = this.#now();
    const day = presetPeriod("yesterday", { now, zone: this.#zone }).from;
    const cached = this.#spend;
    if (cached && cached.day === day && now - cached.at < SPEND_TTL_MS) return cached.value;
    const value = this.#api.daily.byCampaign({ from: day, to: day }).then(
      (rows) => new Map([...rows].map(([id, c]) => [id, kopecksToMillionths(c.spendKopecks)])),
      (error: unknown) => {
        this.#logger?.warn({ err: error }, "yesterday's spend not read");
        if (this.#spend?.value === value) this.#spend = undefined;
        return undefined;
      },
    );
    this.#spend = { day, at: now, value };
    return value;
  }
}
