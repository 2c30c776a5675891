/**
 * Conversations: state in the store (a restart continues at the same step with Redis), one
 * dialog per person in a group, /cancel and the Cancel button leave, 429s inside are waited out
 * once (not again on every replay), translations work inside.
 */
import type { Update } from "grammy/types";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../../src/bot/core/callback-data.ts";
import { CANCEL_CALLBACK } from "../../../../src/bot/core/dialog/leave-button.ts";
import { RedisStore } from "../../../../src/store/redis.ts";
import { FakeBotApi } from "../../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";
import { callback, command, group, person, text } from "../../../support/updates.ts";
import { type Harness, startBot, textOf } from "../../harness.ts";
import { exploding, survey, surveyFeature } from "../../survey.ts";

const ALICE = person(601, { first_name: "Alice", language_code: "en" });
const BORIS = person(602, { first_name: "Boris", language_code: "ru" });

/** What an admin (who gets buyer messages too) is told about a plain message nobody handled. */
const HINT =
  "To answer a buyer, reply to their message: swipe it left (or long-press it → Reply) and write your answer there. Everything else I can do: /help";

const withSurvey = { conversations: [survey, exploding], features: [surveyFeature] };

/** Sends an update and returns the texts the bot sent back (handleUpdate waits for them). */
async function replies(h: Harness, update: Update): Promise<string[]> {
  const since = h.fake.calls.length;
  await h.send(update);
  return h.fake.calls
    .slice(since)
    .filter((c) => c.method === "sendMessage" && c.response?.ok)
    .map(textOf);
}

describe("conversations (memory store)", () => {
  let h: Harness;
  afterEach(() => h.close());

  it("walks through two waits, translated in the person's language", async () => {
    h = await startBot({ adminIds: [ALICE.id, BORIS.id], ...withSurvey });
    expect(await replies(h, command("survey", { from: ALICE }))).toEqual(["step 1: name? [Close]"]);
    expect(await replies(h, text("Alice", { from: ALICE }))).toEqual(["step 2: age of Alice?"]);
    expect(await replies(h, text("30", { from: ALICE }))).toEqual(["done: Alice, 30 [Close]"]);
    // Over: the next text is handled as usual.
    expect(await replies(h, text("hi", { from: ALICE }))).toEqual([HINT]);
    expect(await replies(h, command("survey", { from: BORIS }))).toEqual([
      "step 1: name? [Закрыть]",
    ]);
  });

  it("a button whose route enters a conversation starts it", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    const data = createCallbackCodec(h.fake.token).encode("sv");
    expect(await replies(h, callback(data, { from: ALICE }))).toEqual(["step 1: name? [Close]"]);
    expect(await replies(h, text("Alice", { from: ALICE }))).toEqual(["step 2: age of Alice?"]);
  });

  it("in a group each person has their own dialog and others are not swallowed", async () => {
    h = await startBot({ adminIds: [ALICE.id, BORIS.id], ...withSurvey });
    const team = group(-100601);
    await replies(h, command("survey", { from: ALICE, chat: team }));
    // Boris is not in a dialog: his /help is answered normally.
    const help = await replies(h, command("help", { from: BORIS, chat: team }));
    expect(help[0]).toContain("Доступные команды");
    expect(await replies(h, command("survey", { from: BORIS, chat: team }))).toEqual([
      "step 1: name? [Закрыть]",
    ]);
    expect(await replies(h, text("Alice", { from: ALICE, chat: team }))).toEqual([
      "step 2: age of Alice?",
    ]);
    expect(await replies(h, text("Boris", { from: BORIS, chat: team }))).toEqual([
      "step 2: age of Boris?",
    ]);
    expect(await replies(h, text("30", { from: ALICE, chat: team }))).toEqual([
      "done: Alice, 30 [Close]",
    ]);
  });

  it("/cancel leaves the dialog (it is handled before the conversation could eat it)", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    await replies(h, command("survey", { from: ALICE }));
    expect(await replies(h, command("cancel", { from: ALICE }))).toEqual([
      "You left the dialog. Nothing was changed.",
    ]);
    expect(await replies(h, text("Alice", { from: ALICE }))).toEqual([HINT]);
    expect(await replies(h, command("cancel", { from: ALICE }))).toEqual([
      "No dialog is open: there is nothing to leave.",
    ]);
  });

  it("the Cancel button leaves the dialog and removes the step's buttons", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    await replies(h, command("survey", { from: ALICE }));
    const since = h.fake.calls.length;
    const data = createCallbackCodec(h.fake.token).encode(CANCEL_CALLBACK);
    await h.send(callback(data, { from: ALICE }));
    const calls = h.fake.calls.slice(since);
    expect(calls.find((c) => c.method === "answerCallbackQuery")?.payload.text).toBe(
      "You left the dialog. Nothing was changed.",
    );
    const edit = calls.find((c) => c.method === "editMessageText");
    expect(edit && textOf(edit)).toBe("You left the dialog. Nothing was changed.");
    expect(edit?.payload.reply_markup).toBeUndefined();
    expect(await replies(h, text("Alice", { from: ALICE }))).toEqual([HINT]);
  });

  it("a 429 inside a conversation is waited out once, not again on the next replay", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    await replies(h, command("survey", { from: ALICE }));
    // 3 s: a second wait on the replay could not hide in a busy machine's slowness.
    h.fake.rateLimit("sendMessage", 3);
    const started = Date.now();
    expect(await replies(h, text("Alice", { from: ALICE }))).toEqual(["step 2: age of Alice?"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_950);
    const attempts = h.fake
      .callsTo("sendMessage")
      .filter((c) => textOf(c) === "step 2: age of Alice?");
    expect(attempts.map((c) => c.response?.ok)).toEqual([false, true]);

    // The next update replays the recorded 429: no second wait.
    const replayed = Date.now();
    expect(await replies(h, text("30", { from: ALICE }))).toEqual(["done: Alice, 30 [Close]"]);
    expect(Date.now() - replayed).toBeLessThan(2_000);
  });

  it("entering from a route not marked as entering a conversation fails loudly", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    expect(await replies(h, command("sneaky", { from: ALICE }))).toEqual([
      "Something went wrong. Please try again a little later.",
    ]);
    const logged = h.logs.find((l) => l.msg === "update failed");
    expect(JSON.stringify(logged?.err)).toContain("entersConversation");
  });

  it("a dialog is reached only through the plugin: a plain text without one skips it", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    await replies(h, command("survey", { from: ALICE }));
    expect(
      (await h.store.get<{ conversations?: object }>(`session:${ALICE.id}`))?.conversations,
    ).toBeDefined();
    await replies(h, text("Alice", { from: ALICE }));
    await replies(h, text("30", { from: ALICE }));
    // Finished: the saved state is gone, so the next updates take the light path again.
    expect(
      (await h.store.get<{ conversations?: object }>(`session:${ALICE.id}`))?.conversations,
    ).toBeUndefined();
  });

  it("a dialog saved under another CONVERSATIONS_VERSION is dropped: the person starts over", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    await replies(h, command("survey", { from: ALICE }));
    const key = `session:${ALICE.id}`;
    const session = await h.store.get<{ conversations: Record<string, { version: unknown[] }> }>(
      key,
    );
    const saved = session?.conversations[String(ALICE.id)];
    if (!saved) throw new Error("no saved dialog");
    saved.version = [0, "older code"];
    await h.store.set(key, session);
    expect(await replies(h, text("Alice", { from: ALICE }))).toEqual([HINT]);
    expect((await h.store.get<{ conversations?: object }>(key))?.conversations).toBeUndefined();
  });

  it("a conversation that throws is reported and left; the bot goes on", async () => {
    h = await startBot({ adminIds: [ALICE.id], ...withSurvey });
    await replies(h, command("explode", { from: ALICE }));
    const update = text("boom", { from: ALICE });
    expect(await replies(h, update)).toEqual([
      "Something went wrong. Please try again a little later.",
    ]);
    const logged = h.logs.find((l) => l.msg === "update failed");
    expect(logged?.update_id).toBe(update.update_id);
    expect(await replies(h, text("hi", { from: ALICE }))).toEqual([HINT]);
  });
});

