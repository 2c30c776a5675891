/**
 * How a posting's units are put in packages for Ozon's ship call: one box, or the person's split,
 * with each product's mandatory marks handed out in unit order. The ship dialog and the one-tap
 * pack both build their request here.
 * Tests: none directly
 */
import type { Posting, ShipPackage } from "../../ozon/seller/types.ts";

/** Packages of `sku → quantity`, in package order. */
export type Layout = Array<Map<string, number>>;

export function oneBox(posting: Posting): Layout {
  const box = new Map<string, number>();
  for (const product of posting.products) {
    box.set(product.sku, (box.get(product.sku) ?? 0) + product.quantity);
  }
  return [box];
}

/** The packages for Ozon: each product's marks handed out in unit order over its packages. */
export function packagesOf(layout: Layout, marks: Map<string, string[]>): ShipPackage[] {
  const handedOut = new Map<string, number>();
  return layout.map((box) => ({
    items: [...box].map(([sku, quantity]) => {
      const all = marks.get(sku);
      if (!all) return { sku, quantity };
      const from = handedOut.get(sku) ?? 0;
      handedOut.set(sku, from + quantity);
      return { sku, quantity, marks: all.slice(from, from + quantity) };
    }),
  }));
}
