/** Tests: none directly */
import type { Random } from "./random.ts";

/** The credentials the sandbox accepts (defaults: SANDBOX_CREDENTIALS of src/config.ts). */
export interface SandboxCredentials {
  sellerClientId: string;
  sellerApiKey: string;
  performanceClientId: string;
  performanceClientSecret: string;
}

export interface SandboxSettings {
  seed: number;
  credentials: SandboxCredentials;
  reportStepMs: number;
  maxConcurrentReports: number;
  maxReportPeriodDays: number;
  tokenTtlSeconds: number;
}

// ---- Seller: catalogue, warehouses, postings -------------------------------------------------

export interface Product {
  sku: number;
  productId: number;
  offerId: string;
  name: string;
  /** Rubles with kopecks as Ozon writes them: "1290.00". */
  price: string;
  oldPrice: string;
  /** Needs a "Честный знак" mandatory mark per unit when shipped. */
  markRequired: boolean;
  /** What else each unit needs before it is packed (seller/exemplar-model.ts); unset: nothing. */
  needs?: ExemplarNeeds;
  category: string;
  weightGrams: number;
  dimensionsMm: { height: number; length: number; width: number };
  /** Units present over all warehouses (/v3/product/info/list `stocks`); derived when unset. */
  stock?: number;
}

/**
 * What each unit of a product needs before it is packed besides a Chestny ZNAK mark (that one is
 * `markRequired`), as `exemplar/create-or-get` says it.
 */
export interface ExemplarNeeds {
  /** The customs declaration number (or `is_gtd_absent`). */
  gtd: boolean;
  /** The batch registration number (or `is_rnpt_absent`). */
  rnpt: boolean;
  /** An IMEI (a mark of type `imei`). */
  imei: boolean;
  /** A jewellery UIN (a mark of type `jw_uin`). */
  jwUin: boolean;
  /** The actual weight, in kilograms within this range; null: not weighed. */
  weight: { min: number; max: number } | null;
}

/** One unit of a posting's product (an "exemplar") and the values sent for it. */
export interface Exemplar {
  id: number;
  marks: Array<{ mark: string; type: string }>;
  gtd: string;
  gtdAbsent: boolean;
  rnpt: string;
  rnptAbsent: boolean;
  /** Kilograms; null: none sent. */
  weight: number | null;
  /** Ozon's check of the values sent last (null: nothing sent yet). */
  verdict: ExemplarVerdict | null;
}

/** Each check of one unit: `passed` or `failed` with Ozon's error codes. */
export interface ExemplarVerdict {
  marks: Array<{ passed: boolean; codes: string[] }>;
  gtd: { passed: boolean; codes: string[] } | null;
  rnpt: { passed: boolean; codes: string[] } | null;
  weight: { passed: boolean; codes: string[] } | null;
  /** Something this unit needs was not sent at all. */
  incomplete: boolean;
}

/** The units of a posting, made at its first `exemplar/create-or-get`. */
export interface PostingExemplars {
  products: Array<{ sku: number; exemplars: Exemplar[] }>;
  /** Values were sent (`exemplar/set`) at least once. */
  sent: boolean;
  /** Status reads left before Ozon's check of the last values is over (0: over). */
  pending: number;
}

export interface Warehouse {
  id: number;
  name: string;
  city: string;
  isRfbs: boolean;
}

export interface DeliveryMethod {
  id: number;
  name: string;
  warehouseId: number;
  tplProvider: string;
  tplProviderId: number;
}

export type PostingStatus =
  | "awaiting_registration"
  | "acceptance_in_progress"
  | "awaiting_approve"
  | "awaiting_packaging"
  | "awaiting_deliver"
  | "arbitration"
  | "client_arbitration"
  | "delivering"
  | "driver_pickup"
  | "delivered"
  | "cancelled"
  | "not_accepted";

export const POSTING_STATUSES: readonly PostingStatus[] = [
  "awaiting_registration",
  "acceptance_in_progress",
  "awaiting_approve",
  "awaiting_packaging",
  "awaiting_deliver",
  "arbitration",
  "client_arbitration",
  "delivering",
  "driver_pickup",
  "delivered",
  "cancelled",
  "not_accepted",
];

