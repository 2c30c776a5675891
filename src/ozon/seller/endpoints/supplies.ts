/**
 * FBO supply orders: `/v3/supply-order/list` (ids by state, paged by `last_id`),
 * `/v3/supply-order/get` (up to 50 orders: state, timeslot, warehouses, supplies with their
 * bundle), `/v1/supply-order/bundle` (a supply's contents) and `/v1/supply-order/status/counter`
 * (orders per state).
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString, intLike, optionalId, optionalText } from "../../wire.ts";

export const SUPPLY_STATES = [
  "DATA_FILLING",
  "READY_TO_SUPPLY",
  "ACCEPTED_AT_SUPPLY_WAREHOUSE",
  "IN_TRANSIT",
  "ACCEPTANCE_AT_STORAGE_WAREHOUSE",
  "REPORTS_CONFIRMATION_AWAITING",
  "REPORT_REJECTED",
  "COMPLETED",
  "REJECTED_AT_SUPPLY_WAREHOUSE",
  "CANCELLED",
  "OVERDUE",
] as const;

export const supplyOrderList = endpoint({
  method: "POST",
  path: "/v3/supply-order/list",
  request: z.object({
    filter: z.object({ states: z.array(z.enum(SUPPLY_STATES)).min(1) }),
    limit: z.number().int().min(1).max(100),
    sort_by: z.enum(["ORDER_CREATION", "ORDER_STATE_UPDATED_AT"]),
    sort_dir: z.enum(["ASC", "DESC"]).optional(),
    last_id: z.string().optional(),
  }),
  response: z.object({
    last_id: optionalText,
    order_ids: z.array(idString).max(1000).nullish(),
  }),
  safe: true,
});

const warehouse = z
  .object({ warehouse_id: optionalId, name: optionalText, address: optionalText })
  .nullish();

export const supplyOrderGet = endpoint({
  method: "POST",
  path: "/v3/supply-order/get",
  request: z.object({ order_ids: z.array(z.string()).min(1).max(50) }),
  response: z.object({
    orders: z
      .array(
        z.object({
          order_id: idString,
          order_number: optionalText,
          state: optionalText,
          state_updated_date: optionalText,
          created_date: optionalText,
          dropoff_warehouse: warehouse,
          timeslot: z
            .object({
              timeslot: z.object({ from: optionalText, to: optionalText }).nullish(),
              timezone_info: z.object({ iana_name: optionalText }).nullish(),
            })
            .nullish(),
          supplies: z
            .array(
              z.object({
                supply_id: optionalId,
                bundle_id: optionalText,
                state: optionalText,
                storage_warehouse: warehouse,
              }),
            )
            .max(100)
            .nullish(),
        }),
      )
      .max(50)
      .nullish(),
  }),
  safe: true,
});

export const supplyOrderBundle = endpoint({
  method: "POST",
  path: "/v1/supply-order/bundle",
  request: z.object({
    bundle_ids: z.array(z.string()).min(1).max(100),
    limit: z.number().int().min(1).max(100),
    last_id: z.string().optional(),
  }),
  response: z.object({
    items: z
      .array(
        z.object({
          sku: optionalId,
          offer_id: optionalText,
          name: optionalText,
          quantity: intLike.nullish(),
        }),
      )
      .max(100)
      .nullish(),
    total_count: intLike.nullish(),
    has_next: flexBool.nullish(),
    last_id: optionalText,
  }),
  safe: true,
});

export const supplyStatusCounter = endpoint({
  method: "POST",
  path: "/v1/supply-order/status/counter",
  request: z.object({}),
  response: z.object({
    items: z
      .array(z.object({ order_state: optionalText, count: intLike.nullish() }))
      .max(100)
      .nullish(),
  }),
  safe: true,
});
