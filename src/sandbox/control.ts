/**
 * In-process control of the sandbox for tests and benchmarks: add postings and chats, make a
 * buyer write, inject faults, read snapshots. Its HTTP twin is control-http.ts.
 * Tests: none directly
 */
import { daysOf } from "./csv.ts";
import { NO_NEEDS } from "./data.ts";
import type { FaultSpec, Faults, RoutePattern } from "./faults.ts";
import { expireTokens } from "./performance/auth.ts";
import { campaignJson } from "./performance/campaigns.ts";
import { campaignDay } from "./performance/daily.ts";
import { reportStatusJson } from "./performance/statistics.ts";
import { type AfterSaleControl, afterSaleControl } from "./seller/after-sale-control.ts";
import { salesTotals } from "./seller/analytics.ts";
import { buyerWrites, createChat, type FileInput } from "./seller/chat-model.ts";
import {
  type ChatSnapshot,
  chatSnapshot,
  type MessageSnapshot,
  messageSnapshot,
} from "./seller/chat-wire.ts";
import { type DeclinablePath, declineNext } from "./seller/declines.ts";
import { addOwnDelivery } from "./seller/deliveries.ts";
import { type FboControl, fboControl } from "./seller/fbo-control.ts";
import { type FinanceControl, financeControl } from "./seller/finance-model.ts";
import type { CodeKind } from "./seller/marks.ts";
import { sampleMark } from "./seller/marks.ts";
import {
  cancelBy,
  createPosting,
  moveCutoff,
  type PostingSeed,
  type PostingSnapshot,
  postingSnapshot,
  setStatus,
} from "./seller/posting-model.ts";
import { barcodeOf, stockOf } from "./seller/products.ts";
import {
  askQuestion,
  leaveReview,
  type QuestionInput,
  type ReviewInput,
  setReviewsSubscription,
} from "./seller/questions.ts";
import { createStockControl, type StockControl } from "./seller/stock-control.ts";
import {
  createUnitControl,
  type ExemplarSnapshot,
  type ProductNeeds,
  type UnitControl,
} from "./seller/unit-control.ts";
import {
  type ExemplarNeeds,
  POSTING_STATUSES,
  type PostingStatus,
  type Product,
  type ProductQuestion,
  type ProductReview,
  type SandboxState,
} from "./state.ts";

export type {
  ChatSnapshot,
  CodeKind,
  ExemplarNeeds,
  ExemplarSnapshot,
  MessageSnapshot,
  PostingSeed,
  PostingSnapshot,
  ProductNeeds,
  StockControl,
  UnitControl,
};

/** Who cancels in `cancelByBuyer` (default: the buyer, reason 506 «Нашёл дешевле»). */
export type CancelBy = Parameters<typeof cancelBy>[2];

export interface BuyerMessageInput {
  text?: string;
  file?: FileInput;
}

export type CampaignSnapshot = ReturnType<typeof campaignJson> & { objects: string[] };
export type ReportSnapshot = ReturnType<typeof reportStatusJson>;

export interface ProductSnapshot {
  sku: number;
  productId: number;
  offerId: string;
  name: string;
  price: string;
  category: string;
  markRequired: boolean;
  /** What else each unit needs at packing (GTD, RNPT, IMEI, UIN, weight). */
  needs: ExemplarNeeds;
  /** Units present, as /v3/product/info/list reports them. */
  stock: number;
  /** The EAN-13 barcode /v3/product/info/list names. */
  barcode: string;
}

export interface WarehouseSnapshot {
  id: number;
  name: string;
  isRfbs: boolean;
  deliveryMethods: Array<{ id: number; name: string; tplProvider: string; tplProviderId: number }>;
}

/** One route of the control's HTTP twin (control-http.ts). */
export type ControlHandler = (args: {
  params: string[];
  body: unknown;
  query: URLSearchParams;
  /** The control of the store `?store=<clientId>` names (store 1 without it). */
  control: SandboxControl;
}) => unknown;

