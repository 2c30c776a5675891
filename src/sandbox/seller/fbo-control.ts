/**
 * Control of a store's FBO (in process; fbo-control-http.ts's twin): orders from Ozon's
 * warehouses, their cancellation, stock and sales pace per cluster, supply orders.
 * Tests: none directly
 */
import type { SandboxState } from "../state.ts";
import {
  addFboOrder,
  cancelFboOrder,
  FBO_CLUSTERS,
  fboSnapshot,
  setFboStock,
} from "./fbo-model.ts";
import { addSupplyOrder, setSupplyState, suppliesSnapshot } from "./supplies.ts";

export function fboControl(state: SandboxState) {
  return {
    /** A buyer orders: `{lines?: [{offerId?|sku?, quantity?, price?}], clusterId?, at?}`. */
    addOrder: (input?: unknown) => addFboOrder(state, input),
    /** The buyer cancels the order. */
    cancelOrder: (postingNumber: string) => cancelFboOrder(state, postingNumber),
    /** A product's stock in a cluster: `{sku, clusterId, available?, transit?, dailySales?}`. */
    setStock: (input: unknown) => setFboStock(state, input),
    clusters: () => FBO_CLUSTERS.map((c) => ({ ...c })),
    /** A supply order: `{state? = READY_TO_SUPPLY, items?: [{offerId?, quantity}], supplies? = 1, timeslot?}`. */
    addSupply: (input?: unknown) => addSupplyOrder(state, input),
    /** Ozon moves a supply order: `{state}` (e.g. "COMPLETED", "CANCELLED"). */
    setSupplyState: (orderId: number, input: unknown) => setSupplyState(state, orderId, input),
    supplies: () => suppliesSnapshot(state),
    snapshot: () => fboSnapshot(state),
  };
}

export type FboControl = ReturnType<typeof fboControl>;
