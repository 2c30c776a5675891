/**
 * `node src/main.ts` with METRICS_TOKEN: GET /metrics on PORT answers the bearer only, with the
 * sandbox's Ozon calls and the pushes received counted; without METRICS_TOKEN there is no such
 * route. The token never reaches the log.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../support/fake-bot-api.ts";
import {
  freePort,
  type MainProcess,
  startMain,
  stopMainProcesses,
} from "../support/main-process.ts";
import { waitFor } from "../support/wait.ts";

const TOKEN = "main-metrics-token-0123456789";

let fake: FakeBotApi | undefined;
afterEach(async () => {
  stopMainProcesses();
  await fake?.close();
  fake = undefined;
});

async function started(extra: Record<string, string>): Promise<{ run: MainProcess; url: string }> {
  fake = await FakeBotApi.start();
  const run = startMain({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    STORE: "memory",
    PORT: String(await freePort()),
    ...extra,
  });
  const line = await run.waitForLog((l) => l.msg.startsWith("HTTP server listening"));
  await run.waitForLog((l) => l.msg.startsWith("Bot @ozon_test_bot started"));
  return { run, url: `http://127.0.0.1:${Number(line.port)}` };
}

// Each test starts the bot as a process: its start-up alone can take tens of seconds under load.
describe("GET /metrics of the running bot", { timeout: 120_000 }, () => {
  it("answers the bearer only, with Ozon calls and pushes counted", async () => {
    const { run, url } = await started({ METRICS_TOKEN: TOKEN });
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const push = (body: string) =>
      fetch(`${url}/ozon/push`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }).then((r) => r.arrayBuffer());
    await push(JSON.stringify({ message_type: "TYPE_PING", time: "2026-11-23T10:00:00Z" }));
    await push("{not json");

    const scrape = async () =>
      (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    let body = "";
    await waitFor(
      async () => {
        body = await scrape();
        return /ozon_bot_ozon_calls_total\{method="[^"]+",outcome="ok"\} [1-9]/.test(body);
      },
      { message: "the sandbox's calls counted", timeoutMs: 30_000 },
    );
    expect(body).toContain('ozon_bot_ozon_pushes_total{result="accepted"} 1');
    expect(body).toContain('ozon_bot_ozon_pushes_total{result="refused"} 1');
    expect(body).toMatch(/ozon_bot_loop_lag_seconds\{store="[^"]+",loop="posting watcher"\}/);
    expect(body).toContain("process_resident_memory_bytes");
    expect(run.stdout()).not.toContain(TOKEN);
    run.child.kill("SIGTERM");
    expect((await run.exit).code).toBe(0);
  });

  it("is not there without METRICS_TOKEN", async () => {
    const { run, url } = await started({});
    const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(404);
    run.child.kill("SIGTERM");
    expect((await run.exit).code).toBe(0);
  });
});
