/**
 * Our own Performance types, whatever form (string or number ids and money) Ozon used.
 * Tests: none directly
 */

export interface Campaign {
  /** Always a string: Ozon sends ids as strings or numbers. */
  id: string;
  title: string;
  state: string;
  advObjectType: string | undefined;
  /** YYYY-MM-DD, undefined when unset (Ozon sends an empty string). */
  fromDate: string | undefined;
  toDate: string | undefined;
  /** Millionths of a rouble; 0n when Ozon gave none. */
  dailyBudget: bigint;
  /** Millionths of a rouble; 0n when Ozon gave none. */
  weeklyBudget: bigint;
  /** The whole campaign's budget, millionths; 0n when unlimited or not given. */
  totalBudget: bigint;
  /**
   * Which limit the campaign has, fixed when it was created: the one with a non-zero amount;
   * undefined when neither is set (Ozon's list then does not tell which kind it would take).
   */
  budgetKind: BudgetKind | undefined;
  placement: string | undefined;
  paymentType: string | undefined;
  /** productAutopilotStrategy (MAX_CLICKS, TARGET_BIDS, …); undefined or NO_AUTO_STRATEGY: manual. */
  strategy?: string | undefined;
}

/** A product of a campaign with its bid, as `GET …/v2/products` lists it. */
export interface CampaignProduct {
  sku: string;
  title: string;
  /** Bid per click, millionths of a rouble; undefined when Ozon gives none (an auto strategy). */
  bid: bigint | undefined;
  /** Target share of ad spend, % (the "target spend" strategy). */
  targetCir: number | undefined;
  /** Search position range (the "top" strategy). */
  topPosition: string | undefined;
}

export type BudgetKind = "daily" | "weekly";

export type StatisticsKind = "campaigns" | "phrases" | "attribution";
export type GroupBy = "DATE" | "START_OF_WEEK" | "START_OF_MONTH";

export interface StatisticsRequest {
  kind: StatisticsKind;
  /** 1..10 campaign ids. */
  campaigns: readonly (string | number)[];
  /** YYYY-MM-DD (or an RFC 3339 time). */
  dateFrom: string;
  dateTo: string;
  groupBy?: GroupBy;
  /** Advertised object ids: required for phrases. */
  objects?: readonly (string | number)[];
  /** Attribution window in days: attribution only. */
  attributionDays?: number;
}

export type ReportState = "NOT_STARTED" | "IN_PROGRESS" | "ERROR" | "OK";

export interface ReportStatus {
  uuid: string;
  state: ReportState;
  error: string | undefined;
  /** Relative link to the finished report. */
  link: string | undefined;
  createdAt: string | undefined;
  updatedAt: string | undefined;
}

/** A report request as Ozon's list of API-made requests shows it. */
export interface ReportRequestInfo {
  uuid: string;
  /** NOT_STARTED, IN_PROGRESS, ERROR, OK (as Ozon writes it). */
  state: string | undefined;
  /** Epoch ms of Ozon's createdAt; undefined when absent or unreadable. */
  createdAt: number | undefined;
  kind: StatisticsKind | undefined;
  campaigns: string[];
  /** YYYY-MM-DD. */
  dateFrom: string | undefined;
  dateTo: string | undefined;
}

export interface ReportFile {
  format: "csv" | "zip";
  bytes: Uint8Array;
}
