/** Tests: test/bot/deliveries/tracking-typed.test.ts */
import type { Context } from "grammy";
import type { ReadAlong } from "./chat-lock.ts";

/**
 * Store keys a feature wants read along with the chat lock (chat-lock.ts `readAlong`: on Redis,
 * in the same round trip as the lock and the session), handed to that feature's handler of the
 * same update instead of asking the store again. A feature registers a key per update
 * (`register`, when it is built) and takes the value in its handler (`take`).
 *
 * Values are kept by store key for the update's time only; a key must belong to the update's
 * chat (`subscriber:<chat>`, say): sequentialize lets one update per chat run at a time and the
 * lock keeps other processes from writing it meanwhile. Without the lock (one process, the file
 * store) nothing is read along and `take` answers undefined: the feature reads as usual.
 */
export class ReadAhead {
  readonly #values = new Map<string, unknown>();
  readonly #readers: ReadAlong[] = [];

  /** For the chat lock's `readAlong`: the list itself, so features may register after it. */
  get readers(): readonly ReadAlong[] {
    return this.#readers;
  }

  /** A reader of its own (the session's, the person's). */
  add(reader: ReadAlong): void {
    this.#readers.push(reader);
  }

  /** Reads `keyOf(ctx)` (undefined: nothing for this update) along with the chat's lock. */
  register(keyOf: (ctx: Context) => string | undefined): void {
    this.#readers.push({
      keyOf,
      onRead: (_ctx, key, value) => {
        this.#values.set(key, value);
      },
      done: (_ctx, key) => {
        this.#values.delete(key);
      },
    });
  }

  /** What was read along for `key` in this update (once); undefined: read it yourself. */
  take(key: string): { value: unknown } | undefined {
    if (!this.#values.has(key)) return undefined;
    const value = this.#values.get(key);
    this.#values.delete(key);
    return { value };
  }
}
