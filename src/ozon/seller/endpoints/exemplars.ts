/**
 * A posting's units ("exemplars") and what Ozon needs of each before it is packed: Chestny ZNAK
 * marks, jewellery UINs, IMEIs, the customs declaration (GTD), the batch registration number
 * (RNPT), the actual weight. Which units need what and their ids (create-or-get), a check of the
 * values' form (validate), the values sent (set, checked by Ozon afterwards) and that check's
 * verdict (status). The ship itself (/v4/posting/fbs/ship) carries none of it.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString, intLike, optionalText } from "../../wire.ts";

const wireId = z.union([z.string(), z.number()]);
const codes = z.array(z.string()).nullish();
const mark = z.object({ mark: z.string(), mark_type: z.string() });

export const exemplarCreateOrGet = endpoint({
  method: "POST",
  path: "/v6/fbs/posting/product/exemplar/create-or-get",
  subject: "posting",
  request: z.object({ posting_number: z.string().min(1) }),
  response: z.object({
    posting_number: optionalText,
    multi_box_qty: intLike.nullish(),
    products: z
      .array(
        z.object({
          product_id: idString,
          quantity: intLike.nullish(),
          is_mandatory_mark_needed: flexBool.nullish(),
          is_mandatory_mark_possible: flexBool.nullish(),
          is_jw_uin_needed: flexBool.nullish(),
          has_imei: flexBool.nullish(),
          is_gtd_needed: flexBool.nullish(),
          is_rnpt_needed: flexBool.nullish(),
          is_weight_needed: flexBool.nullish(),
          weight_min: z.number().nullish(),
          weight_max: z.number().nullish(),
          exemplars: z
            .array(
              z.object({
                exemplar_id: idString,
                gtd: optionalText,
                is_gtd_absent: flexBool.nullish(),
                rnpt: optionalText,
                is_rnpt_absent: flexBool.nullish(),
                marks: z.array(z.object({ mark: optionalText, mark_type: optionalText })).nullish(),
                weight: z.number().nullish(),
              }),
            )
            .nullish(),
        }),
      )
      .nullish(),
  }),
  // Creates the units once and reads them after: asking again changes nothing.
  safe: true,
});

/** The values of one unit, as `set` takes them. */
const exemplarValues = z.object({
  exemplar_id: wireId,
  marks: z.array(mark).optional(),
  gtd: z.string().optional(),
  is_gtd_absent: z.boolean().optional(),
  rnpt: z.string().optional(),
  is_rnpt_absent: z.boolean().optional(),
  weight: z.number().optional(),
});

export const exemplarSet = endpoint({
  method: "POST",
  path: "/v6/fbs/posting/product/exemplar/set",
  subject: "posting",
  request: z.object({
    posting_number: z.string().min(1),
    products: z
      .array(z.object({ product_id: wireId, exemplars: z.array(exemplarValues).min(1) }))
      .min(1),
  }),
  // «Запрос обработан», no body: the check runs afterwards (status).
  response: z.object({}).passthrough(),
  // The whole set is sent every time and replaces the last one: sending it twice is the same.
  safe: true,
});

export const exemplarStatus = endpoint({
  method: "POST",
  path: "/v5/fbs/posting/product/exemplar/status",
  subject: "posting",
  request: z.object({ posting_number: z.string().min(1) }),
  response: z.object({
    posting_number: optionalText,
    status: optionalText,
    products: z
      .array(
        z.object({
          product_id: idString,
          exemplars: z
            .array(
              z.object({
                exemplar_id: idString,
                marks: z
                  .array(
                    z.object({
                      mark: optionalText,
                      mark_type: optionalText,
                      check_status: optionalText,
                      error_codes: codes,
                    }),
                  )
                  .nullish(),
                gtd: optionalText,
                gtd_check_status: optionalText,
                gtd_error_codes: codes,
                is_gtd_absent: flexBool.nullish(),
                rnpt: optionalText,
                rnpt_check_status: optionalText,
                rnpt_error_codes: codes,
                is_rnpt_absent: flexBool.nullish(),
                weight: z.number().nullish(),
                weight_check_status: optionalText,
                weight_error_codes: codes,
              }),
            )
            .nullish(),
        }),
      )
      .nullish(),
  }),
  safe: true,
});

export const exemplarValidate = endpoint({
  method: "POST",
  path: "/v5/fbs/posting/product/exemplar/validate",
  subject: "posting",
  request: z.object({
    posting_number: z.string().min(1),
    products: z
      .array(
        z.object({
          product_id: wireId,
          exemplars: z
            .array(
              z.object({
                marks: z.array(mark).optional(),
                gtd: z.string().optional(),
                rnpt: z.string().optional(),
                weight: z.number().optional(),
              }),
            )
            .min(1),
        }),
      )
      .min(1),
  }),
  response: z.object({
    products: z
      .array(
        z.object({
          product_id: idString,
          valid: flexBool.nullish(),
          error: optionalText,
          exemplars: z
            .array(
              z.object({
                valid: flexBool.nullish(),
                errors: codes,
                marks: z
                  .array(
                    z.object({
                      mark: optionalText,
                      mark_type: optionalText,
                      valid: flexBool.nullish(),
                      errors: codes,
                    }),
                  )
                  .nullish(),
              }),
            )
            .nullish(),
        }),
      )
      .nullish(),
  }),
  safe: true,
});
