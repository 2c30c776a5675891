/** A small real HTTP server on 127.0.0.1:0 that records requests and answers through a handler. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseJson } from "../../../src/ozon/json.ts";

export interface Recorded {
  method: string;
  path: string;
  /** Path without the query. */
  route: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  text: string;
  /** Parsed losslessly, undefined when the body is not JSON. */
  body: unknown;
}

export type Handler = (
  request: Recorded,
  response: ServerResponse,
  /** 1-based count of requests so far to this route. */
  nth: number,
) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: Recorded[];
  /** Requests to one `METHOD /route`. */
  to(key: string): Recorded[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      let body: unknown;
      try {
        body = text ? parseJson(text) : undefined;
      } catch {
        body = undefined;
      }
      const recorded: Recorded = {
        method: req.method ?? "GET",
        path: url.pathname + url.search,
        route: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        text,
        body,
      };
      requests.push(recorded);
      const key = `${recorded.method} ${recorded.route}`;
      const nth = (counts.get(key) ?? 0) + 1;
      counts.set(key, nth);
      Promise.resolve(handler(recorded, res, nth)).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(599, { "content-type": "text/plain" });
          res.end(String(error));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    to: (key) => requests.filter((r) => `${r.method} ${r.route}` === key),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON answer; `raw` lets a test send exact literals such as 3000000000817031942. */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(text);
}

/** Routes `METHOD /path` to handlers; anything else answers 404 in the Seller error form. */
export function routes(table: Record<string, Handler>): Handler {
  return (request, response, nth) => {
    const handler = table[`${request.method} ${request.route}`];
    if (!handler) {
      send(response, 404, { code: 5, message: `no route ${request.method} ${request.route}` });
      return;
    }
    return handler(request, response, nth);
  };
}
