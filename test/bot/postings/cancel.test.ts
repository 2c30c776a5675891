/** The cancel dialog against the sandbox: reasons from Ozon, the explanation "other" needs, errors. */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import { exchange, KEEPER, lastScreen, type PostingsHarness, startPostings } from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const textsOf = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === "sendMessage" && c.response?.ok).map(textOf);
const say = (body: string) => exchange(h, text(body, { from: KEEPER }));
const tap = (screen: RecordedCall, label: string | RegExp) =>
  exchange(h, press(screen, label, KEEPER));
const cancelButton = (postingNumber: string) =>
  callback(createCallbackCodec(h.fake.token).encode("pc", postingNumber), { from: KEEPER });

describe("cancel dialog", () => {
  it("cancels with a reason that needs no explanation", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const reasons = lastScreen(await exchange(h, cancelButton(posting.postingNumber)));
    expect(textOf(reasons)).toBe(`Why are you cancelling posting ${posting.postingNumber}?`);
    // Only the reasons Ozon allows now (in English: the bot knows them by id), then Keep.
    expect(buttonsOf(reasons).map((b) => b.text)).toEqual([
      "Out of stock at the seller's warehouse",
      "Only defective items left",
      "Other (seller's fault)",
      "Keep the posting",
    ]);
    const confirm = lastScreen(await tap(reasons, "Out of stock"));
    expect(textOf(confirm)).toBe(
      `Cancel posting ${posting.postingNumber}?\nReason: Out of stock at the seller's warehouse\nExplanation: —`,
    );
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
    const done = lastScreen(await tap(confirm, "Yes, cancel it"));
    expect(textOf(done)).toBe(`✅ Posting ${posting.postingNumber} is cancelled.`);
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("cancelled");
  });

  it('"other" asks for an explanation, refusing an empty or too long one', async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const chooser = lastScreen(await exchange(h, command("cancel_posting", { from: KEEPER })));
    expect(textOf(chooser)).toBe("Which posting? Tap one or type its number.");
    const reasons = lastScreen(await say(posting.postingNumber));
    // A wrong answer edits the question in place instead of repeating it.
    const edited = (calls: RecordedCall[]) =>
      calls.filter((c) => c.method === "editMessageText").map(textOf);
    const buttonsNeeded = await say("just because");
    expect(textsOf(buttonsNeeded)).toEqual([]);
    expect(edited(buttonsNeeded)).toEqual([
      `⚠️ Please choose with the buttons below the question.\n\n${textOf(reasons)}`,
    ]);
    const explain = lastScreen(await tap(reasons, "Other (seller"));
    const question = "Explain the reason in a few words (up to 500 characters):";
    expect(textOf(explain)).toBe(question);

    expect(edited(await say("   "))).toEqual([
      `⚠️ The text is empty. Please write it again.\n\n${question}`,
    ]);
    expect(edited(await say("x".repeat(501)))).toEqual([
      `⚠️ The text is too long: at most 500 characters. Please shorten it.\n\n${question}`,
    ]);
    const confirm = lastScreen(await say("The buyer asked to change the colour"));
    expect(textOf(confirm)).toContain("Explanation: The buyer asked to change the colour");
    const done = lastScreen(await tap(confirm, "Yes, cancel it"));
    expect(textOf(done)).toContain("is cancelled");
    const cancelled = h.sandbox.control.posting(posting.postingNumber);
    expect(cancelled?.status).toBe("cancelled");
    expect(JSON.stringify(cancelled)).toContain("The buyer asked to change the colour");
  });

  it("says in plain words when the posting was cancelled meanwhile", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const reasons = lastScreen(await exchange(h, cancelButton(posting.postingNumber)));
    const confirm = lastScreen(await tap(reasons, "Only defective"));
    h.sandbox.control.setPostingStatus(posting.postingNumber, "cancelled");
    const result = lastScreen(await tap(confirm, "Yes, cancel it"));
    expect(textOf(result)).toBe(
      `❌ Posting ${posting.postingNumber} was not cancelled: Posting ${posting.postingNumber} is already cancelled.`,
    );
  });

  it("says in plain words when Ozon asks to slow down", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const reasons = lastScreen(await exchange(h, cancelButton(posting.postingNumber)));
    const confirm = lastScreen(await tap(reasons, "Only defective"));
    h.sandbox.control.setFault("/v2/posting/fbs/cancel", { rate429: 1, times: 5 });
    const result = lastScreen(await tap(confirm, "Yes, cancel it"));
    expect(textOf(result)).toContain("Ozon asks to slow down (too many requests)");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
  });

  it("says in plain words when Ozon answers result: false (not cancelled), not a success", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting();
    const reasons = lastScreen(await exchange(h, cancelButton(posting.postingNumber)));
    const confirm = lastScreen(await tap(reasons, "Only defective"));
    h.sandbox.control.declineNext("/v2/posting/fbs/cancel");
    const result = lastScreen(await tap(confirm, "Yes, cancel it"));
    expect(textOf(result)).toBe(
      `❌ Posting ${posting.postingNumber} was not cancelled: Ozon answered that it did not do it for ${posting.postingNumber} (“not done”, without a reason). Nothing changed at Ozon: check the posting in the Ozon seller account.`,
    );
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
  });
});
