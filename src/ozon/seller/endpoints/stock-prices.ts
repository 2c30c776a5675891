/**
 * Stock and prices of the seller's products: read (the seed's paged forms and their cursor
 * successors), per FBS warehouse, and set (per item answers with Ozon's errors).
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { capability } from "../../successors.ts";
import { flexBool, idString, intLike, optionalId, optionalText } from "../../wire.ts";

const wireId = z.union([z.string(), z.number()]);
const ids = z.array(z.string()).max(1000).optional();

/** Money as Ozon writes it: a decimal string ("1290.00"), or a number in the newer forms. */
const money = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) =>
    value === null || value === undefined || value === "" ? undefined : String(value),
  );

const count = intLike.nullish().transform((value) => value ?? 0);

const itemErrors = z
  .array(z.object({ code: z.string().nullish(), message: z.string().nullish() }))
  .nullish()
  .transform((list) => (list ?? []).map((e) => ({ code: e.code ?? "", message: e.message ?? "" })));

// ---- Reading stock ----------------------------------------------------------------------------

/** The seed's form: paged; the `filter` is what Ozon's v2 also took, answers are filtered again. */
export const stocksV2 = endpoint({
  method: "POST",
  path: "/v2/product/info/stocks",
  request: z.object({
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(1000),
    filter: z.object({ offer_id: ids, product_id: ids }).optional(),
  }),
  response: z.object({
    result: z.object({
      items: z
        .array(
          z.object({
            offer_id: z.string().nullish(),
            product_id: idString,
            stocks: z
              .array(z.object({ present: count, reserved: count, type: z.string().nullish() }))
              .nullish(),
          }),
        )
        .nullish(),
      total: intLike.nullish(),
    }),
  }),
  safe: true,
});

/** The request of the successors' cursor-paged lists (`/v4` stocks, `/v5` prices). */
const cursorListRequest = z.object({
  cursor: z.string().optional(),
  filter: z.object({ offer_id: ids, product_id: ids, visibility: z.string().optional() }),
  limit: z.number().int().min(1).max(1000),
});

export const stocksV4 = endpoint({
  method: "POST",
  path: "/v4/product/info/stocks",
  request: cursorListRequest,
  response: z.object({
    cursor: optionalText,
    items: z
      .array(
        z.object({
          offer_id: z.string().nullish(),
          product_id: idString,
          stocks: z
            .array(
              z.object({
                present: count,
                reserved: count,
                sku: optionalId,
                type: z.string().nullish(),
                warehouse_ids: z.array(idString).nullish(),
              }),
            )
            .nullish(),
        }),
      )
      .nullish(),
    total: intLike.nullish(),
  }),
  safe: true,
});

export const stocks = capability({ name: "products.stocks", spec: stocksV2, successor: stocksV4 });

/** Ids per stocks-by-warehouse request, and rows per page of its answer (Ozon's most). */
export const STOCKS_BY_WAREHOUSE_IDS = 1000;
export const STOCKS_BY_WAREHOUSE_PAGE = 1000;

const byWarehousePage = {
  limit: z.number().int().min(1).max(STOCKS_BY_WAREHOUSE_PAGE),
  cursor: z.string().optional(),
};

/**
 * Units per FBS (and rFBS) warehouse, by SKU or by offer_id (one kind per request): a row per
 * product and warehouse, cursor-paged. The v1 form was switched off on 2026-04-07.
 */
