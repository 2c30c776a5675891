/**
 * Telegram refuses an edit that changes nothing ("message is not modified"); the dialogs take
 * that refusal as "the screen already shows it" and add nothing to the chat.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { callback, privateChat, text } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import { exchange, KEEPER, lastScreen, type PostingsHarness, startPostings } from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const NOT_MODIFIED = /message is not modified/;

describe("an edit that would change nothing", () => {
  it("the same wrong answer twice: the warning stays on screen, no message is added", async () => {
    h = await startPostings();
    const { postingNumber } = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 1, markRequired: false }],
    });
    const data = createCallbackCodec(h.fake.token).encode("ps", postingNumber);
    const chat = privateChat(KEEPER);
    const confirm = lastScreen(
      await exchange(h, callback(data, { from: KEEPER, message: { message_id: 1, chat } })),
    );
    expect(textOf(confirm)).toContain(`Pack posting ${postingNumber}`);

    const first = await exchange(h, text("hello", { from: KEEPER }));
    const warning = first.filter((c) => c.method === "editMessageText");
    expect(warning.map((c) => c.response?.ok)).toEqual([true]);
    expect(textOf(warning[0] ?? confirm)).toMatch(/^⚠️ Please choose with the buttons/);

    // The same text again: the warning on screen is exactly what the bot would show.
    const second = await exchange(h, text("hello", { from: KEEPER }));
    const edits = second.filter((c) => c.method === "editMessageText");
    expect(edits).toHaveLength(1);
    expect(edits[0]?.response).toMatchObject({ ok: false, description: NOT_MODIFIED });
    expect(second.filter((c) => c.method === "sendMessage")).toEqual([]);

    // The question still stands: its button works.
    await exchange(h, press(confirm, "✅ Pack", KEEPER));
    expect(h.sandbox.control.posting(postingNumber)?.status).toBe("awaiting_deliver");
  });
});
