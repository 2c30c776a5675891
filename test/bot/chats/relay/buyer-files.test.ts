// What a buyer writes cannot make the bot fetch anything: through the relay module, the sandbox
// over HTTP and the fake Bot API, with a local HTTP server standing in for "another host".
// Links that are not Ozon's own chat files are relayed as text; files are read up to a cap and
// within a deadline; a file that cannot be fetched is announced after a few passes and the chat
// moves on; an empty file is announced instead of being sent.
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../../../ozon/support/server.ts";
import { waitFor } from "../../../support/wait.ts";
import { openBuyerChats, type RelayEnv, SELLER, sendsTo, startRelayEnv } from "../support.ts";

let env: RelayEnv | undefined;
let elsewhere: TestServer | undefined;
afterEach(async () => {
  await env?.close();
  await elsewhere?.close();
  env = undefined;
  elsewhere = undefined;
});

async function started(options: Parameters<typeof startRelayEnv>[0] = {}) {
  env = await startRelayEnv(options);
  expect(await env.module.runOnce()).toMatchObject({ firstRun: true, relayed: 0 });
  const chat = openBuyerChats(env.sandbox)[0];
  if (!chat) throw new Error("no open buyer chat");
  return { e: env, chat };
}

/** What the seller got, each Telegram message as its method and text (or file name). */
function received(e: RelayEnv) {
  return sendsTo(e.fake, SELLER.id).map((call) => ({
    method: call.method,
    text: String(call.payload.text ?? call.files[0]?.fileName ?? ""),
  }));
}

const fileRequests = (e: RelayEnv) =>
  e.sandbox.requests.filter((r) => r.path.startsWith("/v2/chat/file/"));

describe("links a buyer writes", () => {
  it("to another host are relayed as text and never fetched", async () => {
    const { e, chat } = await started();
    elsewhere = await startServer((_req, res) => {
      res.end("internal answer");
    });
    const texts = [
      `[Чек.pdf (1 KB)](${elsewhere.url}/v2/chat/file/abc/check.pdf)`,
      `![](${elsewhere.url}/latest/meta-data/chat/file/x.png)`,
      `${elsewhere.url}/chat/file/report.pdf`,
    ];
    for (const text of texts) e.sandbox.control.buyerWrites(chat.id, { text });

    expect(await e.module.runOnce()).toMatchObject({ relayed: 3, failures: [] });
    expect(elsewhere.requests).toHaveLength(0);
    const got = received(e);
    expect(got.map((m) => m.method)).toEqual(["sendMessage", "sendMessage", "sendMessage"]);
    expect(got.map((m) => m.text.split("\n\n")[0])).toEqual(texts);
    // No link preview either: Telegram would fetch the buyer's link and show what it answers.
    const previews = sendsTo(e.fake, SELLER.id).map((call) => call.payload.link_preview_options);
    expect(previews).toEqual(texts.map(() => ({ is_disabled: true })));
  });

  it("to other paths of the Seller API are relayed as text, and no request carries the keys there", async () => {
    const { e, chat } = await started();
    const seller = e.sandbox.url;
    const texts = [
      `[Отчёт (1 KB)](${seller}/v1/chat/list)`,
      `[x (1 KB)](${seller}/v2/chat/file/../../v3/posting/fbs/get)`,
      `${seller}/v2/posting/fbs/package-label`,
    ];
    for (const text of texts) e.sandbox.control.buyerWrites(chat.id, { text });
    e.sandbox.resetCounters();

    expect(await e.module.runOnce()).toMatchObject({ relayed: 3, failures: [] });
    expect(e.sandbox.requests.filter((r) => r.method === "GET")).toEqual([]);
    expect(received(e).map((m) => m.text.split("\n\n")[0])).toEqual(texts);
  });
});

