/** The webhook over real node:http: the secret token is checked; /healthz reports the store. */
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { healthRoute } from "../../src/server/health.ts";
import { closeServer, createHttpServer, listen } from "../../src/server/http.ts";
import { webhookEndpoint, webhookRoute, webhookSecret } from "../../src/server/webhook.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import { type Harness, startBot } from "../bot/harness.ts";
import { command, person } from "../support/updates.ts";

const ADMIN = person(801, { language_code: "en" });
const SECRET = "s3cret_token-for-tests";

let h: Harness | undefined;
let server: Server | undefined;
afterEach(async () => {
  if (server) await closeServer(server, 1_000);
  await h?.close();
  server = undefined;
  h = undefined;
});

async function serveWebhook(): Promise<string> {
  h = await startBot({ adminIds: [ADMIN.id] });
  server = createHttpServer(
    [
      healthRoute(h.store),
      webhookRoute(h.bot, { path: "/telegram/hook", secretToken: SECRET, logger: h.logger }),
    ],
    h.logger,
  );
  const port = await listen(server, 0, "127.0.0.1");
  return `http://127.0.0.1:${port}`;
}

function post(url: string, body: unknown, secret?: string) {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(secret === undefined ? {} : { "x-telegram-bot-api-secret-token": secret }),
    },
    body: JSON.stringify(body),
  });
}

describe("webhook", () => {
  it("handles an update that carries the right secret", async () => {
    const base = await serveWebhook();
    const res = await post(`${base}/telegram/hook`, command("help", { from: ADMIN }), SECRET);
    expect(res.status).toBe(200);
    expect(h?.fake.textsTo(ADMIN.id)[0]).toContain("Commands you may use");
  });

  it("answers 401 to a wrong or missing secret and does not handle the update", async () => {
    const base = await serveWebhook();
    const wrong = await post(`${base}/telegram/hook`, command("help", { from: ADMIN }), "guess");
    expect(wrong.status).toBe(401);
    const missing = await post(`${base}/telegram/hook`, command("help", { from: ADMIN }));
    expect(missing.status).toBe(401);
    // A right one afterwards proves the handler was reachable all along.
    await post(`${base}/telegram/hook`, command("start", { from: ADMIN }), SECRET);
    expect(h?.fake.callsTo("sendMessage")).toHaveLength(1);
    expect(h?.fake.textsTo(ADMIN.id)[0]).toContain("Hello");
  });

  it("answers 400 to a body that is not JSON, 404 elsewhere, 405 for GET", async () => {
    const base = await serveWebhook();
    const bad = await fetch(`${base}/telegram/hook`, {
      method: "POST",
      headers: { "x-telegram-bot-api-secret-token": SECRET },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${base}/telegram/hook`)).status).toBe(405);
  });

  it("derives a secret from the bot token when WEBHOOK_SECRET is unset", () => {
    const derived = webhookSecret(undefined, "123456:token-aaaaaaaaaaaaaaaaaaaaaaaa");
    expect(derived).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    expect(derived).not.toContain("token");
    expect(webhookSecret(undefined, "123456:token-aaaaaaaaaaaaaaaaaaaaaaaa")).toBe(derived);
    expect(webhookSecret(undefined, "123456:token-bbbbbbbbbbbbbbbbbbbbbbbb")).not.toBe(derived);
    expect(webhookSecret("mine", "123456:x")).toBe("mine");
  });

  it("listens on the path of WEBHOOK_URL, and registers /telegram when it names none", () => {
    expect(webhookEndpoint("https://bot.example.com/tg/ozon")).toEqual({
      url: "https://bot.example.com/tg/ozon",
      path: "/tg/ozon",
    });
    for (const bare of ["https://bot.example.com", "https://bot.example.com/"]) {
      expect(webhookEndpoint(bare)).toEqual({
        url: "https://bot.example.com/telegram",
        path: "/telegram",
      });
    }
    expect(webhookEndpoint("https://bot.example.com:8443?k=v")).toEqual({
      url: "https://bot.example.com:8443/telegram?k=v",
      path: "/telegram",
    });
  });
});

describe("/healthz", () => {
  it("200 with store up", async () => {
    const base = await serveWebhook();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, store: "up" });
  });

  it("503 with store down (ping false, or ping throwing)", async () => {
    const store = new MemoryStore();
    const logger = (await import("../bot/harness.ts")).captureLogger().logger;
    let mode: "false" | "throw" = "false";
    store.ping = async () => {
      if (mode === "throw") throw new Error("connection refused");
      return false;
    };
    server = createHttpServer([healthRoute(store)], logger);
    const port = await listen(server, 0, "127.0.0.1");
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, store: "down" });
    mode = "throw";
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(503);
    await store.close();
  });
});
