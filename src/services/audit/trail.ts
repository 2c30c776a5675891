/**
 * The audit trail: one record per action that changed something at Ozon or in the bot's rights,
 * kept AUDIT_DAYS, read newest first through an index (time, store, person, object, kind) and
 * never read whole: each question pages its index and stops at a cap.
 * Tests: test/services/audit/trail.test.ts, test/bot/audit/ads-audit.test.ts and 9 more
 */
import { randomBytes } from "node:crypto";
import type { Logger } from "../../logger.ts";
import type { Change, Store } from "../../store/port.ts";
import { clip } from "../../text.ts";
import { type AuditEntry, type AuditInput, parseEntry } from "./entry.ts";
import {
  byKind,
  byObject,
  byPerson,
  byShop,
  onceKey,
  recordKey,
  TIME_PREFIX,
  timeOfKey,
  timePart,
} from "./keys.ts";
import { type AuditKind, type AuditObjectType, isRightsKind, objectOf } from "./kinds.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Index keys read per page. */
const PAGE = 100;
/** Most index keys one question reads before it answers with what it found. */
const SCAN_CAP = 3_000;
/** Most records one export holds. */
export const EXPORT_CAP = 50_000;

export interface AuditFilter {
  kind?: AuditKind;
  shopId?: string;
  personId?: number;
  object?: { type: AuditObjectType; id: string };
}

/** Who reads: admins everything; others only their stores' entries, never the rights kinds. */
export interface AuditViewer {
  admin: boolean;
  /** The stores the viewer's roles reach; undefined: every store. */
  shops?: readonly string[];
}

export interface AuditTrailOptions {
  store: Store;
  /** AUDIT_DAYS. */
  keepDays: number;
  logger?: Logger;
  now?: () => number;
}

export class AuditTrail {
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #logger: Logger | undefined;
  readonly #now: () => number;
  /** Orders this process's records of one millisecond. */
  #sequence = 0;

