/**
 * The columns of a workbook, recognised by the tags the bot writes in its header.
 * Tests: none directly
 */

export type PriceField = "price" | "oldPrice" | "minPrice";

export type ColumnRole =
  | { kind: "offer" }
  | { kind: "name" }
  | { kind: "stock"; warehouseId: string }
  | { kind: "money"; field: PriceField }
  /** The seller's own cost price (kept by the bot, never sent to Ozon). */
  | { kind: "cost" };

const TAG = /\(([a-z_]+)(?:\s*#(\d{1,20}))?\)\s*$/i;
const MONEY_TAGS: Record<string, PriceField> = {
  price: "price",
  old_price: "oldPrice",
  min_price: "minPrice",
};

/** What a header cell names, by its tag (the words before it are for people, in any language). */
export function columnRole(header: string): ColumnRole | undefined {
  const match = TAG.exec(header.trim()) ?? TAG.exec(`(${header.trim()})`);
  if (!match) return undefined;
  const tag = (match[1] ?? "").toLowerCase();
  if (tag === "offer_id") return { kind: "offer" };
  if (tag === "name") return { kind: "name" };
  if (tag === "cost") return { kind: "cost" };
  if (tag === "stock" && match[2]) return { kind: "stock", warehouseId: match[2] };
  const field = MONEY_TAGS[tag];
  return field ? { kind: "money", field } : undefined;
}
