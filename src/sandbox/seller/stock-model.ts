/**
 * The sandbox's stock and prices of one store: units per product per FBS warehouse (present and
 * reserved), FBO units, minimum prices, and Ozon's limits on changing them (one change of a
 * product's stock at one warehouse per window, ten price changes per product an hour). Kept beside
 * the store's state, made on first use: the units present at each warehouse add up to the
 * product's stock that /v3/product/info/list shows, and the postings awaiting packaging at that
 * moment hold their units reserved. From then on a new posting reserves its units, a shipped one
 * takes them away, a cancelled one gives them back.
 * Tests: none directly
 */
import type { Posting, PostingStatus, Product, SandboxState } from "../state.ts";
import { stockOf } from "./products.ts";

export interface StockCell {
  present: number;
  reserved: number;
}

export interface ItemRefusal {
  code: string;
  message: string;
}

export interface StockBook {
  /** By `${productId}:${warehouseId}`. */
  cells: Map<string, StockCell>;
  /** Products whose figures are made (a product added later is made when first seen). */
  known: Set<number>;
  /** FBO units by product id (read only for the seller). */
  fbo: Map<number, number>;
  /** Minimum price by product id, rubles with kopecks ("990.00"); "0" when unset. */
  minPrice: Map<number, string>;
  /** One change of a product's stock at one warehouse at most once in this time (Ozon: 30 s). */
  changeWindowMs: number;
  lastChange: Map<string, number>;
  /** Price changes per product per hour (Ozon: 10). */
  priceChangesPerHour: number;
  priceChanges: Map<number, number[]>;
  /** The next stock or price items refused with these errors (tests of Ozon's refusals). */
  refuseStock: ItemRefusal[];
  refusePrice: ItemRefusal[];
  /** Each change Ozon accepted through the API, oldest first (tests count what was sent). */
  stockLog: Array<{ productId: number; warehouseId: number; stock: number; at: number }>;
  priceLog: Array<{
    productId: number;
    price: string;
    oldPrice: string;
    minPrice: string;
    at: number;
  }>;
}

/** Statuses whose units are held at the warehouse for the posting. */
const RESERVING: ReadonlySet<PostingStatus> = new Set<PostingStatus>([
  "awaiting_registration",
  "acceptance_in_progress",
  "awaiting_approve",
  "awaiting_packaging",
]);
/** Statuses that never took the units away (they go back to the shelf). */
const RETURNED: ReadonlySet<PostingStatus> = new Set<PostingStatus>(["cancelled", "not_accepted"]);

const books = new WeakMap<SandboxState, StockBook>();

/** Ozon's documented refusals of a stock or price item (the Seller API's «Частые ошибки»). */
export const STOCK_TOO_BIG = 1_000_000;
export const STOCK_TOO_BIG_REFUSAL: ItemRefusal = {
  code: "STOCK_TOO_BIG",
  message: "stock must be less than 1000000",
};
/** One change of a product's stock at one warehouse in 30 s. */
export const STOCK_TOO_FREQUENT_REFUSAL: ItemRefusal = {
  code: "Stock is updated too frequently",
  message: "Stock is updated too frequently",
};
/** A product's price changed more than 10 times in an hour. */
export const PRICE_LIMIT_REFUSAL: ItemRefusal = {
  code: "error limiting: acquire limit per item: items limit: limit exceeded",
  message: "error limiting: acquire limit per item: items limit: limit exceeded",
};

export const cellKey = (productId: number, warehouseId: number) => `${productId}:${warehouseId}`;

/** The stock book of a store (made on first use). */
export function stockBook(state: SandboxState): StockBook {
  let book = books.get(state);
  if (!book) {
    book = makeBook(state);
    books.set(state, book);
  }
  return book;
}

function makeBook(state: SandboxState): StockBook {
  const book: StockBook = {
    cells: new Map(),
    known: new Set(),
    fbo: new Map(),
    minPrice: new Map(),
    changeWindowMs: 30_000,
    lastChange: new Map(),
    priceChangesPerHour: 10,
    priceChanges: new Map(),
    refuseStock: [],
    refusePrice: [],
    stockLog: [],
    priceLog: [],
  };
  for (const p of state.products) ensureProduct(state, book, p);
  return book;
}

/**
 * A product's figures, made the first time it is seen: the first warehouse holds most, the others
 * a few each, all adding up to its stock; units of postings awaiting packaging are held reserved.
 */
export function ensureProduct(state: SandboxState, book: StockBook, p: Product): void {
  if (book.known.has(p.productId)) return;
  book.known.add(p.productId);
  const reserved = new Map<number, number>();
  for (const posting of state.postings.values()) {
    if (!RESERVING.has(posting.status)) continue;
    for (const line of posting.lines) {
      if (line.productId !== p.productId) continue;
      reserved.set(posting.warehouseId, (reserved.get(posting.warehouseId) ?? 0) + line.quantity);
    }
  }
  let rest = stockOf(p);
  state.warehouses.forEach((w, i) => {
    const share = i === 0 ? 0 : Math.min(rest, (p.productId + i) % 4);
    rest -= share;
    const held = reserved.get(w.id) ?? 0;
    book.cells.set(cellKey(p.productId, w.id), { present: share + held, reserved: held });
  });
  const first = state.warehouses[0];
  if (first) cellOf(book, p.productId, first.id).present += rest;
  book.fbo.set(p.productId, (p.productId % 3) * 7);
  book.minPrice.set(p.productId, "0");
  syncTotal(state, book, p);
}

