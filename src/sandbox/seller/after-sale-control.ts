/**
 * Control of a store's returns, rFBS requests and ratings (in process; control-http.ts's twin).
 * Tests: none directly
 */
import type { SandboxState } from "../state.ts";
import { addFbsError, ratingsSnapshot, setRating } from "./ratings.ts";
import {
  addReturn,
  addRfbsRequest,
  rfbsProductArrived,
  rfbsSnapshot,
  setReturnStatus,
  setRfbsActionShape,
} from "./returns-model.ts";

export function afterSaleControl(state: SandboxState) {
  return {
    /** A return appears: `{postingNumber?, status? = "MovingToSeller", reason?}`. */
    addReturn: (input?: unknown) => addReturn(state, input),
    /** A return moves on: `{status}` (e.g. "ArrivedAtReturnPlace"). */
    setReturnStatus: (id: number, input: unknown) => setReturnStatus(state, id, input),
    /** A buyer files an rFBS return request: `{postingNumber?, comment?, reason?, isDefect?}`. */
    addRfbsRequest: (input?: unknown) => addRfbsRequest(state, input),
    /** The product of an approved request reached the seller. */
    rfbsProductArrived: (id: number) => rfbsProductArrived(state, id),
    /**
     * How `/v2/returns/rfbs/get` writes `available_actions`: `{shape: "schema"}` `[{id, name}]`
     * (default) or `{shape: "example"}` `[{action: {id, name}}]`, as Ozon's example shows it.
     */
    setRfbsActionShape: (input: unknown) => setRfbsActionShape(state, input),
    /** A rating takes a new value: `{value}`. */
    setRating: (key: string, input: unknown) => setRating(state, key, input),
    /** A posting raised the FBS error index: `{postingNumber, type?}`. */
    addFbsError: (input: unknown) => addFbsError(state, input),
    snapshot: () => ({ ...rfbsSnapshot(state), ...ratingsSnapshot(state) }),
  };
}

export type AfterSaleControl = ReturnType<typeof afterSaleControl>;
