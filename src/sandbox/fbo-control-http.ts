/**
 * The HTTP twins of the FBO control (control.fbo): orders from Ozon's warehouses, cancellations,
 * stock per cluster.
 * Tests: none directly
 */
import type { ControlHandler } from "./control.ts";
import type { HttpMethod } from "./route-table.ts";

export function fboControlRoutes(): Array<[HttpMethod, RegExp, ControlHandler, string]> {
  return [
    ["GET", /^fbo$/, ({ control }) => control.fbo.snapshot(), "/_sandbox/fbo"],
    [
      "POST",
      /^fbo\/orders$/,
      ({ body, control }) => control.fbo.addOrder(body),
      "/_sandbox/fbo/orders  {lines?: [{offerId?, sku?, quantity?, price?}], clusterId?, at?}",
    ],
    [
      "POST",
      /^fbo\/orders\/([\w-]+)\/cancel$/,
      ({ params, control }) => control.fbo.cancelOrder(params[0] as string),
      "/_sandbox/fbo/orders/{posting_number}/cancel",
    ],
    [
      "POST",
      /^fbo\/stock$/,
      ({ body, control }) => control.fbo.setStock(body),
      "/_sandbox/fbo/stock  {sku, clusterId, available?, transit?, dailySales?}",
    ],
    [
      "POST",
      /^fbo\/supplies$/,
      ({ body, control }) => control.fbo.addSupply(body),
      "/_sandbox/fbo/supplies  {state?, items?: [{offerId?, quantity}], timeslot?}",
    ],
    [
      "POST",
      /^fbo\/supplies\/(\d+)\/state$/,
      ({ params, body, control }) => control.fbo.setSupplyState(Number(params[0]), body),
      "/_sandbox/fbo/supplies/{order_id}/state  {state}",
    ],
  ];
}
