/** Tests: none directly */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { SandboxContract } from "./contract.ts";
import { type FaultDecision, type Faults, spoilBody } from "./faults.ts";
import {
  GRPC,
  jsonReply,
  makeJsonReader,
  type Reply,
  ReplyError,
  type SandboxRequest,
  type Service,
  serviceError,
} from "./http.ts";
import { checkToken, tokenRequest } from "./performance/auth.ts";
import type { Route } from "./route-table.ts";
import type { SandboxState } from "./state.ts";
import type { StoreDirectory, StoreRuntime } from "./stores.ts";

export interface RequestLogEntry {
  method: string;
  /** Path without the query string. */
  path: string;
  status: number;
  /** Arrival time, ms since the epoch. */
  at: number;
  /** The matched route pattern, e.g. `/api/client/statistics/{uuid}`. */
  route?: string;
  /** Seller Client-Id of the store the request reached; unset when its credentials match none. */
  store?: string;
  durationMs: number;
  /**
   * Body bytes written for an answer sent in pieces (the `bodyChunkBytes` fault), set once it
   * ended: all of them, or as far as it got before the client went away.
   */
  bodyBytesWritten?: number;
}

export interface ControlSurface {
  handleHttp(
    method: string,
    path: string,
    query: URLSearchParams,
    rawBody: Buffer,
  ): Promise<Reply> | Reply;
}

export interface ServerParts {
  stores: StoreDirectory;
  faults: Faults;
  control: ControlSurface;
  log: RequestLogEntry[];
  counters: Map<string, number>;
  contract: SandboxContract;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MAX_LOG_ENTRIES = 100_000;

export const OBSOLETE_MESSAGE = "obsolete method";
/** What a `rate403` fault answers: keys that were valid and are refused now (revoked, expired). */
export const FORBIDDEN_MESSAGE = "Api-Key is deactivated or expired";

class BodyTooLarge extends Error {}

function readRawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, reply: Reply): void {
  const body = typeof reply.body === "string" ? Buffer.from(reply.body, "utf8") : reply.body;
  res.writeHead(reply.status, { ...reply.headers, "content-length": String(body.byteLength) });
  res.end(body);
}

/** Sends the body in pieces without Content-Length, as the client takes them; stops when it leaves. */
async function sendInPieces(
  res: ServerResponse,
  reply: Reply,
  pieceBytes: number,
  pauseMs: number,
): Promise<number> {
  const body = typeof reply.body === "string" ? Buffer.from(reply.body, "utf8") : reply.body;
  res.writeHead(reply.status, reply.headers);
  let written = 0;
  while (written < body.byteLength && !res.destroyed) {
    if (written > 0 && pauseMs > 0) await sleep(pauseMs);
    if (res.destroyed) break;
    const piece = body.subarray(written, written + pieceBytes);
    written += piece.byteLength;
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    }
  }
  if (!res.destroyed) res.end();
  return written;
}

function sellerAuthError(state: SandboxState, req: SandboxRequest): Reply | undefined {
  const clientId = req.headers["client-id"];
  const apiKey = req.headers["api-key"];
  const { sellerClientId, sellerApiKey } = state.settings.credentials;
  if (typeof clientId !== "string" || typeof apiKey !== "string" || !clientId || !apiKey) {
    return serviceError(
      "seller",
      401,
      "Client-Id and Api-Key headers are required",
      GRPC.unauthenticated,
    );
  }
  if (clientId !== sellerClientId || apiKey !== sellerApiKey) {
    return serviceError(
      "seller",
      401,
      "Invalid Api-Key, please contact support",
      GRPC.unauthenticated,
    );
  }
  return undefined;
}

function authError(state: SandboxState, route: Route, req: SandboxRequest): Reply | undefined {
  if (route.auth === "seller") return sellerAuthError(state, req);
  if (route.auth === "performance") {
    const problem = checkToken(state, req.headers);
    return problem ? jsonReply({ error: problem }, 401) : undefined;
  }
  return undefined;
}

