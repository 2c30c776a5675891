/** The seller's warehouses, as /v1/warehouse/list writes them. */
import { z } from "zod";
import { jsonReply, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";

export function warehouseRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller" } as const;
  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v1/warehouse/list",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            limit: z.number().int().min(1).max(200).optional(),
            offset: z.number().int().min(0).optional(),
          }),
        );
        const offset = body.offset ?? 0;
        const list = state.warehouses.slice(offset, body.limit ? offset + body.limit : undefined);
        return jsonReply({
          result: list.map((w) => ({
            warehouse_id: w.id,
            name: w.name,
            is_rfbs: w.isRfbs,
            status: "created",
            is_able_to_set_price: false,
            has_entrusted_acceptance: false,
            first_mile_type: {
              dropoff_point_id: "",
              dropoff_timeslot_id: 0,
              first_mile_is_changing: false,
              first_mile_type: w.isRfbs ? "Pickup" : "DropOff",
            },
            is_kgt: false,
            can_print_act_in_advance: true,
            min_working_days: 5,
            is_karantin: false,
            has_postings_limit: false,
            postings_limit: -1,
            working_days: ["1", "2", "3", "4", "5"],
            min_postings_limit: 10,
            is_timetable_editable: true,
            is_economy: false,
            is_presorted: false,
          })),
        });
      },
    },
  ];
}
