/**
 * The sandbox's money of one store, read off the postings it ships, cancels and returns, so the
 * accruals and the balance always agree with them: a delivered posting accrues its sale, Ozon's
 * commission (15 %) and delivery on the day it was delivered; a posting cancelled after shipping
 * costs the way back; a return takes the sale back, gives the commission back and costs the way
 * back, on the day it appeared. Ozon pays the whole balance out on the 1st and the 16th of each
 * month (00:00 UTC). All in kopecks (bigint); the wire writes them (finance.ts).
 * Tests: none directly
 */
import type { Posting, SandboxState } from "../state.ts";
import { returnsDeskOf } from "./returns-model.ts";

export const ACCRUAL_TYPES = [
  { id: 1, name: "Выручка", description: "Продажа товара покупателю" },
  { id: 2, name: "Вознаграждение Ozon", description: "Комиссия за продажу" },
  { id: 3, name: "Логистика", description: "Доставка покупателю" },
  { id: 4, name: "Возврат выручки", description: "Возврат товара покупателем" },
  { id: 5, name: "Обратная логистика", description: "Доставка возврата или отмены продавцу" },
] as const;

export type AccrualKind = 1 | 2 | 3 | 4 | 5;

/** One accrual line: a posting's, on a day, of one kind (per product where it has one). */
export interface SandboxAccrual {
  id: number;
  at: number;
  postingNumber: string;
  typeId: AccrualKind;
  sku: number | undefined;
  quantity: number | undefined;
  /** The product's price (kopecks), for sale and return lines. */
  priceKopecks: bigint | undefined;
  kopecks: bigint;
}

/** Ozon's commission, per cent of the sale. */
export const COMMISSION_PERCENT = 15n;
/** Delivery to the buyer, per posting. */
export const DELIVERY_KOPECKS = 6_337n;
/** The way back of a cancelled or returned posting. */
export const RETURN_LOGISTICS_KOPECKS = 4_111n;
/** A shipped status: the posting left the seller. */
const SHIPPED = new Set(["awaiting_deliver", "delivering", "driver_pickup", "delivered"]);

export function priceToKopecks(price: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(price.trim());
  if (!m) return 0n;
  return BigInt(m[1] as string) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
}

/** Half up, on integers: the commission of a sale. */
function percentOf(kopecks: bigint, percent: bigint): bigint {
  return (kopecks * percent + 50n) / 100n;
}

function postingAccruals(posting: Posting, push: (a: Omit<SandboxAccrual, "id">) => void): void {
  const base = { postingNumber: posting.postingNumber };
  if (posting.status === "delivered") {
    const at = posting.statusChangedAt;
    for (const line of posting.lines) {
      const price = priceToKopecks(line.price);
      const sale = price * BigInt(line.quantity);
      const product = { sku: line.sku, quantity: line.quantity, priceKopecks: price };
      push({ ...base, ...product, at, typeId: 1, kopecks: sale });
      push({ ...base, ...product, at, typeId: 2, kopecks: -percentOf(sale, COMMISSION_PERCENT) });
    }
    push({
      ...base,
      at,
      typeId: 3,
      sku: posting.lines[0]?.sku,
      quantity: undefined,
      priceKopecks: undefined,
      kopecks: -DELIVERY_KOPECKS,
    });
  } else if (posting.status === "cancelled" && posting.cancellation?.afterShip) {
    push({
      ...base,
      at: posting.statusChangedAt,
      typeId: 5,
      sku: posting.lines[0]?.sku,
      quantity: undefined,
      priceKopecks: undefined,
      kopecks: -RETURN_LOGISTICS_KOPECKS,
    });
  }
}

/** Every accrual the store has, oldest first (ids in that order). */
export function accrualsOf(state: SandboxState): SandboxAccrual[] {
  const lines: Array<Omit<SandboxAccrual, "id">> = [];
  const push = (a: Omit<SandboxAccrual, "id">) => lines.push(a);
  const postings = [...state.postings.values()].sort((a, b) => a.seq - b.seq);
  for (const posting of postings) postingAccruals(posting, push);
  for (const r of [...returnsDeskOf(state).returns.values()].sort((a, b) => a.id - b.id)) {
    const posting = state.postings.get(r.postingNumber);
    if (!posting || !SHIPPED.has(posting.status)) continue;
    const price = priceToKopecks(r.price);
    const sale = price * BigInt(r.quantity);
    const product = { sku: r.sku, quantity: r.quantity, priceKopecks: price };
    const at = r.createdAt;
    const base = { postingNumber: r.postingNumber, at };
    push({ ...base, ...product, typeId: 4, kopecks: -sale });
    push({ ...base, ...product, typeId: 2, kopecks: percentOf(sale, COMMISSION_PERCENT) });
    push({
      ...base,
      typeId: 5,
      sku: r.sku,
      quantity: undefined,
      priceKopecks: undefined,
      kopecks: -RETURN_LOGISTICS_KOPECKS,
    });
  }
  return lines
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.at - y.a.at || x.i - y.i)
    .map(({ a }, i) => ({ ...a, id: 900_000_000 + i }));
}

