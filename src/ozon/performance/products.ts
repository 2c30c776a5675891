/**
 * The products namespace: a campaign's products with their bids, one SKU's bid, competitive bids.
 * Tests: none directly
 */
import type { z } from "zod";
import { OzonInputError } from "../errors.ts";
import type { OzonHttp } from "../http.ts";
import {
  campaignProducts,
  competitiveBids,
  MAX_COMPETITIVE_SKUS,
  updateProductBids,
  type wireProduct,
} from "./endpoints/products.ts";
import { isWholeKopecks } from "./money.ts";
import type { CampaignProduct } from "./types.ts";

function checkNumeric(field: string, id: string | number): string {
  const text = String(id).trim();
  if (!/^\d+$/.test(text)) throw new OzonInputError(field, "must be a numeric id");
  return text;
}

function normalizeProduct(wire: z.output<typeof wireProduct>): CampaignProduct {
  const cir =
    wire.targetCir === null || wire.targetCir === undefined ? undefined : Number(wire.targetCir);
  return {
    sku: wire.sku,
    title: wire.title?.trim() ?? "",
    bid: wire.bid ?? undefined,
    targetCir: Number.isFinite(cir) ? cir : undefined,
    topPosition: wire.topPosition,
  };
}

export function createProductsApi(http: OzonHttp) {
  return {
    /** One page (1-based) of the campaign's products; fewer than pageSize means the last page. */
    async list(campaignId: string | number, page = 1, pageSize = 100): Promise<CampaignProduct[]> {
      if (!Number.isInteger(page) || page < 1) throw new OzonInputError("page", "from 1");
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
        throw new OzonInputError("pageSize", "1 to 1000");
      }
      const answer = await http.call(campaignProducts, {
        params: { campaignId: checkNumeric("campaignId", campaignId), page, pageSize },
      });
      return (answer.products ?? []).map(normalizeProduct);
    },

    /** One SKU's bid per click, millionths of a rouble in whole kopecks. */
    async setBid(campaignId: string | number, sku: string | number, millionths: bigint) {
      if (millionths <= 0n) throw new OzonInputError("bid", "must be positive");
      if (!isWholeKopecks(millionths)) {
        throw new OzonInputError("bid", "must be whole kopecks (a multiple of 10000 millionths)");
      }
      await http.call(updateProductBids, {
        params: { campaignId: checkNumeric("campaignId", campaignId) },
        body: { bids: [{ sku: checkNumeric("sku", sku), bid: millionths.toString() }] },
      });
    },

    /** Competitive bids by SKU (millionths; 0n for a SKU not in the campaign). */
    async competitive(
      campaignId: string | number,
      skus: readonly (string | number)[],
    ): Promise<Map<string, bigint>> {
      if (skus.length === 0) return new Map();
      if (skus.length > MAX_COMPETITIVE_SKUS) {
        throw new OzonInputError("skus", `at most ${MAX_COMPETITIVE_SKUS}`);
      }
      const params: Record<string, string> = { campaignId: checkNumeric("campaignId", campaignId) };
      skus.forEach((sku, i) => {
        params[`s${i}`] = checkNumeric("sku", sku);
      });
      const answer = await http.call(competitiveBids(skus.length), { params });
      return new Map((answer.bids ?? []).map((b) => [b.sku, b.bid ?? 0n]));
    },
  };
}

export type ProductsApi = ReturnType<typeof createProductsApi>;
