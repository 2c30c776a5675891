/**
 * `POST /v1/analytics/data` in the live shape: `limit` required (1…1000), up to 14 metrics, of
 * which a seller without Premium Plus may ask `revenue` and `ordered_units`; rows by `day` or
 * `sku` (or both), `totals` over all rows. Each product sells a few units a day, decided by the
 * seed, at its price.
 * Tests: none directly
 */
import { z } from "zod";
import { daysOf } from "../csv.ts";
import { badRequest, jsonReply, readBody } from "../http.ts";
import { createRandom, hashSeed } from "../random.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";

const METRICS = ["revenue", "ordered_units"] as const;
type Metric = (typeof METRICS)[number];
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD");

/** Units and revenue (roubles) of one product on one day. */
export function productDay(state: SandboxState, sku: number, day: string) {
  const product = state.products.find((p) => p.sku === sku);
  const r = createRandom(hashSeed(state.settings.seed, "analytics", sku, day));
  const units = r.int(0, 5);
  return {
    ordered_units: units,
    revenue: Math.round(units * Number(product?.price ?? 0) * 100) / 100,
  };
}

/** Totals over every product and day of the period, as the sandbox answers them. */
export function salesTotals(state: SandboxState, from: string, to: string) {
  let units = 0;
  let revenue = 0;
  for (const day of daysOf(from, to)) {
    for (const product of state.products) {
      const sold = productDay(state, product.sku, day);
      units += sold.ordered_units;
      revenue += sold.revenue;
    }
  }
  return { orderedUnits: units, revenue: Math.round(revenue * 100) / 100 };
}

export function analyticsRoutes(state: SandboxState): Route[] {
  return [
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v1/analytics/data",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            date_from: DATE,
            date_to: DATE,
            metrics: z.array(z.string()).min(1).max(14),
            dimension: z.array(z.string()).min(1),
            limit: z.number().int().min(1).max(1000),
            offset: z.number().int().min(0).optional(),
          }),
        );
        const premium = body.metrics.find((m) => !METRICS.includes(m as Metric));
        if (premium) badRequest("seller", `metric ${premium} needs a Premium Plus subscription`);
        const dimensions = body.dimension.filter((d) => d === "day" || d === "sku");
        if (dimensions.length !== body.dimension.length) {
          badRequest("seller", "dimension must be day or sku");
        }
        if (body.date_to < body.date_from) badRequest("seller", "date_to is before date_from");
        const metrics = body.metrics as Metric[];
        const byDay = dimensions.includes("day");
        const bySku = dimensions.includes("sku");
        const groups = new Map<
          string,
          { dims: Array<{ id: string; name: string }>; sums: number[] }
        >();
        for (const day of daysOf(body.date_from, body.date_to)) {
          for (const product of state.products) {
            const sold = productDay(state, product.sku, day);
            const dims = [
              ...(byDay ? [{ id: day, name: "" }] : []),
              ...(bySku ? [{ id: String(product.sku), name: product.name }] : []),
            ];
            const key = dims.map((d) => d.id).join("|");
            const group = groups.get(key) ?? { dims, sums: metrics.map(() => 0) };
            metrics.forEach((m, i) => {
              group.sums[i] = (group.sums[i] ?? 0) + sold[m];
            });
            groups.set(key, group);
          }
        }
        const round = (n: number) => Math.round(n * 100) / 100;
        const all = [...groups.values()];
        const totals = metrics.map((_, i) => round(all.reduce((s, g) => s + (g.sums[i] ?? 0), 0)));
        const offset = body.offset ?? 0;
        const data = all.slice(offset, offset + body.limit).map((g) => ({
          dimensions: g.dims,
          metrics: g.sums.map(round),
        }));
        return jsonReply({
          result: { data, totals },
          timestamp: new Date(state.now()).toISOString().replace("T", " ").slice(0, 19),
        });
      },
    },
  ];
}