function obsoleteReply(service: Service, status: 404 | 410): Reply {
  const body: Record<string, unknown> = {
    code: GRPC.notFound,
    message: OBSOLETE_MESSAGE,
    details: [],
  };
  // Performance clients read `error`; the Seller-style fields stay for one parser of both forms.
  if (service === "performance") body.error = OBSOLETE_MESSAGE;
  return jsonReply(body, status);
}

function rateLimitedReply(service: Service, retryAfterSeconds: number | undefined): Reply {
  const reply =
    service === "seller"
      ? serviceError(
          service,
          429,
          "You have reached request rate limit per second",
          GRPC.resourceExhausted,
        )
      : jsonReply({ error: "rate limit exceeded" }, 429);
  if (retryAfterSeconds !== undefined) reply.headers["retry-after"] = String(retryAfterSeconds);
  return reply;
}

interface ApiOutcome {
  reply: Reply;
  route?: Route;
  store?: StoreRuntime;
  pieces?: { bytes: number; pauseMs: number };
}

/** A fault's refusal before the handler runs (nothing changes), or undefined. */
function faultReply(service: Service, decision: FaultDecision | undefined): Reply | undefined {
  if (decision?.outcome === "429")
    return rateLimitedReply(service, decision.spec.retryAfterSeconds);
  if (decision?.outcome === "5xx") {
    const status = decision.spec.status5xx ?? 500;
    return serviceError(service, status, "Internal Server Error", GRPC.internal);
  }
  if (decision?.outcome === "403") {
    return serviceError(service, 403, FORBIDDEN_MESSAGE, GRPC.permissionDenied);
  }
  return undefined;
}

async function apiReply(
  parts: ServerParts,
  method: string,
  path: string,
  query: URLSearchParams,
  incoming: IncomingMessage,
  rawBody: Buffer,
): Promise<ApiOutcome> {
  const { stores, faults } = parts;
  const service: Service =
    path.startsWith("/api/client/") || path === "/api/client" ? "performance" : "seller";
  // Every store serves the same routes; store 1's table tells which one and how it is authorised.
  const match = stores.first.router.match(method, path);
  if (match.kind === "missing") {
    return { reply: serviceError(service, 404, "Not Found", GRPC.notFound) };
  }
  if (match.kind === "wrong-method") {
    const reply = serviceError(service, 405, "Method Not Allowed", GRPC.unimplemented);
    reply.headers.allow = match.allowed.join(", ");
    return { reply };
  }
  const request: SandboxRequest = {
    method,
    path,
    query,
    headers: incoming.headers,
    params: match.params,
    rawBody,
    service,
    json: makeJsonReader(rawBody, service),
  };
  const store = stores.resolve(match.route.auth, incoming.headers, () => {
    try {
      return tokenRequest(request);
    } catch {
      return {}; // the handler answers the unreadable body
    }
  });
  const storeIds = store
    ? [store.credentials.sellerClientId, store.credentials.performanceClientId]
    : [];
  const decision = faults.decide(method, path, storeIds);
  if (decision && decision.latencyMs > 0) await sleep(decision.latencyMs);
  const refusedByFault = faultReply(service, decision);
  if (refusedByFault) return { route: match.route, store, reply: refusedByFault };
  // A request of no store is refused by store 1's checks, with the same texts as before.
  const target = store ?? stores.first;
  const targetMatch = target.router.match(method, path);
  const route = targetMatch.kind === "found" ? targetMatch.route : match.route;
  if (route.retirable && target.state.retireMode) {
    return { route, store, reply: obsoleteReply(service, target.state.retireMode) };
  }
  const gone = route.fileLink ? undefined : parts.contract.goneStatus(method, route.pattern);
  if (gone) return { route, store, reply: obsoleteReply(service, gone) };
  const refused = authError(target.state, route, request);
  if (refused) return { route, store, reply: refused };
  const unfit = await requestUnfit(parts.contract, service, method, route, rawBody);
  if (unfit) return { route, store, reply: unfit };

  let reply: Reply;
  try {
    reply = await route.handle(request);
  } catch (error) {
    if (error instanceof ReplyError) {
      reply = error.reply;
    } else {
      process.stderr.write(
        `ozon sandbox: ${method} ${path} failed: ${(error as Error).stack ?? error}\n`,
      );
      reply = serviceError(service, 500, "internal sandbox error", GRPC.internal);
    }
  }
  if (!decision?.malformed) await checkAnswer(parts.contract, service, method, route, reply);
  if (decision?.malformed && reply.status < 300) {
    reply = {
      ...reply,
      body: spoilBody(reply.body, reply.headers["content-type"] ?? "", decision.spec.malformedKind),
    };
  }
  const pieceBytes = decision?.spec.bodyChunkBytes;
  if (pieceBytes && reply.status < 300) {
    const pieces = { bytes: pieceBytes, pauseMs: decision.spec.bodyPauseMs ?? 0 };
    return { route, store, reply, pieces };
  }
  return { route, store, reply };
}

