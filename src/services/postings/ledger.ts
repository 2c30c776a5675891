/**
 * What the posting watcher remembers, in the store, so a restart or another process taking over
 * repeats nothing delivered and loses nothing undelivered:
 *
 * - `state`: the first run happened (permanent);
 * - `known:<posting>`: when the posting was first seen, and whether it was already waiting on the
 *   first run (covered by the summary);
 * - `announced:<chat>:<posting>`, `reminded:<chat>:<posting>`: Telegram accepted the alert (or the
 *   digest holding it) / the reminder for that chat, and when;
 * - `summary:<chat>`: a first-run summary still owed to that chat.
 *
 * Everything but `state` expires after `ttlMs` (30 days by default); records of a posting still
 * listed are rewritten at half their TTL so they never expire under it.
 *
 * Reads are cached in this process, but only positive knowledge (a record or mark exists): marks
 * are only ever added, so such a cache cannot go stale. The caller prunes it to the postings still
 * listed, and forgets it all when another process may have written (the lease changed hands).
 * Tests: test/services/chat-moves.test.ts, test/services/chat-records.test.ts
 */
import { moveKey } from "../../store/move-key.ts";
import type { Store } from "../../store/port.ts";

export type MarkKind = "announced" | "reminded";

export interface KnownPosting {
  /** Epoch ms of the pass that first listed it. */
  firstSeenAt: number;
  /** Already waiting on the very first run: covered by the summary, never alerted one by one. */
  baseline: boolean;
  /** Epoch ms the record was last written (for the TTL refresh). */
  touchedAt: number;
}

interface Mark {
  at: number;
}

interface CachedMarks {
  announced: Map<number, number>;
  reminded: Map<number, number>;
}

