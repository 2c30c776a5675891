/**
 * The seller's money. Today's methods (all beta in Ozon's documents): `/v1/finance/balance`
 * (Finance → Balance: opening, accrued, payments, closing; sales, returns, services),
 * `/v1/finance/accrual/by-day` (paged by `last_id`), `/v1/finance/accrual/postings` (≤ 200
 * postings a call), `/v1/finance/accrual/types`. The stable method they fall back to:
 * `/v1/finance/cash-flow-statement/list` (Finance → Balance → Income and expenses, half-month
 * periods). `/v3/finance/transaction/*` are off since 2026-07-06 and are not declared.
 * Amounts are kept as Ozon wrote them (a string, or a number's shortest text) and read into
 * kopecks by ozonSignedKopecks; a float never carries money past this file.
 * Tests: none directly
 */
import { z } from "zod";
import { endpoint } from "../../endpoint.ts";
import { optionalText } from "../../wire.ts";

/** An amount as Ozon writes it: a decimal string, or a JSON number (its shortest text). */
const amount = z
  .union([z.string().max(40), z.number().finite()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : String(v)));

/** `{value, currency_code}` (balance) — the value a double. */
const valueMoney = z
  .object({ value: amount, currency_code: optionalText })
  .nullish()
  .transform((m) => m ?? undefined);

/** `{amount, currency}` (accruals) — the amount a string. */
const amountMoney = z
  .object({ amount, currency: optionalText })
  .nullish()
  .transform((m) => m ?? undefined);

const int = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform(Number);

const flow = z
  .object({ amount: valueMoney, fee: valueMoney })
  .nullish()
  .transform((f) => f ?? undefined);

export const financeBalance = endpoint({
  method: "POST",
  path: "/v1/finance/balance",
  request: z.object({ date_from: z.string(), date_to: z.string() }),
  response: z.object({
    cashflows: z
      .object({
        sales: flow,
        returns: flow,
        services: z
          .array(z.object({ name: optionalText, amount: valueMoney }))
          .max(1000)
          .nullish(),
      })
      .nullish(),
    total: z
      .object({
        opening_balance: valueMoney,
        accrued: valueMoney,
        closing_balance: valueMoney,
        payments: z.array(valueMoney).max(1000).nullish(),
      })
      .nullish(),
  }),
  safe: true,
});

const productOfPosting = z.object({
  sku: int.nullish(),
  commission: z
    .object({
      sale_amount: amountMoney,
      commission: amountMoney,
      sale_price: amountMoney,
    })
    .nullish(),
  delivery: z.object({ total_accrued: amountMoney }).nullish(),
});

export const accrualByDay = endpoint({
  method: "POST",
  path: "/v1/finance/accrual/by-day",
  request: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), last_id: z.string() }),
  response: z.object({
    accruals: z
      .array(
        z.object({
          accrual_id: z.union([z.number(), z.string()]).nullish(),
          accrued_category: optionalText,
          date: optionalText,
          unit_number: optionalText,
          total_amount: amountMoney,
          posting: z.object({ products: z.array(productOfPosting).max(1000).nullish() }).nullish(),
          item_fees: z
            .object({
              fees: z
                .array(
                  z.object({
                    sku: int.nullish(),
                    fees: z
                      .array(z.object({ type_id: int.nullish(), accrued: amountMoney }))
                      .max(1000)
                      .nullish(),
                  }),
                )
                .max(1000)
                .nullish(),
            })
            .nullish(),
          non_item_fee: z.object({ type_id: int.nullish(), accrued: amountMoney }).nullish(),
        }),
      )
      .max(10_000)
      .nullish(),
    last_id: optionalText,
  }),
  safe: true,
});

/** Ozon's cap of postings in one `/v1/finance/accrual/postings` call. */
export const ACCRUAL_POSTINGS_BATCH = 200;

export const accrualPostings = endpoint({
  method: "POST",
  path: "/v1/finance/accrual/postings",
  request: z.object({
    posting_numbers: z.array(z.string().min(1)).min(1).max(ACCRUAL_POSTINGS_BATCH),
  }),
  response: z.object({
    posting_accruals: z
      .array(
        z.object({
          posting_number: z.string(),
          accruals: z
            .array(
              z.object({
                accrual_date: optionalText,
                accrued: amountMoney,
                quantity: int.nullish(),
                seller_price: amountMoney,
                sku: int.nullish(),
                type_id: int.nullish(),
              }),
            )
            .max(1000)
            .nullish(),
        }),
      )
      .max(ACCRUAL_POSTINGS_BATCH * 2)
      .nullish(),
  }),
  safe: true,
});

export const accrualTypes = endpoint({
  method: "POST",
  path: "/v1/finance/accrual/types",
  request: z.object({}),
  response: z.object({
    accrual_types: z
      .array(
        z.object({
          id: int,
          name: optionalText,
          description: optionalText,
        }),
      )
      .max(10_000)
      .nullish(),
  }),
  safe: true,
});

export const cashFlowStatements = endpoint({
  method: "POST",
  path: "/v1/finance/cash-flow-statement/list",
  request: z.object({
    date: z.object({ from: z.string(), to: z.string() }),
    with_details: z.boolean().optional(),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(1000),
  }),
  response: z.object({
    result: z
      .object({
        cash_flows: z
          .array(
            z.object({
              period: z
                .object({ id: int.nullish(), begin: optionalText, end: optionalText })
                .nullish(),
              orders_amount: amount,
              returns_amount: amount,
              commission_amount: amount,
              services_amount: amount,
              item_delivery_and_return_amount: amount,
              currency_code: optionalText,
            }),
          )
          .max(1000)
          .nullish(),
        /** An object in the example, an array in the schema: read by cashFlowDetails. */
        details: z.unknown().optional(),
        page_count: int.nullish(),
      })
      .nullish(),
  }),
  safe: true,
});

/** One half-month's details (begin and end balance, payments), however Ozon nests them. */
export const cashFlowDetail = z.object({
  period: z.object({ begin: optionalText, end: optionalText }).nullish(),
  begin_balance_amount: amount,
  end_balance_amount: amount,
  payments: z
    .union([
      z.array(z.object({ payment: amount })).max(1000),
      z.object({ payment: amount }).transform((p) => [p]),
    ])
    .nullish(),
});
