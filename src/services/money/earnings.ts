/**
 * What a posting earned the seller, for the line "💰 to you" of its card: Ozon's accruals of the
 * posting (`/v1/finance/accrual/postings`, beta) summed, and split into price, commission, delivery
 * and other by the accrual types' names. Never asked once per card view:
 * - an accrued posting is kept in the shop's store (EARNED_KEPT_MS); for SETTLING_MS after its first
 *   accrual (a return, a late charge may still come) it is asked again at most every
 *   ACCRUED_RECHECK_MS, the kept figure shown meanwhile; after that never again;
 * - one Ozon has not accrued yet is kept as "pending" and asked again only after PENDING_RECHECK_MS;
 * - the postings asked within BATCH_WAIT_MS of each other (cards sent in a row, a list) go in one
 *   call of up to 200.
 * A failure (the beta method down, say) leaves the line out and is kept as pending for
 * FAILED_RECHECK_MS, so a card is never held up or taken down by it.
 * Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more
 */
import type { AccrualType, PostingAccrual } from "../../ozon/seller/finance.ts";
import type { Store } from "../../store/port.ts";

export const EARNED_KEPT_MS = 120 * 24 * 60 * 60_000;
export const PENDING_RECHECK_MS = 3 * 60 * 60_000;
export const FAILED_RECHECK_MS = 10 * 60_000;
/** An accrued posting's figure may still change (a return, a late charge) this long… */
export const SETTLING_MS = 60 * 24 * 60 * 60_000;
/** …and is asked again at most this often meanwhile. */
export const ACCRUED_RECHECK_MS = 12 * 60 * 60_000;
export const BATCH_WAIT_MS = 150;
const BATCH_MAX = 200;
const TYPES_KEPT_MS = 24 * 60 * 60_000;
const KEY = "money:earned:";

/** Kopecks as decimal text (JSON-safe), signed. */
export interface PostingEarned {
  total: string;
  price: string;
  commission: string;
  delivery: string;
  other: string;
}

type Kept =
  /** `since`: first accrued; `until`: asked again after (absent: settled, never again). */
  | { state: "accrued"; earned: PostingEarned; since?: number; until?: number }
  | { state: "pending"; until: number };

export interface EarningsShop {
  id: string;
  store: Store;
  seller?: {
    finance: {
      accrualsOfPostings(numbers: readonly string[]): Promise<Map<string, PostingAccrual[]>>;
      accrualTypes(): Promise<AccrualType[]>;
    };
  };
}

type Part = keyof Omit<PostingEarned, "total">;

/** Which part of the card's breakdown an accrual type is, by Ozon's name for it. */
export function partOfType(name: string | undefined): Part {
  const n = (name ?? "").toLowerCase();
  if (/логист|доставк|deliver|logistic|flow/.test(n)) return "delivery";
  if (/вознагражд|комисс|commission|fee/.test(n)) return "commission";
  if (/выручк|продаж|возврат|sale|revenue|return/.test(n)) return "price";
  return "other";
}

export function earnedOf(
  accruals: readonly PostingAccrual[],
  types: ReadonlyMap<number, string>,
): PostingEarned {
  const sums: Record<Part, bigint> = { price: 0n, commission: 0n, delivery: 0n, other: 0n };
  for (const a of accruals) {
    const name = a.typeId === undefined ? undefined : types.get(a.typeId);
    // Without the types' names, a line with the seller's price is the sale (or its return).
    const part =
      name !== undefined
        ? partOfType(name)
        : a.sellerPriceKopecks !== undefined
          ? "price"
          : "other";
    sums[part] += a.kopecks;
  }
  const total = sums.price + sums.commission + sums.delivery + sums.other;
  return {
    total: String(total),
    price: String(sums.price),
    commission: String(sums.commission),
    delivery: String(sums.delivery),
    other: String(sums.other),
  };
}

/** What is kept of a posting (no Ozon call): its earnings once accrued. */
export async function keptEarned(store: Store, number: string): Promise<PostingEarned | undefined> {
  const kept = await store.get<Kept>(`${KEY}${number}`);
  return kept?.state === "accrued" ? kept.earned : undefined;
}

interface Waiting {
  numbers: Set<string>;
  timer: ReturnType<typeof setTimeout> | undefined;
  done: Promise<void>;
  release: () => void;
}

export interface PostingEarningsOptions {
  now?: () => number;
  batchWaitMs?: number;
  onError?: (shopId: string, error: unknown) => void;
}

export class PostingEarnings {
  readonly #now: () => number;
  readonly #wait: number;
  readonly #onError: PostingEarningsOptions["onError"];
  readonly #waiting = new Map<string, Waiting>();
  readonly #types = new Map<string, { at: number; names: Promise<Map<number, string>> }>();

