/**
 * Stock and prices as Ozon serves them: the seed's paged reads (retirable) and their cursor
 * successors, units per FBS warehouse, setting stock (per warehouse, and the seed's form for the
 * first warehouse) and prices with Ozon's per-item errors, and the catalogue's id list.
 * Tests: none directly
 */
import { z } from "zod";
import { badRequest, jsonReply, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { Product, SandboxState } from "../state.ts";
import {
  cellKey,
  ensureProduct,
  type ItemRefusal,
  setAvailable,
  setPrices,
  stockBook,
} from "./stock-model.ts";

const anyId = z.union([z.string(), z.number().int()]);
const idList = z.array(anyId).nullish();
const filter = z
  .object({ offer_id: idList, product_id: idList, visibility: z.string().nullish() })
  .nullish();
const money = z.string().regex(/^\d+(\.\d{1,2})?$/, "expected a decimal string of rubles");

function chosen(state: SandboxState, f: z.output<typeof filter>): Product[] {
  const offers = new Set((f?.offer_id ?? []).map(String));
  const ids = new Set((f?.product_id ?? []).map(String));
  if (offers.size === 0 && ids.size === 0) return state.products;
  return state.products.filter((p) => offers.has(p.offerId) || ids.has(String(p.productId)));
}

/** The product an item names; `offer_id` wins when both are given, as at Ozon. */
function productOf(
  state: SandboxState,
  item: { offer_id?: string | null | undefined; product_id?: string | number | null | undefined },
): Product | undefined {
  if (item.offer_id) return state.products.find((p) => p.offerId === item.offer_id);
  if (item.product_id === undefined || item.product_id === null) return undefined;
  return state.products.find((p) => String(p.productId) === String(item.product_id));
}

const notFound: ItemRefusal = { code: "NOT_FOUND", message: "product not found" };
const errorsOf = (refusal: ItemRefusal | undefined) => (refusal ? [refusal] : []);

function unitsOf(state: SandboxState, p: Product) {
  const book = stockBook(state);
  ensureProduct(state, book, p);
  const perWarehouse = state.warehouses.map((w) => ({
    warehouse: w,
    cell: book.cells.get(cellKey(p.productId, w.id)) ?? { present: 0, reserved: 0 },
  }));
  const sum = (rfbs: boolean) =>
    perWarehouse
      .filter((x) => x.warehouse.isRfbs === rfbs)
      .reduce(
        (t, x) => ({ present: t.present + x.cell.present, reserved: t.reserved + x.cell.reserved }),
        { present: 0, reserved: 0 },
      );
  return { perWarehouse, fbs: sum(false), rfbs: sum(true), fbo: book.fbo.get(p.productId) ?? 0 };
}

function priceOf(state: SandboxState, p: Product) {
  const book = stockBook(state);
  ensureProduct(state, book, p);
  return {
    price: p.price,
    old_price: p.oldPrice,
    min_price: book.minPrice.get(p.productId) ?? "0",
    currency_code: "RUB",
  };
}

/** A cursor is the index of the next product, as text. */
function page<T>(list: T[], cursor: string | null | undefined, limit: number) {
  const start = cursor ? Number(cursor) : 0;
  if (!Number.isSafeInteger(start) || start < 0) return badRequest("seller", "invalid cursor");
  const slice = list.slice(start, start + limit);
  const next = start + slice.length;
  return { slice, cursor: next < list.length ? String(next) : "" };
}

export function stockPriceRoutes(state: SandboxState): Route[] {
  const pagedBody = z.object({
    page: z.number().int().min(1).default(1),
    page_size: z.number().int().min(1).max(1000).default(100),
    filter,
  });
  const cursorBody = z.object({
    cursor: z.string().nullish(),
    filter: filter.unwrap().unwrap(),
    limit: z.number().int().min(1).max(1000),
  });
  // One of sku (int64 as strings) or offer_id, up to 1000; `limit` rows (product × warehouse).
  const byWarehouseBody = z.object({
    cursor: z.string().optional(),
    limit: z.number().int().min(1).max(1000),
    offer_id: z.array(z.string()).min(1).max(1000).optional(),
    sku: z
      .array(z.string().regex(/^\d+$/, "expected an int64 as a string"))
      .min(1)
      .max(1000)
      .optional(),
  });
  return [
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v2/product/info/stocks",
      retirable: true,
      handle(req) {
        const body = readBody(req, pagedBody);
        const all = chosen(state, body.filter);
        const from = (body.page - 1) * body.page_size;
        const items = all.slice(from, from + body.page_size).map((p) => {
          const u = unitsOf(state, p);
          return {
            offer_id: p.offerId,
            product_id: p.productId,
            stocks: [
              { type: "fbo", present: u.fbo, reserved: 0 },
              {
                type: "fbs",
                present: u.fbs.present + u.rfbs.present,
                reserved: u.fbs.reserved + u.rfbs.reserved,
              },
            ],
          };
        });
        return jsonReply({ result: { items, total: all.length } });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v4/product/info/stocks",
      handle(req) {
        const body = readBody(req, cursorBody);
        const all = chosen(state, body.filter);
        const { slice, cursor } = page(all, body.cursor, body.limit);
        const items = slice.map((p) => {
          const u = unitsOf(state, p);
          const ids = (rfbs: boolean) =>
            u.perWarehouse.filter((x) => x.warehouse.isRfbs === rfbs).map((x) => x.warehouse.id);
          const stock = (
            type: string,
            units: { present: number; reserved: number },
            w: number[],
          ) => ({
            type,
            present: units.present,
            reserved: units.reserved,
            sku: p.sku,
            shipment_type: "SHIPMENT_TYPE_GENERAL",
            warehouse_ids: w,
          });
          return {
            offer_id: p.offerId,
            product_id: p.productId,
            stocks: [
              stock("fbs", u.fbs, ids(false)),
              stock("rfbs", u.rfbs, ids(true)),
              stock("fbo", { present: u.fbo, reserved: 0 }, []),
            ],
          };
        });
        return jsonReply({ cursor, items, total: all.length });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v2/product/info/stocks-by-warehouse/fbs",
      handle(req) {
        const body = readBody(req, byWarehouseBody);
        if ((body.sku === undefined) === (body.offer_id === undefined)) {
          return badRequest("seller", "pass either sku or offer_id");
        }
        const skus = new Set(body.sku ?? []);
        const offers = new Set(body.offer_id ?? []);
        const rows = state.products
          .filter((p) => skus.has(String(p.sku)) || offers.has(p.offerId))
          .flatMap((p) =>
            unitsOf(state, p).perWarehouse.map(({ warehouse, cell }) => ({
              free_stock: Math.max(0, cell.present - cell.reserved),
              offer_id: p.offerId,
              present: cell.present,
              product_id: p.productId,
              reserved: cell.reserved,
              sku: p.sku,
              warehouse_id: warehouse.id,
              warehouse_name: warehouse.name,
            })),
          );
        const { slice, cursor } = page(rows, body.cursor, body.limit);
        return jsonReply({ cursor, has_next: cursor !== "", products: slice });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v1/product/info/prices",
      retirable: true,
      handle(req) {
        const body = readBody(req, pagedBody);
        const all = chosen(state, body.filter);
        const from = (body.page - 1) * body.page_size;
        const items = all.slice(from, from + body.page_size).map((p) => ({
          offer_id: p.offerId,
          product_id: p.productId,
          price: { ...priceOf(state, p), vat: "0.2" },
        }));
        return jsonReply({ result: { items, total: all.length } });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v5/product/info/prices",
      handle(req) {
        const body = readBody(req, cursorBody);
        const all = chosen(state, body.filter);
        const { slice, cursor } = page(all, body.cursor, body.limit);
        const items = slice.map((p) => {
          const figures = priceOf(state, p);
          // The v5 form writes money as numbers.
          return {
            offer_id: p.offerId,
            product_id: p.productId,
            price: {
              price: Number(figures.price),
              old_price: Number(figures.old_price),
              min_price: Number(figures.min_price),
              currency_code: "RUB",
              auto_action_enabled: false,
              vat: 0.2,
            },
          };
        });
        return jsonReply({ cursor, items, total: all.length });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v2/products/stocks",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            stocks: z
              .array(
                z.object({
                  offer_id: z.string().optional(),
                  product_id: z.number().int(),
                  quant_size: z.number().int().min(1),
                  stock: z.number().int(),
                  warehouse_id: z.number().int(),
                }),
              )
              .min(1)
              .max(100),
          }),
        );
        const result = body.stocks.map((item) => {
          const p = productOf(state, item);
          const refusal = p
            ? setAvailable(state, p, Number(item.warehouse_id), item.stock)
            : notFound;
          return {
            warehouse_id: item.warehouse_id,
            product_id: p?.productId ?? item.product_id,
            offer_id: p?.offerId ?? item.offer_id ?? "",
            updated: refusal === undefined,
            errors: errorsOf(refusal),
          };
        });
        return jsonReply({ result });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v1/product/import/stocks",
      retirable: true,
      handle(req) {
        const body = readBody(
          req,
          z.object({
            stocks: z
              .array(
                z.object({
                  offer_id: z.string().nullish(),
                  product_id: anyId.nullish(),
                  stock: z.number().int(),
                }),
              )
              .min(1)
              .max(100),
          }),
        );
        const first = state.warehouses[0]?.id ?? 0;
        const result = body.stocks.map((item) => {
          const p = productOf(state, item);
          const refusal = p ? setAvailable(state, p, first, item.stock) : notFound;
          return {
            product_id: p?.productId ?? item.product_id ?? 0,
            offer_id: p?.offerId ?? item.offer_id ?? "",
            updated: refusal === undefined,
            errors: errorsOf(refusal),
          };
        });
        return jsonReply({ result });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v1/product/import/prices",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            prices: z
              .array(
                z.object({
                  offer_id: z.string().nullish(),
                  product_id: anyId.nullish(),
                  price: money,
                  old_price: money.nullish(),
                  min_price: money.nullish(),
                  currency_code: z.string().nullish(),
                }),
              )
              .min(1)
              .max(1000),
          }),
        );
        const result = body.prices.map((item) => {
          const p = productOf(state, item);
          const refusal = p
            ? setPrices(state, p, {
                price: item.price,
                oldPrice: item.old_price ?? undefined,
                minPrice: item.min_price ?? undefined,
              })
            : notFound;
          return {
            product_id: p?.productId ?? item.product_id ?? 0,
            offer_id: p?.offerId ?? item.offer_id ?? "",
            updated: refusal === undefined,
            errors: errorsOf(refusal),
          };
        });
        return jsonReply({ result });
      },
    },
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v3/product/list",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            filter: filter,
            last_id: z.string().nullish(),
            limit: z.number().int().min(1).max(1000).default(100),
          }),
        );
        const all = chosen(state, body.filter);
        const { slice, cursor } = page(all, body.last_id, body.limit);
        const items = slice.map((p) => {
          const u = unitsOf(state, p);
          return {
            product_id: p.productId,
            offer_id: p.offerId,
            archived: false,
            has_fbo_stocks: u.fbo > 0,
            has_fbs_stocks: u.fbs.present + u.rfbs.present > 0,
            is_discounted: false,
            quants: [],
          };
        });
        return jsonReply({ result: { items, last_id: cursor, total: all.length } });
      },
    },
  ];
}
