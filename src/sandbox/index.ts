import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SANDBOX_CREDENTIALS } from "../config.ts";
import { createControl, type SandboxControl } from "./control.ts";
import { createHttpControl } from "./control-http.ts";
import { createState } from "./data.ts";
import { Faults } from "./faults.ts";
import { tokenRoute } from "./performance/auth.ts";
import { campaignRoutes } from "./performance/campaigns.ts";
import { statisticsRoutes } from "./performance/statistics.ts";
import { createRandom, hashSeed } from "./random.ts";
import { Router } from "./router.ts";
import { scheduledBuyerMessage, seedChats } from "./seller/chat-model.ts";
import { chatRoutes } from "./seller/chats.ts";
import { createPosting } from "./seller/posting-model.ts";
import { postingRoutes } from "./seller/postings.ts";
import { productRoutes } from "./seller/products.ts";
import { warehouseRoutes } from "./seller/warehouses.ts";
import { createRequestListener, type RequestLogEntry } from "./server.ts";
import type { PostingStatus, SandboxCredentials, SandboxSettings, SandboxState } from "./state.ts";

export type {
  BuyerMessageInput,
  CampaignSnapshot,
  ChatSnapshot,
  MessageSnapshot,
  PostingSeed,
  PostingSnapshot,
  ProductSnapshot,
  ReportSnapshot,
  SandboxControl,
  SandboxSnapshot,
  WarehouseSnapshot,
} from "./control.ts";
export type { FaultSpec, RoutePattern } from "./faults.ts";
export { isMarkValid, MIN_MARK_LENGTH } from "./seller/marks.ts";
export type { RequestLogEntry } from "./server.ts";
export type { SandboxCredentials } from "./state.ts";

export interface SandboxOptions {
  /** 0 = ephemeral (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of all generated data, schedules and fault decisions (default 1). */
  seed?: number;
  /** Default SANDBOX_CREDENTIALS from src/config.ts. */
  credentials?: Partial<SandboxCredentials>;
  /** Postings awaiting packaging at start (default 5). */
  initialPostings?: number;
  /** Older postings at start, cycling awaiting_deliver, delivering, cancelled (default 3). */
  historyPostings?: number;
  /** Buyer chats at start (default 4; the fourth is CLOSED). One support chat is always added. */
  initialChats?: number;
  /** 0/undefined = new postings only on demand. */
  newPostingEverySeconds?: number;
  /** 0/undefined = buyer messages only on demand. */
  buyerMessageEverySeconds?: number;
  /** Time per statistics state step NOT_STARTED → IN_PROGRESS → OK (default 1500). */
  reportStepMs?: number;
  /** Default 1 (the live service); beyond it 429 "limit of active requests". */
  maxConcurrentReports?: number;
  /** Default 62. */
  maxReportPeriodDays?: number;
  /** Default 1800. */
  tokenTtlSeconds?: number;
  /** Retire the spec forms that have successors from the start (404 or 410). */
  retireSpecMethods?: false | 404 | 410;
  /**
   * The seeded shop as always, but what happens after the start (new postings, chats, messages)
   * draws from a stream seeded by the clock and message ids continue from the clock: a sandbox
   * rebuilt at every start (the built-in one) never repeats the numbers and ids of its previous
   * life, which a bot's durable state remembers as already announced or relayed.
   */
  freshAfterStart?: boolean;
  /** The sandbox's clock (epoch ms): what "now" is for message, posting and report times. */
  now?: () => number;
}

export interface Sandbox {
  /** Base URL serving both APIs (Seller paths /v1.., Performance paths /api/client/..). */
  url: string;
  sellerUrl: string;
  performanceUrl: string;
  credentials: SandboxCredentials;
  control: SandboxControl;
  /** Every API request (control requests excluded), oldest first. */
  readonly requests: ReadonlyArray<RequestLogEntry>;
  /** Count per "METHOD /path" (path without the query). */
  counters(): Record<string, number>;
  /** Clears the counters and the request log. */
  resetCounters(): void;
  close(): Promise<void>;
}

const HISTORY_STATUSES: readonly PostingStatus[] = ["awaiting_deliver", "delivering", "cancelled"];

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const credentials: SandboxCredentials = { ...SANDBOX_CREDENTIALS, ...options.credentials };
  const settings: SandboxSettings = {
    seed: options.seed ?? 1,
    credentials,
    reportStepMs: options.reportStepMs ?? 1500,
    maxConcurrentReports: options.maxConcurrentReports ?? 1,
    maxReportPeriodDays: options.maxReportPeriodDays ?? 62,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 1800,
  };
  const state = createState(settings, createRandom(settings.seed), options.now ?? Date.now);
  state.retireMode = options.retireSpecMethods ?? false;
  for (let i = 0; i < (options.initialPostings ?? 5); i++) createPosting(state);
  for (let i = 0; i < (options.historyPostings ?? 3); i++) {
    createPosting(state, { status: HISTORY_STATUSES[i % HISTORY_STATUSES.length] });
  }
  seedChats(state, options.initialChats ?? 4);
  if (options.freshAfterStart) continueFromClock(state, Date.now());

  const router = new Router();
  router.add(
    ...postingRoutes(state),
    ...warehouseRoutes(state),
    ...productRoutes(state),
    ...chatRoutes(state),
    tokenRoute(state),
    ...campaignRoutes(state),
    ...statisticsRoutes(state),
  );
  const faults = new Faults(settings.seed);
  const control = createControl(state, faults);
  const log: RequestLogEntry[] = [];
  const counters = new Map<string, number>();
  const counterRecord = () => Object.fromEntries(counters);
  const resetCounters = () => {
    counters.clear();
    log.length = 0;
  };
  const httpControl = createHttpControl(control, {
    counters: counterRecord,
    resetCounters,
    requests: () => log,
    info: () => ({ url: state.baseUrl, credentials }),
  });
  const server = createServer(
    { keepAliveTimeout: 5_000 },
    createRequestListener({ state, router, faults, control: httpControl, log, counters }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = ["0.0.0.0", "::"].includes(address.address) ? "127.0.0.1" : address.address;
  state.baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  const timers: NodeJS.Timeout[] = [];
  if (options.newPostingEverySeconds && options.newPostingEverySeconds > 0) {
    timers.push(setInterval(() => createPosting(state), options.newPostingEverySeconds * 1000));
  }
  if (options.buyerMessageEverySeconds && options.buyerMessageEverySeconds > 0) {
    timers.push(
      setInterval(() => scheduledBuyerMessage(state), options.buyerMessageEverySeconds * 1000),
    );
  }
  for (const timer of timers) timer.unref();

  let closing: Promise<void> | undefined;
  return {
    url: state.baseUrl,
    sellerUrl: state.baseUrl,
    performanceUrl: state.baseUrl,
    credentials,
    control,
    get requests() {
      return log;
    },
    counters: counterRecord,
    resetCounters,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Ozon-like message ids that grow with time: 100 000 per millisecond above this base. */
const CLOCK_ID_BASE = 3_000_000_000_000_000_000n;

function continueFromClock(state: SandboxState, now: number): void {
  state.random = createRandom(hashSeed(state.settings.seed, "after-start", now));
  state.activity = state.random.fork("activity");
  const floor = CLOCK_ID_BASE + BigInt(now) * 100_000n;
  if (state.nextMessageId < floor) state.nextMessageId = floor;
}