  constructor(options: AuditTrailOptions) {
    this.#store = options.store;
    this.#ttlMs = Math.max(1, options.keepDays) * DAY_MS;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Writes one record with its index keys in one atomic step. Undefined when the action's
   * once-key has a record already, or when the store failed (logged: the action itself stands).
   */
  async record(input: AuditInput): Promise<AuditEntry | undefined> {
    const at = input.at ?? this.#now();
    // A record older than the trail keeps would be gone at once (a very late repair).
    const ttlMs = this.#ttlMs - Math.max(0, this.#now() - at);
    if (ttlMs <= 0) return undefined;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const entry = this.#entry(input, at);
        const written = await this.#store.compareAndSetMany(this.#changes(entry, input, ttlMs));
        if (written) return entry;
        if (input.onceKey && (await this.#store.get(onceKey(input.onceKey))) !== undefined) {
          return undefined;
        }
      }
      throw new Error("audit record ids kept colliding");
    } catch (error) {
      this.#logger?.warn(
        { err: error, kind: input.kind, shop: input.shopId },
        "Audit: writing a record failed",
      );
      return undefined;
    }
  }

  /** True when the action's once-key has its record. */
  async has(key: string): Promise<boolean> {
    return (await this.#store.get(onceKey(key))) !== undefined;
  }

  /** The newest `limit` entries matching the filter that the viewer may see. */
  async latest(filter: AuditFilter, viewer: AuditViewer, limit = 20): Promise<AuditEntry[]> {
    const { prefix, direct } = indexFor(filter);
    const found: AuditEntry[] = [];
    let after: string | undefined;
    for (let read = 0; read < SCAN_CAP && found.length < limit; read += PAGE) {
      const page = await this.#store.listPage(prefix, { limit: PAGE, reverse: true, after });
      const entries = direct
        ? page.map((p) => parseEntry(p.value))
        : await this.#records(page.map((p) => p.value));
      for (const entry of entries) {
        if (entry && matches(entry, filter) && visible(entry, viewer)) found.push(entry);
        if (found.length >= limit) break;
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]?.key;
    }
    return found;
  }

  /** Every entry the viewer may see from `fromMs` to `toMs`, oldest first, at most EXPORT_CAP. */
  async period(fromMs: number, toMs: number, viewer: AuditViewer): Promise<AuditEntry[]> {
    const found: AuditEntry[] = [];
    let after = `${TIME_PREFIX}${timePart(fromMs - 1)}:~`;
    for (;;) {
      const page = await this.#store.listPage(TIME_PREFIX, { limit: PAGE * 5, after });
      for (const { key, value } of page) {
        if (timeOfKey(key) > toMs || found.length >= EXPORT_CAP) return found;
        const entry = parseEntry(value);
        if (entry && visible(entry, viewer)) found.push(entry);
      }
      if (page.length < PAGE * 5) return found;
      after = page[page.length - 1]?.key ?? after;
    }
  }

  async #records(ids: unknown[]): Promise<Array<AuditEntry | undefined>> {
    return Promise.all(
      ids.map(async (id) =>
        typeof id === "string" ? parseEntry(await this.#store.get(recordKey(id))) : undefined,
      ),
    );
  }

  #entry(input: AuditInput, at: number): AuditEntry {
    this.#sequence = (this.#sequence + 1) % 36 ** 4;
    const order = this.#sequence.toString(36).padStart(4, "0");
    const id = `${timePart(at)}:${order}${randomBytes(4).toString("hex")}`;
    const words = (text: string) => clip(text, 300);
    const entry: AuditEntry = {
      id,
      at,
      kind: input.kind,
      actor: { id: input.actor.id, name: clip(input.actor.name, 100) },
      objectId: clip(input.objectId, 100),
      result:
        input.result.status === "done"
          ? { status: "done" }
          : { status: input.result.status, words: words(input.result.words) },
    };
    if (input.shopId !== undefined) entry.shopId = clip(input.shopId, 64);
    if (input.detail !== undefined) entry.detail = clip(input.detail, 200);
    if (input.via !== undefined) entry.via = clip(input.via, 32);
    if (input.from !== undefined) entry.from = words(input.from);
    if (input.to !== undefined) entry.to = words(input.to);
    return entry;
  }

  #changes(entry: AuditEntry, input: AuditInput, ttlMs: number): Change[] {
    const index = (prefix: string): Change => ({
      key: prefix + entry.id,
      expected: undefined,
      next: entry.id,
      ttlMs,
    });
    const changes: Change[] = [
      { key: recordKey(entry.id), expected: undefined, next: entry, ttlMs },
      index(byPerson(entry.actor.id)),
      index(byObject(objectOf(entry.kind), entry.objectId)),
      index(byKind(entry.kind)),
    ];
    if (entry.shopId !== undefined) changes.push(index(byShop(entry.shopId)));
    if (input.onceKey) {
      changes.push({ key: onceKey(input.onceKey), expected: undefined, next: entry.id, ttlMs });
    }
    return changes;
  }
}

/** The narrowest index for a filter; the rest of the filter is checked on each entry. */
function indexFor(filter: AuditFilter): { prefix: string; direct: boolean } {
  if (filter.object)
    return { prefix: byObject(filter.object.type, filter.object.id), direct: false };
  if (filter.personId !== undefined) return { prefix: byPerson(filter.personId), direct: false };
  if (filter.shopId !== undefined) return { prefix: byShop(filter.shopId), direct: false };
  if (filter.kind) return { prefix: byKind(filter.kind), direct: false };
  return { prefix: TIME_PREFIX, direct: true };
}

function matches(entry: AuditEntry, filter: AuditFilter): boolean {
  if (filter.kind && entry.kind !== filter.kind) return false;
  if (filter.shopId !== undefined && entry.shopId !== filter.shopId) return false;
  if (filter.personId !== undefined && entry.actor.id !== filter.personId) return false;
  if (filter.object) {
    if (objectOf(entry.kind) !== filter.object.type || entry.objectId !== filter.object.id) {
      return false;
    }
  }
  return true;
}

export function visible(entry: AuditEntry, viewer: AuditViewer): boolean {
  if (viewer.admin) return true;
  if (isRightsKind(entry.kind)) return false;
  if (viewer.shops === undefined) return true;
  return entry.shopId !== undefined && viewer.shops.includes(entry.shopId);
}
