/**
 * The warehouses namespace. Ozon allows `/v2/warehouse/list` once a minute per account, so the
 * list is kept for a minute and shared by every screen of the store (`/subscribe`, the workbook):
 * readers within the minute, or while it is being asked, make no request of their own.
 * Tests: none directly
 */
import { Kept, ONCE_A_MINUTE_MS } from "../kept.ts";
import type { SellerContext } from "./context.ts";
import { WAREHOUSE_PAGE, warehouseListV2 } from "./endpoints/warehouses.ts";
import type { Warehouse } from "./types.ts";

/** A listing stops here even if Ozon keeps saying there is more (2 000 warehouses). */
const MAX_PAGES = 10;

export function createWarehousesApi(ctx: SellerContext) {
  const kept = new Kept<Warehouse[]>({ clock: ctx.clock, freshMs: ONCE_A_MINUTE_MS });

  async function ask(): Promise<Warehouse[]> {
    const found = new Map<string, Warehouse>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await ctx.http.call(warehouseListV2, {
        body: { limit: WAREHOUSE_PAGE, ...(cursor ? { cursor } : {}) },
      });
      const rows = answer.warehouses ?? [];
      for (const row of rows) {
        found.set(row.warehouse_id, {
          id: row.warehouse_id,
          name: row.name ?? row.warehouse_id,
          isRfbs: row.is_rfbs ?? false,
          status: row.status,
        });
      }
      if (!answer.has_next || rows.length === 0 || !answer.cursor || answer.cursor === cursor) {
        break;
      }
      cursor = answer.cursor;
    }
    return [...found.values()];
  }

  return {
    /** The store's FBS and rFBS warehouses, as Ozon listed them within the last minute. */
    list(signal?: AbortSignal): Promise<Warehouse[]> {
      return kept.get("all", ask, signal).then((list) => [...list]);
    },
  };
}

export type WarehousesApi = ReturnType<typeof createWarehousesApi>;