/** Payout days Ozon is made to skip (control: a missed payout), per store. */
const skipped = new WeakMap<SandboxState, Set<number>>();

/** The finance control: Ozon skips the payout of a day (YYYY-MM-DD); the balance carries on. */
export function financeControl(state: SandboxState) {
  return {
    skipPayout(day: string): void {
      const at = dayStart(day);
      if (!Number.isFinite(at)) throw new Error(`not a day: ${day}`);
      const days = skipped.get(state) ?? new Set<number>();
      days.add(at);
      skipped.set(state, days);
    },
  };
}

export type FinanceControl = ReturnType<typeof financeControl>;

export interface Payout {
  at: number;
  kopecks: bigint;
}

const DAY = 86_400_000;

/** The payout days (1st and 16th, 00:00 UTC) after `from` up to `to`. */
function payoutDays(from: number, to: number): number[] {
  const days: number[] = [];
  const d = new Date(from);
  let cursor = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  while (cursor <= to) {
    const m = new Date(cursor);
    for (const day of [1, 16]) {
      const at = Date.UTC(m.getUTCFullYear(), m.getUTCMonth(), day);
      if (at > from && at <= to) days.push(at);
    }
    cursor = Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1);
  }
  return days;
}

/** The payouts so far: each pays the balance accrued before it, when positive. */
export function payoutsOf(state: SandboxState, accruals = accrualsOf(state)): Payout[] {
  const first = accruals[0];
  if (!first) return [];
  const payouts: Payout[] = [];
  let balance = 0n;
  let next = 0;
  for (const at of payoutDays(first.at, state.now())) {
    while (next < accruals.length && (accruals[next] as SandboxAccrual).at < at) {
      balance += (accruals[next] as SandboxAccrual).kopecks;
      next++;
    }
    if (balance > 0n && !skipped.get(state)?.has(at)) {
      payouts.push({ at, kopecks: balance });
      balance = 0n;
    }
  }
  return payouts;
}

/** Start of the UTC day of YYYY-MM-DD (or of an ISO time). */
export function dayStart(text: string): number {
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  return Number.isFinite(ms) ? Date.UTC(...utcParts(ms)) : Number.NaN;
}

function utcParts(ms: number): [number, number, number] {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}

export interface BalanceOf {
  opening: bigint;
  accrued: bigint;
  paidOut: bigint;
  closing: bigint;
  sales: bigint;
  salesFee: bigint;
  returns: bigint;
  returnsFee: bigint;
  logistics: bigint;
  returnLogistics: bigint;
}

/** The balance of whole days `from`..`to` (inclusive, UTC). */
export function balanceOf(state: SandboxState, fromDay: number, toDay: number): BalanceOf {
  const accruals = accrualsOf(state);
  const payouts = payoutsOf(state, accruals);
  const end = toDay + DAY;
  const before = (at: number) => at < fromDay;
  const within = (at: number) => at >= fromDay && at < end;
  const sum = (list: Array<{ kopecks: bigint }>) => list.reduce((s, a) => s + a.kopecks, 0n);
  const inside = accruals.filter((a) => within(a.at));
  const kind = (id: AccrualKind) => inside.filter((a) => a.typeId === id);
  const fees = kind(2);
  const opening =
    sum(accruals.filter((a) => before(a.at))) - sum(payouts.filter((p) => before(p.at)));
  const accrued = sum(inside);
  const paidOut = sum(payouts.filter((p) => within(p.at)));
  return {
    opening,
    accrued,
    paidOut,
    closing: opening + accrued - paidOut,
    sales: sum(kind(1)),
    salesFee: sum(fees.filter((a) => a.kopecks < 0n)),
    returns: sum(kind(4)),
    returnsFee: sum(fees.filter((a) => a.kopecks > 0n)),
    logistics: sum(kind(3)),
    returnLogistics: sum(kind(5)),
  };
}
