/**
 * The walkthrough (bench/walkthrough.ts) as a test: new people do their main jobs through the
 * fake Bot API and the sandbox, in Russian and English; every job must get done, and the jobs
 * issue 17 made shorter must stay that short (taps, and messages a phone collects); so must the
 * sellers' chats, templates and questions and the managers' campaign card, XLSX, schedule, digest.
 */
import { describe, expect, it } from "vitest";
import { JOB, walk } from "../../bench/walkthrough-jobs.ts";

describe("walkthrough of the main jobs", () => {
  for (const lang of ["ru", "en"] as const) {
    it(`every job gets done in ${lang}, packing on the card`, { timeout: 60_000 }, async () => {
      const results = await walk(lang, false);
      const of = (job: string) => {
        const found = results.find((r) => r.job === job);
        if (!found) throw new Error(`no result for ${job}`);
        return found;
      };
      // A failed job has no tap count (the walk tells why).
      expect(results.filter((r) => r.taps === undefined).map((r) => r.job)).toEqual([]);
      // Issue 40: a job a person starts themselves starts on Home, at most 3 taps from it.
      const fromHome = results.filter((r) => r.start === "Home");
      expect(fromHome.length).toBeGreaterThanOrEqual(14);
      expect(fromHome.filter((r) => (r.taps ?? 99) > 3).map((r) => r.job)).toEqual([]);
      expect(results).toHaveLength(25);
      // One tap to a packed posting and its label: the card edited once, the label the one file.
      expect(of(JOB.oneTap)).toMatchObject({ taps: 1, typed: 0, messages: 1, edits: 1 });
      // The dialog runs on the card: no copies, only the label file is new, sent with the pack.
      expect(of(JOB.pack)).toMatchObject({ taps: 3, messages: 1, edits: 3 });
      expect(of(JOB.cancel)).toMatchObject({ taps: 3, messages: 0, edits: 3 });
      // /deliveries, the list's ✅ 1, Yes: the list, and the confirmation below it becoming the card.
      expect(of(JOB.delivered)).toMatchObject({ taps: 3, typed: 0, messages: 2, edits: 1 });
      // The first report: /report, the campaign (straight on), Create on the summary, which comes
      // with the last 7 days by day chosen (no kind asked).
      expect(of(JOB.firstReport)).toMatchObject({ taps: 3, typed: 0 });
      // The usual report again: /report, ⚡ as last time; from a campaign's card: its ⚡ 7 days.
      expect(of(JOB.report)).toMatchObject({ taps: 2, typed: 0 });
      expect(of(JOB.cardReport)).toMatchObject({ taps: 3, typed: 0 });
      expect(of(JOB.reply)).toMatchObject({ taps: 1, typed: 1 });
      // The sellers' and managers' later jobs, each as short as it is today.
      // A chat opens in place of the list and sends no files unasked: the list and the prompt;
      // answering takes the chat (no Take it tap). From Home the list takes Home's place.
      expect(of(JOB.chats)).toMatchObject({ taps: 3, typed: 1, messages: 1, edits: 2 });
      // Mark as read on the buyer's message itself: one tap, nothing sent.
      expect(of(JOB.read)).toMatchObject({ taps: 1, typed: 0, messages: 0, edits: 0 });
      expect(of(JOB.saveTemplate)).toMatchObject({ taps: 2, typed: 1 });
      // The picker shows each answer filled in; its button sends: only the picker is new.
      expect(of(JOB.template)).toMatchObject({ taps: 2, typed: 0, messages: 1, edits: 1 });
      expect(of(JOB.question)).toMatchObject({ taps: 0, typed: 1 });
      // The card is one message, its confirmation and result edits of it.
      // From Home the campaigns list takes Home's place: nothing new is sent.
      expect(of(JOB.pause)).toMatchObject({ taps: 3, typed: 0, messages: 0, edits: 3 });
      expect(of(JOB.xlsx)).toMatchObject({ taps: 1, typed: 0, messages: 1 });
      // /schedule (its campaigns at once while there are none), the campaign (straight on), Save
      // on the summary, which comes with every day at 09:00 chosen: no typing.
      expect(of(JOB.schedule)).toMatchObject({ taps: 3, typed: 0 });
      expect(of(JOB.digest)).toMatchObject({ taps: 2, typed: 0 });
      // From the alert: the refund button, the amount typed, the confirmation.
      expect(of(JOB.rfbs)).toMatchObject({ taps: 2, typed: 1 });
      // Home's 📦 Products → the article typed → 💰 Price → the new price → ✅: three taps.
      expect(of(JOB.price)).toMatchObject({ taps: 3, typed: 2 });
      // /subscribe → the stock alerts row; a stock alert → 📦 Stock → the warehouse → the number → ✅.
      expect(of(JOB.stockOn)).toMatchObject({ taps: 2, typed: 0 });
      expect(of(JOB.stockFromAlert)).toMatchObject({ taps: 2, typed: 1 });
    });
  }
});
