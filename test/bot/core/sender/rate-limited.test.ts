/**
 * A 429 from Telegram on a background send is the sender's to wait out (on its clock, holding that
 * chat), not the auto-retry plugin's: bot.api's auto-retry would sleep through it in real time
 * while the sender knew nothing. The postings module over the fake Bot API, on a manual clock.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TelegramSender } from "../../../../src/bot/core/sender/index.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { command } from "../../../support/updates.ts";
import { waitFor, withDeadline } from "../../../support/wait.ts";
import { KEEPER, messagesTo, type PostingsHarness, startPostings } from "../../postings/harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

describe("Telegram's 429 on a posting alert", () => {
  it("is waited out on the sender's clock and the alert arrives once", async () => {
    const clock = new ManualClock(Date.parse("2026-06-15T09:00:00Z"));
    h = await startPostings({ sender: () => new TelegramSender({ clock }) });
    await h.send(command("subscribe", { from: KEEPER }));
    await h.watcher.runOnce(); // first run: nothing waiting yet

    const posting = h.sandbox.control.addPosting();
    const since = h.fake.calls.length;
    h.fake.rateLimit("sendMessage", 30);
    const pass = h.watcher.runOnce();
    const refused = () =>
      h.fake
        .callsTo("sendMessage")
        .filter((c) => c.seq >= since && Number(c.payload.chat_id) === KEEPER.id);
    await waitFor(() => refused()[0]?.response?.ok === false, { message: "the 429" });

    await clock.advance(29_000);
    expect(messagesTo(h, KEEPER.id, since)).toHaveLength(0);
    await clock.advance(1_000);
    const report = await withDeadline(pass, 5_000, "the pass after retry_after");

    expect(report.sent.alerts).toBe(1);
    const alerts = messagesTo(h, KEEPER.id, since);
    expect(alerts).toHaveLength(1);
    expect(String(alerts[0]?.payload.text)).toContain(posting.postingNumber);
    expect(refused()).toHaveLength(2); // the refused try and the one after retry_after
  });
});
