/**
 * The HTTP twins of the units' control (control.units, seller/unit-control.ts).
 * Tests: none directly
 */
import { z } from "zod";
import type { ControlHandler } from "./control.ts";
import type { HttpMethod } from "./route-table.ts";
import type { CodeKind } from "./seller/marks.ts";

const needsSchema = z.object({
  mark: z.boolean().optional(),
  gtd: z.boolean().optional(),
  rnpt: z.boolean().optional(),
  imei: z.boolean().optional(),
  jwUin: z.boolean().optional(),
  weight: z
    .object({ min: z.number().min(0), max: z.number().min(0) })
    .nullable()
    .optional(),
});

export function unitControlRoutes(): Array<[HttpMethod, RegExp, ControlHandler, string]> {
  return [
    [
      "GET",
      /^marks\/used$/,
      ({ control }) => ({ mark: control.units.usedMark() }),
      "/_sandbox/marks/used  (a mark of the right form already in circulation)",
    ],
    [
      "GET",
      /^codes\/(mark|imei|jwUin|gtd|rnpt)$/,
      ({ params, control }) => ({ code: control.units.sample(params[0] as CodeKind) }),
      "/_sandbox/codes/{mark|imei|jwUin|gtd|rnpt}  (one of the form Ozon takes)",
    ],
    [
      "POST",
      /^products\/(\d+)\/needs$/,
      ({ params, body, control }) =>
        control.units.setNeeds(Number(params[0]), needsSchema.parse(body ?? {})),
      "/_sandbox/products/{sku}/needs  {mark?, gtd?, rnpt?, imei?, jwUin?, weight?: {min, max} | null}",
    ],
    [
      "GET",
      /^postings\/([^/]+)\/exemplars$/,
      ({ params, control }) => control.units.of(params[0] as string),
      "/_sandbox/postings/{postingNumber}/exemplars",
    ],
    [
      "POST",
      /^exemplar-check$/,
      ({ body, control }) => {
        const { polls } = z.object({ polls: z.number().int().min(0).max(1000) }).parse(body);
        control.units.setCheckPolls(polls);
        return { polls };
      },
      "/_sandbox/exemplar-check  {polls}  (status reads Ozon's check stays processing)",
    ],
  ];
}
