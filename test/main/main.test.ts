/**
 * `node src/main.ts` as a real child process against the fake Bot API: start-up (commands,
 * owner link, /healthz), graceful stop on SIGTERM, webhook mode, bad configuration.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi, type RecordedCall } from "../support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  startMain,
  stopMainProcesses,
} from "../support/main-process.ts";
import { command, person } from "../support/updates.ts";

const ADMIN = person(901, { first_name: "Ada", language_code: "en" });

let fake: FakeBotApi | undefined;

afterEach(async () => {
  stopMainProcesses();
  await fake?.close();
  fake = undefined;
});

async function baseEnv(
  f: FakeBotApi,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  return {
    BOT_TOKEN: f.token,
    TELEGRAM_API_ROOT: f.apiRoot,
    STORE: "memory",
    PORT: String(await freePort()),
    ...extra,
  };
}

async function portOf(run: MainProcess): Promise<number> {
  const line = await run.waitForLog((l) => l.msg.startsWith("HTTP server listening"));
  return Number(line.port);
}

/** The bot in webhook mode with this WEBHOOK_URL and secret, once it has started. */
async function startWebhookMode(f: FakeBotApi, url: string, secret: string): Promise<MainProcess> {
  const run = startMain(
    await baseEnv(f, {
      ADMIN_IDS: String(ADMIN.id),
      BOT_MODE: "webhook",
      WEBHOOK_URL: url,
      WEBHOOK_SECRET: secret,
    }),
  );
  await run.waitForLog((l) => l.msg.startsWith("Bot @ozon_test_bot started"));
  return run;
}

/** POSTs an update to `path` on the bot's port, as Telegram does to a webhook. */
function postUpdate(port: number, path: string, secret: string, update: unknown) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
    body: JSON.stringify(update),
  });
}

