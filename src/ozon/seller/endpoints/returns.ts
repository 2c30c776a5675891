/**
 * Returns: `/v1/returns/list` (FBO and FBS), the rFBS return requests `/v2/returns/rfbs/list` and
 * `get`, and their decisions: `/v1/returns/rfbs/action/set` with an action id Ozon offers in
 * `available_actions`; the v2 decisions `reject` and `compensate` (announced for switch-off) only
 * as its fallback. Money arrives as numbers (a price, a commission); the client turns them into
 * exact decimal strings at once. The OpenAPI document writes `returns` of the rFBS list as one
 * object; the live service answers a list, so both are taken.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { LosslessNumber } from "../../json.ts";
import { flexBool, idString, intLike, optionalId, optionalText } from "../../wire.ts";

/** A sum as Ozon writes it: a number, or now and then a numeric string. */
const amount = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).nullish();
const money = z.object({ currency_code: optionalText, price: amount }).nullish();

export const returnsList = endpoint({
  method: "POST",
  path: "/v1/returns/list",
  request: z.object({
    filter: z
      .object({
        visual_status_name: z.string().optional(),
        return_schema: z.enum(["FBS", "FBO"]).optional(),
        posting_numbers: z.array(z.string()).max(50).optional(),
      })
      .optional(),
    limit: z.number().int().min(1).max(500),
    last_id: z.union([z.number().int(), z.string()]).optional(),
  }),
  response: z.object({
    returns: z
      .array(
        z.object({
          id: idString,
          return_reason_name: optionalText,
          type: optionalText,
          schema: optionalText,
          order_number: optionalText,
          posting_number: optionalText,
          place: z.object({ id: optionalId, name: optionalText }).nullish(),
          target_place: z.object({ id: optionalId, name: optionalText }).nullish(),
          storage: z
            .object({ arrived_moment: optionalText, days: z.number().nullish() })
            .nullish()
            .catch(undefined),
          product: z
            .object({
              sku: optionalId,
              offer_id: optionalText,
              name: optionalText,
              price: money,
              quantity: z.number().nullish(),
            })
            .nullish(),
          logistic: z.object({ return_date: optionalText, barcode: optionalText }).nullish(),
          visual: z
            .object({
              status: z.object({ display_name: optionalText, sys_name: optionalText }).nullish(),
              change_moment: optionalText,
            })
            .nullish(),
        }),
      )
      .nullish(),
    has_next: flexBool.nullish(),
  }),
  safe: true,
});

const rfbsProduct = z
  .object({
    name: optionalText,
    offer_id: optionalText,
    currency_code: optionalText,
    price: amount,
    sku: optionalId,
  })
  .nullish();

const rfbsListItem = z.object({
  return_id: idString,
  return_number: optionalText,
  posting_number: optionalText,
  order_number: optionalText,
  client_name: optionalText,
  created_at: optionalText,
  product: rfbsProduct,
  state: z
    .object({
      group_state: optionalText,
      state: optionalText,
      state_name: optionalText,
      money_return_state_name: optionalText,
    })
    .nullish(),
});

export const rfbsList = endpoint({
  method: "POST",
  path: "/v2/returns/rfbs/list",
  request: z.object({
    filter: z
      .object({
        group_state: z.array(z.string()).optional(),
        posting_number: z.string().optional(),
      })
      .optional(),
    last_id: z.number().int().optional(),
    limit: z.number().int().min(1).max(1000),
  }),
  response: z.object({
    returns: z.union([z.array(rfbsListItem), rfbsListItem.transform((one) => [one])]).nullish(),
  }),
  safe: true,
});

/**
 * One of `available_actions`: `{id, name}` as the schema writes it, or `{action: {id, name}}` as
 * Ozon's example shows it. An item that is neither is left out (null): the card offers only what
 * it can name and send back.
 */
const rfbsAction = z.object({ id: intLike, name: optionalText });
const availableAction = z
  .union([rfbsAction, z.object({ action: rfbsAction }).transform((item) => item.action)])
  .nullable()
  .catch(null);

export const rfbsGet = endpoint({
  method: "POST",
  path: "/v2/returns/rfbs/get",
  subject: "return",
  request: z.object({ return_id: z.union([z.number().int(), z.string()]) }),
  response: z.object({
    returns: z.object({
      available_actions: z.array(availableAction).nullish(),
      client_name: optionalText,
      comment: optionalText,
      created_at: optionalText,
      order_number: optionalText,
      posting_number: optionalText,
      product: rfbsProduct,
      rejection_reason: z
        .array(
          z.object({
            id: z.number().int(),
            name: optionalText,
            hint: optionalText,
            is_comment_required: flexBool.nullish(),
          }),
        )
        .nullish(),
      return_method_description: optionalText,
      return_number: optionalText,
      return_reason: z
        .object({ id: z.number().nullish(), name: optionalText, is_defect: flexBool.nullish() })
        .nullish(),
      state: z.object({ state: optionalText, state_name: optionalText }).nullish(),
      warehouse_id: optionalId,
    }),
  }),
  safe: true,
});

const returnId = z.union([z.number().int(), z.string().regex(/^\d+$/)]);
/** Each decision answers `{}` (or nothing); Ozon refuses one out of turn with an error. */
const done = z.object({}).passthrough();
const INT32 = 2 ** 31;

/**
 * Any action Ozon offers on the request (`id` from `available_actions`). Reject (-1, -10) needs a
 * reason of the request's `rejection_reason` and a comment; 1020 (partial compensation) the amount,
 * a number: sent as an exact literal with two decimals ("1234.50"), never a float.
 */
export const rfbsActionSet = endpoint({
  method: "POST",
  path: "/v1/returns/rfbs/action/set",
  subject: "return",
  request: z.object({
    return_id: returnId,
    id: z
      .number()
      .int()
      .min(-INT32)
      .max(INT32 - 1),
    rejection_reason_id: z.number().int().optional(),
    comment: z.string().min(1).max(1000).optional(),
    compensation_amount: z
      .instanceof(LosslessNumber)
      .refine((amount) => /^\d+\.\d{2}$/.test(amount.value), "two decimals")
      .optional(),
  }),
  response: done,
  safe: false,
});

/** action/set's fallback for -1 and -10 where a store does not answer it (404). */
export const rfbsReject = endpoint({
  method: "POST",
  path: "/v2/returns/rfbs/reject",
  subject: "return",
  fallbackFor: "POST /v1/returns/rfbs/action/set",
  request: z.object({
    return_id: returnId,
    rejection_reason_id: z.number().int(),
    comment: z.string().max(1000).optional(),
  }),
  response: done,
  safe: false,
});

/** action/set's fallback for 1020 where a store does not answer it (404). */
export const rfbsCompensate = endpoint({
  method: "POST",
  path: "/v2/returns/rfbs/compensate",
  subject: "return",
  fallbackFor: "POST /v1/returns/rfbs/action/set",
  request: z.object({
    return_id: returnId,
    // An exact decimal string of roubles ("1234.50"), never a float.
    compensation_amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  }),
  response: done,
  safe: false,
});
