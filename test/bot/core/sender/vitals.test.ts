/**
 * The sender's numbers for /status and /metrics: messages sent, Telegram's 429s (in all and in
 * the last hour), the queue's depth and how long its oldest send has waited.
 */
import { expect, it } from "vitest";
import { TelegramSender } from "../../../../src/bot/core/sender/index.ts";
import { ManualClock } from "../../../support/manual-clock.ts";

const tooMany = () =>
  Object.assign(new Error("Too Many Requests"), {
    error_code: 429,
    parameters: { retry_after: 2 },
  });

it("counts sends and 429s and tells the queue's depth and oldest wait", async () => {
  const clock = new ManualClock(1_000_000);
  const sender = new TelegramSender({ clock });
  expect(sender.vitals()).toMatchObject({ queued: 0, inFlight: 0, sent: 0, rateLimited: 0 });
  expect(sender.vitals().oldestWaitingMs).toBeUndefined();

  let refusals = 1;
  const first = sender.schedule({ chatId: 1, kind: "private", priority: "alert" }, async () => {
    if (refusals-- > 0) throw tooMany();
    return "sent";
  });
  // The 429 holds chat 1 for 2 s: its send waits at the head of its queue.
  await clock.advance(500);
  const waiting = sender.vitals();
  expect(waiting.rateLimited).toBe(1);
  expect(waiting.rateLimitedLastHour).toBe(1);
  expect(waiting.queued).toBe(1);
  expect(waiting.oldestWaitingMs).toBe(500);

  await clock.advance(2_000);
  expect(await first).toBe("sent");
  const after = sender.vitals();
  expect(after).toMatchObject({ queued: 0, inFlight: 0, sent: 1, rateLimited: 1 });
  expect(after.oldestWaitingMs).toBeUndefined();
  await sender.close();
});