/** Keeps /v3/product/info/list's stock the sum of the warehouses' present units. */
export function syncTotal(state: SandboxState, book: StockBook, p: Product): void {
  let sum = 0;
  for (const w of state.warehouses) sum += book.cells.get(cellKey(p.productId, w.id))?.present ?? 0;
  p.stock = sum;
}

export function cellOf(book: StockBook, productId: number, warehouseId: number): StockCell {
  const key = cellKey(productId, warehouseId);
  let cell = book.cells.get(key);
  if (!cell) {
    cell = { present: 0, reserved: 0 };
    book.cells.set(key, cell);
  }
  return cell;
}

/** A new posting holds its units (as far as there are free ones). No book yet: counted when made. */
export function reserveForPosting(state: SandboxState, posting: Posting): void {
  const book = books.get(state);
  if (!book || !RESERVING.has(posting.status)) return;
  for (const line of posting.lines) {
    const product = state.products.find((p) => p.productId === line.productId);
    if (product && !book.known.has(product.productId)) {
      ensureProduct(state, book, product); // counts this posting's units as reserved already
      continue;
    }
    const cell = cellOf(book, line.productId, posting.warehouseId);
    cell.reserved += Math.min(line.quantity, Math.max(0, cell.present - cell.reserved));
  }
}

/** A posting leaving the reserving statuses releases its units, and takes them if shipped. */
export function postingMoved(
  state: SandboxState,
  posting: Posting,
  from: PostingStatus,
  to: PostingStatus,
): void {
  const book = books.get(state);
  if (!book || !RESERVING.has(from) || RESERVING.has(to)) return;
  for (const line of posting.lines) {
    const cell = cellOf(book, line.productId, posting.warehouseId);
    const held = Math.min(line.quantity, cell.reserved);
    cell.reserved -= held;
    if (!RETURNED.has(to)) cell.present = Math.max(0, cell.present - held);
    const product = state.products.find((p) => p.productId === line.productId);
    if (product) syncTotal(state, book, product);
  }
}

/**
 * Sets the units available (not counting reserved) of one product at one warehouse, as
 * /v2/products/stocks does; a refusal in Ozon's words otherwise.
 */
export function setAvailable(
  state: SandboxState,
  product: Product,
  warehouseId: number,
  stock: number,
  options: { checkWindow: boolean } = { checkWindow: true },
): ItemRefusal | undefined {
  const book = stockBook(state);
  ensureProduct(state, book, product);
  const refusal = book.refuseStock.shift();
  if (refusal) return refusal;
  if (!state.warehouses.some((w) => w.id === warehouseId)) {
    return { code: "WAREHOUSE_NOT_FOUND", message: `warehouse ${warehouseId} not found` };
  }
  if (!Number.isSafeInteger(stock) || stock < 0) {
    return { code: "INVALID_STOCK", message: "stock must be 0 or more" };
  }
  if (stock >= STOCK_TOO_BIG) return STOCK_TOO_BIG_REFUSAL;
  const key = cellKey(product.productId, warehouseId);
  const now = state.now();
  const last = book.lastChange.get(key);
  if (options.checkWindow && last !== undefined && now - last < book.changeWindowMs) {
    return STOCK_TOO_FREQUENT_REFUSAL;
  }
  const cell = cellOf(book, product.productId, warehouseId);
  cell.present = stock + cell.reserved;
  if (options.checkWindow) {
    book.lastChange.set(key, now);
    book.stockLog.push({ productId: product.productId, warehouseId, stock, at: now });
  }
  syncTotal(state, book, product);
  return undefined;
}

/** Sets prices as /v1/product/import/prices does; a refusal in Ozon's words otherwise. */
export function setPrices(
  state: SandboxState,
  product: Product,
  change: { price: string; oldPrice?: string | undefined; minPrice?: string | undefined },
): ItemRefusal | undefined {
  const book = stockBook(state);
  ensureProduct(state, book, product);
  const refusal = book.refusePrice.shift();
  if (refusal) return refusal;
  const now = state.now();
  const recent = (book.priceChanges.get(product.productId) ?? []).filter(
    (t) => now - t < 3_600_000,
  );
  if (recent.length >= book.priceChangesPerHour) return PRICE_LIMIT_REFUSAL;
  const price = Number(change.price);
  if (!(price > 0)) return { code: "INVALID_PRICE", message: "price must be greater than 0" };
  const oldPrice = change.oldPrice ?? product.oldPrice;
  if (Number(oldPrice) !== 0 && Number(oldPrice) <= price) {
    return {
      code: "OLD_PRICE_LESS_THAN_PRICE",
      message: "old_price must be greater than price",
    };
  }
  const minPrice = change.minPrice ?? book.minPrice.get(product.productId) ?? "0";
  if (Number(minPrice) > price) {
    return { code: "MIN_PRICE_GREATER_THAN_PRICE", message: "min_price must not exceed price" };
  }
  recent.push(now);
  book.priceChanges.set(product.productId, recent);
  product.price = fixed(change.price);
  product.oldPrice = fixed(oldPrice);
  book.minPrice.set(product.productId, fixed(minPrice));
  book.priceLog.push({
    productId: product.productId,
    price: product.price,
    oldPrice: product.oldPrice,
    minPrice: fixed(minPrice),
    at: now,
  });
  return undefined;
}

/** "1290" → "1290.00", "99.5" → "99.50" (decimal strings, no float). */
export function fixed(rubles: string): string {
  const [whole = "0", part = ""] = rubles.trim().split(".");
  return `${whole.replace(/^0+(?=\d)/, "")}.${`${part}00`.slice(0, 2)}`;
}
