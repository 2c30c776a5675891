/** The fake Bot API answers like Telegram, so every later feature can rely on it. */
import { Bot, InputFile } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "./fake-bot-api.ts";
import { command, person } from "./updates.ts";

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
    // A Bot API method without a built-in answer answers `true`, as most Telegram methods do.
    expect(await bot.api.pinChatMessage(42, first.message_id)).toBe(true);
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

  it("refuses an empty upload as Telegram does", async () => {
    fake = await FakeBotApi.start();
    const api = botFor(fake).api;
    const empty = () => new InputFile(new Uint8Array(0), "empty.pdf");
    await expect(api.sendDocument(42, empty())).rejects.toThrow(/file must be non-empty/);
    await expect(api.sendPhoto(42, empty())).rejects.toThrow(/file must be non-empty/);
    expect(fake.callsTo("sendDocument")[0]?.response).toMatchObject({ ok: false, error_code: 400 });
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

  it("stops answering on demand: calls are recorded and held until it answers again", async () => {
    fake = await FakeBotApi.start();
    const impatient = new Bot(fake.token, {
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot, timeoutSeconds: 0.3 },
    });
    fake.stopAnswering();
    await expect(impatient.api.sendMessage(42, "lost")).rejects.toThrow(/sendMessage/);
    const held = botFor(fake).api.sendMessage(42, "held");
    const call = await fake.waitForCall("sendMessage", (c) => c.payload.text === "held");
    expect(call.answeredAt).toBeUndefined();
    fake.answerAgain();
    expect((await held).text).toBe("held");
    expect(fake.callsTo("sendMessage").map((c) => c.payload.text)).toEqual(["lost", "held"]);
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

describe("fake Bot API: multipart file names and malformed bodies", () => {
  /** Every byte value, and a line that looks like the start of a boundary, to survive intact. */
  const binary = () => {
    const bytes = new Uint8Array(600);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 256;
    bytes.set(new TextEncoder().encode("\r\n--\r\n\r\n"), 300);
    return bytes;
  };

  it("keeps the UTF-8 file names grammY sends unquoted (documents, photos, media groups)", async () => {
    fake = await FakeBotApi.start();
    const api = botFor(fake).api;
    const bytes = binary();
    const message = await api.sendDocument(42, new InputFile(bytes, "Счёт №5.pdf"), {
      caption: "Ваш счёт",
    });
    expect(message.document).toMatchObject({ file_name: "Счёт №5.pdf", file_size: 600 });
    await api.sendPhoto(42, new InputFile(new Uint8Array(10), "фото.jpg"));
    await api.sendMediaGroup(42, [
      { type: "document", media: new InputFile(new Uint8Array(3), "Договор.pdf") },
      { type: "document", media: new InputFile(new Uint8Array(4), "Акт 📎 сверки.xlsx") },
    ]);

    const [document, photo, group] = fake.calls;
    expect(document?.parseError).toBeUndefined();
    expect(document?.payload).toMatchObject({ chat_id: 42, caption: "Ваш счёт" });
    expect(document?.files[0]?.fileName).toBe("Счёт №5.pdf");
    expect(document?.files[0]?.bytes).toEqual(bytes);
    expect(photo?.files.map((f) => f.fileName)).toEqual(["фото.jpg"]);
    expect(group?.files.map((f) => [f.fileName, f.size])).toEqual([
      ["Договор.pdf", 3],
      ["Акт 📎 сверки.xlsx", 4],
    ]);
  });

  it("reads an unquoted name up to a semicolon, as Telegram's own server does", async () => {
    fake = await FakeBotApi.start();
    // grammY does not quote or escape the name, so Telegram sees `filename=Акт; 2024.pdf`.
    const message = await botFor(fake).api.sendDocument(
      42,
      new InputFile(new Uint8Array(2), "Акт; 2024.pdf"),
    );
    expect(message.document?.file_name).toBe("Акт");
  });

  it("reads quoted names with escapes and RFC 5987 filename*", async () => {
    fake = await FakeBotApi.start();
    const quoted = await postForm(fake, "sendDocument", [
      field("chat_id", "42"),
      filePart('name="document"; filename="Счёт \\"срочно\\"; №5.pdf"', binary()),
    ]);
    expect(quoted.status).toBe(200);
    const extended = await postForm(fake, "sendDocument", [
      field("chat_id", "42"),
      filePart(
        'name="document"; filename="Schet.pdf"; filename*=UTF-8\'\'%D0%A1%D1%87%D1%91%D1%82%20%E2%84%965.pdf',
        new Uint8Array([1, 2, 3]),
      ),
    ]);
    expect(await extended.json()).toMatchObject({
      ok: true,
      result: { document: { file_name: "Счёт №5.pdf", file_size: 3 } },
    });
    const [first, second] = fake.callsTo("sendDocument");
    expect(first?.files[0]?.fileName).toBe('Счёт "срочно"; №5.pdf');
    expect(first?.files[0]?.bytes).toEqual(binary());
    expect(second?.files[0]?.fileName).toBe("Счёт №5.pdf");
    expect(second?.payload.chat_id).toBe(42);
  });

  it("reads an object field sent as its JSON text, as Telegram's server does", async () => {
    fake = await FakeBotApi.start();
    const post = (body: object) =>
      fetch(`${fake.apiRoot}/bot${fake.token}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const keyboard = { inline_keyboard: [[{ text: "a", callback_data: "b" }]] };
    const asText = await post({ chat_id: 42, text: "[1]", reply_markup: JSON.stringify(keyboard) });
    const sent = (await asText.json()) as { result: { text: string; reply_markup: unknown } };
    // The markup is read as the keyboard; a text that looks like JSON stays text.
    expect(sent.result).toMatchObject({ text: "[1]", reply_markup: keyboard });
    expect(fake.callsTo("sendMessage")[0]).toMatchObject({
      payload: { reply_markup: keyboard },
      fieldsAsText: ["reply_markup"],
    });
    const broken = await post({ chat_id: 42, text: "x", reply_markup: "{inline" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({
      description: "Bad Request: can't parse reply keyboard markup JSON object",
    });
  });

  it("records a body it cannot read and answers 400, as Telegram does", async () => {
    fake = await FakeBotApi.start();
    const noName = await postForm(fake, "sendDocument", [
      field("chat_id", "42"),
      filePart('filename="a.pdf"', new Uint8Array(5)),
    ]);
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({
      ok: false,
      error_code: 400,
      description: "Bad Request: field name in multipart/form-data not found",
    });
    // Cut off before the closing boundary: what came before it is still recorded.
    const whole = formBody([field("chat_id", "42"), filePart('name="photo"', new Uint8Array(9))]);
    const cut = await fetch(`${fake.apiRoot}/bot${fake.token}/sendPhoto`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: whole.subarray(0, whole.byteLength - 20),
    });
    expect(cut.status).toBe(400);
    const noBoundary = await fetch(`${fake.apiRoot}/bot${fake.token}/sendDocument`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: whole,
    });
    expect(noBoundary.status).toBe(400);
    const badJson = await fetch(`${fake.apiRoot}/bot${fake.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"chat_id": 1, "text": ',
    });
    expect(badJson.status).toBe(400);

    expect(fake.calls.map((c) => [c.method, c.parseError, c.response?.ok])).toEqual([
      ["sendDocument", "Bad Request: field name in multipart/form-data not found", false],
      ["sendPhoto", "Bad Request: multipart/form-data ended without the closing boundary", false],
      ["sendDocument", "Bad Request: boundary not found", false],
      ["sendMessage", "Bad Request: can't parse JSON object", false],
    ]);
    expect(fake.calls[1]?.payload.chat_id).toBe(42);
  });
});

const BOUNDARY = "----------TestBoundary0123456789";

function field(name: string, value: string): Uint8Array {
  return Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`);
}

function filePart(params: string, bytes: Uint8Array): Uint8Array {
  const headers = `Content-Disposition: form-data; ${params}\r\nContent-Type: application/pdf\r\n\r\n`;
  return Buffer.concat([Buffer.from(headers), bytes]);
}

function formBody(parts: Uint8Array[]): Buffer {
  const chunks: Uint8Array[] = [Buffer.from(`--${BOUNDARY}\r\n`)];
  parts.forEach((part, i) => {
    if (i > 0) chunks.push(Buffer.from(`\r\n--${BOUNDARY}\r\n`));
    chunks.push(part);
  });
  chunks.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function postForm(
  f: FakeBotApi,
  method: string,
  parts: Uint8Array[],
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
): Promise<Response> {
  return fetch(`${f.apiRoot}/bot${f.token}/${method}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: formBody(parts),
  });
}
