/**
 * An alert a chat keeps refusing (not "gone": Telegram failing, a chat it will not post to) is
 * given up for that chat after MAX_TRIES passes, as sales gives up an order: marked as told there,
 * so one chat never holds back the store's watcher and the others forever.
 * Tests: none directly
 */
import type { Logger } from "../../logger.ts";
import { MAX_TRIES } from "../../services/sales/index.ts";
import type { Store } from "../../store/port.ts";

/**
 * Counts one more refused try of the alert marked by `mark` (a chat's "told" key); true when that
 * was the last and the alert is now given up for the chat (marked as told, for `ttlMs`).
 */
export async function givenUpAfterTry(
  store: Store,
  mark: string,
  ttlMs: number,
  logger?: Pick<Logger, "warn">,
): Promise<boolean> {
  const key = `${mark}:tries`;
  const tries = await store.increment(key);
  if (tries === 1) await store.set(key, 1, { ttlMs });
  if (tries < MAX_TRIES) return false;
  await store.set(mark, true, { ttlMs });
  await store.delete(key);
  logger?.warn({ tries }, "a chat kept refusing an alert; given up there");
  return true;
}
