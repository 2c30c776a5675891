import { Agent, errors, fetch as undiciFetch } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint, headerAuth } from "../../src/ozon/endpoint.ts";
import { isOzonNetworkError, type OzonNetworkError } from "../../src/ozon/errors.ts";
import type { Timeouts } from "../../src/ozon/exchange.ts";
import { OzonHttp } from "../../src/ozon/http.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { waitFor } from "../support/wait.ts";
import { type Handler, startServer, type TestServer } from "./support/server.ts";

const read = endpoint({
  method: "POST",
  path: "/v1/slow",
  response: z.object({ ok: z.boolean() }),
  safe: true,
});
const write = endpoint({
  method: "POST",
  path: "/v1/slow/write",
  response: z.object({ ok: z.boolean() }),
  safe: false,
});

let server: TestServer | undefined;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await server?.close();
  server = undefined;
});

async function coreFor(handler: Handler, maxAttempts = 1, timeouts: Partial<Timeouts> = {}) {
  server = await startServer(handler);
  const core = new OzonHttp({
    service: "seller",
    baseUrl: server.url,
    auth: headerAuth({ "Client-Id": "1", "Api-Key": "key-key-key" }),
    timeouts: { connectSeconds: 0.2, headersSeconds: 0.2, bodySeconds: 0.2, ...timeouts },
    retry: { maxAttempts },
    clock: ManualClock.instant(),
  });
  closers.push(() => core.close());
  return { core, server };
}

describe("timeouts", () => {
  it("gives up waiting for headers after the configured seconds", async () => {
    const { core } = await coreFor(() => {
      // never answers
    });
    const started = Date.now();
    const error = (await core.call(read).catch((e: unknown) => e)) as OzonNetworkError;
    expect(isOzonNetworkError(error)).toBe(true);
    expect(error.timeout).toBe(true);
    expect(error.phase).toBe("headers");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("gives up on a body that stops arriving", async () => {
    const { core } = await coreFor((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"ok":');
    });
    const error = (await core.call(read).catch((e: unknown) => e)) as OzonNetworkError;
    expect(isOzonNetworkError(error)).toBe(true);
    expect(error.timeout).toBe(true);
    expect(error.phase).toBe("body");
  });

  it("gives up on an answer that keeps trickling in once the whole exchange took too long", async () => {
    const handler: Handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      // A byte every 50 ms: no gap is long enough for the body timeout (0.2 s) to fire.
      const drip = setInterval(() => res.write(" "), 50);
      res.once("close", () => clearInterval(drip));
    };
    const { core } = await coreFor(handler, 1, { totalSeconds: 0.5 });
    const started = Date.now();
    const error = (await core.call(read).catch((e: unknown) => e)) as OzonNetworkError;
    expect(isOzonNetworkError(error)).toBe(true);
    expect(error.timeout).toBe(true);
    expect(error.phase).toBe("total");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("the caller's signal still ends a call with the caller's reason", async () => {
    const { core } = await coreFor(() => {
      // never answers
    });
    const reason = new Error("stopping");
    const controller = new AbortController();
    const call = core.call(read, { signal: controller.signal });
    controller.abort(reason);
    expect(await call.catch((e: unknown) => e)).toBe(reason);
  });

  it("close() cuts off a request still waiting after a second", async () => {
    const { core } = await coreFor(
      () => {
        // never answers
      },
      3,
      { headersSeconds: 60 },
    );
    const pending = core.call(read).catch((e: unknown) => e);
    await waitFor(() => server?.requests.length === 1, { message: "the request at the server" });
    const started = Date.now();
    await core.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isOzonNetworkError(await pending)).toBe(true);
  });

  it("repeats a timed-out safe request but not an unsafe one", async () => {
    const { core, server } = await coreFor((req, res, nth) => {
      if (nth === 1) return; // first attempt of each route hangs
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
      void req;
    }, 3);
    await expect(core.call(read)).resolves.toEqual({ ok: true });
    expect(server.to("POST /v1/slow")).toHaveLength(2);
    const error = await core.call(write).catch((e: unknown) => e);
    expect(isOzonNetworkError(error) && error.timeout).toBe(true);
    expect(server.to("POST /v1/slow/write")).toHaveLength(1);
  });

  it("works the same through an injected fetch", async () => {
    server = await startServer((req, res) => {
      if (req.route === "/v1/slow") return; // hangs
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"ok":true,"key":"${String(req.headers["api-key"])}"}`);
    });
    const core = new OzonHttp({
      service: "seller",
      baseUrl: server.url,
      auth: headerAuth({ "Client-Id": "1", "Api-Key": "key-key-key" }),
      timeouts: { headersSeconds: 0.2 },
      retry: { maxAttempts: 1 },
      fetch: undiciFetch,
    });
    closers.push(() => core.close());
    await expect(core.call(write)).resolves.toEqual({ ok: true });
    expect(server.requests[0]?.headers["api-key"]).toBe("key-key-key");
    const error = (await core.call(read).catch((e: unknown) => e)) as OzonNetworkError;
    expect(isOzonNetworkError(error)).toBe(true);
    expect(error.timeout).toBe(true);
    expect(error.phase).toBe("headers");
  });

  it("reports a connect timeout as such", async () => {
    // Loopback always connects at once, so the connector fails the way undici's does on timeout.
    const agent = new Agent({
      connect: (_options, callback) => {
        setTimeout(() => callback(new errors.ConnectTimeoutError(), null), 10);
      },
    });
    closers.push(() => agent.close());
    const core = new OzonHttp({
      service: "performance",
      baseUrl: "http://127.0.0.1:9",
      auth: headerAuth({}),
      dispatcher: agent,
      retry: { maxAttempts: 1 },
    });
    const error = (await core.call(read).catch((e: unknown) => e)) as OzonNetworkError;
    expect(isOzonNetworkError(error)).toBe(true);
    expect(error.timeout).toBe(true);
    expect(error.phase).toBe("connect");
  });

  it("reports a refused connection as a network error without timeout", async () => {
    const probe = await startServer(() => {});
    const url = probe.url;
    await probe.close();
    const core = new OzonHttp({
      service: "seller",
      baseUrl: url,
      auth: headerAuth({}),
      retry: { maxAttempts: 1 },
    });
    closers.push(() => core.close());
    const error = (await core.call(read).catch((e: unknown) => e)) as OzonNetworkError;
    expect(isOzonNetworkError(error)).toBe(true);
    expect(error.timeout).toBe(false);
    expect(error.message).toContain("ECONNREFUSED");
  });
});
