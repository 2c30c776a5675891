// Stopping the relay with a backlog to a flood-limited group: a group gets one message every 3 s,
// so 30 buyer messages take a minute and a half. The stop comes between two messages, within a
// few seconds; what was not sent stays in the store and goes out after the next start, once each.
import { afterEach, describe, expect, it } from "vitest";
import { TelegramSender } from "../../../../src/bot/core/sender/index.ts";
import { command, group } from "../../../support/updates.ts";
import { waitFor } from "../../../support/wait.ts";
import { ADMIN, openBuyerChats, type RelayEnv, sendsTo, startRelayEnv } from "../support.ts";

let env: RelayEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const TEAM = group(-100555);

/** Buyer texts the group got (accepted by Telegram), in order. */
function relayedTexts(e: RelayEnv): string[] {
  return (
    sendsTo(e.fake, TEAM.id)
      // The buyer's words, then the header on a first copy, the short "same buyer" mark on the rest.
      .filter((c) => c.response?.ok && /\n\n(💬|↪)/u.test(String(c.payload.text)))
      .map((c) => String(c.payload.text).split("\n\n")[0] ?? "")
  );
}

describe("stopping the relay", () => {
  it("ends a 30-message backlog to a group under real flood limits between two messages", async () => {
    // The bot's sender with Telegram's own limits (20 a minute in a group); the relay polls on
    // its own.
    const e = await startRelayEnv({ module: { sender: new TelegramSender(), poll: true } });
    env = e;
    await e.send(command("relay_here", { from: ADMIN, chat: TEAM }));
    const relay = e.module.relay;
    if (!relay) throw new Error("the relay did not start");
    // The first pass only notes where each chat stands.
    await waitFor(() => e.sandbox.requests.some((r) => /chat\/list/.test(r.path)), {
      message: "the first pass",
    });
    await e.module.runOnce();

    const chat = openBuyerChats(e.sandbox)[0];
    if (!chat) throw new Error("no open buyer chat");
    const texts = Array.from({ length: 30 }, (_, i) => `Вопрос ${i + 1}`);
    for (const text of texts) e.sandbox.control.buyerWrites(chat.id, { text });
    relay.nudge();
    await waitFor(() => relayedTexts(e).length >= 2, {
      timeoutMs: 10_000,
      message: "two messages in the group (the second after 3 s)",
    });

    // As main stops: the relay's loop and the sender side by side; the sender refuses what waits.
    const started = Date.now();
    await e.stop(AbortSignal.timeout(10_000));
    const stopMs = Date.now() - started;
    // Before, the stop waited for the whole pass: 28 more messages, 3 s each.
    expect(stopMs).toBeLessThan(3_000);
    expect(relay.running).toBe(false);
    const sentBefore = relayedTexts(e);
    expect(sentBefore.length).toBeLessThanOrEqual(3);
    expect(sentBefore).toEqual(texts.slice(0, sentBefore.length));
    // A send refused because the bot is stopping is no failure worth a warning.
    expect(e.logs.map((line) => line.msg)).not.toContain(
      "Chat relay: a chat could not be relayed; will retry on the next pass",
    );

    // The next start (a sender that does not wait, to keep the test short) sends the rest, once.
    await e.restart();
    const resumed = await e.module.runOnce();
    expect(resumed).toMatchObject({ relayed: texts.length - sentBefore.length, failures: [] });
    expect(relayedTexts(e)).toEqual(texts);
  }, 30_000);
});
