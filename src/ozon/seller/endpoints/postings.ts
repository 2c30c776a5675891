/**
 * FBS postings: unfulfilled list (v3, successor v4), get (v3), get by barcode (v2), ship (v2,
 * successor v4), cancel, label.
 * Tests: test/ozon/seller/endpoints/posting-fast.test.ts, test/ozon/seller/wire-shapes.test.ts
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { capability } from "../../successors.ts";
import { flexBool, intLike, optionalText, rawAnswer } from "../../wire.ts";
import { fastPosting } from "./posting-fast.ts";
import { wirePosting } from "./posting-wire.ts";

export { type WirePosting, wirePosting, wirePostingProduct } from "./posting-wire.ts";

const wireId = z.union([z.string(), z.number()]);

/** The lists' postings: the common shape read by hand, anything else by `wirePosting`. */
const listedPosting = fastPosting(wirePosting);

const withNothing = z
  .object({
    analytics_data: z.boolean(),
    barcodes: z.boolean(),
    financial_data: z.boolean(),
  })
  .partial();

export const unfulfilledListV3 = endpoint({
  method: "POST",
  path: "/v3/posting/fbs/unfulfilled/list",
  request: z.object({
    dir: z.enum(["ASC", "DESC"]),
    filter: z.object({
      cutoff_from: z.string(),
      cutoff_to: z.string(),
      status: z.string(),
      warehouse_id: z.array(wireId).optional(),
      delivery_method_id: z.array(wireId).optional(),
    }),
    limit: z.number().int().min(1).max(1000),
    offset: z.number().int().min(0),
    with: withNothing,
  }),
  response: z.object({
    result: z.object({ count: intLike.nullish(), postings: z.array(listedPosting).nullish() }),
  }),
  safe: true,
});

export const unfulfilledListV4 = endpoint({
  method: "POST",
  path: "/v4/posting/fbs/unfulfilled/list",
  request: z.object({
    cursor: z.string().optional(),
    filter: z.object({
      statuses: z.array(z.string()),
      cutoff_from: z.string().optional(),
      cutoff_to: z.string().optional(),
      warehouse_ids: z.array(z.string()).optional(),
      delivery_method_ids: z.array(z.string()).optional(),
    }),
    limit: z.number().int().min(1).max(100),
    sort_dir: z.enum(["ASC", "DESC"]),
    with: withNothing,
  }),
  response: z.object({
    postings: z.array(listedPosting).nullish(),
    cursor: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
});

export const awaitingPackaging = capability({
  name: "postings.awaitingPackaging",
  spec: unfulfilledListV3,
  successor: unfulfilledListV4,
});

export const postingGetV3 = endpoint({
  method: "POST",
  path: "/v3/posting/fbs/get",
  subject: "posting",
  request: z.object({ posting_number: z.string().min(1), with: withNothing }),
  response: z.object({ result: wirePosting }),
  safe: true,
});

/**
 * A posting by the digits of its label's lower barcode. The answer is the v2 form: no delivery
 * method, so a caller that shows the posting reads it again with /v3/posting/fbs/get.
 */
export const postingByBarcodeV2 = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/get-by-barcode",
  subject: "posting",
  request: z.object({ barcode: z.string().min(1).max(64) }),
  response: z.object({ result: wirePosting }),
  safe: true,
});

const postingNumbers = z.array(z.string()).nullish();

export const shipV2 = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/ship",
  subject: "posting",
  request: z.object({
    posting_number: z.string().min(1),
    packages: z
      .array(
        z.object({
          items: z
            .array(
              z.object({
                sku: wireId,
                quantity: z.number().int().min(1),
                mandatory_mark: z.array(z.string()),
              }),
            )
            .min(1),
        }),
      )
      .min(1),
  }),
  response: z.object({ result: postingNumbers }),
  safe: false,
});

export const shipV4 = endpoint({
  method: "POST",
  path: "/v4/posting/fbs/ship",
  subject: "posting",
  request: z.object({
    posting_number: z.string().min(1),
    packages: z
      .array(
        z.object({
          products: z
            .array(z.object({ product_id: wireId, quantity: z.number().int().min(1) }))
            .min(1),
        }),
      )
      .min(1),
  }),
  response: z.object({ result: postingNumbers }),
  safe: false,
});

export const ship = capability({ name: "postings.ship", spec: shipV2, successor: shipV4 });

export const cancelPosting = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/cancel",
  subject: "posting",
  request: z.object({
    posting_number: z.string().min(1),
    cancel_reason_id: z.number().int(),
    cancel_reason_message: z.string().optional(),
  }),
  // The spec says a string, Ozon's reference a boolean.
  response: z.object({ result: z.union([z.boolean(), z.string()]).nullish() }),
  safe: false,
});

export const cancelReasonList = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/cancel-reason/list",
  subject: "posting",
  response: z.object({
    result: z.array(
      z.object({
        id: intLike,
        title: z.string(),
        type_id: z.union([z.string(), z.number()]).nullish(),
        is_available_for_cancellation: flexBool.nullish(),
      }),
    ),
  }),
  safe: true,
});

export const packageLabel = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/package-label",
  subject: "posting",
  request: z.object({ posting_number: z.array(z.string().min(1)).min(1) }),
  response: rawAnswer,
  safe: true,
  raw: "bytes",
});

/** Ozon's reference shows the label also as JSON with the PDF in base64. */
export const labelAsJson = z.object({
  file_content: z.string().min(1),
  file_name: z.string().nullish(),
  content_type: z.string().nullish(),
});
