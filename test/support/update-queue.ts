/**
 * The updates the fake Bot API (fake-bot-api.ts) serves by getUpdates, as Telegram does: in
 * order, an offset confirming every update before it, a long poll held open until an update
 * comes, its timeout (capped) passes or the bot hangs up.
 */
import type { IncomingMessage } from "node:http";
import type { Update } from "grammy/types";

export class UpdateQueue {
  readonly #updates: Update[] = [];
  readonly #pollers = new Set<() => void>();
  /** Longest time a getUpdates is held open waiting for updates. */
  readonly #maxLongPollMs: number;

  constructor(maxLongPollMs: number) {
    this.#maxLongPollMs = maxLongPollMs;
  }

  /** Updates served next, in order; a waiting poll answers at once. */
  push(...updates: Update[]): void {
    this.#updates.push(...updates);
    this.wake();
  }

  /** Updates queued and not yet confirmed by an offset. */
  get pending(): number {
    return this.#updates.length;
  }

  /** Every waiting poll answers now (with what there is). */
  wake(): void {
    for (const wake of this.#pollers) wake();
  }

  /** The answer to getUpdates with `payload` (offset, limit, timeout) over request `req`. */
  async poll(payload: Record<string, unknown>, req: IncomingMessage): Promise<Update[]> {
    const offset = Number(payload.offset ?? 0);
    const limit = Math.min(Math.max(Number(payload.limit ?? 100), 1), 100);
    // An offset confirms every update before it, as Telegram does.
    while (this.#updates.length > 0 && (this.#updates[0]?.update_id ?? 0) < offset) {
      this.#updates.shift();
    }
    const ready = () => this.#updates.filter((u) => u.update_id >= offset).slice(0, limit);
    const waitMs = Math.min(Number(payload.timeout ?? 0) * 1000, this.#maxLongPollMs);
    if (ready().length === 0 && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.#pollers.delete(done);
          req.off("close", done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        this.#pollers.add(done);
        req.once("close", done);
      });
    }
    return ready();
  }
}
