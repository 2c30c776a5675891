/**
 * The HTTP twins of the stock control (control.stock): /_sandbox/stock/…
 * Tests: none directly
 */
import { z } from "zod";
import type { ControlHandler } from "./control.ts";
import type { HttpMethod } from "./route-table.ts";

const setStockSchema = z.object({
  warehouseId: z.number().int().positive(),
  stock: z.number().int().min(0).max(10_000_000),
});
const refuseSchema = z.object({
  code: z.string().min(1).max(100),
  message: z.string().max(500).optional(),
});

export function stockControlRoutes(): Array<[HttpMethod, RegExp, ControlHandler, string]> {
  return [
    [
      "GET",
      /^stock\/([^/]+)$/,
      ({ params, control }) => control.stock.units(params[0] ?? ""),
      "/_sandbox/stock/<offer_id>  (units per warehouse, FBO, prices)",
    ],
    [
      "POST",
      /^stock\/([^/]+)$/,
      ({ params, body, control }) => {
        const { warehouseId, stock } = setStockSchema.parse(body ?? {});
        return control.stock.setStock(params[0] ?? "", warehouseId, stock);
      },
      "/_sandbox/stock/<offer_id>  {warehouseId, stock}  (units available; no change limit)",
    ],
    [
      "POST",
      /^stock-window$/,
      ({ body, control }) => {
        const { ms } = z.object({ ms: z.number().int().min(0).max(86_400_000) }).parse(body ?? {});
        control.stock.setChangeWindow(ms);
        return { ms };
      },
      "/_sandbox/stock-window  {ms}  (Ozon's once-per-30-s limit per product and warehouse)",
    ],
    [
      "POST",
      /^stock-refuse$/,
      ({ body, control }) => {
        const { code, message } = refuseSchema.parse(body ?? {});
        control.stock.refuseNextStock(code, message);
        return { code };
      },
      "/_sandbox/stock-refuse  {code, message?}  (the next stock item is refused)",
    ],
    [
      "POST",
      /^price-refuse$/,
      ({ body, control }) => {
        const { code, message } = refuseSchema.parse(body ?? {});
        control.stock.refuseNextPrice(code, message);
        return { code };
      },
      "/_sandbox/price-refuse  {code, message?}  (the next price item is refused)",
    ],
  ];
}
