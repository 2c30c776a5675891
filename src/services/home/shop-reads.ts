/**
 * Home's reads of one store, kept a short while: a source (postings to pack, chats waiting…) is
 * read once per store per `ttlMs` whoever opens Home, and opens that come while a read is under
 * way share it. So twenty people opening Home in a minute cost the Ozon calls of one. A failed
 * read is kept as long (a store without the right to a source must not cost a call per open);
 * opens that meet a kept failure get KeptReadFailure, so it is reported once.
 * Tests: test/bot/home/home-live.test.ts, test/bot/home/home.test.ts
 */

/** A read that failed within the kept time: already reported by the open that made it. */
export class KeptReadFailure extends Error {
  override name = "KeptReadFailure";
}

export interface Read<T> {
  /** Epoch ms the read began (what "as of" shows). */
  at: number;
  value: T;
}

/** 45 s: a screen is at most this old, and Ozon is asked at most about once a minute per store. */
export const HOME_READ_TTL_MS = 45_000;
/** Entries kept at most (stores × sources); cleared rather than grown past it. */
const MAX_ENTRIES = 10_000;

export class ShopReads {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? HOME_READ_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  async read<T>(shopId: string, source: string, load: () => Promise<T>): Promise<Read<T>> {
    const key = `${source}\u0000${shopId}`;
    const now = this.#now();
    const known = this.#entries.get(key);
    if (known && now - known.at < this.#ttlMs) {
      const value = await known.value.catch((error: unknown) => {
        throw new KeptReadFailure(`${source} of ${shopId}`, { cause: error });
      });
      return { at: known.at, value: value as T };
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    const value = load();
    this.#entries.set(key, { at: now, value: value as Promise<unknown> });
    // Kept, failed or not; the open that made the read reports a failure.
    value.catch(() => undefined);
    return { at: now, value: await value };
  }

  /** Forgets every read: the next open reads afresh. */
  clear(): void {
    this.#entries.clear();
  }
}
