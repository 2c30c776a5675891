/**
 * Ozon pushes reach people in about a second (issue 13): the bot runs as `node src/main.ts`
 * with polls a minute apart, so only a push can bring an alert or a buyer message within the
 * test's deadline. The sandbox sends its events to the bot's push path as Ozon would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import { stopMainProcesses } from "../support/main-process.ts";
import { startPushBot } from "../support/push-bot.ts";
import { person } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";

const ADMIN = person(5151, { first_name: "Owner", language_code: "en" });
const DEADLINE = 8_000;

let sandbox: Sandbox;
let fake: FakeBotApi;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 23, initialPostings: 1, initialChats: 1 });
  fake = await FakeBotApi.start();
});
afterEach(() => stopMainProcesses());
afterAll(async () => {
  await fake.close();
  await sandbox.close();
});

const toAdmin = (fragment: string) =>
  fake.calls.filter(
    (c) =>
      c.method === "sendMessage" &&
      Number(c.payload.chat_id) === ADMIN.id &&
      String(c.payload.text).includes(fragment),
  ).length;

describe("Ozon push", () => {
  it("brings a new posting and a buyer message within seconds, once each, though polls are a minute apart", async () => {
    // Subscribed, and the first passes (they record what already waits) done before news arrives.
    const { bot, pushUrl } = await startPushBot(sandbox, fake, ADMIN);
    await waitFor(
      async () => {
        const ping = await fetch(pushUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ message_type: "TYPE_PING", time: new Date().toISOString() }),
        });
        return ping.status === 200;
      },
      { timeoutMs: 5_000, message: "the push receiver" },
    );
    sandbox.setPushTarget(pushUrl);

    const posting = sandbox.control.addPosting().postingNumber;
    await waitFor(() => toAdmin(posting) === 1, {
      timeoutMs: DEADLINE,
      message: "the alert after a push",
    });
    const chatId = sandbox.control
      .chats()
      .find((c) => c.kind === "buyer" && c.status === "OPENED")?.id;
    sandbox.control.buyerWrites(chatId, { text: "Пуш-вопрос покупателя" });
    await waitFor(() => toAdmin("Пуш-вопрос покупателя") === 1, {
      timeoutMs: DEADLINE,
      message: "the buyer message after a push",
    });
    expect(sandbox.pushes.map((p) => [p.type, p.status])).toEqual([
      ["TYPE_NEW_POSTING", 200],
      ["TYPE_NEW_MESSAGE", 200],
    ]);

    // A push about a posting Ozon does not know: the bot looks, finds nothing new, tells nobody.
    const sent = fake.calls.filter((c) => c.method === "sendMessage").length;
    const listsBefore = sandbox.requests.filter((r) => /unfulfilled\/list/.test(r.path)).length;
    const forged = await fetch(pushUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        message_type: "TYPE_NEW_POSTING",
        posting_number: "00000000-0000-1",
        seller_id: sandbox.credentials.sellerClientId,
      }),
    });
    expect(forged.status).toBe(200);
    await waitFor(
      () => sandbox.requests.filter((r) => /unfulfilled\/list/.test(r.path)).length > listsBefore,
      {
        timeoutMs: DEADLINE,
        message: "the pass after the forged push",
      },
    );
    expect(fake.calls.filter((c) => c.method === "sendMessage").length).toBe(sent);
    expect(toAdmin(posting)).toBe(1);
    bot.child.kill("SIGTERM");
    expect((await bot.exit).code).toBe(0);
  });
});