const redis = await redisAvailability();

redis.describe("conversations and sessions survive a restart (Redis)", () => {
  const prefix = uniquePrefix("bot-restart");
  let fake: FakeBotApi;
  afterAll(async () => {
    await fake?.close();
    await removeKeys(redis.url, prefix);
  });

  it("continues at step 2 after the bot is rebuilt on a new Redis connection", async () => {
    fake = await FakeBotApi.start();
    const store1 = await RedisStore.open({ url: redis.url, prefix });
    const first = await startBot({ adminIds: [ALICE.id], store: store1, fake, ...withSurvey });
    expect(await replies(first, command("visit", { from: ALICE }))).toEqual(["visits: 1"]);
    expect(await replies(first, command("survey", { from: ALICE }))).toEqual([
      "step 1: name? [Close]",
    ]);
    expect(await replies(first, text("Alice", { from: ALICE }))).toEqual(["step 2: age of Alice?"]);
    await store1.close(); // the process goes away

    const store2 = await RedisStore.open({ url: redis.url, prefix });
    const second = await startBot({
      adminIds: [ALICE.id],
      store: store2,
      fake,
      closeStore: true,
      ...withSurvey,
    });
    try {
      expect(await replies(second, text("42", { from: ALICE }))).toEqual([
        "done: Alice, 42 [Close]",
      ]);
      expect(await replies(second, command("visit", { from: ALICE }))).toEqual(["visits: 2"]);
      // The state really is in Redis, under the session key of the chat.
      const keys = (await store2.list("session:")).map((e) => e.key);
      expect(keys).toContain(`session:${ALICE.id}`);
    } finally {
      await second.close();
    }
  });
});
