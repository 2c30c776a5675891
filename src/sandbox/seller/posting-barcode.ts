/**
 * `/v2/posting/fbs/get-by-barcode`: the posting whose label's lower barcode has these digits, in
 * the v2 form Ozon answers it (no delivery method; barcodes always written). An unknown barcode
 * is 404 `POSTING_NOT_FOUND`, as an unknown posting number is.
 * Tests: none directly
 */
import { z } from "zod";
import { fail, GRPC, jsonReply, readBody, sellerError } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { Posting, SandboxState } from "../state.ts";

const iso = (ms: number): string => new Date(ms).toISOString();

/** A posting as Ozon's v2 methods write it. */
export function postingV2(p: Posting) {
  return {
    order_id: p.orderId,
    order_number: p.orderNumber,
    posting_number: p.postingNumber,
    status: p.status,
    cancel_reason_id: p.cancellation?.reasonId ?? 0,
    created_at: iso(p.inProcessAt),
    in_process_at: iso(p.inProcessAt),
    shipment_date: iso(p.shipmentDate),
    products: p.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      offer_id: line.offerId,
      price: line.price,
      mandatory_mark: line.marks,
    })),
    barcodes: { upper_barcode: p.barcodes.upper, lower_barcode: p.barcodes.lower },
  };
}

export function postingBarcodeRoutes(state: SandboxState): Route[] {
  return [
    {
      service: "seller",
      auth: "seller",
      method: "POST",
      pattern: "/v2/posting/fbs/get-by-barcode",
      handle(req) {
        const body = readBody(req, z.object({ barcode: z.string().min(1).max(64) }));
        const wanted = body.barcode.trim();
        for (const posting of state.postings.values()) {
          if (posting.barcodes.lower === wanted) return jsonReply({ result: postingV2(posting) });
        }
        return fail(sellerError(404, GRPC.notFound, "POSTING_NOT_FOUND"));
      },
    },
  ];
}
