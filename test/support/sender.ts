import { MemorySendBudget, TelegramSender } from "../../src/bot/core/sender/index.ts";

const free = { capacity: 1, intervalMs: 0 };

/** A sender without limits, so tests of what is sent never wait (test/bot/sender tests them). */
export function unlimitedSender(): TelegramSender {
  const sendBudget = new MemorySendBudget({ limits: { private: free, group: free, global: free } });
  return new TelegramSender({ sendBudget });
}