// Each test starts the bot as a process: its start-up alone can take tens of seconds under load.
describe("node src/main.ts", { timeout: 120_000 }, () => {
  it("with only BOT_TOKEN: sandbox, commands in ru and en, owner link, /healthz, polling", async () => {
    fake = await FakeBotApi.start();
    const run = startMain(await baseEnv(fake));
    const started = await run.waitForLog((l) => l.msg.startsWith("Bot @ozon_test_bot started"));
    expect(started.msg).toContain("polling");
    expect(started.msg).toContain("Ozon sandbox");
    expect(run.logs.some((l) => l.msg.includes("built-in Ozon sandbox"))).toBe(true);

    const api = fake;
    const scoped = (type: string) =>
      api.callsTo("setMyCommands").filter((c) => JSON.stringify(c.payload.scope).includes(type));
    // Private chats by default: only what a stranger may use; groups: their short menu (issue 40).
    const commands = scoped('"default"');
    expect(commands).toHaveLength(2);
    expect(commands[0]?.payload.language_code).toBeUndefined();
    expect(JSON.stringify(commands[0]?.payload.commands)).toContain("Главное меню");
    expect(commands[1]?.payload.language_code).toBe("en");
    expect(JSON.stringify(commands[1]?.payload.commands)).toContain("Main menu");
    const names = (c: RecordedCall | undefined) =>
      ((c?.payload.commands ?? []) as Array<{ command: string }>).map((x) => x.command);
    expect(names(commands[0])).toEqual(["start", "help", "language"]);
    expect(names(scoped("all_group_chats")[0])).toEqual([
      "start",
      "help",
      "postings",
      "find",
      "today",
      "subscribe",
      "chats",
    ]);
    expect(fake.callsTo("setMyCommands")).toHaveLength(4);
    expect(fake.callsTo("deleteWebhook")).toHaveLength(1);
    // Removals and blocks come as my_chat_member: they must be asked for.
    const polled = await fake.waitForCall("getUpdates", () => true, 10_000);
    expect(polled.payload.allowed_updates).toContain("my_chat_member");

    const port = await portOf(run);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, store: "up" });

    // No admin yet: the owner link is in the log; the first to open it becomes admin.
    const owner = run.logs.find((l) => typeof l.ownerLink === "string");
    const payload = /start=([\w-]+)/.exec(String(owner?.ownerLink))?.[1];
    expect(payload).toBeDefined();
    // It works for a day, and the log says until when.
    const until = Date.parse(String(owner?.ownerLinkExpiresAt));
    expect(until - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(owner?.msg).toContain(`until ${owner?.ownerLinkExpiresAt}`);
    fake.queueUpdates(command("start", { from: ADMIN, args: payload }));
    const welcome = await fake.waitForCall(
      "sendMessage",
      (c) => c.payload.chat_id === ADMIN.id,
      10_000,
    );
    expect(String(welcome.payload.text)).toContain("You are the administrator");
    // The owner's own menu: Home and the admin's jobs done most, at most 7 (issue 40), in their
    // language; the rest is typed or on Home's ☰ All jobs.
    const ownMenu = await fake.waitForCall(
      "setMyCommands",
      (c) =>
        JSON.stringify(c.payload.scope) === JSON.stringify({ type: "chat", chat_id: ADMIN.id }),
      10_000,
    );
    expect(names(ownMenu)).toContain("status");
    expect(names(ownMenu).length).toBeLessThanOrEqual(7);
    expect(JSON.stringify(ownMenu.payload.commands)).toContain("Main menu");

    expect(run.stdout()).not.toContain(fake.token);
    run.child.kill("SIGTERM");
    expect((await run.exit).code).toBe(0);
  });

  it("SIGTERM: stops taking updates, finishes the one in flight, closes the store, exits 0", async () => {
    fake = await FakeBotApi.start();
    const run = startMain(await baseEnv(fake, { ADMIN_IDS: String(ADMIN.id) }));
    await run.waitForLog((l) => l.msg.startsWith("Bot @ozon_test_bot started"));
    expect(run.logs.some((l) => typeof l.ownerLink === "string")).toBe(false);

    fake.delay("sendMessage", 1_500);
    const inFlight = command("help", { from: ADMIN });
    fake.queueUpdates(inFlight);
    const reply = await fake.waitForCall("sendMessage", () => true, 10_000);
    expect(reply.answeredAt).toBeUndefined(); // the answer is being held: the update is in flight

    run.child.kill("SIGTERM");
    await run.waitForLog((l) => l.msg.startsWith("Stopping"));
    const late = command("help", { from: person(902) });
    fake.queueUpdates(late); // arrives after the stop: must not be taken

    const { code } = await run.exit;
    expect(code).toBe(0);
    expect(reply.answeredAt).toBeDefined();
    expect(String(reply.payload.text)).toContain("🏠 Home");
    const messages = run.logs.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining(["Store closed", "Ozon sandbox closed", "Stopped"]),
    );
    expect(messages.indexOf("Store closed")).toBeGreaterThan(
      messages.findIndex((m) => m.startsWith("Stopping")),
    );
    // Handled updates were confirmed to Telegram; the late one was neither handled nor confirmed.
    const confirm = fake.callsTo("getUpdates").at(-1);
    expect(confirm?.payload.offset).toBe(inFlight.update_id + 1);
    expect(fake.textsTo(902)).toEqual([]);
    expect(fake.pendingUpdates).toBe(1);
  });

  it("webhook mode: setWebhook with the secret; a wrong secret gets 401; SIGTERM exits 0", async () => {
    fake = await FakeBotApi.start();
    const secret = "hook_secret-123456";
    const run = await startWebhookMode(fake, "https://bot.example.com/tg/hook", secret);
    const setWebhook = fake.callsTo("setWebhook")[0];
    expect(setWebhook?.payload).toMatchObject({
      url: "https://bot.example.com/tg/hook",
      secret_token: secret,
    });
    expect(setWebhook?.payload.allowed_updates).toContain("my_chat_member");
    expect(fake.callsTo("getUpdates")).toEqual([]);

    const port = await portOf(run);
    const post = (token: string) =>
      postUpdate(port, "/tg/hook", token, command("help", { from: ADMIN }));
    expect((await post("wrong")).status).toBe(401);
    expect(fake.callsTo("sendMessage")).toEqual([]);
    expect((await post(secret)).status).toBe(200);
    expect(fake.textsTo(ADMIN.id)[0]).toContain("🏠 Home");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(run.stdout()).not.toContain(secret);

    run.child.kill("SIGTERM");
    expect((await run.exit).code).toBe(0);
  });

  it("webhook mode with a WEBHOOK_URL without a path: updates sent to the URL registered are handled", async () => {
    fake = await FakeBotApi.start();
    const secret = "hook_secret-654321";
    const run = await startWebhookMode(fake, "https://bot.example.com", secret);
    const registered = new URL(String(fake.callsTo("setWebhook")[0]?.payload.url));
    expect(registered.host).toBe("bot.example.com");

    // Telegram posts to exactly the URL it was given; the proxy in front passes the path on.
    const port = await portOf(run);
    const res = await postUpdate(
      port,
      registered.pathname,
      secret,
      command("help", { from: ADMIN }),
    );
    expect(res.status).toBe(200);
    expect(fake.textsTo(ADMIN.id)[0]).toContain("🏠 Home");

    run.child.kill("SIGTERM");
    expect((await run.exit).code).toBe(0);
  });

  it("the file store: a second bot on the same file, or a corrupt file, stops with the file named", async () => {
    fake = await FakeBotApi.start();
    const dataDir = mkdtempSync(join(tmpdir(), "ozon-bot-data-"));
    try {
      const env = async () =>
        baseEnv(fake as FakeBotApi, { STORE: "", DATA_DIR: dataDir, ADMIN_IDS: String(ADMIN.id) });
      const first = startMain(await env());
      await first.waitForLog((l) => l.msg.startsWith("Bot @ozon_test_bot started"), 30_000);
      const file = join(dataDir, "ozon-bot.sqlite");

      const second = startMain(await env());
      expect((await second.exit).code).toBe(1);
      const refusal = second.logs.find((l) => l.msg.startsWith("Could not start"));
      expect(refusal?.msg).toContain(file);
      first.child.kill("SIGTERM");
      expect((await first.exit).code).toBe(0);

      writeFileSync(file, "this is not a database, just some words long enough to matter");
      const corrupt = startMain(await env());
      expect((await corrupt.exit).code).toBe(1);
      const message = corrupt.logs.find((l) => l.msg.startsWith("Could not start"))?.msg;
      expect(message).toContain(file);
      expect(readFileSync(file, "utf8")).toContain("not a database"); // nothing reset
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("a port already in use stops the start with a message that says so", async () => {
    fake = await FakeBotApi.start();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const run = startMain(
        await baseEnv(fake, { ADMIN_IDS: String(ADMIN.id), PORT: String(port) }),
      );
      expect((await run.exit).code).toBe(1);
      expect(run.logs.map((l) => l.msg)).toContain(
        `Could not start: port ${port} is already in use; set PORT to a free one`,
      );
      expect(run.logs.map((l) => l.msg)).toContain("Store closed");
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it("a bad configuration is reported cleanly and exits 1", async () => {
    const run = startMain({ STORE: "memory", BOT_MODE: "sideways" });
    const { code } = await run.exit;
    expect(code).toBe(1);
    expect(run.stderr()).toContain("BOT_TOKEN is required");
    expect(run.stderr()).toContain("BOT_MODE must be polling or webhook");
    expect(run.stderr()).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("a token Telegram refuses stops the start with a clear message", async () => {
    fake = await FakeBotApi.start();
    const run = startMain(
      await baseEnv(fake, { BOT_TOKEN: "123456:AAWrongTokenWrongTokenWrongToken12" }),
    );
    const { code } = await run.exit;
    expect(code).toBe(1);
    expect(run.logs.some((l) => l.msg.includes("getMe failed"))).toBe(true);
    expect(run.stdout()).not.toContain("AAWrongTokenWrongTokenWrongToken12");
  });
});
