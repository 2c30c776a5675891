/** The seller's warehouses. */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString, optionalText } from "../../wire.ts";

export const warehouseList = endpoint({
  method: "POST",
  path: "/v1/warehouse/list",
  // The spec sends an empty object; the live service requires `limit` (≤ 200). Both accept it.
  request: z.object({ limit: z.number().int().min(1).max(200) }),
  response: z.object({
    result: z.array(
      z.object({
        warehouse_id: idString,
        name: z.string(),
        is_rfbs: flexBool.nullish(),
        status: optionalText,
      }),
    ),
  }),
  safe: true,
});
