/**
 * What /money shows of one store for one period: sales, returns, Ozon's commission, delivery,
 * other services, ads and the net, with the balance (opening, accrued, paid out, closing). Read
 * from `/v1/finance/balance` (beta); when it fails — a 500, a 404, an answer out of shape, anything
 * — from the stable half-month cash-flow statement instead, which covers whole half-months
 * (`covered` says which), so the screen stays up. Ads are the Performance API's daily statistics,
 * as the managers' digest reads them. Each (store, period) is read at most once per MONEY_READ_TTL_MS
 * whoever opens it (services/home's ShopReads): twenty people opening /money in a minute cost the
 * Ozon calls of one. Kopecks as bigint throughout.
 * Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more
 */
import type { AdTotals } from "../../ozon/performance/daily.ts";
import type { BalanceReport, CashFlowPeriod } from "../../ozon/seller/finance.ts";
import { ShopReads } from "../home/index.ts";
import { type DayRange, halfMonthsOf, type MoneyPeriodKind, moneyPeriod } from "./periods.ts";

/** A minute: the screen is at most this old; Ozon's finance is not faster than that. */
export const MONEY_READ_TTL_MS = 60_000;

export interface MoneyShop {
  id: string;
  seller?: {
    finance: {
      balance(from: string, to: string): Promise<BalanceReport>;
      cashFlow(from: string, to: string): Promise<CashFlowPeriod[]>;
    };
  };
  /** The ads' spend over whole days (the digest's source); absent without Performance keys. */
  ads?: (period: DayRange) => Promise<AdTotals>;
}

export interface MoneyFigures {
  period: DayRange;
  /** The days Ozon's figures cover: the period itself, or the half-months of the statement. */
  covered: DayRange;
  source: "balance" | "statement";
  salesKopecks: bigint;
  returnsKopecks: bigint;
  commissionKopecks: bigint;
  deliveryKopecks: bigint;
  otherKopecks: bigint;
  /** Ad spend (positive); undefined: no Performance keys, or Ozon did not answer (`adsFailed`). */
  adsKopecks: bigint | undefined;
  adsFailed: boolean;
  /** What Ozon accrued, less the ads. */
  netKopecks: bigint;
  openingKopecks: bigint | undefined;
  accruedKopecks: bigint | undefined;
  paidOutKopecks: bigint | undefined;
  closingKopecks: bigint | undefined;
}

/** An Ozon service's system name that is delivery or the way back (the rest is "other"). */
const DELIVERY_NAME = /logistic|deliver|flow|drop.?off|pick.?up|courier|доставк|логист|курьер/i;
const abs = (v: bigint) => (v < 0n ? -v : v);

export function figuresOfBalance(
  period: DayRange,
  b: BalanceReport,
): Omit<MoneyFigures, "adsKopecks" | "adsFailed" | "netKopecks"> & { ozonNet: bigint } {
  let delivery = 0n;
  let other = 0n;
  for (const s of b.services) {
    if (DELIVERY_NAME.test(s.name)) delivery += s.kopecks;
    else other += s.kopecks;
  }
  const sales = abs(b.salesKopecks);
  const returns = -abs(b.returnsKopecks);
  const commission = -abs(b.salesFeeKopecks) + abs(b.returnsFeeKopecks);
  const sum = sales + returns + commission + delivery + other;
  return {
    period,
    covered: period,
    source: "balance",
    salesKopecks: sales,
    returnsKopecks: returns,
    commissionKopecks: commission,
    deliveryKopecks: delivery,
    otherKopecks: other,
    ozonNet: b.accruedKopecks ?? sum,
    openingKopecks: b.openingKopecks,
    accruedKopecks: b.accruedKopecks ?? sum,
    paidOutKopecks: b.paidOutKopecks,
    closingKopecks: b.closingKopecks,
  };
}

export function figuresOfStatement(period: DayRange, rows: readonly CashFlowPeriod[]) {
  const covered = halfMonthsOf(period);
  const sum = (pick: (r: CashFlowPeriod) => bigint) => rows.reduce((s, r) => s + pick(r), 0n);
  const sales = sum((r) => r.ordersKopecks);
  const returns = sum((r) => r.returnsKopecks);
  const commission = sum((r) => r.commissionKopecks);
  const delivery = sum((r) => r.deliveryKopecks);
  const other = sum((r) => r.servicesKopecks);
  const accrued = sales + returns + commission + delivery + other;
  // Paid out only when every half-month says what it paid: a partial sum would understate it.
  const paid =
    rows.length > 0 && rows.every((r) => r.paidOutKopecks !== undefined)
      ? sum((r) => r.paidOutKopecks ?? 0n)
      : undefined;
  return {
    period,
    covered,
    source: "statement" as const,
    salesKopecks: sales,
    returnsKopecks: returns,
    commissionKopecks: commission,
    deliveryKopecks: delivery,
    otherKopecks: other,
    ozonNet: accrued,
    openingKopecks: rows[0]?.openingKopecks,
    accruedKopecks: accrued,
    paidOutKopecks: paid,
    closingKopecks: rows.at(-1)?.closingKopecks,
  };
}