  constructor(options: PostingEarningsOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#wait = options.batchWaitMs ?? BATCH_WAIT_MS;
    this.#onError = options.onError;
  }

  /** What Ozon accrued for each posting it has accrued; the others are absent. */
  async of(shop: EarningsShop, numbers: readonly string[]): Promise<Map<string, PostingEarned>> {
    const result = new Map<string, PostingEarned>();
    const ask: string[] = [];
    for (const number of new Set(numbers)) {
      const kept = await shop.store.get<Kept>(`${KEY}${number}`);
      if (kept?.state === "accrued") result.set(number, kept.earned);
      if (!kept || (kept.until !== undefined && kept.until <= this.#now())) ask.push(number);
    }
    if (ask.length === 0 || !shop.seller) return result;
    await this.#ask(shop, ask);
    for (const number of ask) {
      const kept = await shop.store.get<Kept>(`${KEY}${number}`);
      if (kept?.state === "accrued") result.set(number, kept.earned);
    }
    return result;
  }

  /** Joins the shop's next call (made BATCH_WAIT_MS after its first posting, or once 200 wait). */
  #ask(shop: EarningsShop, numbers: readonly string[]): Promise<void> {
    let waiting = this.#waiting.get(shop.id);
    if (!waiting) {
      let release = () => {};
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      waiting = { numbers: new Set(), timer: undefined, done, release };
      this.#waiting.set(shop.id, waiting);
      const mine = waiting;
      mine.timer = setTimeout(() => void this.#flush(shop, mine), this.#wait);
    }
    for (const n of numbers) waiting.numbers.add(n);
    const done = waiting.done;
    if (waiting.numbers.size >= BATCH_MAX) {
      clearTimeout(waiting.timer);
      void this.#flush(shop, waiting);
    }
    return done;
  }

  async #flush(shop: EarningsShop, waiting: Waiting): Promise<void> {
    if (this.#waiting.get(shop.id) === waiting) this.#waiting.delete(shop.id);
    const numbers = [...waiting.numbers];
    try {
      const finance = shop.seller?.finance;
      if (!finance) return;
      const [found, types] = await Promise.all([
        finance.accrualsOfPostings(numbers),
        this.#typesOf(shop),
      ]);
      const now = this.#now();
      for (const number of numbers) {
        const accruals = found.get(number) ?? [];
        const key = `${KEY}${number}`;
        const before = await shop.store.get<Kept>(key);
        let kept: Kept;
        if (accruals.length > 0) {
          const since = before?.state === "accrued" ? (before.since ?? now) : now;
          kept = {
            state: "accrued",
            earned: earnedOf(accruals, types),
            since,
            ...(now - since < SETTLING_MS ? { until: now + ACCRUED_RECHECK_MS } : {}),
          };
        } else if (before?.state === "accrued") {
          // Accrued before and nothing now (Ozon's slip): the kept figure stays, asked again later.
          kept = { ...before, until: now + ACCRUED_RECHECK_MS };
        } else {
          kept = { state: "pending", until: now + PENDING_RECHECK_MS };
        }
        const ttlMs = kept.state === "accrued" ? EARNED_KEPT_MS : PENDING_RECHECK_MS;
        await shop.store.set(key, kept, { ttlMs });
      }
    } catch (error) {
      this.#onError?.(shop.id, error);
      const until = this.#now() + FAILED_RECHECK_MS;
      for (const number of numbers) {
        const key = `${KEY}${number}`;
        const before = await shop.store.get<Kept>(key).catch(() => undefined);
        // A failed re-read keeps what was accrued: only its next ask moves.
        const kept: Kept =
          before?.state === "accrued" ? { ...before, until } : { state: "pending", until };
        const ttlMs = kept.state === "accrued" ? EARNED_KEPT_MS : FAILED_RECHECK_MS;
        await shop.store.set(key, kept, { ttlMs }).catch(() => undefined);
      }
    } finally {
      waiting.release();
    }
  }

  /** The accrual types' names, read once a day per shop; none when Ozon does not give them. */
  #typesOf(shop: EarningsShop): Promise<Map<number, string>> {
    const known = this.#types.get(shop.id);
    if (known && this.#now() - known.at < TYPES_KEPT_MS) return known.names;
    const names = (shop.seller?.finance.accrualTypes() ?? Promise.resolve([]))
      .then((types) => new Map(types.map((t) => [t.id, t.name])))
      .catch(() => {
        this.#types.delete(shop.id);
        return new Map<number, string>();
      });
    this.#types.set(shop.id, { at: this.#now(), names });
    return names;
  }
}
