/**
 * A 404 is "not found" only for the method whose subject it is: over the whole bot (the stores
 * world: real container and modules, the sandbox over HTTP, the fake Bot API), a method Ozon has
 * withdrawn (here the warehouse list /subscribe shows) is told as a temporary problem at Ozon,
 * never as "Ozon does not know posting .", logged once with the method, and counted by kind in
 * /status and /metrics; a posting Ozon really does not know is still named as such.
 */
import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { OPEN_POSTING } from "../../../src/bot/postings/buttons.ts";
import { closeServer, createHttpServer, listen } from "../../../src/server/http.ts";
import { metricsRoute } from "../../../src/server/metrics.ts";
import { processLoops } from "../../../src/services/health/loop-board.ts";
import { callback, command, person } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { captureLogger, textOf } from "../harness.ts";
import { ADMIN, lastScreen, SECOND_ADMIN, type StoresWorld, startStores } from "../stores/world.ts";

const TOKEN = "a-metrics-token-of-32-characters";
const GONE_LOG = "Ozon no longer answers this method";

const worlds: StoresWorld[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await closeServer(s, 100);
  for (const w of worlds.splice(0).reverse()) await w.close();
});

async function say(w: StoresWorld, text: string, from = ADMIN): Promise<string> {
  return textOf(lastScreen(await w.exchange(command(text, { from }))));
}

describe("a method Ozon no longer answers", () => {
  it("is a temporary Ozon problem on /subscribe, logged once, counted in /status and /metrics", async () => {
    const w = await startStores();
    worlds.push(w);
    w.sandbox.contract.withdraw("POST /v2/warehouse/list");

    const screen = await say(w, "subscribe");
    expect(screen).toContain("This chat now gets an alert");
    expect(screen).toContain("Ozon does not answer this request at the moment");
    expect(screen).not.toContain("does not know posting");
    // Asked again: told again, but the log names the method once.
    expect(await say(w, "subscribe")).toContain("Ozon does not answer this request at the moment");
    const gone = w.logs.filter((l) => l.msg === GONE_LOG);
    expect(gone).toHaveLength(1);
    expect(gone[0]).toMatchObject({ method: "POST /v2/warehouse/list", status: 404 });

    // In Russian, for an admin who speaks it from the start.
    const ivan = person(SECOND_ADMIN.id, { first_name: "Иван", language_code: "ru" });
    const russian = await say(w, "subscribe", ivan);
    expect(russian).toContain("Ozon сейчас не отвечает на этот запрос");
    expect(russian).not.toContain("не знает отправления");

    await waitFor(async () => /method_gone \d+/.test(await say(w, "status")), {
      message: "/status counts the withdrawn method",
    });

    const vitals = w.container.vitals;
    if (!vitals) throw new Error("the container has no vitals");
    const server = createHttpServer(
      [await metricsRoute(TOKEN, { vitals, board: processLoops, shops: w.container.shops })],
      captureLogger().logger,
    );
    servers.push(server);
    const port = await listen(server, 0, "127.0.0.1");
    const metrics = await (
      await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).text();
    expect(metrics).toMatch(
      /ozon_bot_ozon_failures_total\{method="\/v2\/warehouse\/list",kind="method_gone"\} [1-9]/,
    );
    expect(metrics).not.toMatch(/kind="not_found"/);
  });

  it("leaves a posting Ozon does not know named as such", async () => {
    const w = await startStores();
    worlds.push(w);
    const codec = createCallbackCodec(w.fake.token);
    const unknown = "12345678-0001-1";
    const calls = await w.exchange(
      callback(OPEN_POSTING.data(codec, unknown, undefined), { from: ADMIN }),
    );
    expect(textOf(lastScreen(calls))).toBe(
      `Ozon does not know posting ${unknown}. Check the number.`,
    );
    expect(w.logs.filter((l) => l.msg === GONE_LOG)).toHaveLength(0);
  });
});
