/**
 * Rules shared by every adapter, so memory, file and Redis agree on values, TTLs and key order.
 * Tests: none directly
 */
import { type Change, MAX_PAGE } from "./port.ts";

/** A change of compareAndSetMany with its JSON texts: undefined stands for "absent" / "delete". */
export interface EncodedChange {
  key: string;
  expected: string | undefined;
  next: string | undefined;
  ttlMs: number | undefined;
}

/** Checks and encodes every change before any is applied; a repeated key is a RangeError. */
export function encodeChanges(changes: readonly Change[]): EncodedChange[] {
  const keys = new Set<string>();
  return changes.map((change) => {
    if (keys.has(change.key)) {
      throw new RangeError(`compareAndSetMany: the key "${change.key}" appears twice`);
    }
    keys.add(change.key);
    return {
      key: change.key,
      expected:
        change.expected === undefined ? undefined : encodeValue(change.key, change.expected),
      next: change.next === undefined ? undefined : encodeValue(change.key, change.next),
      ttlMs: ttlOf(change),
    };
  });
}

/** JSON text of a value; throws a TypeError for what JSON cannot hold (bigint, undefined...). */
export function encodeValue(key: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`Store value for "${key}" is not JSON: ${(error as Error).message}`);
  }
  if (text === undefined) {
    throw new TypeError(`Store value for "${key}" is not JSON (got ${typeof value})`);
  }
  return text;
}

export function decodeValue<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** Whole milliseconds of a TTL, or undefined for none; rejects what Redis PX would reject. */
export function ttlOf(options: { ttlMs?: number } | undefined): number | undefined {
  const ttlMs = options?.ttlMs;
  if (ttlMs === undefined) return undefined;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`ttlMs must be a positive number of milliseconds, got ${ttlMs}`);
  }
  return Math.ceil(ttlMs);
}

export function checkIncrement(by: number): number {
  if (!Number.isSafeInteger(by)) {
    throw new RangeError(`increment step must be a safe integer, got ${by}`);
  }
  return by;
}

/** The number an increment starts from; rejects what Redis INCRBY would reject. */
export function counterValue(key: string, text: string): number {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new TypeError(`Store value for "${key}" is not an integer, cannot increment it`);
  }
  return value;
}

export function checkedSum(key: string, current: number, by: number): number {
  const sum = current + by;
  if (!Number.isSafeInteger(sum)) {
    throw new RangeError(`Incrementing "${key}" would leave the safe integer range`);
  }
  return sum;
}

/**
 * Code point order (the order of UTF-8 bytes, which SQLite and Redis use), not JavaScript's
 * UTF-16 code unit order: the two differ only where a surrogate pair meets U+E000..U+FFFF.
 */
export function compareKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      return x >= 0xd800 && y >= 0xd800 ? lift(x) - lift(y) : x - y;
    }
  }
  return a.length - b.length;
}

/** Moves surrogates (code points above U+FFFF) after U+E000..U+FFFF. */
function lift(unit: number): number {
  return unit <= 0xdfff ? unit + 0x2000 : unit - 0x800;
}

/**
 * The smallest string greater than every string that starts with `prefix` (in code point
 * order), so `prefix <= key < bound` selects exactly the keys with that prefix; undefined when
 * no such bound exists (empty prefix, or only U+10FFFF characters).
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const points = Array.from(prefix, (c) => c.codePointAt(0) ?? 0);
  while (points.length > 0) {
    const last = points.pop() ?? 0;
    if (last < 0x10ffff) {
      // Skip the surrogate block: those are not characters and cannot be stored as text.
      points.push(last + 1 === 0xd800 ? 0xe000 : last + 1);
      return String.fromCodePoint(...points);
    }
  }
  return undefined;
}

/** Checks a page's limit (see PageOptions). */
export function checkPageLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
    throw new RangeError(`A page limit must be an integer from 1 to ${MAX_PAGE}, not ${limit}`);
  }
}

/**
 * The key range of a page: keys from `lower` (inclusive unless `lowerOpen`) up to `upper`
 * (exclusive; undefined: no end), for a prefix and a cursor in the direction of travel.
 */
export function pageRange(
  prefix: string,
  reverse: boolean,
  after: string | undefined,
): { lower: string; lowerOpen: boolean; upper: string | undefined } {
  const end = prefixUpperBound(prefix);
  if (after === undefined) return { lower: prefix, lowerOpen: false, upper: end };
  if (reverse) {
    const upper = end === undefined || compareKeys(after, end) < 0 ? after : end;
    return { lower: prefix, lowerOpen: false, upper };
  }
  return compareKeys(after, prefix) < 0
    ? { lower: prefix, lowerOpen: false, upper: end }
    : { lower: after, lowerOpen: true, upper: end };
}
