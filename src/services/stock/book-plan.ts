/**
 * What a workbook sent back asks of Ozon: its columns recognised by the tags the bot writes in
 * the header ("(offer_id)", "(stock #<warehouse>)", "(price)"...), each row compared with the
 * store as Ozon shows it now. An empty cell asks nothing; a cell equal to Ozon's value is no
 * change. Unknown offer_ids and rows that cannot be read are listed with their row numbers.
 * Tests: test/services/stock/book.test.ts
 */
import { type CellProblem, cellText, parseMoney, parseStock } from "./book-cells.ts";
import { columnRole, type PriceField } from "./book-columns.ts";
import type { BookSheet } from "./book-read.ts";

export { type ColumnRole, columnRole, type PriceField } from "./book-columns.ts";

export interface BookWarehouse {
  id: string;
  name: string;
}

export interface BookItem {
  offerId: string;
  /** Ozon's product id (a string: ids may exceed 2^53). */
  productId: string;
  sku?: string | undefined;
  name: string;
  /** Units available to sell at each FBS warehouse (present less reserved), by warehouse id. */
  stocks: Record<string, number>;
  /** Kopecks. */
  price?: bigint | undefined;
  oldPrice?: bigint | undefined;
  minPrice?: bigint | undefined;
  /** The seller's cost price the bot keeps (kopecks), when set. */
  cost?: bigint | undefined;
}

export interface BookCatalog {
  warehouses: BookWarehouse[];
  items: BookItem[];
}

export const PRICE_FIELDS: readonly PriceField[] = ["price", "oldPrice", "minPrice"];

export interface StockChange {
  row: number;
  offerId: string;
  productId: string;
  /** The product's SKU when Ozon gave one (the audit trail names a product by it). */
  sku?: string;
  warehouseId: string;
  from: number | undefined;
  to: number;
}

export interface PriceChange {
  row: number;
  offerId: string;
  productId: string;
  sku?: string;
  /** The fields that change, old and new in kopecks (as strings: JSON keeps no bigint). */
  fields: Partial<Record<PriceField, { from?: string; to: string }>>;
  /** The price sent unchanged with a new old or min price (Ozon wants a price in each item). */
  keepPrice?: string;
}

/** A new cost price (kopecks as text): kept by the bot, not sent to Ozon. */
export interface CostChange {
  row: number;
  offerId: string;
  /** The product's SKU (accruals name products by it). */
  sku?: string;
  from?: string;
  to: string;
}

export interface Unreadable {
  row: number;
  /** What is wrong, as codes the bot words: "offer_id_missing", "duplicate:<row>", "<column>:<problem>". */
  problems: string[];
}

export interface BookPlan {
  stock: StockChange[];
  prices: PriceChange[];
  costs: CostChange[];
  unknown: Array<{ row: number; offerId: string }>;
  unreadable: Unreadable[];
  /** Changes per kind: stock pairs, prices, old prices, min prices. */
  counts: { stock: number; price: number; oldPrice: number; minPrice: number; cost: number };
  /** Rows read (the header not counted). */
  rows: number;
}

export class BookColumnsError extends Error {
  override name = "BookColumnsError";
}

