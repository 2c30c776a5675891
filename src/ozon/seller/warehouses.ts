/** The warehouses namespace. */
import type { SellerContext } from "./context.ts";
import { warehouseList } from "./endpoints/warehouses.ts";
import type { Warehouse } from "./types.ts";

export function createWarehousesApi(ctx: SellerContext) {
  return {
    async list(): Promise<Warehouse[]> {
      const answer = await ctx.http.call(warehouseList, { body: { limit: 200 } });
      return answer.result.map((row) => ({
        id: row.warehouse_id,
        name: row.name,
        isRfbs: row.is_rfbs ?? false,
        status: row.status,
      }));
    },
  };
}

export type WarehousesApi = ReturnType<typeof createWarehousesApi>;
