import { setTimeout as delay } from "node:timers/promises";

/** Time as the request core sees it; tests inject their own to assert delays without waiting. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms <= 0) return;
    await delay(ms, undefined, signal ? { signal } : undefined);
  },
};