/** What the unfulfilled lists return when no status filter is given. */
export const UNFULFILLED_STATUSES: ReadonlySet<PostingStatus> = new Set<PostingStatus>([
  "awaiting_registration",
  "acceptance_in_progress",
  "awaiting_approve",
  "awaiting_packaging",
  "awaiting_deliver",
  "arbitration",
  "client_arbitration",
]);

export interface PostingLine {
  sku: number;
  productId: number;
  offerId: string;
  name: string;
  price: string;
  oldPrice: string;
  quantity: number;
  markRequired: boolean;
  /** What else each unit needs before it is packed; unset: nothing. */
  needs?: ExemplarNeeds;
  /** Mandatory marks the posting was shipped with (v2 ship, or the units' marks at v4). */
  marks: string[];
}

export interface Cancellation {
  reasonId: number;
  reason: string;
  /** As the live `cancellation_type`: "customer" (or "client") is the buyer. */
  type: "seller" | "customer" | "client" | "ozon" | "system" | "delivery";
  initiator: string;
  afterShip: boolean;
}

export interface Posting {
  seq: number;
  postingNumber: string;
  orderId: number;
  orderNumber: string;
  status: PostingStatus;
  substatus: string;
  previousSubstatus: string;
  inProcessAt: number;
  shipmentDate: number;
  deliveringDate: number | null;
  statusChangedAt: number;
  warehouseId: number;
  deliveryMethodId: number;
  lines: PostingLine[];
  city: string;
  region: string;
  deliveryType: string;
  isPremium: boolean;
  paymentType: string;
  isExpress: boolean;
  trackingNumber: string;
  barcodes: { upper: string; lower: string };
  cancellation: Cancellation | null;
  customerId: number;
  /** Set by failNextShip: the next ship answers 200 but the posting stays, substatus ship_failed. */
  failNextShip: boolean;
  /** The seller delivers it itself (`tpl_integration_type: non_integrated`; seller/deliveries.ts). */
  ownDelivery?: boolean;
  /** Its units, once `exemplar/create-or-get` made them (seller/exemplar-model.ts). */
  exemplars?: PostingExemplars;
}

// ---- Seller: chats ----------------------------------------------------------------------------

export type ChatAuthor = "buyer" | "seller" | "crm" | "support";

export interface Attachment {
  fileId: string;
  name: string;
  mime: string;
  size: number;
  isImage: boolean;
  /** How /v1 shows it: the spec's `file{}` object, or a Markdown link in the text (live form). */
  form: "file" | "markdown";
}

export interface ChatMessage {
  id: bigint;
  chatId: string;
  createdAt: number;
  author: ChatAuthor;
  userId: string;
  text: string;
  attachment?: Attachment;
  isRead: boolean;
  context?: { orderNumber: string; postingNumber: string; sku: number };
}

export interface Chat {
  seq: number;
  id: string;
  kind: "buyer" | "support";
  /** The chat type as this chat writes it (BUYER_SELLER, Buyer_Seller, SELLER_SUPPORT). */
  typeLabel: string;
  status: "OPENED" | "CLOSED";
  createdAt: number;
  /** Buyer (or support agent) user id. */
  partnerId: string;
  /** The buyer's user type as this chat writes it: customer, Customer or Сustomer (Cyrillic С). */
  partnerType: string;
  postingNumber?: string;
  orderNumber?: string;
  sku?: number;
  messages: ChatMessage[];
  answerWindowClosed: boolean;
}

export interface StoredFile {
  id: string;
  chatId: string;
  name: string;
  mime: string;
  data: Uint8Array;
}

// ---- Seller: product questions and reviews (Premium Plus) ---------------------------------------

export interface ProductQuestion {
  id: string;
  sku: number;
  text: string;
  authorName: string;
  publishedAt: number;
  /** NEW until /v1/question/change-status sets another (an answer alone does not, as at Ozon). */
  status: "NEW" | "VIEWED" | "PROCESSED" | "UNPROCESSED";
  answers: Array<{ id: string; text: string; createdAt: number }>;
}

export interface ProductReview {
  id: string;
  sku: number;
  text: string;
  rating: number;
  publishedAt: number;
  status: "NEW" | "VIEWED" | "PROCESSED";
  orderStatus: "DELIVERED" | "CANCELLED";
  comments: Array<{ id: string; text: string; createdAt: number }>;
}

