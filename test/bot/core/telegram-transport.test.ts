/**
 * How the bot's Bot API calls go out (core/telegram-transport.ts, core/telegram-transport.ts): over undici,
 * with reply_markup as its JSON text, and with every way an answer can go wrong ending in
 * grammY's HttpError (which auto-retry and the error boundary know) rather than a hang or a crash.
 */
import type { ServerResponse } from "node:http";
import { Bot, HttpError, InlineKeyboard, InputFile } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { apiForSender } from "../../../src/bot/core/sender/index.ts";
import { markupAsJson, telegramFetch } from "../../../src/bot/core/telegram-transport.ts";
import { startServer, type TestServer } from "../../ozon/support/server.ts";
import { botInfoFor } from "../../support/bot-info.ts";
import { FakeBotApi } from "../../support/fake-bot-api.ts";
import { command, person } from "../../support/updates.ts";
import { type Harness, startBot } from "../harness.ts";

const ADMIN = person(801, { first_name: "Ada" });

let h: Harness | undefined;
let fake: FakeBotApi | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await h?.close();
  await fake?.close();
  await server?.close();
  h = fake = server = undefined;
});

function botOver(
  apiRoot: string,
  options: { token?: string; timeoutSeconds?: number; maxAnswerBytes?: number },
) {
  const timeoutSeconds = options.timeoutSeconds ?? 5;
  const bot = new Bot(options.token ?? "1:token", {
    botInfo: botInfoFor(1, "transport_test_bot"),
    client: {
      apiRoot,
      timeoutSeconds,
      fetch: telegramFetch(timeoutSeconds, options.maxAnswerBytes),
    },
  });
  bot.api.config.use(markupAsJson);
  return bot;
}

describe("the bot's Bot API transport", () => {
  it("sends the bot's menus as JSON text, which Telegram reads as the keyboard", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    await h.send(command("help", { from: ADMIN }));
    const help = await h.fake.waitForCall("sendMessage", (c) => c.payload.chat_id === ADMIN.id);
    expect(help.fieldsAsText).toEqual(["reply_markup"]);
    // Read as Telegram reads it: the menu's buttons, signed.
    const rows = (help.payload.reply_markup as InlineKeyboard).inline_keyboard;
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.flat().every((b) => "callback_data" in b && /^m:/.test(b.callback_data))).toBe(
      true,
    );
    // A second /help sends the same menu (its text is made once; it is frozen and shared).
    await h.send(command("help", { from: ADMIN }));
    const again = await h.fake.waitForCall("sendMessage", (c) => c.seq > help.seq);
    expect(again.payload.reply_markup).toEqual(help.payload.reply_markup);
  });

  it("lets later transformers see the markup as the object it was given", async () => {
    fake = await FakeBotApi.start();
    const bot = botOver(fake.apiRoot, { token: fake.token });
    const seen: unknown[] = [];
    bot.api.config.use((prev, method, payload, signal) => {
      seen.push((payload as { reply_markup?: unknown }).reply_markup);
      return prev(method, payload, signal);
    });
    const keyboard = new InlineKeyboard().text("a", "b");
    const sent = await bot.api.sendMessage(42, "hi", { reply_markup: keyboard });
    expect(seen).toEqual([keyboard]);
    expect(sent.reply_markup).toEqual({ inline_keyboard: [[{ text: "a", callback_data: "b" }]] });
    expect(fake.callsTo("sendMessage")[0]?.fieldsAsText).toEqual(["reply_markup"]);
  });

  it("sends keyboards the same way through the sender (alerts, cards)", async () => {
    fake = await FakeBotApi.start();
    const api = apiForSender(botOver(fake.apiRoot, { token: fake.token }).api);
    await api.sendMessage(42, "card", { reply_markup: new InlineKeyboard().text("Pack", "p") });
    expect(fake.callsTo("sendMessage")[0]).toMatchObject({
      fieldsAsText: ["reply_markup"],
      payload: { reply_markup: { inline_keyboard: [[{ text: "Pack", callback_data: "p" }]] } },
    });
  });

  it("uploads files as multipart, markup and all", async () => {
    fake = await FakeBotApi.start();
    const bot = botOver(fake.apiRoot, { token: fake.token });
    const message = await bot.api.sendDocument(42, new InputFile(new Uint8Array(2048), "a.pdf"), {
      caption: "Label",
      reply_markup: new InlineKeyboard().text("again", "x"),
    });
    expect(message.document).toMatchObject({ file_name: "a.pdf", file_size: 2048 });
    expect(fake.callsTo("sendDocument")[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: "again", callback_data: "x" }]],
    });
  });

  it("answers Telegram's refusals as GrammyErrors with their words", async () => {
    fake = await FakeBotApi.start();
    const bot = botOver(fake.apiRoot, { token: fake.token });
    await expect(bot.api.editMessageText(42, 999, "x")).rejects.toMatchObject({
      error_code: 400,
      description: expect.stringContaining("message to edit not found"),
    });
  });

  it("fails with an HttpError on an answer that is not JSON, too large, late, or absent", async () => {
    let answer = (res: ServerResponse): unknown =>
      res.writeHead(502).end("<html>Bad Gateway</html>");
    server = await startServer((_request, res) => void answer(res));
    const bot = botOver(server.url, { timeoutSeconds: 0.5, maxAnswerBytes: 1024 });
    await expect(bot.api.getMe()).rejects.toBeInstanceOf(HttpError);

    // Over the cap: the call fails instead of reading it all.
    answer = (res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ ok: true, result: "x".repeat(4096) }));
    await expect(bot.api.getMe()).rejects.toBeInstanceOf(HttpError);

    // Never answered: grammY's timeout ends the call.
    answer = () => undefined;
    const started = Date.now();
    await expect(bot.api.getMe()).rejects.toBeInstanceOf(HttpError);
    expect(Date.now() - started).toBeLessThan(5_000);

    // Nobody listening.
    await server.close();
    server = undefined;
    await expect(bot.api.getMe()).rejects.toBeInstanceOf(HttpError);
  });
});
