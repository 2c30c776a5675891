/**
 * The finance namespace: the balance of a period, accruals by day and by posting, the accrual
 * types, and the half-month cash-flow statements (the stable method the beta ones fall back to:
 * the caller decides when). Every amount leaves here as exact kopecks (bigint, signed: a charge is
 * negative); an amount Ozon wrote that is no decimal is left out, never guessed.
 * Tests: test/ozon/seller/deliveries.test.ts, test/ozon/seller/todays-ozon.test.ts and 4 more
 */
import { ozonSignedKopecks } from "../money.ts";
import type { SellerContext } from "./context.ts";
import {
  ACCRUAL_POSTINGS_BATCH,
  accrualByDay,
  accrualPostings,
  accrualTypes,
  cashFlowDetail,
  cashFlowStatements,
  financeBalance,
} from "./endpoints/finance.ts";

export { ACCRUAL_POSTINGS_BATCH };

export interface BalanceReport {
  openingKopecks: bigint | undefined;
  accruedKopecks: bigint | undefined;
  closingKopecks: bigint | undefined;
  /** Paid out in the period (Ozon's payments, summed; positive). */
  paidOutKopecks: bigint;
  /** What buyers paid for sales, and Ozon's fee on them (negative). */
  salesKopecks: bigint;
  salesFeeKopecks: bigint;
  /** Returns (negative), and Ozon's fee given back on them (positive). */
  returnsKopecks: bigint;
  returnsFeeKopecks: bigint;
  /** Other services by Ozon's system name (negative: a charge). */
  services: Array<{ name: string; kopecks: bigint }>;
}

export interface DayAccrual {
  id: string | undefined;
  category: string;
  date: string | undefined;
  totalKopecks: bigint;
  /** POSTING accruals: per product, the sale, Ozon's commission and delivery. */
  products: Array<{
    sku: number | undefined;
    saleKopecks: bigint;
    /** The unit's price the sale was made at (the by-day answer gives no quantity). */
    salePriceKopecks: bigint | undefined;
    commissionKopecks: bigint;
    deliveryKopecks: bigint;
  }>;
  /** ITEM and NON_ITEM accruals: each fee with its type. */
  fees: Array<{ sku: number | undefined; typeId: number | undefined; kopecks: bigint }>;
}

export interface PostingAccrual {
  date: string | undefined;
  typeId: number | undefined;
  kopecks: bigint;
  sku: number | undefined;
  quantity: number | undefined;
  sellerPriceKopecks: bigint | undefined;
}

export interface AccrualType {
  id: number;
  name: string;
  description: string | undefined;
}

export interface CashFlowPeriod {
  begin: string | undefined;
  end: string | undefined;
  ordersKopecks: bigint;
  returnsKopecks: bigint;
  commissionKopecks: bigint;
  servicesKopecks: bigint;
  deliveryKopecks: bigint;
  openingKopecks: bigint | undefined;
  closingKopecks: bigint | undefined;
  paidOutKopecks: bigint | undefined;
}

/** Pages of one day's accruals at most (a page is Ozon's choice of size). */
export const ACCRUAL_DAY_PAGES = 50;

const k = (value: string | undefined): bigint => ozonSignedKopecks(value) ?? 0n;
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

