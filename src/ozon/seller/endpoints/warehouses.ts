/**
 * The seller's FBS and rFBS warehouses: `POST /v2/warehouse/list` (the v1 form was switched off
 * on 2026-04-07). Cursor-paged, `limit` ≤ 200; Ozon allows it once a minute per account.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString, optionalText } from "../../wire.ts";

/** Warehouses per page (Ozon's most). */
export const WAREHOUSE_PAGE = 200;

export const warehouseListV2 = endpoint({
  method: "POST",
  path: "/v2/warehouse/list",
  request: z.object({
    limit: z.number().int().min(1).max(WAREHOUSE_PAGE),
    cursor: z.string().optional(),
  }),
  response: z.object({
    warehouses: z
      .array(
        z.object({
          warehouse_id: idString,
          name: optionalText,
          is_rfbs: flexBool.nullish(),
          status: optionalText,
        }),
      )
      .nullish(),
    cursor: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
});