export const stocksByWarehouseFbsV2 = endpoint({
  method: "POST",
  path: "/v2/product/info/stocks-by-warehouse/fbs",
  request: z.union([
    z.object({
      sku: z.array(z.string()).min(1).max(STOCKS_BY_WAREHOUSE_IDS),
      ...byWarehousePage,
    }),
    z.object({
      offer_id: z.array(z.string()).min(1).max(STOCKS_BY_WAREHOUSE_IDS),
      ...byWarehousePage,
    }),
  ]),
  response: z.object({
    products: z
      .array(
        z.object({
          sku: optionalId,
          offer_id: z.string().nullish(),
          product_id: idString,
          present: count,
          reserved: count,
          free_stock: intLike.nullish(),
          warehouse_id: idString,
          warehouse_name: z.string().nullish(),
        }),
      )
      .nullish(),
    cursor: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
});

// ---- Reading prices ---------------------------------------------------------------------------

const priceFigures = z.object({
  price: money,
  old_price: money,
  min_price: money,
  currency_code: z.string().nullish(),
});

export const pricesV1 = endpoint({
  method: "POST",
  path: "/v1/product/info/prices",
  request: z.object({
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(1000),
    filter: z.object({ offer_id: ids, product_id: ids }).optional(),
  }),
  response: z.object({
    result: z.object({
      items: z
        .array(
          z.object({
            offer_id: z.string().nullish(),
            product_id: idString,
            price: priceFigures.nullish(),
          }),
        )
        .nullish(),
      total: intLike.nullish(),
    }),
  }),
  safe: true,
});

export const pricesV5 = endpoint({
  method: "POST",
  path: "/v5/product/info/prices",
  request: cursorListRequest,
  response: z.object({
    cursor: optionalText,
    items: z
      .array(
        z.object({
          offer_id: z.string().nullish(),
          product_id: idString,
          price: priceFigures.nullish(),
        }),
      )
      .nullish(),
    total: intLike.nullish(),
  }),
  safe: true,
});

export const prices = capability({ name: "products.prices", spec: pricesV1, successor: pricesV5 });

// ---- Setting stock and prices -----------------------------------------------------------------

/**
 * Up to 100 product–warehouse pairs; each pair at most once in 30 s (TOO_MANY_REQUESTS, "Stock is
 * updated too frequently"), fewer than 1 000 000 units (STOCK_TOO_BIG), 80 requests a minute per
 * account. `quant_size` is required: 1 for an ordinary product.
 */
export const setStocksV2 = endpoint({
  method: "POST",
  path: "/v2/products/stocks",
  request: z.object({
    stocks: z
      .array(
        z.object({
          offer_id: z.string().optional(),
          product_id: wireId,
          quant_size: z.number().int().min(1),
          stock: z.number().int().min(0),
          warehouse_id: wireId,
        }),
      )
      .min(1)
      .max(100),
  }),
  response: z.object({
    result: z
      .array(
        z.object({
          offer_id: z.string().nullish(),
          product_id: optionalId,
          warehouse_id: optionalId,
          updated: flexBool.nullish(),
          errors: itemErrors,
        }),
      )
      .nullish(),
  }),
  // Setting the same figure twice leaves the same stock, but a repeat within 30 s is refused
  // per item: the caller reads the answer, so no blind retry.
  safe: false,
});

/** Up to 1000 products; prices are decimal strings of roubles; `old_price: "0"` resets it. */
export const importPricesV1 = endpoint({
  method: "POST",
  path: "/v1/product/import/prices",
  request: z.object({
    prices: z
      .array(
        z.object({
          offer_id: z.string().optional(),
          product_id: wireId.optional(),
          price: z.string().regex(/^\d+(\.\d{1,2})?$/),
          old_price: z
            .string()
            .regex(/^\d+(\.\d{1,2})?$/)
            .optional(),
          min_price: z
            .string()
            .regex(/^\d+(\.\d{1,2})?$/)
            .optional(),
          currency_code: z.string().optional(),
        }),
      )
      .min(1)
      .max(1000),
  }),
  response: z.object({
    result: z
      .array(
        z.object({
          offer_id: z.string().nullish(),
          product_id: optionalId,
          updated: flexBool.nullish(),
          errors: itemErrors,
        }),
      )
      .nullish(),
  }),
  safe: false,
});

// ---- The catalogue ----------------------------------------------------------------------------

/** Product ids page by page (`last_id`), for a lookup by name or barcode over the catalogue. */
export const productListV3 = endpoint({
  method: "POST",
  path: "/v3/product/list",
  request: z.object({
    filter: z.object({ visibility: z.string().optional() }),
    last_id: z.string(),
    limit: z.number().int().min(1).max(1000),
  }),
  response: z.object({
    result: z.object({
      items: z
        .array(
          z.object({
            product_id: idString,
            offer_id: z.string().nullish(),
            archived: flexBool.nullish(),
          }),
        )
        .nullish(),
      last_id: optionalText,
      total: intLike.nullish(),
    }),
  }),
  safe: true,
});

/** Products by one kind of id, with what a product card names (up to 1000 ids). */
export const productCardsV3 = endpoint({
  method: "POST",
  path: "/v3/product/info/list",
  request: z.union([
    z.object({ offer_id: z.array(z.string()).min(1).max(1000) }),
    z.object({ product_id: z.array(z.string()).min(1).max(1000) }),
    z.object({ sku: z.array(z.string()).min(1).max(1000) }),
  ]),
  response: z.object({
    items: z.array(
      z.object({
        id: idString,
        name: z.string(),
        offer_id: z.string().nullish(),
        sku: optionalId,
        sources: z.array(z.object({ sku: optionalId })).nullish(),
        barcodes: z.array(z.string()).nullish().catch(undefined),
        currency_code: z.string().nullish().catch(undefined),
        is_archived: flexBool.nullish().catch(undefined),
      }),
    ),
  }),
  safe: true,
});
