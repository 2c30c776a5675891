/**
 * GET /metrics scraped over HTTP from the whole bot (the stores world: real container, modules,
 * the sandbox over HTTP): the token is required (401 without it or with a wrong one), the
 * metric names of the issue are there, and every label stays bounded — store names, loop names,
 * endpoint paths as declared and failure kinds; never a posting number or a chat id.
 */
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { closeServer, createHttpServer, listen, type Route } from "../../src/server/http.ts";
import { countedPushRoute, metricsRoute } from "../../src/server/metrics.ts";
import { processLoops } from "../../src/services/health/loop-board.ts";
import { Vitals } from "../../src/services/health/vitals.ts";
import { captureLogger } from "../bot/harness.ts";
import { ADMIN, type StoresWorld, startStores, subscribe } from "../bot/stores/world.ts";
import { waitFor } from "../support/wait.ts";

const TOKEN = "a-metrics-token-of-32-characters";

const worlds: StoresWorld[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await closeServer(s, 100);
  for (const w of worlds.splice(0).reverse()) await w.close();
});

async function serve(routes: Route[]): Promise<string> {
  const server = createHttpServer(routes, captureLogger().logger);
  servers.push(server);
  const port = await listen(server, 0, "127.0.0.1");
  return `http://127.0.0.1:${port}`;
}

/** Every `name{labels}` line's labels, parsed. */
function labelsOf(body: string): Array<{ metric: string; labels: Record<string, string> }> {
  const out: Array<{ metric: string; labels: Record<string, string> }> = [];
  for (const line of body.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} /.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const labels: Record<string, string> = {};
    for (const pair of match[2].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      if (pair[1] && pair[2] !== undefined) labels[pair[1]] = pair[2];
    }
    out.push({ metric: match[1], labels });
  }
  return out;
}

describe("GET /metrics", () => {
  it("needs the bearer token and shows the bot's figures with bounded labels", async () => {
    const w = await startStores();
    worlds.push(w);
    await subscribe(w, ADMIN.id);
    const vitals = w.container.vitals;
    if (!vitals) throw new Error("the container has no vitals");
    const url = await serve([
      await metricsRoute(TOKEN, { vitals, board: processLoops, shops: w.container.shops }),
    ]);
    // A posting alerted to the admin: a number and a chat id exist that must not become labels.
    const listed = () =>
      w.sandbox.requests.filter((r) => r.path.includes("unfulfilled/list")).length;
    await waitFor(() => listed() >= 2, { message: "two polls" });
    const posting = w.sandbox.stores[0]?.control.addPosting();
    await waitFor(
      () => w.fake.textsTo(ADMIN.id).some((t) => t.includes(posting?.postingNumber ?? "?")),
      { message: "the posting alerted", timeoutMs: 8_000 },
    );

    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("ozon_bot");
    expect((await fetch(`${url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);

    const answer = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const body = await answer.text();
    for (const name of [
      "ozon_bot_loop_pass_duration_seconds",
      "ozon_bot_loop_lag_seconds",
      "ozon_bot_ozon_calls_total",
      "ozon_bot_ozon_failures_total",
      "ozon_bot_telegram_sends_total",
      "ozon_bot_telegram_429_total",
      "ozon_bot_telegram_queue_depth",
      "ozon_bot_ozon_pushes_total",
      "ozon_bot_report_jobs",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(body, name).toContain(`# TYPE ${name} `);
    }
    expect(body).toMatch(/ozon_bot_loop_lag_seconds\{store="Северный",loop="posting watcher"\} \d/);
    expect(body).toMatch(
      /ozon_bot_ozon_calls_total\{method="\/v4\/posting\/fbs\/unfulfilled\/list",outcome="ok"\} [1-9]/,
    );
    expect(body).toMatch(/ozon_bot_telegram_sends_total [1-9]/);

    const postings = w.sandbox.stores[0]?.control.postings().map((p) => p.postingNumber) ?? [];
    if (process.env.SHOW_METRICS) console.log(body);
    const lines = labelsOf(body);
    expect(lines.length).toBeGreaterThan(5);
    for (const { metric, labels } of lines) {
      for (const [label, value] of Object.entries(labels)) {
        const where = `${metric} ${label}="${value}"`;
        expect(value.includes(String(ADMIN.id)), where).toBe(false);
        for (const number of postings) expect(value.includes(number), where).toBe(false);
        // A method is an endpoint's declared path: no id-like segment in it.
        if (label === "method") expect(value, where).toMatch(/^\/[a-z0-9/_-]+$/i);
        if (label === "method") expect(value, where).not.toMatch(/\d{5,}/);
      }
    }
  });

  it("counts Ozon pushes by the receiver's answer", async () => {
    const vitals = new Vitals();
    let status = 200;
    const receiver: Route = {
      method: "POST",
      path: "/push",
      handle(_req, res) {
        res.writeHead(status).end();
      },
    };
    const url = await serve([
      countedPushRoute(receiver, vitals),
      await metricsRoute(TOKEN, {
        vitals,
        board: processLoops,
        shops: { all: () => [], get: () => undefined },
      }),
    ]);
    for (const code of [200, 200, 409, 403]) {
      status = code;
      await (await fetch(`${url}/push`, { method: "POST", body: "{}" })).arrayBuffer();
    }
    const body = await (
      await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(body).toContain('ozon_bot_ozon_pushes_total{result="accepted"} 2');
    expect(body).toContain('ozon_bot_ozon_pushes_total{result="duplicate"} 1');
    expect(body).toContain('ozon_bot_ozon_pushes_total{result="refused"} 1');
  });
});
