/**
 * Who packed a posting through the bot, and when, kept a few days: a second person who confirms
 * the same posting (two people tapped Ship on one alert) is told who packed it instead of a
 * success that was not theirs.
 *
 * Store layout: `packed-by:<posting number>` → PackedBy, TTL PACKED_BY_TTL_MS.
 * Tests: test/bot/audit/audit-command.test.ts, test/services/audit/trail.test.ts
 */
import type { Store } from "../../store/port.ts";

export interface PackedBy {
  /** Telegram id of the person whose ship request packed it. */
  userId: number;
  /** Their name as Telegram showed it then. */
  name: string;
  /** ISO time. */
  at: string;
  /** The postings it became (a split makes one per package); empty when not known. */
  parts: string[];
}

/** Long enough for everyone on the alert to look at it; postings are handed over within days. */
export const PACKED_BY_TTL_MS = 3 * 24 * 60 * 60 * 1000;

const key = (postingNumber: string) => `packed-by:${postingNumber}`;

export class PackedByLedger {
  readonly #store: Store;
  readonly #ttlMs: number;

  constructor(store: Store, ttlMs = PACKED_BY_TTL_MS) {
    this.#store = store;
    this.#ttlMs = ttlMs;
  }

  get(postingNumber: string): Promise<PackedBy | undefined> {
    return this.#store.get<PackedBy>(key(postingNumber));
  }

  /** Ozon confirmed this person's ship request: it is theirs, whatever was noted before. */
  record(postingNumber: string, packer: PackedBy): Promise<void> {
    return this.#store.set(key(postingNumber), packer, { ttlMs: this.#ttlMs });
  }

  /**
   * A request whose answer was lost may be what packed it: it is this person's unless someone's
   * pack is noted already (theirs was confirmed, so this one could not have moved it). True when
   * it is now noted as this person's.
   */
  claim(postingNumber: string, packer: PackedBy): Promise<boolean> {
    return this.#store.setIfAbsent(key(postingNumber), packer, { ttlMs: this.#ttlMs });
  }
}