describe("a file at Ozon's own location", () => {
  it("is read only up to the cap, whatever its link says and without Content-Length", async () => {
    const cap = 1024 * 1024;
    const total = 32 * 1024 * 1024;
    const { e, chat } = await started({ relay: { maxDownloadBytes: cap } });
    // An image link carries no size; a buyer can write a link with a size that lies.
    const image = e.sandbox.control.buyerWrites(chat.id, {
      file: { name: "video.png", data: new Uint8Array(total), form: "markdown" },
    });
    e.sandbox.control.buyerWrites(chat.id, { text: `[tiny.pdf (1 KB)](${image.file?.url})` });
    e.sandbox.control.setFault("GET /v2/chat/file/*", { bodyChunkBytes: 64 * 1024 });
    e.sandbox.resetCounters();

    expect(await e.module.runOnce()).toMatchObject({ relayed: 2, failures: [] });
    expect(received(e).map((m) => m.method)).toEqual(["sendMessage", "sendMessage"]);
    expect(received(e)[0]?.text).toContain("video.png (?) is too large for Telegram");
    expect(received(e)[1]?.text).toContain("tiny.pdf (?) is too large for Telegram");
    const written = () => fileRequests(e).map((r) => r.bodyBytesWritten);
    await waitFor(() => written().length === 2 && !written().includes(undefined));
    // Written is what the client read plus socket buffers: far below the 32 MB body.
    for (const bytes of written()) expect(bytes).toBeLessThan(total / 4);
  });

  it("that trickles in is given up at the deadline; after the tries it is announced and the chat moves on, restarts included", async () => {
    const { e, chat } = await started({ relay: { downloadDeadlineMs: 300, fileTries: 2 } });
    const file = e.sandbox.control.buyerWrites(chat.id, {
      file: { name: "акт.pdf", data: new Uint8Array(5_000).fill(1), form: "file" },
    });
    e.sandbox.control.buyerWrites(chat.id, { text: "Вы видите файл?" });
    // One byte every 20 ms: 100 s for the file, though no gap trips a per-gap timeout.
    e.sandbox.control.setFault("GET /v2/chat/file/*", { bodyChunkBytes: 1, bodyPauseMs: 20 });

    const first = await e.module.runOnce();
    expect(first.failures).toEqual([
      expect.objectContaining({ ozonChatId: chat.id, messageId: file.id }),
    ]);
    expect(received(e)).toEqual([]);

    // The count of tries lives in the store: a new process goes on from it.
    await e.restart();
    expect(await e.module.runOnce()).toMatchObject({ relayed: 2, failures: [] });
    const [announced, text, ...more] = received(e);
    expect(more).toEqual([]);
    expect(announced).toEqual({
      method: "sendMessage",
      text: expect.stringContaining(
        // The size as Ozon's link to the file names it (today's chats give no byte count).
        "The buyer sent a file the bot could not fetch: акт.pdf (5.0 KB)",
      ),
    });
    expect(text?.text).toMatch(/^Вы видите файл\?\n\n/);
    expect(fileRequests(e)).toHaveLength(2);
  });

  it("that Ozon keeps failing is announced after the tries, and later messages get through", async () => {
    const { e, chat } = await started({ relay: { fileTries: 3 } });
    e.sandbox.control.buyerWrites(chat.id, {
      file: { name: "фото.png", data: new Uint8Array(100).fill(2), form: "markdown" },
    });
    e.sandbox.control.buyerWrites(chat.id, { text: "Ответьте, пожалуйста" });
    e.sandbox.control.setFault("GET /v2/chat/file/*", { rate5xx: 1, status5xx: 503 });

    for (let pass = 1; pass <= 2; pass++) {
      expect((await e.module.runOnce()).failures, `pass ${pass}`).toHaveLength(1);
      await e.restart();
    }
    expect(received(e)).toEqual([]);
    expect(await e.module.runOnce()).toMatchObject({ relayed: 2, failures: [] });
    const [announced, text, ...more] = received(e);
    expect(more).toEqual([]);
    expect(announced?.text).toMatch(
      /\n📎 The buyer sent a file the bot could not fetch: фото\.png \(\?\)\. Open it in the Ozon seller account\.$/,
    );
    expect(text?.text).toMatch(/^Ответьте, пожалуйста\n\n/);
  });

  it("a download in progress does not hold up the stop; the message comes after the restart", async () => {
    const { e, chat } = await started();
    const file = e.sandbox.control.buyerWrites(chat.id, {
      file: { name: "скан.pdf", data: new Uint8Array(5_000).fill(3), form: "file" },
    });
    e.sandbox.control.setFault("GET /v2/chat/file/*", { bodyChunkBytes: 1, bodyPauseMs: 20 });
    const pass = e.module.runOnce();
    await waitFor(() => fileRequests(e).length > 0);

    const stopping = Date.now();
    await e.module.stop?.();
    const pending = await pass;
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(pending.failures).toEqual([
      expect.objectContaining({ ozonChatId: chat.id, messageId: file.id }),
    ]);
    expect(received(e)).toEqual([]);

    e.sandbox.control.clearFaults();
    await e.restart();
    expect(await e.module.runOnce()).toMatchObject({ relayed: 1, failures: [] });
    expect(received(e)).toEqual([{ method: "sendDocument", text: "скан.pdf" }]);
  });

  it("that is empty is announced, not sent (Telegram refuses empty files for good)", async () => {
    const { e, chat } = await started();
    for (const form of ["file", "markdown"] as const) {
      e.sandbox.control.buyerWrites(chat.id, {
        file: { name: `пусто-${form}.pdf`, data: new Uint8Array(0), form },
      });
    }
    expect(await e.module.runOnce()).toMatchObject({ relayed: 2, failures: [] });
    expect(received(e).map((m) => m.text.split("\n").at(-1))).toEqual([
      "📎 The buyer sent an empty file: пусто-file.pdf.",
      "📎 The buyer sent an empty file: пусто-markdown.pdf.",
    ]);
  });
});