const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/** A body that does not fit the documents' request schema is refused as Ozon's gateway does. */
async function requestUnfit(
  contract: SandboxContract,
  service: Service,
  method: string,
  route: Route,
  rawBody: Buffer,
): Promise<Reply | undefined> {
  if (!contract.check || !WITH_BODY.has(method)) return undefined;
  let body: unknown;
  try {
    body = rawBody.byteLength === 0 ? {} : JSON.parse(rawBody.toString("utf8"));
  } catch {
    return undefined; // the handler answers an unreadable body in its own words
  }
  const problems = await contract.checkRequest(service, method, route.pattern, body);
  if (problems.length === 0) return undefined;
  const words = problems.map((p) => `${p.at} ${p.message}`).join("; ");
  return service === "seller"
    ? serviceError(service, 400, `invalid request: ${words}`, GRPC.invalidArgument)
    : jsonReply({ error: `invalid request: ${words}` }, 400);
}

async function checkAnswer(
  contract: SandboxContract,
  service: Service,
  method: string,
  route: Route,
  reply: Reply,
): Promise<void> {
  if (!contract.check || !(reply.headers["content-type"] ?? "").startsWith("application/json")) {
    return;
  }
  const text =
    typeof reply.body === "string" ? reply.body : Buffer.from(reply.body).toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  await contract.checkAnswer(service, method, route.pattern, reply.status, body);
}

function record(parts: ServerParts, entry: RequestLogEntry): void {
  if (parts.log.length >= MAX_LOG_ENTRIES) parts.log.splice(0, MAX_LOG_ENTRIES / 10);
  parts.log.push(entry);
  const key = `${entry.method} ${entry.path}`;
  parts.counters.set(key, (parts.counters.get(key) ?? 0) + 1);
}

export function createRequestListener(parts: ServerParts): RequestListener {
  return (incoming, res) => {
    const at = Date.now();
    const url = new URL(incoming.url ?? "/", "http://sandbox.local");
    const method = (incoming.method ?? "GET").toUpperCase();
    const path = url.pathname;
    const isControl = path === "/_sandbox" || path.startsWith("/_sandbox/");
    void (async () => {
      let rawBody: Buffer;
      try {
        rawBody = await readRawBody(incoming);
      } catch (error) {
        if (error instanceof BodyTooLarge)
          send(res, jsonReply({ error: "request body too large" }, 413));
        else res.destroy();
        return;
      }
      if (isControl) {
        send(res, await parts.control.handleHttp(method, path, url.searchParams, rawBody));
        return;
      }
      const { reply, route, store, pieces } = await apiReply(
        parts,
        method,
        path,
        url.searchParams,
        incoming,
        rawBody,
      );
      const entry: RequestLogEntry = {
        method,
        path,
        status: reply.status,
        at,
        route: route?.pattern,
        store: store?.credentials.sellerClientId,
        durationMs: Date.now() - at,
      };
      record(parts, entry);
      if (res.destroyed) return;
      if (!pieces) return send(res, reply);
      entry.bodyBytesWritten = await sendInPieces(res, reply, pieces.bytes, pieces.pauseMs);
    })().catch((error: unknown) => {
      process.stderr.write(`ozon sandbox: ${method} ${path} crashed: ${String(error)}\n`);
      if (!res.headersSent) send(res, jsonReply({ error: "internal sandbox error" }, 500));
    });
  };
}
