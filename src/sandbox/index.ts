/** Tests: test/sandbox/after-sale.test.ts, test/sandbox/auth.test.ts and 44 more */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SANDBOX_CREDENTIALS } from "../config.ts";
import { type ContractOptions, type DocumentRules, SandboxContract } from "./contract.ts";
import type { SandboxControl } from "./control.ts";
import { createHttpControl } from "./control-http.ts";
import { STORE_MESSAGE_ID_SPACING } from "./data.ts";
import { Faults } from "./faults.ts";
import { type PushDelivery, PushSender } from "./push.ts";
import { createRandom, hashSeed } from "./random.ts";
import { scheduledBuyerMessage, seedChats } from "./seller/chat-model.ts";
import { createPosting } from "./seller/posting-model.ts";
import { createRequestListener, type RequestLogEntry } from "./server.ts";
import type { PostingStatus, SandboxCredentials, SandboxSettings, SandboxState } from "./state.ts";
import {
  createStore,
  MAX_SANDBOX_STORES,
  type SandboxStore,
  StoreDirectory,
  type StoreRuntime,
  storeCredentials,
} from "./stores.ts";

export type {
  BuyerMessageInput,
  CampaignSnapshot,
  ChatSnapshot,
  CodeKind,
  ExemplarNeeds,
  ExemplarSnapshot,
  MessageSnapshot,
  PostingSeed,
  PostingSnapshot,
  ProductNeeds,
  ProductSnapshot,
  ReportSnapshot,
  SandboxControl,
  SandboxSnapshot,
  WarehouseSnapshot,
} from "./control.ts";
export type { FaultSpec, RoutePattern } from "./faults.ts";
export type { PushDelivery } from "./push.ts";
export { EXEMPLAR_ERRORS } from "./seller/exemplar-model.ts";
export { isMarkValid, MIN_MARK_LENGTH } from "./seller/marks.ts";
export type { RequestLogEntry } from "./server.ts";
export type { SandboxCredentials } from "./state.ts";
export type { SandboxStore } from "./stores.ts";
export { MAX_SANDBOX_STORES, storeCredentials, storeName } from "./stores.ts";

export interface SandboxOptions {
  /** 0 = ephemeral (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of all generated data, schedules and fault decisions (default 1); store k uses seed + k − 1. */
  seed?: number;
  /**
   * Simulated Ozon accounts (default 1, at most MAX_SANDBOX_STORES), each with its own data and
   * keys: store 1 those of `credentials`, store k ≥ 2 `sandbox-client-k`, `sandbox-api-key-k`…
   */
  stores?: number;
  /** Store 1's keys; default SANDBOX_CREDENTIALS from src/config.ts. */
  credentials?: Partial<SandboxCredentials>;
  /** Postings awaiting packaging at start, per store (default 5). */
  initialPostings?: number;
  /** Older postings at start, cycling awaiting_deliver, delivering, cancelled (default 3). */
  historyPostings?: number;
  /** Buyer chats at start per store (default 4; the fourth is CLOSED); one support chat is added. */
  initialChats?: number;
  /** 0/undefined = new postings only on demand. Every store gets one each time. */
  newPostingEverySeconds?: number;
  /** 0/undefined = buyer messages only on demand. Every store gets one each time. */
  buyerMessageEverySeconds?: number;
  /** Time per statistics state step NOT_STARTED → IN_PROGRESS → OK (default 1500). */
  reportStepMs?: number;
  /** Default 1 (the live service); beyond it 429 "limit of active requests". */
  maxConcurrentReports?: number;
  /** Default 62. */
  maxReportPeriodDays?: number;
  /** Default 1800. */
  tokenTtlSeconds?: number;
  /** Retire the spec forms that have successors from the start (404 or 410; `rules: "seed"`). */
  retireSpecMethods?: false | 404 | 410;
  /**
   * Which methods answer: "today" (default) as Ozon's current documents list them on `date`, a
   * method they do not list or switched off answering 404; "seed": every route, as the seed had it.
   */
  rules?: DocumentRules;
  /** The sandbox's day for the documents' switch-offs (YYYY-MM-DD); default: the clock's day. */
  date?: string;
  /** Check every request and answer against the documents' schemas (default: `OZON_SANDBOX_CONTRACT=check`). */
  checkContract?: boolean;
  /**
   * The seeded shop as always, but what happens after the start (new postings, chats, messages)
   * draws from a stream seeded by the clock and message ids continue from the clock: a sandbox
   * rebuilt at every start (the built-in one) never repeats the numbers and ids of its previous
   * life, which a bot's durable state remembers as already announced or relayed.
   */
  freshAfterStart?: boolean;
  /** The sandbox's clock (epoch ms): what "now" is for message, posting and report times. */
  now?: () => number;
  /** Sends Ozon push notifications of every store to this URL (also `setPushTarget`). */
  pushUrl?: string;
}

export interface Sandbox {
  /** Base URL serving both APIs (Seller paths /v1.., Performance paths /api/client/..). */
  url: string;
  sellerUrl: string;
  performanceUrl: string;
  /** Store 1's keys. */
  credentials: SandboxCredentials;
  /** Store 1's control (faults and retiring reach every store). */
  control: SandboxControl;
  /** Every store, store 1 first. */
  stores: SandboxStore[];
  /** Every API request (control requests excluded), oldest first. */
  readonly requests: ReadonlyArray<RequestLogEntry>;
  /** What Ozon's documents allow: the day, the rules, methods withdrawn. */
  contract: SandboxContract;
  /** Count per "METHOD /path" (path without the query). */
  counters(): Record<string, number>;
  /** Clears the counters and the request log. */
  resetCounters(): void;
  /** Where push notifications go (undefined: none are sent). */
  setPushTarget(url: string | undefined): void;
  /** Push notifications sent, oldest first. */
  readonly pushes: ReadonlyArray<PushDelivery>;
  close(): Promise<void>;
}

