/**
 * The bot's HTTP server (node:http): a small route table, so the Telegram webhook, /healthz and
 * later the Ozon push receiver live side by side on one port.
 * Tests: test/server/metrics.test.ts, test/server/ozon-push.test.ts and 2 more
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../logger.ts";

export interface Route {
  method: "GET" | "POST";
  path: string;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

export function createHttpServer(routes: readonly Route[], logger: Logger): Server {
  return createServer((req, res) => {
    // The path without the query; no URL object per request (every webhook update comes here).
    const target = req.url ?? "/";
    const query = target.indexOf("?");
    const path = query === -1 ? target : target.slice(0, query);
    const route = routes.find((r) => r.path === path);
    if (!route) return sendJson(res, 404, { ok: false, error: "not found" });
    if (route.method !== req.method) {
      res.setHeader("allow", route.method);
      return sendJson(res, 405, { ok: false, error: "method not allowed" });
    }
    Promise.resolve()
      .then(() => route.handle(req, res))
      .catch((error: unknown) => {
        logger.error({ err: error, path }, "HTTP handler failed");
        if (!res.headersSent) sendJson(res, 500, { ok: false, error: "internal error" });
        else res.end();
      });
  });
}

/** Listens and resolves with the bound port (`port` 0 picks a free one). */
export async function listen(server: Server, port: number, host?: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Stops accepting connections and resolves once requests in progress are answered; keep-alive
 * connections left idle are closed, and after `graceMs` any connection still open is cut.
 */
export async function closeServer(server: Server, graceMs = 30_000): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection that finishes its request afterwards becomes idle: close those as they appear.
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearInterval(sweeper);
    clearTimeout(cut);
  }
}
