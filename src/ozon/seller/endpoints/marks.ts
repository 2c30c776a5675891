/**
 * Mandatory marks (Chestny ZNAK), the seed's methods: which SKUs need them, and whether given marks
 * are valid. Today's documents list neither (exemplars.ts holds today's form); the bot asks them
 * only where a store lacks the exemplar methods (services/postings/units.ts).
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString } from "../../wire.ts";

export const markIsRequired = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/product/mandatory-mark/is-required",
  subject: "posting",
  fallbackFor: "POST /v6/fbs/posting/product/exemplar/create-or-get",
  request: z.object({ sku: z.array(z.union([z.string(), z.number()])).min(1) }),
  response: z.object({
    result: z.array(z.object({ sku: idString, is_required: flexBool })),
  }),
  safe: true,
});

export const markValidate = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/product/mandatory-mark/validate",
  subject: "posting",
  fallbackFor: "POST /v5/fbs/posting/product/exemplar/validate",
  request: z.object({ mandatory_mark: z.array(z.string().min(1)).min(1) }),
  response: z.object({
    result: z.array(
      z.object({
        mandatory_mark: z.string(),
        // Not specified beyond its name: a flag, or a verdict text.
        result: z.union([z.boolean(), z.string()]).nullish(),
      }),
    ),
  }),
  safe: true,
});
