/** The fake Bot API answers like Telegram, so every later feature can rely on it. */
import { Bot, InputFile } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import { command, person } from "../support/updates.ts";

let fake: FakeBotApi;
afterEach(() => fake.close());

function botFor(f: FakeBotApi) {
  return new Bot(f.token, { botInfo: f.botInfo, client: { apiRoot: f.apiRoot } });
}

describe("fake Bot API", () => {
  it("answers getMe and sendMessage like Telegram, recording the calls", async () => {
    fake = await FakeBotApi.start();
    const bot = botFor(fake);
    expect((await bot.api.getMe()).username).toBe("ozon_test_bot");
    const first = await bot.api.sendMessage(42, "hi", {
      reply_markup: { inline_keyboard: [[{ text: "a", callback_data: "b" }]] },
    });
    const second = await bot.api.sendMessage(-100123, "group");
    expect(second.message_id).toBe(first.message_id + 1);
    expect(first.chat).toMatchObject({ id: 42, type: "private" });
    expect(second.chat).toMatchObject({ id: -100123, type: "supergroup" });
    expect(first.reply_markup?.inline_keyboard[0]?.[0]?.text).toBe("a");
    expect(fake.callsTo("sendMessage").map((c) => c.payload.text)).toEqual(["hi", "group"]);
    const edited = await bot.api.editMessageText(42, first.message_id, "changed");
    expect(edited).toMatchObject({ message_id: first.message_id, text: "changed" });
    expect(await bot.api.setMessageReaction(42, 1, [{ type: "emoji", emoji: "👍" }])).toBe(true);
    // A method the fake does not know answers `true`, as most Telegram methods do.
    const raw = bot.api.raw as unknown as Record<string, (p: object) => Promise<unknown>>;
    expect(await raw.someFutureMethod?.({})).toBe(true);
  });

  it("parses multipart uploads: file name and size are recorded", async () => {
    fake = await FakeBotApi.start();
    const bytes = new Uint8Array(3000).fill(7);
    const message = await botFor(fake).api.sendDocument(42, new InputFile(bytes, "label.pdf"), {
      caption: "Label",
    });
    expect(message.document).toMatchObject({ file_name: "label.pdf", file_size: 3000 });
    const call = fake.callsTo("sendDocument")[0];
    expect(call?.files).toHaveLength(1);
    expect(call?.files[0]).toMatchObject({ fileName: "label.pdf", size: 3000 });
    expect(call?.payload).toMatchObject({ chat_id: 42, caption: "Label" });
  });

  it("serves registered files through getFile and the download path", async () => {
    fake = await FakeBotApi.start();
    const file = fake.registerFile(new TextEncoder().encode("hello"), { fileName: "a.txt" });
    const info = await botFor(fake).api.getFile(file.file_id);
    expect(info.file_size).toBe(5);
    const res = await fetch(`${fake.apiRoot}/file/bot${fake.token}/${info.file_path}`);
    expect(await res.text()).toBe("hello");
    expect((await fetch(`${fake.apiRoot}/file/botWRONG/${info.file_path}`)).status).toBe(404);
    await expect(botFor(fake).api.getFile("nope")).rejects.toThrow(/invalid file_id/);
  });

  it("injects 429 with retry_after, other errors, and delays", async () => {
    fake = await FakeBotApi.start();
    const bot = botFor(fake);
    fake.rateLimit("sendMessage", 3);
    await expect(bot.api.sendMessage(1, "x")).rejects.toMatchObject({
      error_code: 429,
      parameters: { retry_after: 3 },
    });
    await bot.api.sendMessage(1, "y"); // only the next call was limited
    fake.failNext("answerCallbackQuery", {
      error_code: 400,
      description: "Bad Request: query is too old",
    });
    await expect(bot.api.answerCallbackQuery("q")).rejects.toThrow(/too old/);
    fake.delay("sendChatAction", 300);
    const started = Date.now();
    await bot.api.sendChatAction(1, "typing");
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("refuses a wrong token with 401", async () => {
    fake = await FakeBotApi.start();
    const bot = new Bot("1:wrong", { botInfo: fake.botInfo, client: { apiRoot: fake.apiRoot } });
    await expect(bot.api.getMe()).rejects.toMatchObject({ error_code: 401 });
  });

  it("serves queued updates through getUpdates, confirming by offset", async () => {
    fake = await FakeBotApi.start();
    const bot = botFor(fake);
    const a = command("start", { from: person(1) });
    const b = command("help", { from: person(1) });
    fake.queueUpdates(a, b);
    expect((await bot.api.getUpdates({ timeout: 0 })).map((u) => u.update_id)).toEqual([
      a.update_id,
      b.update_id,
    ]);
    expect(
      (await bot.api.getUpdates({ offset: b.update_id, timeout: 0 })).map((u) => u.update_id),
    ).toEqual([b.update_id]);
    expect(fake.pendingUpdates).toBe(1);
    // Long polling: a call waits until an update is queued.
    const since = fake.calls.length;
    const waiting = bot.api.getUpdates({ offset: b.update_id + 1, timeout: 5 });
    await fake.waitForCall("getUpdates", () => true, 1_000, { since });
    const c = command("language", { from: person(2) });
    fake.queueUpdates(c);
    expect((await waiting).map((u) => u.update_id)).toEqual([c.update_id]);
  });

  it("waitForCall resolves for a future call and times out clearly", async () => {
    fake = await FakeBotApi.start();
    const pending = fake.waitForCall("sendMessage", (c) => c.payload.text === "later", 2_000);
    await botFor(fake).api.sendMessage(5, "later");
    expect((await pending).payload.chat_id).toBe(5);
    await expect(fake.waitForCall("sendPhoto", () => true, 50)).rejects.toThrow(
      /no matching sendPhoto/,
    );
  });
});
