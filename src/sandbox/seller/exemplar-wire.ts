/**
 * How the exemplar methods answer (exemplar-model.ts keeps the units and judges their values):
 * `create-or-get`, `validate` (the values' form only) and `status` (each read while Ozon checks
 * counts down).
 * Tests: none directly
 */
import type { Posting, PostingLine, SandboxState } from "../state.ts";
import {
  accepted,
  EXEMPLAR_ERRORS,
  exemplarsOf,
  formErrors,
  lineOf,
  needsAnything,
  needsOf,
  requireAwaitingPackaging,
  weightErrors,
  weightOf,
} from "./exemplar-model.ts";
import { isGtdValid, isRnptValid } from "./marks.ts";

/** `/v6/fbs/posting/product/exemplar/create-or-get`'s answer. */
export function createOrGetAnswer(state: SandboxState, posting: Posting) {
  const units = exemplarsOf(state, posting);
  return {
    multi_box_qty: 1,
    posting_number: posting.postingNumber,
    products: units.products.map(({ sku, exemplars }) => {
      const line = lineOf(posting, sku) as PostingLine;
      const needs = needsOf(line);
      return {
        product_id: sku,
        quantity: exemplars.length,
        is_mandatory_mark_needed: needs.mark,
        is_mandatory_mark_possible: needs.mark,
        is_jw_uin_needed: needs.jwUin,
        has_imei: needs.imei,
        is_gtd_needed: needs.gtd,
        is_rnpt_needed: needs.rnpt,
        is_weight_needed: needs.weight !== null,
        weight_min: needs.weight?.min ?? 0,
        weight_max: needs.weight?.max ?? 0,
        exemplars: exemplars.map((e) => ({
          exemplar_id: e.id,
          gtd: e.gtd,
          is_gtd_absent: e.gtdAbsent,
          rnpt: e.rnpt,
          is_rnpt_absent: e.rnptAbsent,
          marks: e.marks.map((m) => ({ mark: m.mark, mark_type: m.type })),
          weight: e.weight ?? 0,
        })),
      };
    }),
  };
}

export interface ValidateProduct {
  product_id: number;
  exemplars: Array<{
    marks?: Array<{ mark?: string; mark_type?: string }>;
    gtd?: string;
    rnpt?: string;
    weight?: number;
  }>;
}

/** `/v5/fbs/posting/product/exemplar/validate`: the values' form only; nothing is kept. */
export function validateAnswer(posting: Posting, products: ValidateProduct[]) {
  return {
    products: products.map((product) => {
      const line = lineOf(posting, product.product_id);
      if (!line) {
        return {
          product_id: product.product_id,
          valid: false,
          error: EXEMPLAR_ERRORS.unknownProduct,
          exemplars: [],
        };
      }
      const exemplars = product.exemplars.map((e) => {
        const marks = (e.marks ?? []).map((m) => {
          const mark = { mark: m.mark ?? "", type: m.mark_type ?? "" };
          const errors = formErrors(mark);
          return { mark: mark.mark, mark_type: mark.type, valid: errors.length === 0, errors };
        });
        const errors = [
          ...(e.gtd !== undefined && e.gtd !== "" && !isGtdValid(e.gtd)
            ? [EXEMPLAR_ERRORS.gtdFormat]
            : []),
          ...(e.rnpt !== undefined && e.rnpt !== "" && !isRnptValid(e.rnpt)
            ? [EXEMPLAR_ERRORS.rnptFormat]
            : []),
          ...(e.weight === undefined ? [] : weightErrors(e.weight, weightOf(line))),
        ];
        return {
          valid: errors.length === 0 && marks.every((m) => m.valid),
          errors,
          gtd: e.gtd ?? "",
          rnpt: e.rnpt ?? "",
          weight: e.weight ?? 0,
          marks,
        };
      });
      return {
        product_id: product.product_id,
        valid: exemplars.every((e) => e.valid),
        error: "",
        exemplars,
      };
    }),
  };
}

/** `/v5/fbs/posting/product/exemplar/status`: each read while Ozon checks counts down. */
export function statusAnswer(state: SandboxState, posting: Posting) {
  requireAwaitingPackaging(posting);
  const units = exemplarsOf(state, posting);
  const processing = units.pending > 0;
  if (processing) units.pending -= 1;
  const check = (c: { passed: boolean; codes: string[] } | null | undefined) => {
    if (!c) return { check_status: "", error_codes: [] as string[] };
    if (processing) return { check_status: "processing", error_codes: [] as string[] };
    return { check_status: c.passed ? "passed" : "failed", error_codes: [...c.codes] };
  };
  const needs = posting.lines.some(needsAnything);
  const status = processing
    ? "validation_in_process"
    : !needs || accepted(posting)
      ? "ship_available"
      : "ship_not_available";
  return {
    posting_number: posting.postingNumber,
    status,
    products: units.products.map(({ sku, exemplars }) => ({
      product_id: sku,
      exemplars: exemplars.map((e) => {
        const gtd = check(e.verdict?.gtd);
        const rnpt = check(e.verdict?.rnpt);
        const weight = check(e.verdict?.weight);
        return {
          exemplar_id: e.id,
          marks: e.marks.map((m, i) => {
            const verdict = check(e.verdict?.marks[i]);
            return { mark: m.mark, mark_type: m.type, ...verdict };
          }),
          gtd: e.gtd,
          gtd_check_status: gtd.check_status,
          gtd_error_codes: gtd.error_codes,
          is_gtd_absent: e.gtdAbsent,
          rnpt: e.rnpt,
          rnpt_check_status: rnpt.check_status,
          rnpt_error_codes: rnpt.error_codes,
          is_rnpt_absent: e.rnptAbsent,
          weight: e.weight ?? 0,
          weight_check_status: weight.check_status,
          weight_error_codes: weight.error_codes,
        };
      }),
    })),
  };
}
