/**
 * The HTTP twins of the after-sale control (control.afterSale): returns, rFBS requests, ratings.
 * Tests: none directly
 */
import type { ControlHandler } from "./control.ts";
import type { HttpMethod } from "./route-table.ts";

export function afterSaleControlRoutes(): Array<[HttpMethod, RegExp, ControlHandler, string]> {
  return [
    ["GET", /^after-sale$/, ({ control }) => control.afterSale.snapshot(), "/_sandbox/after-sale"],
    [
      "POST",
      /^returns$/,
      ({ body, control }) => control.afterSale.addReturn(body),
      "/_sandbox/returns  {postingNumber?, status?, reason?}",
    ],
    [
      "POST",
      /^returns\/(\d+)\/status$/,
      ({ params, body, control }) => control.afterSale.setReturnStatus(Number(params[0]), body),
      "/_sandbox/returns/{id}/status  {status}",
    ],
    [
      "POST",
      /^rfbs-returns$/,
      ({ body, control }) => control.afterSale.addRfbsRequest(body),
      "/_sandbox/rfbs-returns  {postingNumber?, comment?, reason?, isDefect?}",
    ],
    [
      "POST",
      /^rfbs-returns\/(\d+)\/arrived$/,
      ({ params, control }) => control.afterSale.rfbsProductArrived(Number(params[0])),
      "/_sandbox/rfbs-returns/{id}/arrived",
    ],
    [
      "POST",
      /^rfbs-action-shape$/,
      ({ body, control }) => control.afterSale.setRfbsActionShape(body),
      "/_sandbox/rfbs-action-shape  {shape: schema|example}",
    ],
    [
      "POST",
      /^ratings\/([\w-]+)$/,
      ({ params, body, control }) => control.afterSale.setRating(params[0] as string, body),
      "/_sandbox/ratings/{rating}  {value}",
    ],
    [
      "POST",
      /^fbs-errors$/,
      ({ body, control }) => control.afterSale.addFbsError(body),
      "/_sandbox/fbs-errors  {postingNumber, type?}",
    ],
  ];
}
