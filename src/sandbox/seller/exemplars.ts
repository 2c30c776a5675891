/**
 * The exemplar routes: a posting's units, their values checked, sent and judged (exemplar-model.ts).
 * Tests: none directly
 */
import { z } from "zod";
import { jsonReply, readBody } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";
import { setExemplars } from "./exemplar-model.ts";
import { createOrGetAnswer, statusAnswer, validateAnswer } from "./exemplar-wire.ts";
import { findPosting } from "./posting-actions.ts";

const intLike = z.union([
  z.number().int(),
  z.string().regex(/^\d+$/, "must be an integer").transform(Number),
]);
const postingOnly = z.object({ posting_number: z.string().min(1) });
const marks = z.array(z.object({ mark: z.string().optional(), mark_type: z.string().optional() }));

export function exemplarRoutes(state: SandboxState): Route[] {
  const seller = { service: "seller", auth: "seller" } as const;
  return [
    {
      ...seller,
      method: "POST",
      pattern: "/v6/fbs/posting/product/exemplar/create-or-get",
      handle(req) {
        const body = readBody(req, postingOnly);
        return jsonReply(createOrGetAnswer(state, findPosting(state, body.posting_number)));
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v5/fbs/posting/product/exemplar/validate",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            posting_number: z.string().min(1),
            products: z.array(
              z.object({
                product_id: intLike,
                exemplars: z.array(
                  z.object({
                    marks: marks.optional(),
                    gtd: z.string().optional(),
                    rnpt: z.string().optional(),
                    weight: z.number().optional(),
                  }),
                ),
              }),
            ),
          }),
        );
        const posting = findPosting(state, body.posting_number);
        return jsonReply(validateAnswer(posting, body.products));
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v6/fbs/posting/product/exemplar/set",
      handle(req) {
        const body = readBody(
          req,
          z.object({
            posting_number: z.string().min(1),
            multi_box_qty: z.number().int().optional(),
            products: z
              .array(
                z.object({
                  product_id: intLike,
                  exemplars: z.array(
                    z.object({
                      exemplar_id: intLike,
                      marks: marks.optional(),
                      gtd: z.string().optional(),
                      is_gtd_absent: z.boolean().optional(),
                      rnpt: z.string().optional(),
                      is_rnpt_absent: z.boolean().optional(),
                      weight: z.number().optional(),
                    }),
                  ),
                }),
              )
              .min(1),
          }),
        );
        setExemplars(state, findPosting(state, body.posting_number), body.products);
        // «Запрос обработан»: no body of its own; the check runs afterwards (status).
        return jsonReply({});
      },
    },
    {
      ...seller,
      method: "POST",
      pattern: "/v5/fbs/posting/product/exemplar/status",
      handle(req) {
        const body = readBody(req, postingOnly);
        return jsonReply(statusAnswer(state, findPosting(state, body.posting_number)));
      },
    },
  ];
}
