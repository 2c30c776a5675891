/**
 * The Performance API client: token auth, campaigns, statistics.
 * Tests: test/ozon/performance/client.test.ts and 12 more
 */
import type { Dispatcher } from "undici";
import { type Clock, systemClock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { RetryPolicy } from "../backoff.ts";
import { noAuth } from "../endpoint.ts";
import { createAgent, type FetchLike, type Timeouts } from "../exchange.ts";
import { type KeysVerdictObserver, type OzonCallObserver, OzonHttp } from "../http.ts";
import { type RateLimiter, TokenBucket } from "../limiter.ts";
import { type FallbackMemory, Successors } from "../successors.ts";
import { createCampaignsApi } from "./campaigns.ts";
import { createDailyStatisticsApi } from "./daily.ts";
import { createProductsApi } from "./products.ts";
import { createStatisticsApi } from "./statistics.ts";
import { PerformanceToken } from "./token.ts";

export const DEFAULT_PERFORMANCE_URL = "https://api-performance.ozon.ru";

export interface PerformanceClientOptions {
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  logger?: Logger | undefined;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  /** No per-second limit is documented (100 000 requests a day); set one if wanted. */
  requestsPerSecond?: number;
  limiter?: RateLimiter | null;
  dispatcher?: Dispatcher;
  fetch?: FetchLike;
  clock?: Clock;
  random?: () => number;
  /** Renew the token this long before it expires. Default 60 s. */
  renewTokenBeforeSeconds?: number;
  /** Keeps the moves to successors beyond this client's life (the bot's store). */
  fallbackMemory?: FallbackMemory;
  /** Bytes of a report file read at most (MAX_REPORT_BYTES, 100 MB). */
  maxReportBytes?: number;
  /** Told whether the keys worked on each call, the token request included (the shop's health). */
  observer?: KeysVerdictObserver;
  /** Told how each call ended, by endpoint (/status and /metrics). */
  calls?: OzonCallObserver;
}

export function createPerformanceClient(options: PerformanceClientOptions) {
  if (!options.clientId || !options.clientSecret) {
    throw new TypeError("createPerformanceClient needs clientId and clientSecret");
  }
  const clock = options.clock ?? systemClock;
  const ownAgent = options.dispatcher ? undefined : createAgent(options.timeouts);
  const dispatcher = options.dispatcher ?? ownAgent;
  const limiter =
    options.limiter !== undefined
      ? options.limiter
      : options.requestsPerSecond
        ? new TokenBucket(options.requestsPerSecond, { clock })
        : null;
  const common = {
    service: "performance" as const,
    baseUrl: options.baseUrl ?? DEFAULT_PERFORMANCE_URL,
    clock,
    limiter,
    logger: options.logger,
    observer: options.observer,
    calls: options.calls,
    ...(dispatcher ? { dispatcher } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.random ? { random: options.random } : {}),
  };
  // No auth headers for the token request, but its error answers are masked for the secret sent.
  const tokenHttp = new OzonHttp({
    ...common,
    auth: { ...noAuth, secrets: () => [options.clientSecret] },
  });
  const token = new PerformanceToken({
    http: tokenHttp,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    clock,
    logger: options.logger,
    ...(options.renewTokenBeforeSeconds !== undefined
      ? { renewBeforeSeconds: options.renewTokenBeforeSeconds }
      : {}),
  });
  const http = new OzonHttp({ ...common, auth: token });
  const successors = new Successors(options.logger, options.fallbackMemory);

  return {
    campaigns: createCampaignsApi(http, successors),
    products: createProductsApi(http),
    statistics: createStatisticsApi(
      http,
      options.maxReportBytes !== undefined ? { maxReportBytes: options.maxReportBytes } : {},
    ),
    /** Daily statistics answered at once: ad spend per campaign (/campaigns, the digest). */
    daily: createDailyStatisticsApi(http),
    /** The token provider (diagnostics: `token.fetched`; never log `token.token()`). */
    token,
    /** How many tokens this client has fetched. */
    tokenFetches: (): number => token.fetched,
    fellBackToSeed: (): string[] => successors.fellBack(),
    close: async (): Promise<void> => {
      await Promise.all([http.close(), tokenHttp.close()]);
      await ownAgent?.close();
    },
  };
}

export type PerformanceClient = ReturnType<typeof createPerformanceClient>;
