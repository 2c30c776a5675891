/**
 * The courier handover and labels in batches (beyond the seed, see ../shared/reference/README.md):
 * the act (`/v2/posting/fbs/act/*`; live, create needs `delivery_method_id`) and the batch label
 * task (`/v1/posting/fbs/package-label/create` then `/get`).
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { flexBool, idString, intLike, optionalText, rawAnswer } from "../../wire.ts";

const wireId = z.union([z.string(), z.number()]);
const numbers = z.array(z.string()).nullish();

export const actCreate = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/act/create",
  request: z.object({
    delivery_method_id: wireId,
    containers_count: z.number().int().min(1).optional(),
    departure_date: z.string().optional(),
  }),
  response: z.object({ result: z.object({ id: idString }) }),
  // A second act for the same carriage is not what anyone wants: never repeated blindly.
  safe: false,
});

export const actCheckStatus = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/act/check-status",
  subject: "act",
  request: z.object({ id: wireId }),
  response: z.object({
    result: z.object({
      status: z.string(),
      error: optionalText,
      added_to_act: numbers,
      removed_from_act: numbers,
      act_type: optionalText,
      is_partial: flexBool.nullish(),
      has_postings_for_next_carriage: flexBool.nullish(),
    }),
  }),
  safe: true,
});

export const actPdf = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/act/get-pdf",
  subject: "act",
  request: z.object({ id: wireId }),
  response: rawAnswer,
  safe: true,
  raw: "bytes",
});

export const actContainerLabels = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/act/get-container-labels",
  subject: "act",
  request: z.object({ id: wireId }),
  response: rawAnswer,
  safe: true,
  raw: "bytes",
});

/**
 * A batch label task (the v1 create is announced for switch-off). Ozon may answer several tasks:
 * `big_label` (the usual label) and `small_label`; each is read with package-label/get.
 */
export const labelBatchCreate = endpoint({
  method: "POST",
  path: "/v2/posting/fbs/package-label/create",
  subject: "posting",
  request: z.object({ posting_number: z.array(z.string().min(1)).min(1) }),
  response: z.object({
    result: z.object({
      tasks: z.array(z.object({ task_id: idString, task_type: optionalText })).nullish(),
    }),
  }),
  // Another task for the same postings costs nothing but a task.
  safe: true,
});

export const labelBatchGet = endpoint({
  method: "POST",
  path: "/v1/posting/fbs/package-label/get",
  subject: "label task",
  request: z.object({ task_id: wireId }),
  response: z.object({
    result: z.object({
      status: z.string(),
      file_url: optionalText,
      error: optionalText,
      printed_postings_count: intLike.nullish(),
      unprinted_postings_count: intLike.nullish(),
      unprinted_postings: z
        .array(z.object({ posting_number: z.string(), msg: optionalText }))
        .nullish(),
    }),
  }),
  safe: true,
});
