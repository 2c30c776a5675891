/**
 * The seller's own deliveries: tracking numbers, the manual statuses, and disputes (arbitration).
 * Each status method answers per posting (`result` and Ozon's `error` text), HTTP 200 even when
 * it refuses one.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, optionalText } from "../../wire.ts";
import { wirePosting } from "./postings.ts";

const numbers = z.object({ posting_number: z.array(z.string().min(1)).min(1) });

const perPosting = z.object({
  result: z
    .array(
      z.object({
        posting_number: z.string(),
        result: flexBool.nullish(),
        error: optionalText,
      }),
    )
    .nullish(),
});

export type WireMoveResult = z.output<typeof perPosting>;

export const trackingNumberSet = endpoint({
  method: "POST",
  path: "/v2/fbs/posting/tracking-number/set",
  subject: "posting",
  request: z.object({
    tracking_numbers: z
      .array(z.object({ posting_number: z.string().min(1), tracking_number: z.string().min(1) }))
      .min(1)
      .max(20),
  }),
  response: perPosting,
  // Setting the same number again changes nothing.
  safe: true,
});

const move = (path: string) =>
  endpoint({ method: "POST", path, request: numbers, response: perPosting, safe: false });

export const postingDelivering = move("/v2/fbs/posting/delivering");
export const postingLastMile = move("/v2/fbs/posting/last-mile");
export const postingDelivered = move("/v2/fbs/posting/delivered");

export const postingArbitration = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/arbitration",
  subject: "posting",
  request: numbers,
  // The reference says a boolean, the spec a string.
  response: z.object({ result: z.union([z.boolean(), z.string()]).nullish() }),
  safe: false,
});

/** Postings per page of the list (Ozon's most in the v4 form). */
export const POSTING_LIST_PAGE = 100;

/**
 * Postings in the given statuses that came in within a period (at most a year), cursor-paged.
 * The v3 form (offset-paged, one `status`) is switched off from 2026-06-01.
 */
export const postingListV4 = endpoint({
  method: "POST",
  path: "/v4/posting/fbs/list",
  request: z.object({
    cursor: z.string().optional(),
    filter: z.object({
      since: z.string(),
      to: z.string(),
      statuses: z.array(z.string()).min(1).optional(),
      order_numbers: z.array(z.string()).min(1).max(100).optional(),
    }),
    limit: z.number().int().min(1).max(POSTING_LIST_PAGE),
    sort_dir: z.enum(["ASC", "DESC"]),
    with: z
      .object({ analytics_data: z.boolean(), barcodes: z.boolean(), financial_data: z.boolean() })
      .partial()
      .optional(),
  }),
  response: z.object({
    postings: z.array(wirePosting).nullish(),
    cursor: optionalText,
    has_next: flexBool.nullish(),
  }),
  safe: true,
});