const STORE_CONCURRENCY = 32;
/** How long known postings and delivery marks are kept unless the watcher is told otherwise. */
export const DEFAULT_MARK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Runs `task` for every item, at most `limit` at a time (store round trips overlap). */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export class DeliveryLedger {
  readonly #store: Store;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #known = new Map<string, KnownPosting>();
  readonly #marks = new Map<string, CachedMarks>();
  /** Summaries are only owed after a first run; once none is left, stop looking. */
  #summariesSettled = false;

  constructor(store: Store, options: { prefix: string; ttlMs: number }) {
    this.#store = store;
    this.#prefix = options.prefix;
    this.#ttlMs = options.ttlMs;
  }

  async isInitialized(): Promise<boolean> {
    return (await this.#store.get(this.#key("state"))) !== undefined;
  }

  /** Ends the first run: owes each chat its summary, then records that the first run happened. */
  async initialize(chatIds: readonly number[], now: number): Promise<void> {
    // Summaries first, state last: a crash in between simply repeats the first run.
    await forEachLimited(chatIds, STORE_CONCURRENCY, async (chatId) => {
      await this.#store.set(this.#key(`summary:${chatId}`), { at: now }, this.#ttl());
    });
    this.#summariesSettled = false;
    await this.#store.set(this.#key("state"), { initializedAt: new Date(now).toISOString() });
  }

  async owedSummaries(): Promise<Set<number>> {
    if (this.#summariesSettled) return new Set();
    const prefix = this.#key("summary:");
    const entries = await this.#store.list(prefix);
    const owed = new Set(entries.map((entry) => Number(entry.key.slice(prefix.length))));
    if (owed.size === 0) this.#summariesSettled = true;
    return owed;
  }

  async settleSummary(chatId: number): Promise<void> {
    await this.#store.delete(this.#key(`summary:${chatId}`));
  }

  /**
   * The known record of every listed posting, creating the missing ones (first seen `now`);
   * `discovered` counts the records this call created.
   */
  async recordPostings(
    postingNumbers: readonly string[],
    now: number,
    baseline: boolean,
  ): Promise<{ known: Map<string, KnownPosting>; discovered: number }> {
    const known = new Map<string, KnownPosting>();
    const missing: string[] = [];
    for (const number of postingNumbers) {
      const cached = this.#known.get(number);
      if (cached) known.set(number, cached);
      else missing.push(number);
    }
    let discovered = 0;
    await forEachLimited(missing, STORE_CONCURRENCY, async (number) => {
      const key = this.#key(`known:${number}`);
      let record = await this.#store.get<KnownPosting>(key);
      if (!record) {
        const fresh: KnownPosting = { firstSeenAt: now, baseline, touchedAt: now };
        if (await this.#store.setIfAbsent(key, fresh, this.#ttl())) {
          record = fresh;
          discovered += 1;
        } else {
          // Another process recorded it a moment ago.
          record = (await this.#store.get<KnownPosting>(key)) ?? fresh;
        }
      }
      known.set(number, record);
      this.#known.set(number, record);
    });
    return { known, discovered };
  }

  /** Reads the marks of `kind` for this chat that this process has not seen yet. */
  async load(kind: MarkKind, chatId: number, postingNumbers: readonly string[]): Promise<void> {
    const unseen = postingNumbers.filter((n) => this.markedAt(kind, chatId, n) === undefined);
    await forEachLimited(unseen, STORE_CONCURRENCY, async (number) => {
      const mark = await this.#store.get<Mark>(this.#markKey(kind, chatId, number));
      if (mark) this.#cachedMarks(number)[kind].set(chatId, mark.at);
    });
  }

  /** When the mark was written, as far as this process knows (call `load` first). */
  markedAt(kind: MarkKind, chatId: number, postingNumber: string): number | undefined {
    return this.#marks.get(postingNumber)?.[kind].get(chatId);
  }

  async mark(
    kind: MarkKind,
    chatId: number,
    postingNumbers: readonly string[],
    at: number,
  ): Promise<void> {
    await forEachLimited(postingNumbers, STORE_CONCURRENCY, async (number) => {
      await this.#store.set(this.#markKey(kind, chatId, number), { at }, this.#ttl());
      this.#cachedMarks(number)[kind].set(chatId, at);
    });
  }

  /**
   * Rewrites the records of postings still listed once half their TTL has passed, so a posting
   * waiting for weeks is never announced again.
   */
  async refresh(postingNumbers: readonly string[], now: number): Promise<void> {
    const stale = postingNumbers.filter((number) => {
      const record = this.#known.get(number);
      return record !== undefined && now - record.touchedAt > this.#ttlMs / 2;
    });
    await forEachLimited(stale, STORE_CONCURRENCY, async (number) => {
      const record = this.#known.get(number);
      if (!record) return;
      const touched: KnownPosting = { ...record, touchedAt: now };
      await this.#store.set(this.#key(`known:${number}`), touched, this.#ttl());
      this.#known.set(number, touched);
      const marks = this.#marks.get(number);
      for (const kind of ["announced", "reminded"] as const) {
        for (const [chatId, at] of marks?.[kind] ?? []) {
          await this.#store.set(this.#markKey(kind, chatId, number), { at }, this.#ttl());
        }
      }
    });
  }

  /**
   * The group became a supergroup with a new id: its marks and owed summary follow it, so what
   * the old chat was told is not told again. Found by their keys' prefix (the chat's own index).
   * How many records moved.
   */
  async moveChat(fromChatId: number, toChatId: number): Promise<number> {
    const keys = [this.#key(`summary:${fromChatId}`)];
    for (const kind of ["announced", "reminded"] as const) {
      const entries = await this.#store.list(this.#key(`${kind}:${fromChatId}:`));
      keys.push(...entries.map((entry) => entry.key));
    }
    const from = `:${fromChatId}`;
    let moved = 0;
    await forEachLimited(keys, STORE_CONCURRENCY, async (key) => {
      // `<prefix><kind>:<chat>…`: only the chat id after the kind changes.
      const at = key.indexOf(from, this.#prefix.length);
      const to = `${key.slice(0, at)}:${toChatId}${key.slice(at + from.length)}`;
      if (await moveKey(this.#store, key, to, (value) => value, this.#ttl())) moved += 1;
    });
    return moved;
  }

  /** Drops cached knowledge of postings no longer listed (their store records just expire). */
  keepOnly(postingNumbers: ReadonlySet<string>): void {
    for (const number of this.#known.keys()) {
      if (!postingNumbers.has(number)) this.#known.delete(number);
    }
    for (const number of this.#marks.keys()) {
      if (!postingNumbers.has(number)) this.#marks.delete(number);
    }
  }

  /** Forgets everything cached (another process may have written meanwhile). */
  forget(): void {
    this.#known.clear();
    this.#marks.clear();
    this.#summariesSettled = false;
  }

  #cachedMarks(postingNumber: string): CachedMarks {
    let marks = this.#marks.get(postingNumber);
    if (!marks) {
      marks = { announced: new Map(), reminded: new Map() };
      this.#marks.set(postingNumber, marks);
    }
    return marks;
  }

  #markKey(kind: MarkKind, chatId: number, postingNumber: string): string {
    return this.#key(`${kind}:${chatId}:${postingNumber}`);
  }

  #key(suffix: string): string {
    return `${this.#prefix}${suffix}`;
  }

  #ttl() {
    return { ttlMs: this.#ttlMs };
  }
}