const HISTORY_STATUSES: readonly PostingStatus[] = ["awaiting_deliver", "delivering", "cancelled"];

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const storeCount = options.stores ?? 1;
  if (!Number.isInteger(storeCount) || storeCount < 1 || storeCount > MAX_SANDBOX_STORES) {
    throw new RangeError(`stores must be an integer from 1 to ${MAX_SANDBOX_STORES}`);
  }
  const seed = options.seed ?? 1;
  const firstCredentials: SandboxCredentials = { ...SANDBOX_CREDENTIALS, ...options.credentials };
  const faults = new Faults(seed);
  const list: StoreRuntime[] = [];
  const shared = {
    faults,
    retireAll(mode: false | 404 | 410) {
      for (const store of list) store.state.retireMode = mode;
    },
  };
  for (let index = 0; index < storeCount; index++) {
    list.push(
      createStore(
        index,
        settingsOf(options, seed + index, firstCredentials, index),
        options.now ?? Date.now,
        shared,
      ),
    );
  }
  for (const [index, { state }] of list.entries()) seedStore(state, options, index);
  // After seeding: what a store holds at start was never "pushed".
  const pushes = new PushSender(options.pushUrl);
  for (const store of list) {
    store.state.onEvent = pushes.forStore(
      store.credentials.sellerClientId,
      options.now ?? Date.now,
    );
  }
  const stores = new StoreDirectory(list);
  const first = stores.first;

  const log: RequestLogEntry[] = [];
  const counters = new Map<string, number>();
  const counterRecord = () => Object.fromEntries(counters);
  const resetCounters = () => {
    counters.clear();
    log.length = 0;
  };
  const publicStores: SandboxStore[] = list.map(({ name, credentials, control, shipping }) => ({
    name,
    credentials,
    control,
    shipping,
  }));
  const contractOptions: ContractOptions = {};
  if (options.rules) contractOptions.rules = options.rules;
  if (options.date) contractOptions.date = options.date;
  if (options.checkContract !== undefined) contractOptions.check = options.checkContract;
  const contract = new SandboxContract(contractOptions, options.now ?? Date.now);
  const httpControl = createHttpControl(stores, {
    contract,
    counters: counterRecord,
    setPushTarget: (url) => pushes.setTarget(url),
    resetCounters,
    requests: () => log,
    info: () => ({
      url: first.state.baseUrl,
      credentials: first.credentials,
      stores: list.map(({ name, credentials }) => ({ name, credentials })),
    }),
  });
  const server = createServer(
    { keepAliveTimeout: 5_000 },
    createRequestListener({ stores, faults, control: httpControl, log, counters, contract }),
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
  const baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  for (const store of list) store.state.baseUrl = baseUrl;

  const timers: NodeJS.Timeout[] = [];
  const everyStore = (seconds: number | undefined, act: (state: SandboxState) => void) => {
    if (!seconds || seconds <= 0) return;
    timers.push(
      setInterval(() => {
        for (const store of list) act(store.state);
      }, seconds * 1000),
    );
  };
  everyStore(options.newPostingEverySeconds, (state) => createPosting(state));
  everyStore(options.buyerMessageEverySeconds, (state) => scheduledBuyerMessage(state));
  for (const timer of timers) timer.unref();

  let closing: Promise<void> | undefined;
  return {
    url: baseUrl,
    sellerUrl: baseUrl,
    performanceUrl: baseUrl,
    credentials: first.credentials,
    control: first.control,
    stores: publicStores,
    contract,
    get requests() {
      return log;
    },
    counters: counterRecord,
    resetCounters,
    setPushTarget: (url) => pushes.setTarget(url),
    get pushes() {
      return pushes.deliveries;
    },
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

function settingsOf(
  options: SandboxOptions,
  seed: number,
  firstCredentials: SandboxCredentials,
  index: number,
): SandboxSettings {
  return {
    seed,
    credentials: storeCredentials(index, firstCredentials),
    reportStepMs: options.reportStepMs ?? 1500,
    maxConcurrentReports: options.maxConcurrentReports ?? 1,
    maxReportPeriodDays: options.maxReportPeriodDays ?? 62,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 1800,
  };
}

/** The store's postings and chats at start (its catalogue, warehouses and campaigns exist already). */
function seedStore(state: SandboxState, options: SandboxOptions, index: number): void {
  state.retireMode = options.retireSpecMethods ?? false;
  for (let i = 0; i < (options.initialPostings ?? 5); i++) createPosting(state);
  for (let i = 0; i < (options.historyPostings ?? 3); i++) {
    createPosting(state, { status: HISTORY_STATUSES[i % HISTORY_STATUSES.length] });
  }
  seedChats(state, options.initialChats ?? 4);
  if (options.freshAfterStart) continueFromClock(state, Date.now(), index);
}

/** Ozon-like message ids that grow with time: 100 000 per millisecond above this base. */
const CLOCK_ID_BASE = 3_000_000_000_000_000_000n;

function continueFromClock(state: SandboxState, now: number, storeIndex: number): void {
  state.random = createRandom(hashSeed(state.settings.seed, "after-start", now));
  state.activity = state.random.fork("activity");
  const floor =
    CLOCK_ID_BASE + BigInt(now) * 100_000n + BigInt(storeIndex) * STORE_MESSAGE_ID_SPACING;
  if (state.nextMessageId < floor) state.nextMessageId = floor;
}