export function createFinanceApi(ctx: SellerContext) {
  const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    /** Finance → Balance for whole days `from`..`to` (YYYY-MM-DD; Ozon allows 30 days at most). */
    async balance(from: string, to: string, signal?: AbortSignal): Promise<BalanceReport> {
      const answer = await ctx.http.call(financeBalance, {
        body: { date_from: from, date_to: to },
        ...opts(signal),
      });
      const flows = answer.cashflows;
      const total = answer.total;
      return {
        openingKopecks: ozonSignedKopecks(total?.opening_balance?.value),
        accruedKopecks: ozonSignedKopecks(total?.accrued?.value),
        closingKopecks: ozonSignedKopecks(total?.closing_balance?.value),
        paidOutKopecks: (total?.payments ?? []).reduce((sum, p) => sum + abs(k(p?.value)), 0n),
        salesKopecks: k(flows?.sales?.amount?.value),
        salesFeeKopecks: k(flows?.sales?.fee?.value),
        returnsKopecks: k(flows?.returns?.amount?.value),
        returnsFeeKopecks: k(flows?.returns?.fee?.value),
        services: (flows?.services ?? []).map((s) => ({
          name: s.name ?? "",
          kopecks: k(s.amount?.value),
        })),
      };
    },

    /** Every accrual of one day (YYYY-MM-DD), page after page by `last_id` (capped). */
    async accrualsOfDay(date: string, signal?: AbortSignal): Promise<DayAccrual[]> {
      const found: DayAccrual[] = [];
      let lastId = "";
      for (let page = 0; page < ACCRUAL_DAY_PAGES; page++) {
        const answer = await ctx.http.call(accrualByDay, {
          body: { date, last_id: lastId },
          ...opts(signal),
        });
        const rows = answer.accruals ?? [];
        for (const row of rows) {
          found.push({
            id:
              row.accrual_id === null || row.accrual_id === undefined
                ? undefined
                : String(row.accrual_id),
            category: row.accrued_category ?? "UNSPECIFIED",
            date: row.date,
            totalKopecks: k(row.total_amount?.amount),
            products: (row.posting?.products ?? []).map((p) => ({
              sku: p.sku ?? undefined,
              saleKopecks: k(p.commission?.sale_amount?.amount),
              salePriceKopecks: ozonSignedKopecks(p.commission?.sale_price?.amount),
              commissionKopecks: k(p.commission?.commission?.amount),
              deliveryKopecks: k(p.delivery?.total_accrued?.amount),
            })),
            fees: [
              ...(row.item_fees?.fees ?? []).flatMap((item) =>
                (item.fees ?? []).map((fee) => ({
                  sku: item.sku ?? undefined,
                  typeId: fee.type_id ?? undefined,
                  kopecks: k(fee.accrued?.amount),
                })),
              ),
              ...(row.non_item_fee
                ? [
                    {
                      sku: undefined,
                      typeId: row.non_item_fee.type_id ?? undefined,
                      kopecks: k(row.non_item_fee.accrued?.amount),
                    },
                  ]
                : []),
            ],
          });
        }
        const next = answer.last_id;
        if (rows.length === 0 || !next || next === lastId) break;
        lastId = next;
      }
      return found;
    },

    /**
     * The accruals of these postings, asked in calls of at most 200; a posting Ozon has not
     * accrued yet comes back with none.
     */
    async accrualsOfPostings(
      postingNumbers: readonly string[],
      signal?: AbortSignal,
    ): Promise<Map<string, PostingAccrual[]>> {
      const unique = [...new Set(postingNumbers)];
      const result = new Map<string, PostingAccrual[]>(unique.map((n) => [n, []]));
      for (let i = 0; i < unique.length; i += ACCRUAL_POSTINGS_BATCH) {
        const batch = unique.slice(i, i + ACCRUAL_POSTINGS_BATCH);
        const answer = await ctx.http.call(accrualPostings, {
          body: { posting_numbers: batch },
          ...opts(signal),
        });
        for (const row of answer.posting_accruals ?? []) {
          const list = result.get(row.posting_number);
          if (!list) continue;
          for (const a of row.accruals ?? []) {
            list.push({
              date: a.accrual_date,
              typeId: a.type_id ?? undefined,
              kopecks: k(a.accrued?.amount),
              sku: a.sku ?? undefined,
              quantity: a.quantity ?? undefined,
              sellerPriceKopecks: ozonSignedKopecks(a.seller_price?.amount),
            });
          }
        }
      }
      return result;
    },

    async accrualTypes(signal?: AbortSignal): Promise<AccrualType[]> {
      const answer = await ctx.http.call(accrualTypes, { body: {}, ...opts(signal) });
      return (answer.accrual_types ?? []).map((t) => ({
        id: t.id,
        name: t.name ?? String(t.id),
        description: t.description,
      }));
    },

    /**
     * The half-month statements overlapping `from`..`to` (ISO times), oldest first, with their
     * balances and payouts where Ozon details them. Charges are made negative whatever sign Ozon
     * wrote.
     */
    async cashFlow(from: string, to: string, signal?: AbortSignal): Promise<CashFlowPeriod[]> {
      const answer = await ctx.http.call(cashFlowStatements, {
        body: { date: { from, to }, with_details: true, page: 1, page_size: 100 },
        ...opts(signal),
      });
      const details = [answer.result?.details]
        .flat()
        .map((d) => cashFlowDetail.safeParse(d))
        .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
      const rows = [...(answer.result?.cash_flows ?? [])].sort((a, b) =>
        String(a.period?.begin ?? "").localeCompare(String(b.period?.begin ?? "")),
      );
      return rows.map((row, index) => {
        // A detail belongs to the period it names; one that names none (Ozon's example gives a
        // single detail object) only to the last period — never to every row, which would count
        // its payouts once per half-month.
        const detail =
          details.find(
            (d) => d.period?.begin !== undefined && d.period.begin === row.period?.begin,
          ) ??
          (index === rows.length - 1
            ? details.find((d) => d.period?.begin === undefined)
            : undefined);
        const payments = detail?.payments ?? undefined;
        return {
          begin: row.period?.begin,
          end: row.period?.end,
          ordersKopecks: abs(k(row.orders_amount)),
          returnsKopecks: -abs(k(row.returns_amount)),
          commissionKopecks: -abs(k(row.commission_amount)),
          servicesKopecks: -abs(k(row.services_amount)),
          deliveryKopecks: -abs(k(row.item_delivery_and_return_amount)),
          openingKopecks: ozonSignedKopecks(detail?.begin_balance_amount),
          closingKopecks: ozonSignedKopecks(detail?.end_balance_amount),
          paidOutKopecks: payments
            ? payments.reduce((sum, p) => sum + abs(k(p.payment)), 0n)
            : undefined,
        };
      });
    },
  };
}

export type FinanceApi = ReturnType<typeof createFinanceApi>;
