/**
 * The sandbox's finance methods, written as Ozon's documents shape them: `/v1/finance/balance`,
 * `/v1/finance/accrual/by-day` (pages of ACCRUAL_PAGE by `last_id`), `/v1/finance/accrual/postings`
 * (≤ 200 postings), `/v1/finance/accrual/types`, and the stable `/v1/finance/cash-flow-statement/list`
 * (half-month periods). What they say is read off the postings (finance-model.ts). A beta method
 * made to fail for a test goes through the sandbox's faults (`/_sandbox/faults`, rate5xx) or the
 * documents' withdrawal (`/_sandbox/documents {withdraw, gone: 404}`), like every other fault.
 * Tests: none directly
 */
import { jsonReply } from "../http.ts";
import type { Route } from "../route-table.ts";
import type { SandboxState } from "../state.ts";
import {
  ACCRUAL_TYPES,
  accrualsOf,
  balanceOf,
  dayStart,
  payoutsOf,
  type SandboxAccrual,
} from "./finance-model.ts";

/** Accruals in one page of `/v1/finance/accrual/by-day`. */
export const ACCRUAL_PAGE = 20;
const DAY = 86_400_000;

/** Kopecks → Ozon's decimal text, "-193.50". */
export function rublesText(kopecks: bigint): string {
  const sign = kopecks < 0n ? "-" : "";
  const abs = kopecks < 0n ? -kopecks : kopecks;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

const rub = (kopecks: bigint) => ({ amount: rublesText(kopecks), currency: "RUB" });
const value = (kopecks: bigint) => ({ currency_code: "RUB", value: Number(rublesText(kopecks)) });
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function refuse(message: string) {
  return jsonReply({ code: 3, message, details: [] }, 400);
}

/** One posting's accruals of one day, as by-day writes them. */
function dayRowOf(id: number, date: string, lines: SandboxAccrual[]) {
  const total = lines.reduce((s, a) => s + a.kopecks, 0n);
  const skus = [...new Set(lines.map((a) => a.sku ?? 0))];
  return {
    accrual_id: id,
    accrued_category: "POSTING",
    date,
    unit_number: lines[0]?.postingNumber ?? "",
    total_amount: rub(total),
    posting: {
      delivery_schema: "FBS",
      delivery_speed: 0,
      products: skus.map((sku) => {
        const of = lines.filter((a) => (a.sku ?? 0) === sku);
        const sum = (ids: number[]) =>
          of.filter((a) => ids.includes(a.typeId)).reduce((s, a) => s + a.kopecks, 0n);
        const sale = sum([1, 4]);
        return {
          sku,
          commission: {
            commission: rub(sum([2])),
            commission_ratio: "0.15",
            sale_amount: rub(sale),
            sale_commission: rub(sum([2])),
            sale_price: rub(of.find((a) => a.priceKopecks !== undefined)?.priceKopecks ?? 0n),
          },
          delivery: {
            services: of
              .filter((a) => a.typeId === 3 || a.typeId === 5)
              .map((a) => ({ accrued: rub(a.kopecks), type_id: a.typeId })),
            total_accrued: rub(sum([3, 5])),
          },
        };
      }),
    },
  };
}

export function financeRoutes(state: SandboxState): Route[] {
  const route = (pattern: string, handle: Route["handle"]): Route => ({
    service: "seller",
    auth: "seller",
    method: "POST",
    pattern,
    handle,
  });
  return [
    route("/v1/finance/balance", (req) => {
      const body = (req.json() ?? {}) as { date_from?: unknown; date_to?: unknown };
      const from = dayStart(String(body.date_from ?? ""));
      const to = dayStart(String(body.date_to ?? ""));
      if (!Number.isFinite(from) || !Number.isFinite(to) || to < from)
        return refuse("date_from and date_to must be dates, date_from first");
      if (to - from > 30 * DAY) return refuse("period must not exceed 30 days");
      const b = balanceOf(state, from, to);
      const services = [
        { name: "MarketplaceServiceItemDirectFlowLogistic", amount: value(b.logistics) },
        { name: "MarketplaceServiceItemReturnFlowLogistic", amount: value(b.returnLogistics) },
      ].filter((s) => s.amount.value !== 0);
      return jsonReply({
        cashflows: {
          sales: {
            amount: value(b.sales),
            amount_details: {
              partner_programs: value(0n),
              points_for_discounts: "0",
              revenue: value(b.sales),
            },
            fee: value(b.salesFee),
          },
          returns: {
            amount: value(b.returns),
            amount_details: {
              partner_programs: value(0n),
              points_for_discounts: "0",
              revenue: value(b.returns),
            },
            fee: value(b.returnsFee),
          },
          services,
        },
        total: {
          accrued: value(b.accrued),
          closing_balance: value(b.closing),
          opening_balance: value(b.opening),
          payments: b.paidOut === 0n ? [] : [value(-b.paidOut)],
        },
      });
    }),
    route("/v1/finance/accrual/by-day", (req) => {
      const body = (req.json() ?? {}) as { date?: unknown; last_id?: unknown };
      const date = String(body.date ?? "");
      const from = dayStart(date);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isFinite(from))
        return refuse("date must be YYYY-MM-DD");
      const byPosting = new Map<string, SandboxAccrual[]>();
      for (const a of accrualsOf(state)) {
        if (a.at < from || a.at >= from + DAY) continue;
        const list = byPosting.get(a.postingNumber) ?? [];
        list.push(a);
        byPosting.set(a.postingNumber, list);
      }
      const rows = [...byPosting.values()].map((lines) => dayRowOf(lines[0]?.id ?? 0, date, lines));
      const after = String(body.last_id ?? "");
      const start = after === "" ? 0 : rows.findIndex((r) => String(r.accrual_id) === after) + 1;
      const page = start <= 0 && after !== "" ? [] : rows.slice(start, start + ACCRUAL_PAGE);
      const last = page.at(-1);
      return jsonReply({
        accruals: page,
        last_id: last && start + ACCRUAL_PAGE < rows.length ? String(last.accrual_id) : "",
      });
    }),
    route("/v1/finance/accrual/postings", (req) => {
      const body = (req.json() ?? {}) as { posting_numbers?: unknown };
      const asked = Array.isArray(body.posting_numbers) ? body.posting_numbers.map(String) : [];
      if (asked.length === 0 || asked.length > 200) return refuse("posting_numbers: from 1 to 200");
      const all = accrualsOf(state);
      return jsonReply({
        posting_accruals: asked
          .filter((n) => state.postings.has(n))
          .map((n) => ({
            posting_number: n,
            accruals: all
              .filter((a) => a.postingNumber === n)
              .map((a) => ({
                accrual_date: isoDay(a.at),
                accrued: rub(a.kopecks),
                quantity: a.quantity ?? null,
                seller_price: a.priceKopecks === undefined ? null : rub(a.priceKopecks),
                sku: a.sku ?? null,
                type_id: a.typeId,
              })),
          })),
      });
    }),
    route("/v1/finance/accrual/types", () =>
      jsonReply({ accrual_types: ACCRUAL_TYPES.map((t) => ({ ...t })) }),
    ),
    route("/v1/finance/cash-flow-statement/list", (req) => {
      const body = (req.json() ?? {}) as { date?: { from?: unknown; to?: unknown } };
      const from = dayStart(String(body.date?.from ?? ""));
      const to = dayStart(String(body.date?.to ?? ""));
      if (!Number.isFinite(from) || !Number.isFinite(to) || to < from)
        return refuse("date.from and date.to must be times, from first");
      const periods = halfMonths(from, Math.min(to, dayStart(isoDay(state.now()))));
      const payouts = payoutsOf(state);
      const flows = periods.map(([begin, end]) => {
        const b = balanceOf(state, begin, end);
        const paid = payouts
          .filter((p) => p.at >= begin && p.at < end + DAY)
          .reduce((s, p) => s + p.kopecks, 0n);
        return { begin, end, b, paid };
      });
      const last = flows.at(-1);
      const period = (begin: number, end: number, i: number) => ({
        begin: new Date(begin).toISOString(),
        end: new Date(end + DAY - 1000).toISOString(),
        id: 11_567_022_278_500 + i,
      });
      return jsonReply({
        result: {
          cash_flows: flows.map((f, i) => ({
            period: period(f.begin, f.end, i),
            orders_amount: Number(rublesText(f.b.sales)),
            returns_amount: Number(rublesText(f.b.returns)),
            commission_amount: Number(rublesText(f.b.salesFee + f.b.returnsFee)),
            services_amount: 0,
            item_delivery_and_return_amount: Number(
              rublesText(f.b.logistics + f.b.returnLogistics),
            ),
            currency_code: "RUB",
          })),
          // One object, as Ozon's example writes it (the schema's `type: array` beside a `$ref`
          // to an object cannot be met): the last period's.
          ...(last
            ? {
                details: {
                  period: period(last.begin, last.end, flows.length - 1),
                  payments: { payment: Number(rublesText(last.paid)), currency_code: "RUB" },
                  begin_balance_amount: Number(rublesText(last.b.opening)),
                  end_balance_amount: Number(rublesText(last.b.closing)),
                },
              }
            : {}),
          page_count: 1,
        },
      });
    }),
  ];
}

/** The half-month periods (1–15, 16–end) overlapping `from`..`to`, as [first day, last day]. */
function halfMonths(from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const d = new Date(from);
  let begin = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() <= 15 ? 1 : 16);
  while (begin <= to) {
    const b = new Date(begin);
    const first = b.getUTCDate() === 1;
    const end = first
      ? Date.UTC(b.getUTCFullYear(), b.getUTCMonth(), 15)
      : Date.UTC(b.getUTCFullYear(), b.getUTCMonth() + 1, 0);
    out.push([begin, end]);
    begin = end + DAY;
  }
  return out;
}
