/**
 * SIGTERM ends `node src/main.ts` within 10 s whatever is in progress: a Telegram that stopped
 * answering (an update stuck on a send, the confirming getUpdates unanswered), and a relay
 * backlog to a group under Telegram's real flood limits (one message every 3 s), which stops
 * between two messages; the next start carries on with the first message not sent, repeating
 * none (the whole 30-message backlog would take 90 s at that pace, too long to await here).
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  startMain,
  stopMainProcesses,
} from "../support/main-process.ts";
import { startMainRelay } from "../support/main-relay.ts";
import { command, group, person } from "../support/updates.ts";
import { waitFor, withDeadline } from "../support/wait.ts";

const ADMIN = person(903, { first_name: "Olga", language_code: "en" });
const TEAM = group(-100903);
const STARTED = (line: { msg: string }) => line.msg.startsWith("Bot @");
/** The bound asked for: SIGTERM ends the process within 10 s in the normal case. */
const BOUND_MS = 10_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  stopMainProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** SIGTERM, then the exit code and how long the process took to end. */
async function terminate(run: MainProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  run.child.kill("SIGTERM");
  const exit = await withDeadline(run.exit, 20_000, "the exit after SIGTERM");
  return { code: exit.code, ms: Date.now() - started };
}

describe("SIGTERM within the bound", () => {
  it("when Telegram stops answering: exits 0 within 10 s, saying what it left", async () => {
    const fake = await FakeBotApi.start();
    cleanups.push(() => fake.close());
    const run = startMain({
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      STORE: "memory",
      ADMIN_IDS: String(ADMIN.id),
      PORT: String(await freePort()),
    });
    await run.waitForLog(STARTED, 20_000);
    // One update handled (so there is something to confirm at the stop)...
    fake.queueUpdates(command("help", { from: ADMIN }));
    await fake.waitForCall("sendMessage", (c) => c.payload.chat_id === ADMIN.id, 10_000, {
      answered: true,
    });
    // ...then Telegram goes silent while the answer to the next one is being sent.
    fake.respond("sendMessage", () => {
      fake.stopAnswering();
      return new Promise(() => {});
    });
    const stuck = command("help", { from: ADMIN });
    fake.queueUpdates(stuck);
    await fake.waitForCall("sendMessage", (c) => c.seq > 0 && c.answeredAt === undefined, 10_000);

    const { code, ms } = await terminate(run);
    const messages = run.logs.map((line) => line.msg);
    const stopped = run.logs.find((line) => line.msg === "Stopped");
    expect(code, messages.join(" | ")).toBe(0);
    expect(ms, `time to exit ${ms} ms (the process said ${stopped?.tookMs} ms)`).toBeLessThan(
      BOUND_MS,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        "Updates still in flight after the drain timeout",
        "Could not confirm the last updates",
        "Store closed",
      ]),
    );
    // The confirming getUpdates was asked (and left unanswered).
    const confirm = fake.callsTo("getUpdates").at(-1);
    expect(confirm?.payload).toMatchObject({ limit: 1, timeout: 0 });
  }, 40_000);

  it("with a 30-message backlog to a group: stops between two messages; after the restart the next one comes, none repeated", async () => {
    const rig = await startMainRelay({ seed: 23, adminId: ADMIN.id });
    cleanups.push(() => rig.close());
    const { sandbox, fake } = rig;
    const relayed = () => rig.buyerCopies(TEAM.id).map((text) => text.split("\n\n")[0] ?? "");

    let run = await rig.start();
    fake.queueUpdates(command("relay_here", { from: ADMIN, chat: TEAM }));
    await fake.waitForCall("sendMessage", (c) => Number(c.payload.chat_id) === TEAM.id, 10_000);
    // The relay has looked at the chats (the first look only notes where each one stands).
    await rig.relayPasses(2);
    const chat = sandbox.control.chats().find((c) => c.kind === "buyer" && c.status === "OPENED");
    if (!chat) throw new Error("no open buyer chat");
    const texts = Array.from({ length: 30 }, (_, i) => `Вопрос ${i + 1}`);
    for (const text of texts) sandbox.control.buyerWrites(chat.id, { text });
    // One message at once, the next 3 s later: the rest of the backlog would take 84 s more.
    await waitFor(() => relayed().length >= 2, { timeoutMs: 15_000, message: "two messages" });

    const first = await terminate(run);
    expect(first.code).toBe(0);
    expect(first.ms, `time to exit ${first.ms} ms`).toBeLessThan(BOUND_MS);
    const before = relayed();
    expect(before.length).toBeLessThan(texts.length);
    expect(before).toEqual(texts.slice(0, before.length));

    // The next start carries on with the next message, and repeats none.
    run = await rig.start();
    await waitFor(() => relayed().length > before.length, {
      timeoutMs: 15_000,
      message: "the next message after the restart",
    });
    const second = await terminate(run);
    expect(second.code).toBe(0);
    expect(second.ms, `time to exit ${second.ms} ms`).toBeLessThan(BOUND_MS);
    const after = relayed();
    expect(after).toEqual(texts.slice(0, after.length));
  }, 90_000);
});
