/**
 * A change sent to Ozon once, whoever asks: the first caller of a key (in this process or any
 * other sharing the store) sends and keeps Ozon's answer; a second caller (a double tap, a second
 * process handling the same dialog) sends nothing and reads the first one's answer.
 * Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 2 more
 */
import type { Store } from "../../store/port.ts";

const PREFIX = "products:once:";
const TTL_MS = 24 * 60 * 60_000;
/** How long a second caller waits for the first one's answer. */
const WAIT_MS = 10_000;
const STEP_MS = 100;

type Kept<T> = { state: "sending" } | { state: "done"; value: T };

export type Once<T> = { first: true; value: T } | { first: false; value?: T };

export async function sendOnce<T>(
  store: Store,
  key: string,
  send: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<Once<T>> {
  const full = `${PREFIX}${key}`;
  const mine = await store.setIfAbsent(full, { state: "sending" } satisfies Kept<T>, {
    ttlMs: TTL_MS,
  });
  if (!mine) {
    for (let waited = 0; waited <= WAIT_MS; waited += STEP_MS) {
      const kept = await store.get<Kept<T>>(full);
      if (kept?.state === "done") return { first: false, value: kept.value };
      if (kept === undefined) break; // the first one failed before Ozon answered
      await sleep(STEP_MS);
    }
    return { first: false };
  }
  let value: T;
  try {
    value = await send();
  } catch (error) {
    // No answer kept: the next confirmation may send again (the key is per confirmation).
    await store.delete(full);
    throw error;
  }
  await store.set(full, { state: "done", value } satisfies Kept<T>, { ttlMs: TTL_MS });
  return { first: true, value };
}