/** In-process control for tests and benchmarks; every method has an HTTP twin under /_sandbox/. */
export interface SandboxControl {
  /** Returns, rFBS return requests and ratings (seller/after-sale-control.ts). */
  afterSale: AfterSaleControl;
  /** FBO orders from Ozon's warehouses and stock per cluster (seller/fbo-control.ts). */
  fbo: FboControl;
  /** Money: make Ozon skip a payout day. */
  finance: FinanceControl;
  // Postings
  addPosting(partial?: PostingSeed): PostingSnapshot;
  setPostingStatus(postingNumber: string, status: PostingStatus): PostingSnapshot;
  /**
   * Cancelled by the buyer (default), Ozon or the delivery service, with the live cancellation
   * shape (`cancellation_type` "customer"...); pushes TYPE_POSTING_CANCELLED.
   */
  cancelByBuyer(postingNumber: string, by?: CancelBy): PostingSnapshot;
  /** Ozon moves the shipping deadline (cut-off); pushes TYPE_CUTOFF_DATE_CHANGED. */
  moveCutoff(postingNumber: string, to: string | number | Date): PostingSnapshot;
  failNextShip(postingNumber: string): void;
  /** A posting the seller delivers itself (own rFBS delivery), awaiting delivery by default. */
  addOwnDelivery(partial?: PostingSeed): PostingSnapshot;
  postings(): PostingSnapshot[];
  posting(postingNumber: string): PostingSnapshot | undefined;
  products(): ProductSnapshot[];
  warehouses(): WarehouseSnapshot[];
  /** Stock per warehouse, FBO units, prices and Ozon's limits on changing them. */
  readonly stock: StockControl;
  /** A mandatory mark the sandbox accepts as valid. */
  sampleMark(): string;
  /** What each product's units need at packing, the codes Ozon takes, Ozon's check of them. */
  readonly units: UnitControl;
  // Chats
  buyerWrites(chatId?: string, message?: BuyerMessageInput): MessageSnapshot;
  addChat(options?: { postingNumber?: string; status?: "OPENED" | "CLOSED" }): ChatSnapshot;
  setChatPremium(enabled: boolean): void;
  closeAnswerWindow(chatId: string): void;
  chats(): ChatSnapshot[];
  chat(chatId: string): ChatSnapshot | undefined;
  // Product questions and reviews (Premium Plus)
  addQuestion(input?: QuestionInput): ProductQuestion;
  questions(): ProductQuestion[];
  addReview(input?: ReviewInput): ProductReview;
  reviews(): ProductReview[];
  /** Off: the question methods answer 403 as for a seller without Premium Plus. */
  setPremiumPlus(enabled: boolean): void;
  /** Off: the review methods answer 403 as for a seller without «Управление отзывами» or Premium Pro. */
  setReviewsSubscription(enabled: boolean): void;
  // Performance
  campaigns(): CampaignSnapshot[];
  campaign(id: string): CampaignSnapshot | undefined;
  /** A running, daily, manual pay-per-click campaign of the first `products` SKUs (default 1). */
  addCampaign(title: string, products?: number): CampaignSnapshot;
  reports(): ReportSnapshot[];
  /** What /v1/analytics/data answers for the period (ISO dates): units ordered, revenue in roubles. */
  salesTotals(from: string, to: string): { orderedUnits: number; revenue: number };
  /** What the daily statistics answer over every campaign: spend, orders, revenue in roubles. */
  adTotals(from: string, to: string): { spend: number; orders: number; revenue: number };
  report(uuid: string): ReportSnapshot | undefined;
  /** The job `uuid` (or, with 'next', the next submitted one) ends in ERROR with `text`. */
  failNextReport(uuidOrNext: string, text?: string): void;
  expireTokens(): void;
  // Switches
  retireSpecMethods(mode: false | 404 | 410): void;
  setFault(route: RoutePattern, fault: FaultSpec): void;
  /** The next `times` (default 1) calls of `path` answer `{result: false}` and change nothing. */
  declineNext(path: DeclinablePath, times?: number): void;
  clearFaults(route?: RoutePattern): void;
  faults(): Array<{ pattern: string; spec: FaultSpec; remaining: number | undefined }>;
  snapshot(): SandboxSnapshot;
}