export function planBook(sheet: BookSheet, catalog: BookCatalog): BookPlan {
  const roles = sheet.header.map(columnRole);
  const offerColumn = roles.findIndex((role) => role?.kind === "offer");
  if (offerColumn < 0) throw new BookColumnsError("no offer_id column");
  const known = new Set(catalog.warehouses.map((w) => w.id));
  const items = new Map(catalog.items.map((item) => [item.offerId, item]));
  const plan: BookPlan = {
    stock: [],
    prices: [],
    costs: [],
    unknown: [],
    unreadable: [],
    counts: { stock: 0, price: 0, oldPrice: 0, minPrice: 0, cost: 0 },
    rows: sheet.rows.length,
  };
  const seen = new Map<string, number>();
  for (const row of sheet.rows) {
    const offerId = cellText(row.cells[offerColumn]);
    if (offerId === "") {
      plan.unreadable.push({ row: row.n, problems: ["offer_id_missing"] });
      continue;
    }
    const before = seen.get(offerId);
    if (before !== undefined) {
      plan.unreadable.push({ row: row.n, problems: [`duplicate:${before}`] });
      continue;
    }
    seen.set(offerId, row.n);
    const item = items.get(offerId);
    if (!item) {
      plan.unknown.push({ row: row.n, offerId: offerId.slice(0, 100) });
      continue;
    }
    const problems: string[] = [];
    const stock: StockChange[] = [];
    const fields: PriceChange["fields"] = {};
    let cost: CostChange | undefined;
    for (const [column, role] of roles.entries()) {
      const cell = row.cells[column];
      const header = sheet.header[column];
      if (role?.kind === "stock") {
        const parsed = parseStock(cell);
        if (!parsed.ok) problems.push(problem(header, parsed.reason));
        else if (parsed.value === undefined) continue;
        else if (!known.has(role.warehouseId)) problems.push(problem(header, "unknown_warehouse"));
        else if (item.stocks[role.warehouseId] !== parsed.value) {
          stock.push({
            row: row.n,
            offerId,
            productId: item.productId,
            ...(item.sku ? { sku: item.sku } : {}),
            warehouseId: role.warehouseId,
            from: item.stocks[role.warehouseId],
            to: parsed.value,
          });
        }
      } else if (role?.kind === "cost") {
        // Empty changes nothing; the same figure is no change.
        const parsed = parseMoney(cell);
        if (!parsed.ok) problems.push(problem(header, parsed.reason));
        else if (parsed.value !== undefined && parsed.value !== item.cost) {
          cost = {
            row: row.n,
            offerId,
            ...(item.sku ? { sku: item.sku } : {}),
            ...(item.cost === undefined ? {} : { from: item.cost.toString() }),
            to: parsed.value.toString(),
          };
        }
      } else if (role?.kind === "money") {
        const parsed = parseMoney(cell);
        const from = item[role.field];
        if (!parsed.ok) problems.push(problem(header, parsed.reason));
        else if (parsed.value === undefined || parsed.value === from) continue;
        else if (role.field === "price" && parsed.value === 0n)
          problems.push(problem(header, "zero"));
        else {
          fields[role.field] = {
            ...(from === undefined ? {} : { from: from.toString() }),
            to: parsed.value.toString(),
          };
        }
      }
    }
    // A row with a cell that cannot be read changes nothing: half a row is worse than none.
    if (problems.length > 0) {
      plan.unreadable.push({ row: row.n, problems });
      continue;
    }
    const keepPrice = fields.price ? undefined : item.price;
    if (Object.keys(fields).length > 0 && !fields.price && keepPrice === undefined) {
      plan.unreadable.push({ row: row.n, problems: ["price_missing"] });
      continue;
    }
    plan.stock.push(...stock);
    plan.counts.stock += stock.length;
    if (cost) {
      plan.costs.push(cost);
      plan.counts.cost += 1;
    }
    if (Object.keys(fields).length > 0) {
      plan.prices.push({
        row: row.n,
        offerId,
        productId: item.productId,
        ...(item.sku ? { sku: item.sku } : {}),
        fields,
        ...(keepPrice === undefined ? {} : { keepPrice: keepPrice.toString() }),
      });
      for (const field of PRICE_FIELDS) if (fields[field]) plan.counts[field] += 1;
    }
  }
  return plan;
}

function problem(
  header: string | undefined,
  reason: CellProblem | "unknown_warehouse" | "zero",
): string {
  return `${(header ?? "").slice(0, 60)}:${reason}`;
}

export interface BigChange {
  row: number;
  offerId: string;
  what: "stock" | PriceField;
  warehouseId?: string;
  from: string | undefined;
  to: string;
  /** The change against the old value (1 = doubled or halved... 0.5 = ±50 %); new values: Infinity. */
  size: number;
}

/** The `limit` biggest changes, by their size against the old value. */
export function biggestChanges(plan: BookPlan, limit = 10): BigChange[] {
  const all: BigChange[] = [];
  for (const change of plan.stock) {
    const from = change.from ?? 0;
    all.push({
      row: change.row,
      offerId: change.offerId,
      what: "stock",
      warehouseId: change.warehouseId,
      from: change.from === undefined ? undefined : String(change.from),
      to: String(change.to),
      size: from === 0 ? change.to : Math.abs(change.to - from) / from,
    });
  }
  for (const change of plan.prices) {
    for (const field of PRICE_FIELDS) {
      const one = change.fields[field];
      if (!one) continue;
      const from = one.from === undefined ? 0n : BigInt(one.from);
      const to = BigInt(one.to);
      const delta = to > from ? to - from : from - to;
      all.push({
        row: change.row,
        offerId: change.offerId,
        what: field,
        from: one.from,
        to: one.to,
        size: from === 0n ? Number.POSITIVE_INFINITY : Number((delta * 10_000n) / from) / 10_000,
      });
    }
  }
  return all.sort((a, b) => b.size - a.size || a.row - b.row).slice(0, limit);
}
