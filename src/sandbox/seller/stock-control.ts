/**
 * The control of a store's stock and prices, for tests and benchmarks (HTTP twin in control-http.ts).
 * Tests: none directly
 */
import type { Product, SandboxState } from "../state.ts";
import { cellKey, ensureProduct, setAvailable, stockBook } from "./stock-model.ts";

export interface WarehouseUnits {
  warehouseId: number;
  warehouseName: string;
  isRfbs: boolean;
  present: number;
  reserved: number;
}

export interface ProductUnits {
  offerId: string;
  productId: number;
  sku: number;
  warehouses: WarehouseUnits[];
  fbo: number;
  price: string;
  oldPrice: string;
  minPrice: string;
}

export interface StockControl {
  /** A product's units per warehouse, FBO units and prices, by offer_id. */
  units(offerId: string): ProductUnits;
  /** Sets the units available (reserved ones come on top), bypassing Ozon's change limit. */
  setStock(offerId: string, warehouseId: number, available: number): ProductUnits;
  setFbo(offerId: string, units: number): ProductUnits;
  /** How long one product–warehouse pair waits between changes (Ozon: 30 000 ms). */
  setChangeWindow(ms: number): void;
  /** The next stock (or price) item sent is refused with this error. */
  refuseNextStock(code: string, message?: string): void;
  refuseNextPrice(code: string, message?: string): void;
  /** Changes Ozon accepted through the API, oldest first. */
  stockLog(): Array<{ offerId: string; warehouseId: number; stock: number; at: number }>;
  priceLog(): Array<{ offerId: string; price: string; oldPrice: string; minPrice: string }>;
}

export function createStockControl(state: SandboxState): StockControl {
  const productOrThrow = (offerId: string): Product => {
    const p = state.products.find((x) => x.offerId === offerId);
    if (!p) throw new Error(`product ${offerId} not found`);
    return p;
  };
  const offerOf = (productId: number) =>
    state.products.find((p) => p.productId === productId)?.offerId ?? String(productId);
  const control: StockControl = {
    units(offerId) {
      const p = productOrThrow(offerId);
      const book = stockBook(state);
      ensureProduct(state, book, p);
      return {
        offerId: p.offerId,
        productId: p.productId,
        sku: p.sku,
        warehouses: state.warehouses.map((w) => {
          const cell = book.cells.get(cellKey(p.productId, w.id)) ?? { present: 0, reserved: 0 };
          return {
            warehouseId: w.id,
            warehouseName: w.name,
            isRfbs: w.isRfbs,
            present: cell.present,
            reserved: cell.reserved,
          };
        }),
        fbo: book.fbo.get(p.productId) ?? 0,
        price: p.price,
        oldPrice: p.oldPrice,
        minPrice: book.minPrice.get(p.productId) ?? "0",
      };
    },
    setStock(offerId, warehouseId, available) {
      const refusal = setAvailable(state, productOrThrow(offerId), warehouseId, available, {
        checkWindow: false,
      });
      if (refusal) throw new Error(`${refusal.code}: ${refusal.message}`);
      return control.units(offerId);
    },
    setFbo(offerId, units) {
      if (!Number.isSafeInteger(units) || units < 0) throw new Error("units must be 0 or more");
      const p = productOrThrow(offerId);
      const book = stockBook(state);
      ensureProduct(state, book, p);
      book.fbo.set(p.productId, units);
      return control.units(offerId);
    },
    setChangeWindow(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error("window must be 0 ms or more");
      stockBook(state).changeWindowMs = ms;
    },
    refuseNextStock(code, message = code) {
      stockBook(state).refuseStock.push({ code, message });
    },
    refuseNextPrice(code, message = code) {
      stockBook(state).refusePrice.push({ code, message });
    },
    stockLog: () =>
      stockBook(state).stockLog.map((e) => ({
        offerId: offerOf(e.productId),
        warehouseId: e.warehouseId,
        stock: e.stock,
        at: e.at,
      })),
    priceLog: () =>
      stockBook(state).priceLog.map((e) => ({
        offerId: offerOf(e.productId),
        price: e.price,
        oldPrice: e.oldPrice,
        minPrice: e.minPrice,
      })),
  };
  return control;
}