export interface SandboxSnapshot {
  postings: PostingSnapshot[];
  chats: ChatSnapshot[];
  campaigns: CampaignSnapshot[];
  reports: ReportSnapshot[];
  chatPremium: boolean;
  retired: false | 404 | 410;
}

function productSnapshot(p: Product): ProductSnapshot {
  return {
    sku: p.sku,
    productId: p.productId,
    offerId: p.offerId,
    name: p.name,
    stock: stockOf(p),
    barcode: barcodeOf(p),
    price: p.price,
    category: p.category,
    markRequired: p.markRequired,
    needs: structuredClone({ ...NO_NEEDS, ...p.needs }),
  };
}

/**
 * `retire` defaults to this store alone; the sandbox passes one that reaches every store. Faults
 * are the sandbox's own, shared by its stores (a fault's `store` limits it to one).
 */
export function createControl(
  state: SandboxState,
  faults: Faults,
  retire: (mode: false | 404 | 410) => void = (mode) => {
    state.retireMode = mode;
  },
): SandboxControl {
  const postingOrThrow = (n: string) => {
    const p = state.postings.get(n);
    if (!p) throw new Error(`posting ${n} not found`);
    return p;
  };
  const chatOrThrow = (id: string) => {
    const c = state.chats.get(id);
    if (!c) throw new Error(`chat ${id} not found`);
    return c;
  };
  const campaignSnapshot = (id: string): CampaignSnapshot | undefined => {
    const c = state.campaigns.get(id);
    return c ? { ...campaignJson(c), objects: [...c.objects] } : undefined;
  };
  const control: SandboxControl = {
    afterSale: afterSaleControl(state),
    fbo: fboControl(state),
    finance: financeControl(state),
    addPosting: (partial) => postingSnapshot(createPosting(state, partial)),
    setPostingStatus(postingNumber, status) {
      if (!POSTING_STATUSES.includes(status)) throw new Error(`unknown posting status ${status}`);
      const p = postingOrThrow(postingNumber);
      setStatus(state, p, status);
      return postingSnapshot(p);
    },
    cancelByBuyer(postingNumber, by) {
      const p = postingOrThrow(postingNumber);
      cancelBy(state, p, by);
      return postingSnapshot(p);
    },
    moveCutoff(postingNumber, to) {
      const p = postingOrThrow(postingNumber);
      const ms = to instanceof Date ? to.getTime() : new Date(to).getTime();
      if (!Number.isFinite(ms)) throw new Error(`not a time: ${String(to)}`);
      moveCutoff(state, p, ms);
      return postingSnapshot(p);
    },
    failNextShip(postingNumber) {
      postingOrThrow(postingNumber).failNextShip = true;
    },
    addOwnDelivery: (partial) => postingSnapshot(addOwnDelivery(state, partial)),
    postings: () => [...state.postings.values()].map(postingSnapshot),
    posting(n) {
      const p = state.postings.get(n);
      return p ? postingSnapshot(p) : undefined;
    },
    products: () => state.products.map(productSnapshot),
    warehouses: () =>
      state.warehouses.map((w) => ({
        id: w.id,
        name: w.name,
        isRfbs: w.isRfbs,
        deliveryMethods: state.deliveryMethods
          .filter((m) => m.warehouseId === w.id)
          .map((m) => ({
            id: m.id,
            name: m.name,
            tplProvider: m.tplProvider,
            tplProviderId: m.tplProviderId,
          })),
      })),
    stock: createStockControl(state),
    sampleMark: () => sampleMark(state.activity),
    units: createUnitControl(state),
    buyerWrites: (chatId, message) =>
      messageSnapshot(state, buyerWrites(state, chatId, message ?? {})),
    addChat(options = {}) {
      if (options.postingNumber) postingOrThrow(options.postingNumber);
      return chatSnapshot(
        state,
        createChat(state, { postingNumber: options.postingNumber, status: options.status }),
      );
    },
    setChatPremium(enabled) {
      state.chatPremium = enabled;
    },
    addQuestion: (input = {}) => structuredClone(askQuestion(state, input)),
    questions: () => structuredClone(state.questions),
    addReview: (input = {}) => structuredClone(leaveReview(state, input)),
    reviews: () => structuredClone(state.reviews),
    setPremiumPlus(enabled) {
      state.premiumPlus = enabled;
    },
    setReviewsSubscription: (enabled) => setReviewsSubscription(state, enabled),
    closeAnswerWindow(chatId) {
      chatOrThrow(chatId).answerWindowClosed = true;
    },
    chats: () => [...state.chats.values()].map((c) => chatSnapshot(state, c)),
    chat(chatId) {
      const c = state.chats.get(chatId);
      return c ? chatSnapshot(state, c) : undefined;
    },
    campaigns: () => [...state.campaigns.keys()].flatMap((id) => campaignSnapshot(id) ?? []),
    campaign: (id) => campaignSnapshot(id),
    addCampaign(title, products = 1) {
      const ids = [...state.campaigns.keys()].map(Number);
      const id = String(Math.max(20_000_000, ...ids) + 1);
      const skus = state.products.slice(0, Math.max(1, products)).map((p) => String(p.sku));
      const now = state.now();
      state.campaigns.set(id, {
        id,
        title,
        state: "CAMPAIGN_STATE_RUNNING",
        advObjectType: "SKU",
        paymentType: "CPC",
        placement: "PLACEMENT_SEARCH_AND_CATEGORY",
        fromDate: "",
        toDate: "",
        budgetKind: "daily",
        dailyBudget: 500_000_000,
        weeklyBudget: 0,
        budget: 0,
        createdAt: now,
        updatedAt: now,
        objects: skus,
        hasCorrection: false,
        strategy: "NO_AUTO_STRATEGY",
        bids: Object.fromEntries(skus.map((sku) => [sku, 10_000_000])),
      });
      return campaignSnapshot(id) as CampaignSnapshot;
    },
    reports: () => [...state.reports.values()].map((job) => reportStatusJson(state, job)),
    salesTotals: (from, to) => salesTotals(state, from, to),
    adTotals(from, to) {
      const totals = { spend: 0, orders: 0, revenue: 0 };
      for (const id of state.campaigns.keys()) {
        for (const day of daysOf(from, to)) {
          const m = campaignDay(state, id, day);
          totals.spend += Math.round(m.spend * 100) / 100;
          totals.orders += m.orders;
          totals.revenue += Math.round(m.revenue * 100) / 100;
        }
      }
      return totals;
    },
    report(uuid) {
      const job = state.reports.get(uuid);
      return job ? reportStatusJson(state, job) : undefined;
    },
    failNextReport(uuidOrNext, text = "report generation failed") {
      if (uuidOrNext === "next") {
        state.failNextReportText = text;
        return;
      }
      const job = state.reports.get(uuidOrNext);
      if (!job) throw new Error(`report ${uuidOrNext} not found`);
      job.failText = text;
    },
    expireTokens: () => expireTokens(state),
    retireSpecMethods(mode) {
      if (mode !== false && mode !== 404 && mode !== 410)
        throw new Error("mode must be 404, 410 or false");
      retire(mode);
    },
    setFault: (route, fault) => faults.set(route, fault),
    declineNext(path, times) {
      declineNext(state, { path, times });
    },
    clearFaults: (route) => faults.clear(route),
    faults: () => faults.list(),
    snapshot: () => ({
      postings: control.postings(),
      chats: control.chats(),
      campaigns: control.campaigns(),
      reports: control.reports(),
      chatPremium: state.chatPremium,
      retired: state.retireMode,
    }),
  };
  return control;
}
