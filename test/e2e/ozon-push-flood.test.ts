/**
 * The whole bot (`node src/main.ts`) under a flood of junk pushes (issue 22, item 1): it warns at
 * start that its receiver is open to any address, the flood costs about one Ozon call per area a
 * second and a few log lines, and a real push from the sandbox right after it still reaches
 * Telegram (the fake Bot API) long before the next poll, a minute away.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import { stopMainProcesses } from "../support/main-process.ts";
import { startPushBot } from "../support/push-bot.ts";
import { junkMix, postAll } from "../support/push-receiver.ts";
import { person } from "../support/updates.ts";
import { waitFor } from "../support/wait.ts";

const ADMIN = person(5252, { first_name: "Owner", language_code: "en" });
/** Methods of loops no push wakes: their own polls, not the flood's cost. */
const NOT_WOKEN_BY_PUSHES =
  /^\/v\d\/(posting\/fbo\/|supply-order\/|analytics\/stocks|finance\/|cluster\/|question\/count|review\/count)/;
/** Far below the minute between polls: only the push can bring the alert this soon. */
const DEADLINE = 5_000;

let sandbox: Sandbox;
let fake: FakeBotApi;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 52, initialPostings: 2, initialChats: 1 });
  fake = await FakeBotApi.start();
});
afterEach(() => stopMainProcesses());
afterAll(async () => {
  await fake.close();
  await sandbox.close();
});

describe("Ozon push flood", () => {
  it("costs a few Ozon calls and log lines, and a real push right after still arrives at once", async () => {
    const { bot, pushUrl } = await startPushBot(sandbox, fake, ADMIN);
    expect(
      bot.logs.filter((l) => l.level === 40 && l.msg.includes("set OZON_PUSH_ALLOW")),
    ).toHaveLength(1);
    sandbox.setPushTarget(pushUrl);

    const logsBefore = bot.logs.length;
    const callsBefore = sandbox.requests.length;
    const started = Date.now();
    const statuses = await postAll(pushUrl, junkMix(0, 800, sandbox.credentials.sellerClientId));
    const seconds = (Date.now() - started) / 1_000;
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
    // At most one forced pass per area a second (each one list here), and a poll or two. Counted:
    // the areas a push wakes (postings, chats, stock), not the loops no push reaches (FBO sales,
    // supplies, days of stock, money), whose first passes after start may fall in this window.
    const calls = sandbox.requests
      .slice(callsBefore)
      .filter((r) => !NOT_WOKEN_BY_PUSHES.test(r.path)).length;
    expect(calls).toBeLessThanOrEqual(2 * Math.ceil(seconds) + 4);
    // One line per kind of refusal, not one per push.
    expect(bot.logs.length - logsBefore).toBeLessThanOrEqual(5);

    const posting = sandbox.control.addPosting().postingNumber;
    await waitFor(
      () =>
        fake.calls.some(
          (c) =>
            c.method === "sendMessage" &&
            Number(c.payload.chat_id) === ADMIN.id &&
            String(c.payload.text).includes(posting),
        ),
      { timeoutMs: DEADLINE, message: "the alert of a real push right after the flood" },
    );
    bot.child.kill("SIGTERM");
    expect((await bot.exit).code).toBe(0);
  }, 90_000);
});