/** Ozon's accruals of some days and the balance at their end, JSON-safe. */
export interface AccruedDays {
  accruedKopecks: string;
  closingKopecks?: string;
  /** From the half-month statement (the beta balance failed): whole half-months. */
  statement?: true;
}

export interface MoneyReaderOptions {
  zone: string;
  now?: () => number;
  ttlMs?: number;
  /** Told when the beta balance failed and the statement stood in (logged by the caller). */
  onFallback?: (shopId: string, error: unknown) => void;
}

export class MoneyReader {
  readonly #reads: ShopReads;
  readonly #options: MoneyReaderOptions;
  readonly #now: () => number;

  constructor(options: MoneyReaderOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#reads = new ShopReads({ ttlMs: options.ttlMs ?? MONEY_READ_TTL_MS, now: this.#now });
  }

  periodOf(kind: MoneyPeriodKind): DayRange {
    return moneyPeriod(kind, this.#now(), this.#options.zone);
  }

  /** One store's figures for the period; throws only when neither Ozon method answered. */
  async read(shop: MoneyShop, kind: MoneyPeriodKind): Promise<MoneyFigures> {
    const period = this.periodOf(kind);
    const seller = shop.seller;
    if (!seller) throw new Error("the store has no Seller API keys");
    const key = `${period.from}:${period.to}`;
    const [ozon, ads] = await Promise.all([
      this.#reads
        .read(shop.id, `money:${key}`, () => this.#ozon(shop.id, seller.finance, period))
        .then((r) => r.value),
      shop.ads
        ? this.#reads
            .read(shop.id, `money-ads:${key}`, () =>
              (shop.ads as NonNullable<MoneyShop["ads"]>)(period),
            )
            .then((r) => ({ ok: true as const, value: BigInt(r.value.spendKopecks) }))
            .catch(() => ({ ok: false as const }))
        : Promise.resolve(undefined),
    ]);
    const adsKopecks = ads?.ok ? ads.value : undefined;
    const { ozonNet, ...rest } = ozon;
    return {
      ...rest,
      adsKopecks,
      adsFailed: ads !== undefined && !ads.ok,
      netKopecks: ozonNet - (adsKopecks ?? 0n),
    };
  }

  async #ozon(
    shopId: string,
    finance: NonNullable<MoneyShop["seller"]>["finance"],
    period: DayRange,
  ) {
    try {
      return figuresOfBalance(period, await finance.balance(period.from, period.to));
    } catch (error) {
      this.#options.onFallback?.(shopId, error);
      const covered = halfMonthsOf(period);
      try {
        const rows = await finance.cashFlow(
          `${covered.from}T00:00:00.000Z`,
          `${covered.to}T23:59:59.000Z`,
        );
        return figuresOfStatement(period, rows);
      } catch {
        throw error;
      }
    }
  }

  /**
   * What Ozon accrued for whole days `period` and the balance at its end (the digest's two
   * lines), kept like /money's reads; kopecks as decimal text (the digest is kept as JSON).
   */
  async accruedOf(shop: MoneyShop, period: DayRange): Promise<AccruedDays> {
    const seller = shop.seller;
    if (!seller) throw new Error("the store has no Seller API keys");
    const read = await this.#reads.read(shop.id, `money:${period.from}:${period.to}`, () =>
      this.#ozon(shop.id, seller.finance, period),
    );
    const f = read.value;
    return {
      accruedKopecks: String(f.ozonNet),
      ...(f.closingKopecks !== undefined ? { closingKopecks: String(f.closingKopecks) } : {}),
      ...(f.source === "statement" ? { statement: true } : {}),
    };
  }

  /** The balance of whole days `period` (opening, paid out, closing), kept like the rest. */
  async balanceOf(
    shop: MoneyShop,
    period: DayRange,
  ): Promise<Pick<MoneyFigures, "openingKopecks" | "paidOutKopecks" | "closingKopecks">> {
    const seller = shop.seller;
    if (!seller) throw new Error("the store has no Seller API keys");
    const read = await this.#reads.read(shop.id, `money:${period.from}:${period.to}`, () =>
      this.#ozon(shop.id, seller.finance, period),
    );
    const { openingKopecks, paidOutKopecks, closingKopecks } = read.value;
    return { openingKopecks, paidOutKopecks, closingKopecks };
  }

  /** Forgets every kept read. */
  clear(): void {
    this.#reads.clear();
  }
}