// ---- Performance ------------------------------------------------------------------------------

export type AdvObjectType = "SKU" | "BANNER" | "SEARCH_PROMO";

export interface Campaign {
  id: string;
  title: string;
  state: string;
  advObjectType: AdvObjectType;
  paymentType: "CPC" | "CPM" | "CPO";
  placement: string;
  fromDate: string;
  toDate: string;
  /** Daily or weekly limit, fixed at creation: Ozon refuses a change of the other kind. */
  budgetKind: "daily" | "weekly";
  /** Millionths of a rouble; 0 for a weekly campaign. */
  dailyBudget: number;
  /** Millionths of a rouble; 0 for a daily campaign. */
  weeklyBudget: number;
  budget: number;
  createdAt: number;
  updatedAt: number;
  /** Advertised object ids: SKUs, or banner ids for banner campaigns. */
  objects: string[];
  /** The report of this campaign carries a `Корректировка` line before `Всего`. */
  hasCorrection: boolean;
  /** productAutopilotStrategy: NO_AUTO_STRATEGY (manual bids) or an auto strategy. */
  strategy: string;
  /** Bid per click by SKU, millionths (manual pay-per-click product campaigns only). */
  bids: Record<string, number>;
}

export type ReportKind = "STATS" | "SEARCH_PHRASES" | "ATTRIBUTION";
export type GroupBy = "NO_GROUP_BY" | "DATE" | "START_OF_WEEK" | "START_OF_MONTH";
export type ReportState = "NOT_STARTED" | "IN_PROGRESS" | "OK" | "ERROR";

export interface ReportJob {
  uuid: string;
  kind: ReportKind;
  /** The request body as sent. */
  request: unknown;
  campaigns: string[];
  /** Inclusive period, YYYY-MM-DD. */
  dateFrom: string;
  dateTo: string;
  groupBy: GroupBy;
  attributionDays?: number;
  objects: string[];
  createdAt: number;
  /** When set, the job ends in ERROR with this text. */
  failText?: string;
}

// ---- The whole state --------------------------------------------------------------------------

export interface SandboxState {
  settings: SandboxSettings;
  /** Data generation stream. */
  random: Random;
  /** Schedules and on-demand picks, apart from data so that they do not shift it. */
  activity: Random;
  /** Where the server listens; used to build chat file URLs. */
  baseUrl: string;
  sellerUserId: string;
  products: Product[];
  warehouses: Warehouse[];
  deliveryMethods: DeliveryMethod[];
  postings: Map<string, Posting>;
  /** Order numbers in use, so new orders never repeat one. */
  orderNumbers: Set<string>;
  postingSeq: number;
  chats: Map<string, Chat>;
  chatSeq: number;
  nextMessageId: bigint;
  files: Map<string, StoredFile>;
  campaigns: Map<string, Campaign>;
  reports: Map<string, ReportJob>;
  /** Text for the next submitted report that should fail ('next'). */
  failNextReportText: string | undefined;
  /** Performance access tokens and when they expire (ms). */
  tokens: Map<string, number>;
  chatPremium: boolean;
  /** Product questions and reviews, oldest first. */
  questions: ProductQuestion[];
  reviews: ProductReview[];
  /** Off: question and review methods answer 403 as Ozon does for sellers without Premium Plus. */
  premiumPlus: boolean;
  retireMode: false | 404 | 410;
  /** The exemplar methods' own state (seller/exemplar-model.ts). */
  exemplarDesk: ExemplarDesk;
  now(): number;
  /** Told of each event Ozon would push (new posting, status change, buyer message). */
  onEvent?: (event: SandboxEvent) => void;
}

/** What the exemplar methods keep besides the postings' units. */
export interface ExemplarDesk {
  /** The last unit id handed out. */
  seq: number;
  /** Codes in circulation already (shipped, or kept by the control): Ozon refuses them again. */
  usedMarks: Set<string>;
  /** How many status reads Ozon's check of sent values stays `processing` (default 1). */
  checkPolls: number;
}

/** An event as Ozon pushes it, without `seller_id` (the sender adds its store's). */
export type SandboxEvent = { message_type: string } & Record<string, unknown>;
