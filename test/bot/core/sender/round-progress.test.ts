/**
 * A loop round whose messages wait in the sender's queue is working, not stalled: the sender
 * reports progress for it when a send is taken and when a 429 is being waited out (loop-board.ts
 * withinRound). A send queued outside any round reports nothing.
 */
import { describe, expect, it } from "vitest";
import { TelegramSender } from "../../../../src/bot/core/sender/index.ts";
import { withinRound } from "../../../../src/services/health/loop-board.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { waitFor } from "../../../support/wait.ts";

const LIMIT = new Error("429: Too Many Requests: retry after 30");
const chat = { chatId: 7, kind: "private", priority: "alert" } as const;

describe("the sender and the loop rounds waiting in it", () => {
  it("reports progress for a round while its send waits out Telegram's 429, and when it is taken", async () => {
    const clock = new ManualClock(1_000_000);
    const sender = new TelegramSender({
      clock,
      retryAfterMs: (error) => (error === LIMIT ? 30_000 : undefined),
    });
    const progress: number[] = [];
    let tries = 0;
    const sent = withinRound(
      () => progress.push(clock.now()),
      () =>
        sender.schedule(chat, async () => {
          tries += 1;
          if (tries === 1) throw LIMIT;
          return "sent";
        }),
    );
    // The 429 itself: the round waits on Telegram's limits, which is working.
    await waitFor(() => progress.length === 1, { message: "progress at the 429" });
    await clock.advance(30_000);
    expect(await sent).toBe("sent");
    expect(progress).toHaveLength(2);

    // Outside a round nothing is reported, and a settled round is no longer told.
    await clock.advance(1_000);
    const other = sender.schedule(chat, async () => "alone");
    await clock.advance(1_000);
    expect(await other).toBe("alone");
    expect(progress).toHaveLength(2);
    await sender.close();
  });
});
