/**
 * The marks namespace: which SKUs need mandatory marks, and whether marks are valid. The seed's
 * methods, which today's documents no longer list: used only where a store lacks the exemplar
 * methods (exemplars.ts), that is where `exemplar/create-or-get` answers 404.
 * Tests: none directly
 */
import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import { markIsRequired, markValidate } from "./endpoints/marks.ts";
import type { MarkCheck, MarkRequirement } from "./types.ts";

const VALID_VERDICT = /^(true|ok|valid|success)$/i;

export function createMarksApi(ctx: SellerContext) {
  return {
    async isRequired(skus: readonly (string | number)[]): Promise<MarkRequirement[]> {
      const answer = await ctx.http.call(markIsRequired, { body: { sku: skus.map(wireInt) } });
      return answer.result.map((row) => ({ sku: row.sku, isRequired: row.is_required }));
    },

    async validate(marks: readonly string[]): Promise<MarkCheck[]> {
      const answer = await ctx.http.call(markValidate, { body: { mandatory_mark: [...marks] } });
      return answer.result.map((row) => ({
        mark: row.mandatory_mark,
        valid:
          row.result === true || (typeof row.result === "string" && VALID_VERDICT.test(row.result)),
        detail: typeof row.result === "string" ? row.result : undefined,
      }));
    },
  };
}

export type MarksApi = ReturnType<typeof createMarksApi>;
