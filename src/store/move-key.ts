/**
 * Moves one record to another key in one atomic step (compare-and-set on both keys), so two
 * processes moving the same record at once move it exactly once, and a crash leaves it either
 * where it was or where it went. Used when Telegram gives a chat a new id (chat-moves.ts).
 * Tests: none directly
 */
import type { SetOptions, Store } from "./port.ts";

const MAX_TRIES = 10;

/**
 * Moves the value at `from` to `to`, rewritten by `change`. A value already at `to` is newer
 * (set there since) and wins: the one at `from` is only dropped. False when `from` was empty.
 */
export async function moveKey<T>(
  store: Store,
  from: string,
  to: string,
  change: (value: T) => T,
  options: SetOptions = {},
): Promise<boolean> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const value = await store.get<T>(from);
    if (value === undefined) return false;
    const there = await store.get<unknown>(to);
    const moved = await store.compareAndSetMany([
      { key: from, expected: value, next: undefined },
      there === undefined
        ? { key: to, expected: undefined, next: change(value), ...options }
        : { key: to, expected: there, next: there, ...options },
    ]);
    if (moved) return true;
  }
  throw new Error(`${from}: kept changing while it was moved`);
}
