/**
 * The seller's FBS and rFBS warehouses, as `POST /v2/warehouse/list` writes them: `limit`
 * required (≤ 200), cursor-paged (`cursor`, `has_next`), filtered by `warehouse_ids` when given.
 * The v1 form was switched off on 2026-04-07: the sandbox no longer answers it.
 * Tests: none directly
 */
import { z } from "zod";
import { badRequest, jsonReply, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState, Warehouse } from "../state.ts";

const listBody = z.object({
  limit: z.number().int().min(1).max(200),
  cursor: z.string().optional(),
  warehouse_ids: z.array(z.string().regex(/^\d+$/, "expected an int64 as a string")).optional(),
});

/** A warehouse the way the v2 list writes it (every field of the document, with its type). */
function warehouseV2(w: Warehouse) {
  const since = "2025-03-11T11:57:51.811Z";
  return {
    address_info: {
      address: `Россия, ${w.city}`,
      latitude: 55.75,
      longitude: 37.62,
      utc: "UTC+03:00",
    },
    carriage_label_type: "BIG",
    courier_comment: "",
    courier_phones: [],
    created_at: since,
    cut_in_time: 0,
    first_mile: {
      dropoff_point_id: "",
      first_mile_is_changing: false,
      timeslot_from: "09:00",
      timeslot_id: 0,
      timeslot_to: "18:00",
      type: w.isRfbs ? "PICK_UP" : "DROP_OFF",
    },
    has_entrusted_acceptance: false,
    has_postings_limit: false,
    is_auto_assembly: false,
    is_comfort: false,
    is_express: false,
    is_kgt: false,
    is_rfbs: w.isRfbs,
    is_waybill_enabled: false,
    min_postings_limit: 10,
    name: w.name,
    phone: "+7(999)999-99-99",
    postings_limit: -1,
    sla_cut_in: 1440,
    status: "created",
    timetable: { timetable_from: since, timetable_to: since, working_hours: [] },
    updated_at: since,
    warehouse_id: w.id,
    warehouse_type: w.isRfbs ? "RFBS" : "FBS",
    with_item_list: false,
    working_days: ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"],
  };
}

export function warehouseRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller" } as const;
  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v2/warehouse/list",
      handle(req) {
        const body = readBody(req, listBody);
        const ids = body.warehouse_ids && new Set(body.warehouse_ids);
        const all = state.warehouses.filter((w) => !ids || ids.has(String(w.id)));
        // The cursor is the index of the next warehouse, as text.
        const start = body.cursor ? Number(body.cursor) : 0;
        if (!Number.isSafeInteger(start) || start < 0)
          return badRequest("seller", "invalid cursor");
        const page = all.slice(start, start + body.limit);
        const next = start + page.length;
        const hasNext = next < all.length;
        return jsonReply({
          warehouses: page.map(warehouseV2),
          cursor: hasNext ? String(next) : "",
          has_next: hasNext,
        });
      },
    },
  ];
}
