/**
 * POST OZON_PUSH_PATH: Ozon's push notifications (see ../shared/reference/README.md).
 * - TYPE_PING: 200 `{"version", "name", "time"}`.
 * - An event the bot acts on: 200 `{"result": true}` only once its hint is durably queued
 *   (src/services/push/queue.ts); an exact repeat answers ERROR_REQUEST_DUPLICATED.
 * - A seller the bot does not serve is answered exactly like one it serves (nothing kept): the
 *   answers must not tell an outsider which Client-Ids the bot serves.
 * - Anything wrong (source network, content type, size, JSON, fields, the store not answering in
 *   time): Ozon's error shape, nothing kept.
 * Every answer comes within a few seconds whatever Telegram or Ozon are doing: nothing here
 * waits on either, and the store write has its own deadline. Refusals are counted and logged at
 * most once a minute per reason (counted-log.ts): a flood of junk does not fill the log.
 * Tests: test/server/ozon-push.test.ts
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger.ts";
import { parseJson } from "../ozon/json.ts";
import { type PushArea, readPush } from "../services/push/events.ts";
import type { PushQueue } from "../services/push/queue.ts";
import { CountedLog } from "./counted-log.ts";
import { type Route, sendJson } from "./http.ts";
import { clientAddress, NetworkAllowList } from "./networks.ts";

/** Ozon's events are a few kilobytes; anything far larger is not one. */
export const MAX_PUSH_BYTES = 64 * 1024;
const STORE_DEADLINE_MS = 3_000;
const READ_DEADLINE_MS = 3_000;
/** Digests of the latest pushes for sellers the bot does not serve (their repeats, see above). */
const STRAY_DIGESTS = 256;

type ErrorCode = "ERROR_UNKNOWN" | "ERROR_PARAMETER_VALUE_MISSED" | "ERROR_REQUEST_DUPLICATED";

export interface PushRouteOptions {
  path: string;
  queue: PushQueue;
  /** The shop a seller_id (Client-Id) names, when the bot serves it. */
  shopOf(sellerId: string): { id: string; paused: boolean } | undefined;
  /** Called after a hint was queued (this process's dispatcher looks at once, or at its slot). */
  onQueued?(shopId: string, area: PushArea): void;
  allow?: readonly string[];
  trustProxy?: boolean;
  version: string;
  name: string;
  logger: Logger;
  now?: () => Date;
}

function fail(res: ServerResponse, status: number, code: ErrorCode, message: string, details = "") {
  sendJson(res, status, { error: { code, message, details } });
}

export function ozonPushRoute(options: PushRouteOptions): Route {
  const allow = new NetworkAllowList(options.allow ?? []);
  const now = options.now ?? (() => new Date());
  const refusals = new CountedLog(options.logger, { now: () => now().getTime() });
  const stray = new Set<string>();
  if ((options.allow ?? []).length === 0) {
    options.logger.warn(
      { path: options.path },
      "The Ozon push receiver takes pushes from any address: set OZON_PUSH_ALLOW to Ozon's networks in production",
    );
  }
  const refuse = (
    res: ServerResponse,
    status: number,
    code: ErrorCode,
    message: string,
    details = "",
  ) => {
    refusals.count(`${status} ${message}`, `Ozon pushes refused: ${message}`, { status });
    fail(res, status, code, message, details);
  };
  return {
    method: "POST",
    path: options.path,
    async handle(req, res) {
      const from = clientAddress(req, options.trustProxy ?? false);
      if (!allow.allows(from)) {
        refusals.count("address", "Ozon pushes refused: source address not in OZON_PUSH_ALLOW", {
          from,
        });
        req.resume();
        return fail(res, 403, "ERROR_UNKNOWN", "source address not allowed");
      }
      const type = String(req.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim()
        .toLowerCase();
      if (type !== "application/json") {
        req.resume();
        return refuse(res, 415, "ERROR_UNKNOWN", "content type must be application/json");
      }
      const declared = Number(req.headers["content-length"] ?? "0");
      if (declared > MAX_PUSH_BYTES) {
        req.resume();
        return refuse(res, 413, "ERROR_UNKNOWN", `body larger than ${MAX_PUSH_BYTES} bytes`);
      }
      const body = await readCapped(req, MAX_PUSH_BYTES, READ_DEADLINE_MS);
      if (body === "too-large") {
        return refuse(res, 413, "ERROR_UNKNOWN", `body larger than ${MAX_PUSH_BYTES} bytes`);
      }
      if (body === "timeout") return refuse(res, 408, "ERROR_UNKNOWN", "body not received in time");
      let json: unknown;
      try {
        json = parseJson(body.toString("utf8"));
      } catch {
        return refuse(res, 400, "ERROR_UNKNOWN", "body is not valid JSON");
      }
      const push = readPush(json);
      switch (push.kind) {
        case "ping":
          return sendJson(res, 200, {
            version: options.version,
            name: options.name,
            time: now().toISOString(),
          });
        case "invalid":
          return refuse(
            res,
            400,
            "ERROR_PARAMETER_VALUE_MISSED",
            `${push.missing} is missing or wrong`,
            push.missing,
          );
        case "ignored":
          return sendJson(res, 200, { result: true });
        case "hint": {
          const digest = createHash("sha256").update(body).digest("base64url");
          const shop = options.shopOf(push.sellerId);
          if (!shop) {
            refusals.count("seller", "Ozon pushes for a seller this bot does not serve", {
              sellerId: push.sellerId.slice(0, 64),
            });
            // Answered as a served seller's push is: the first time taken, a repeat a duplicate.
            if (!remember(stray, digest)) return duplicate(res);
            return sendJson(res, 200, { result: true });
          }
          // A paused store is not served; polling catches up once it is resumed.
          if (shop.paused) return sendJson(res, 200, { result: true });
          const { sellerId: _seller, kind: _kind, ...hint } = push;
          let queued: boolean;
          try {
            queued = await withDeadline(
              options.queue.add({ ...hint, shopId: shop.id }, digest),
              STORE_DEADLINE_MS,
            );
          } catch (error) {
            refusals.count(
              "store",
              "Ozon pushes not kept: the store did not answer",
              { err: error, type: push.type },
              "error",
            );
            return fail(res, 503, "ERROR_UNKNOWN", "temporarily unavailable, try again");
          }
          if (!queued) return duplicate(res);
          options.onQueued?.(shop.id, push.area);
          return sendJson(res, 200, { result: true });
        }
      }
    },
  };
}

function duplicate(res: ServerResponse) {
  fail(res, 409, "ERROR_REQUEST_DUPLICATED", "this notification was received before");
}

/** Adds `digest` to the latest seen (the oldest goes beyond the cap); false when already there. */
function remember(seen: Set<string>, digest: string): boolean {
  if (seen.has(digest)) return false;
  seen.add(digest);
  if (seen.size > STRAY_DIGESTS) seen.delete(seen.values().next().value as string);
  return true;
}

/** The request body, at most `cap` bytes, within `deadlineMs`. */
async function readCapped(
  req: IncomingMessage,
  cap: number,
  deadlineMs: number,
): Promise<Buffer | "too-large" | "timeout"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => finish("timeout"), deadlineMs);
    function finish(result: Buffer | "too-large" | "timeout") {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      // Read and drop the rest, so the answer can still go out on this connection.
      if (result !== "timeout" && !(result instanceof Buffer)) req.resume();
      resolve(result);
    }
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > cap) return finish("too-large");
      chunks.push(chunk);
    }
    const onEnd = () => finish(Buffer.concat(chunks));
    const onError = () => finish("timeout");
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
