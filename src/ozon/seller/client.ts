/**
 * The Seller API client: one request core, namespaces by area, successor switches per client.
 * Tests: test/ozon/seller/after-sale.test.ts, test/ozon/seller/deliveries.test.ts and 8 more
 */
import type { Dispatcher } from "undici";
import { type Clock, systemClock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { RetryPolicy } from "../backoff.ts";
import { headerAuth } from "../endpoint.ts";
import type { FetchLike, Timeouts } from "../exchange.ts";
import { type KeysVerdictObserver, type OzonCallObserver, OzonHttp } from "../http.ts";
import { type RateLimiter, sharedLimiter } from "../limiter.ts";
import { type FallbackMemory, Successors } from "../successors.ts";
import { createAnalyticsApi } from "./analytics.ts";
import { createChatsApi } from "./chats.ts";
import type { SellerContext } from "./context.ts";
import { createDeliveriesApi } from "./deliveries.ts";
import { createExemplarsApi } from "./exemplars.ts";
import { createFboApi } from "./fbo.ts";
import { createFinanceApi } from "./finance.ts";
import { createMarksApi } from "./marks.ts";
import { createPostingsApi } from "./postings.ts";
import { createProductsApi } from "./products.ts";
import { createQuestionsApi } from "./questions.ts";
import { createRatingsApi } from "./ratings.ts";
import { createReturnsApi } from "./returns.ts";
import { createShippingApi } from "./shipping.ts";
import { createStockPricesApi, STOCK_UPDATES_PER_MINUTE } from "./stock-prices.ts";
import { createSuppliesApi } from "./supplies.ts";
import { createWarehousesApi } from "./warehouses.ts";

export const DEFAULT_SELLER_URL = "https://api-seller.ozon.ru";
/** Ozon's limit is 50 requests/s per Client-Id over all methods. */
export const DEFAULT_SELLER_RPS = 50;

export interface SellerClientOptions {
  baseUrl?: string;
  clientId: string;
  apiKey: string;
  /** Client-side cap per Client-Id, shared by every client of that Client-Id in this process. */
  requestsPerSecond?: number;
  logger?: Logger | undefined;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  /** Replaces the shared per-Client-Id limiter; null disables limiting. */
  limiter?: RateLimiter | null;
  /**
   * Replaces the shared per-Client-Id pace of stock requests (STOCK_UPDATES_PER_MINUTE, under
   * Ozon's 80 a minute); null disables it.
   */
  stockLimiter?: RateLimiter | null;
  dispatcher?: Dispatcher;
  fetch?: FetchLike;
  clock?: Clock;
  random?: () => number;
  /** Page size of the postings list (default and cap: 1 000 in the v3 form, 100 in v4). */
  pageSize?: number;
  /** Keeps the moves to successors beyond this client's life (the bot's store). */
  fallbackMemory?: FallbackMemory;
  /** Told whether the keys worked on each call (the shop's health). */
  observer?: KeysVerdictObserver;
  /** Told how each call ended, by endpoint (/status and /metrics). */
  calls?: OzonCallObserver;
}

export function createSellerClient(options: SellerClientOptions) {
  if (!options.clientId || !options.apiKey) {
    throw new TypeError("createSellerClient needs clientId and apiKey");
  }
  const clock = options.clock ?? systemClock;
  const limiter =
    options.limiter === undefined
      ? sharedLimiter(
          `seller:${options.clientId}`,
          options.requestsPerSecond ?? DEFAULT_SELLER_RPS,
          clock,
        )
      : options.limiter;
  const http = new OzonHttp({
    service: "seller",
    baseUrl: options.baseUrl ?? DEFAULT_SELLER_URL,
    auth: headerAuth({ "Client-Id": options.clientId, "Api-Key": options.apiKey }),
    limiter,
    clock,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.random ? { random: options.random } : {}),
    logger: options.logger,
    observer: options.observer,
    calls: options.calls,
  });
  const successors = new Successors(options.logger, options.fallbackMemory);
  const stockUpdates =
    options.stockLimiter === undefined
      ? sharedLimiter(`seller-stock:${options.clientId}`, STOCK_UPDATES_PER_MINUTE / 60, clock)
      : options.stockLimiter;
  const ctx: SellerContext = { http, successors, clock, logger: options.logger, stockUpdates };

  return {
    postings: createPostingsApi(ctx, options.pageSize ? { pageSize: options.pageSize } : {}),
    /** What each unit of a posting needs before it is packed (marks, GTD, RNPT, weight, IMEI). */
    exemplars: createExemplarsApi(ctx),
    /** The seed's mark methods: only where a store lacks the exemplar methods. */
    marks: createMarksApi(ctx),
    warehouses: createWarehousesApi(ctx),
    products: createProductsApi(ctx),
    /** Stock per warehouse and prices: read, set, and products by id, name or barcode. */
    stock: createStockPricesApi(ctx),
    chats: createChatsApi(ctx),
    /** Product questions (Premium Plus) and reviews («Управление отзывами» or Premium Pro). */
    questions: createQuestionsApi(ctx),
    /** The day's board, labels in batches and the courier handover act. */
    shipping: createShippingApi(ctx),
    /** Orders and revenue over whole days (`/v1/analytics/data`). */
    analytics: createAnalyticsApi(ctx),
    /** Returns coming back and rFBS return requests with their decisions. */
    returns: createReturnsApi(ctx),
    /** The seller's ratings with zones, and the FBS error index. */
    ratings: createRatingsApi(ctx),
    /** Postings from Ozon's warehouses (FBO) and their stock per cluster. */
    fbo: createFboApi(ctx),
    /** FBO supply orders: states, timeslots, warehouses, contents. */
    supplies: createSuppliesApi(ctx),
    /** The seller's own deliveries: tracking numbers, manual statuses, disputes. */
    deliveries: createDeliveriesApi(ctx),
    /** The seller's money: balance, accruals by day and by posting, half-month statements. */
    finance: createFinanceApi(ctx),
    /** Capabilities that moved to their successor, e.g. `["postings.ship"]`. */
    fellBackToSeed: (): string[] => successors.fellBack(),
    close: (): Promise<void> => http.close(),
  };
}

export type SellerClient = ReturnType<typeof createSellerClient>;
