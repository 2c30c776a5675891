// What a buyer writes cannot make the bot fetch anything: through the relay module, the sandbox
// over HTTP and the fake Bot API, with a local HTTP server standing in for "another host".
// Links that are not Ozon's own chat files are relayed as text.
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../../ozon/support/server.ts";
import { openBuyerChats, type RelayEnv, SELLER, sendsTo, startRelayEnv } from "./support.ts";

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
    expect(got.map((m) => m.text.split("\n\n")[1])).toEqual(texts);
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
    expect(received(e).map((m) => m.text.split("\n\n")[1])).toEqual(texts);
  });
});
