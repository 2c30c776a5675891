/** The fake Bot API refuses what Telegram refuses, with Telegram's error_code and description. */
import { Bot, GrammyError, InlineKeyboard } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isNotModified } from "../../src/bot/core/screen-text.ts";
import { FakeBotApi } from "./fake-bot-api.ts";
import { callback, person } from "./updates.ts";

let fake: FakeBotApi;
let api: Bot["api"];
beforeEach(async () => {
  fake = await FakeBotApi.start();
  api = new Bot(fake.token, { botInfo: fake.botInfo, client: { apiRoot: fake.apiRoot } }).api;
});
afterEach(() => fake.close());

/** The Telegram error a call failed with (fails the test when it did not fail). */
async function refusal(call: Promise<unknown>): Promise<{ code: number; description: string }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GrammyError);
  const { error_code: code, description } = error as GrammyError;
  return { code, description };
}

const NOT_MODIFIED =
  "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

describe("fake Bot API refuses like Telegram", () => {
  it("an edit that changes neither content nor buttons is 'message is not modified'", async () => {
    const keyboard = new InlineKeyboard().text("Next", "next");
    const sent = await api.sendMessage(42, "<b>Orders</b>", {
      parse_mode: "HTML",
      reply_markup: keyboard,
    });
    const same = api.editMessageText(42, sent.message_id, "<b>Orders</b>", {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Next", "next"),
    });
    const error = await same.catch((e: unknown) => e);
    expect(error).toMatchObject({ error_code: 400, description: NOT_MODIFIED });
    expect(isNotModified(error)).toBe(true);
    // Another button, another text or another format each change the message.
    await api.editMessageText(42, sent.message_id, "<b>Orders</b>", {
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Back", "back"),
    });
    await api.editMessageText(42, sent.message_id, "Orders", {
      reply_markup: new InlineKeyboard().text("Back", "back"),
    });
    // Without reply_markup the keyboard goes: a change, then the same again is not.
    await api.editMessageText(42, sent.message_id, "Orders");
    expect(await refusal(api.editMessageText(42, sent.message_id, "Orders"))).toEqual({
      code: 400,
      description: NOT_MODIFIED,
    });
    expect(
      await refusal(api.editMessageReplyMarkup(42, sent.message_id, { reply_markup: undefined })),
    ).toEqual({ code: 400, description: NOT_MODIFIED });
  });

  it("a caption edit to the same caption is 'not modified'; another caption is not", async () => {
    const photo = await api.sendPhoto(42, "photo-file-id", { caption: "Label" });
    expect(
      await refusal(api.editMessageCaption(42, photo.message_id, { caption: "Label" })),
    ).toEqual({ code: 400, description: NOT_MODIFIED });
    await api.editMessageCaption(42, photo.message_id, { caption: "Label 2" });
  });

  it("an edit of a message that never existed, was deleted or is in another chat is 'not found'", async () => {
    const notFound = { code: 400, description: "Bad Request: message to edit not found" };
    expect(await refusal(api.editMessageText(42, 999_999, "hello"))).toEqual(notFound);
    const sent = await api.sendMessage(42, "hello");
    expect(await refusal(api.editMessageText(43, sent.message_id, "moved"))).toEqual(notFound);
    await api.deleteMessage(42, sent.message_id);
    expect(await refusal(api.editMessageText(42, sent.message_id, "gone"))).toEqual(notFound);
    expect(
      await refusal(api.editMessageReplyMarkup(42, sent.message_id, { reply_markup: undefined })),
    ).toEqual(notFound);
  });

  it("a message a button press shows, or one a test declares, can be edited", async () => {
    const alice = person(1001);
    const press = callback("open", { from: alice });
    const shown = press.callback_query?.message;
    if (!shown) throw new Error("the press has no message");
    await api.editMessageText(alice.id, shown.message_id, "opened");
    fake.addMessage(alice.id, 77, { text: "before a restart" });
    expect(await refusal(api.editMessageText(alice.id, 77, "before a restart"))).toEqual({
      code: 400,
      description: NOT_MODIFIED,
    });
    await api.editMessageText(alice.id, 77, "after a restart");
  });

  it("refuses a text over 4 096 characters and a caption over 1 024, counted after parsing", async () => {
    const tooLong = { code: 400, description: "Bad Request: message is too long" };
    const longCaption = { code: 400, description: "Bad Request: message caption is too long" };
    await api.sendMessage(42, "я".repeat(4096));
    // Tags and entities are not counted: 4 096 visible characters fit.
    await api.sendMessage(42, `<b>${"&lt;".repeat(4096)}</b>`, { parse_mode: "HTML" });
    expect(await refusal(api.sendMessage(42, "я".repeat(4097)))).toEqual(tooLong);
    // An emoji outside the BMP is two UTF-16 units, as Telegram counts it.
    expect(await refusal(api.sendMessage(42, "📦".repeat(2049)))).toEqual(tooLong);
    const sent = await api.sendMessage(42, "short");
    expect(await refusal(api.editMessageText(42, sent.message_id, "x".repeat(4097)))).toEqual(
      tooLong,
    );
    await api.sendPhoto(42, "photo-file-id", { caption: "c".repeat(1024) });
    expect(
      await refusal(api.sendPhoto(42, "photo-file-id", { caption: "c".repeat(1025) })),
    ).toEqual(longCaption);
    expect(
      await refusal(api.sendDocument(42, "doc-file-id", { caption: "c".repeat(1025) })),
    ).toEqual(longCaption);
    expect(
      await refusal(
        api.sendMediaGroup(42, [
          { type: "document", media: "a" },
          { type: "document", media: "b", caption: "c".repeat(1025) },
        ]),
      ),
    ).toEqual(longCaption);
  });

  it("refuses callback data over 64 bytes as BUTTON_DATA_INVALID", async () => {
    const invalid = { code: 400, description: "Bad Request: BUTTON_DATA_INVALID" };
    await api.sendMessage(42, "fits", {
      reply_markup: new InlineKeyboard().text("ok", "d".repeat(64)),
    });
    expect(
      await refusal(
        api.sendMessage(42, "too long", {
          reply_markup: new InlineKeyboard().text("ok", "d".repeat(65)),
        }),
      ),
    ).toEqual(invalid);
    // Bytes, not characters: 33 Cyrillic letters are 66 bytes.
    const sent = await api.sendMessage(42, "menu");
    expect(
      await refusal(
        api.editMessageReplyMarkup(42, sent.message_id, {
          reply_markup: new InlineKeyboard().text("ok", "я".repeat(33)),
        }),
      ),
    ).toEqual(invalid);
  });

  it("answers 404 Not Found to a method Telegram does not have", async () => {
    const raw = api.raw as unknown as Record<string, (p: object) => Promise<unknown>>;
    const call = raw.someFutureMethod?.({}) ?? Promise.resolve();
    expect(await refusal(call)).toEqual({ code: 404, description: "Not Found" });
    expect(fake.callsTo("someFutureMethod")[0]?.response).toMatchObject({
      ok: false,
      error_code: 404,
    });
  });
});
