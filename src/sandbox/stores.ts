/**
 * Several simulated Ozon accounts behind one base URL: each store has its own state, routes and
 * control, and a request reaches the store its credentials (or Performance token) belong to.
 * Tests: test/sandbox/stores.test.ts, test/sandbox/stores-setup.test.ts and 44 more
 */

import type { IncomingHttpHeaders } from "node:http";
import { createControl, type SandboxControl } from "./control.ts";
import { createState } from "./data.ts";
import type { Faults } from "./faults.ts";
import { tokenCandidates, tokenRoute } from "./performance/auth.ts";
import { campaignRoutes } from "./performance/campaigns.ts";
import { dailyRoutes } from "./performance/daily.ts";
import { productRoutesPerformance } from "./performance/products.ts";
import { statisticsRoutes } from "./performance/statistics.ts";
import { createRandom } from "./random.ts";
import { RouteTable } from "./route-table.ts";
import { actRoutes } from "./seller/acts.ts";
import { deskOf, type ShippingDesk } from "./seller/acts-desk.ts";
import { analyticsRoutes } from "./seller/analytics.ts";
import { chatRoutes } from "./seller/chats.ts";
import { deliveryRoutes } from "./seller/deliveries.ts";
import { exemplarRoutes } from "./seller/exemplars.ts";
import { fboRoutes } from "./seller/fbo.ts";
import { financeRoutes } from "./seller/finance.ts";
import { labelRoutes } from "./seller/labels.ts";
import { postingBarcodeRoutes } from "./seller/posting-barcode.ts";
import { postingRoutes } from "./seller/postings.ts";
import { productRoutes } from "./seller/products.ts";
import { questionRoutes } from "./seller/questions.ts";
import { ratingRoutes } from "./seller/ratings.ts";
import { returnRoutes } from "./seller/returns.ts";
import { stockPriceRoutes } from "./seller/stock-prices.ts";
import { supplyRoutes } from "./seller/supplies.ts";
import { warehouseRoutes } from "./seller/warehouses.ts";
import type { SandboxCredentials, SandboxSettings, SandboxState } from "./state.ts";

/** More stores than this is a mistake, not a simulation (each holds its own data). */
export const MAX_SANDBOX_STORES = 100;

const STORE_NAMES = ["Северный", "Южный", "Восточный", "Западный", "Центральный"] as const;

/** "Северный", "Южный", … then "Магазин 6", "Магазин 7"… (`index` from 0). */
export function storeName(index: number): string {
  return STORE_NAMES[index] ?? `Магазин ${index + 1}`;
}

/** Store 1 keeps the given credentials; store k ≥ 2 gets `sandbox-client-k` and so on. */
export function storeCredentials(index: number, first: SandboxCredentials): SandboxCredentials {
  if (index === 0) return first;
  const k = index + 1;
  return {
    sellerClientId: `sandbox-client-${k}`,
    sellerApiKey: `sandbox-api-key-${k}`,
    performanceClientId: `sandbox-performance-client-${k}`,
    performanceClientSecret: `sandbox-performance-secret-${k}`,
  };
}

/** What a caller of the sandbox sees of one store. */
export interface SandboxStore {
  name: string;
  credentials: SandboxCredentials;
  control: SandboxControl;
  /** Batch label tasks and handover acts, and how many polls they take. */
  shipping: ShippingDesk;
}

export interface StoreRuntime extends SandboxStore {
  state: SandboxState;
  router: RouteTable;
}

export interface StoreShared {
  faults: Faults;
  /** Retiring spec forms is a change of the service, so it reaches every store. */
  retireAll(mode: false | 404 | 410): void;
}

export function createStore(
  index: number,
  settings: SandboxSettings,
  now: () => number,
  shared: StoreShared,
): StoreRuntime {
  const state = createState(settings, createRandom(settings.seed), now, index);
  const router = new RouteTable();
  router.add(
    ...postingRoutes(state),
    ...exemplarRoutes(state),
    ...deliveryRoutes(state),
    ...labelRoutes(state),
    ...actRoutes(state),
    ...postingBarcodeRoutes(state),
    ...warehouseRoutes(state),
    ...productRoutes(state),
    ...stockPriceRoutes(state),
    ...chatRoutes(state),
    ...questionRoutes(state),
    tokenRoute(state),
    ...campaignRoutes(state),
    ...productRoutesPerformance(state),
    ...statisticsRoutes(state),
    ...dailyRoutes(state),
    ...analyticsRoutes(state),
    ...returnRoutes(state),
    ...ratingRoutes(state),
    ...fboRoutes(state),
    ...supplyRoutes(state),
    ...financeRoutes(state),
  );
  return {
    name: storeName(index),
    credentials: settings.credentials,
    control: createControl(state, shared.faults, shared.retireAll),
    shipping: deskOf(state),
    state,
    router,
  };
}

/** Finds stores by their Seller or Performance client id, and by a Performance token. */
export class StoreDirectory {
  readonly all: readonly StoreRuntime[];
  private readonly bySellerId = new Map<string, StoreRuntime>();
  private readonly byPerformanceId = new Map<string, StoreRuntime>();

  constructor(stores: readonly StoreRuntime[]) {
    this.all = stores;
    // First wins, so store 1 keeps its keys even if a caller gave it those of another store.
    for (const store of [...stores].reverse()) {
      this.bySellerId.set(store.credentials.sellerClientId, store);
      this.byPerformanceId.set(store.credentials.performanceClientId, store);
    }
  }

  get first(): StoreRuntime {
    return this.all[0] as StoreRuntime;
  }

  /** By Seller Client-Id or Performance client_id; undefined when unknown. */
  find(clientId: string): StoreRuntime | undefined {
    return this.bySellerId.get(clientId) ?? this.byPerformanceId.get(clientId);
  }

  /**
   * The store a request speaks to: the Client-Id header (Seller), the client_id of a token
   * request, or the store that issued the token (Performance). Undefined when none matches;
   * the request is then refused by store 1's checks.
   */
  resolve(
    auth: "seller" | "performance" | "none",
    headers: IncomingHttpHeaders,
    tokenBody: () => Record<string, unknown>,
  ): StoreRuntime | undefined {
    if (auth === "seller") {
      const clientId = headers["client-id"];
      return typeof clientId === "string" ? this.bySellerId.get(clientId) : undefined;
    }
    if (auth === "performance") {
      const tokens = tokenCandidates(headers);
      return this.all.find((s) => tokens.some((token) => s.state.tokens.has(token)));
    }
    const clientId = tokenBody().client_id;
    return typeof clientId === "string" ? this.byPerformanceId.get(clientId) : undefined;
  }
}
