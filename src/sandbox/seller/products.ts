/**
 * The seller's catalogue by id, as /v3/product/info/list writes it.
 * Tests: none directly
 */
import { z } from "zod";
import { GRPC, jsonReply, readBody, sellerError } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { Product, SandboxState } from "../state.ts";

const ids = z.array(z.union([z.string(), z.number().int()])).optional();

export function productRoutes(state: SandboxState): Route[] {
  return [
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v3/product/info/list",
      handle(req) {
        const body = readBody(req, z.object({ offer_id: ids, product_id: ids, sku: ids }));
        const asked = (body.offer_id?.length ?? 0) + (body.product_id?.length ?? 0);
        const total = asked + (body.sku?.length ?? 0);
        if (total === 0 || total > 1000) {
          return sellerError(400, GRPC.invalidArgument, "pass from 1 to 1000 ids of one kind");
        }
        const wanted = (list: Array<string | number> | undefined) => new Set(list?.map(String));
        const offers = wanted(body.offer_id);
        const products = wanted(body.product_id);
        const skus = wanted(body.sku);
        const found = state.products.filter(
          (p) =>
            offers.has(p.offerId) || products.has(String(p.productId)) || skus.has(String(p.sku)),
        );
        return jsonReply({ items: found.map(productItem) });
      },
    },
  ];
}

function productItem(p: Product) {
  const created = "2025-01-15T10:30:00Z";
  return {
    id: p.productId,
    name: p.name,
    offer_id: p.offerId,
    sku: p.sku,
    barcodes: [barcodeOf(p)],
    color_image: [],
    created_at: created,
    currency_code: "RUB",
    description_category_id: 17028922,
    discounted_fbo_stocks: 0,
    has_discounted_fbo_item: false,
    images: [],
    images360: [],
    is_archived: false,
    is_autoarchived: false,
    is_discounted: false,
    is_kgt: false,
    is_prepayment_allowed: true,
    is_super: false,
    min_price: "",
    old_price: p.oldPrice,
    price: p.price,
    primary_image: [],
    promotions: [],
    sources: [
      {
        created_at: created,
        quant_code: "",
        shipment_type: "SHIPMENT_TYPE_GENERAL",
        sku: p.sku,
        source: "sds",
      },
    ],
    statuses: {
      is_created: true,
      moderate_status: "approved",
      status: "price_sent",
      status_description: "",
      status_failed: "",
      status_name: "Продается",
      status_tooltip: "",
      status_updated_at: created,
      validation_status: "success",
    },
    stocks: {
      has_stock: stockOf(p) > 0,
      stocks: [{ present: stockOf(p), reserved: 0, sku: p.sku, source: "fbs" }],
    },
    type_id: 970895715,
    updated_at: created,
    vat: "0.2",
    visibility_details: { has_price: true, has_stock: true },
    volume_weight: p.weightGrams / 1000,
  };
}

/** Units in stock: the product's own figure, else one fixed per product (the seed has none). */
export function stockOf(p: Product): number {
  return p.stock ?? 5 + (p.productId % 40);
}

/** An EAN-13 made from the SKU ("46" + 10 digits + check digit), fixed per product. */
export function barcodeOf(p: Product): string {
  const body = `46${String(p.sku % 10_000_000_000).padStart(10, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
