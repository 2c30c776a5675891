/** Tests: none directly */
import type { IncomingHttpHeaders } from "node:http";
import type { z } from "zod";
import { parseJsonLossless, writeJson } from "./json.ts";

/** Which Ozon service a path belongs to; it decides the error body form. */
export type Service = "seller" | "performance";

export interface SandboxRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Path parameters of the matched route, e.g. `campaignId`. */
  params: Record<string, string>;
  rawBody: Buffer;
  service: Service;
  /** The body parsed losslessly; an empty body reads as `{}`. Throws a 400 reply on bad JSON. */
  json(): unknown;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/** Thrown by handlers to answer with an error reply. */
export class ReplyError extends Error {
  readonly reply: Reply;
  constructor(reply: Reply) {
    super(`sandbox reply ${reply.status}`);
    this.name = "ReplyError";
    this.reply = reply;
  }
}

export const JSON_TYPE = "application/json";

export function jsonReply(
  value: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Reply {
  return { status, headers: { "content-type": JSON_TYPE, ...headers }, body: writeJson(value) };
}

export function binaryReply(contentType: string, data: Uint8Array, fileName?: string): Reply {
  const headers: Record<string, string> = { "content-type": contentType };
  if (fileName) {
    headers["content-disposition"] =
      `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }
  return { status: 200, headers, body: data };
}

/** gRPC status codes Ozon puts in the Seller error body (`code` is not the HTTP status). */
export const GRPC = {
  invalidArgument: 3,
  notFound: 5,
  permissionDenied: 7,
  resourceExhausted: 8,
  failedPrecondition: 9,
  unimplemented: 12,
  internal: 13,
  unauthenticated: 16,
} as const;

export function sellerError(status: number, code: number, message: string): Reply {
  return jsonReply({ code, message, details: [] }, status);
}

export function performanceError(status: number, message: string): Reply {
  return jsonReply({ error: message }, status);
}

/** An error in the form of the given service. */
export function serviceError(
  service: Service,
  status: number,
  message: string,
  code: number,
): Reply {
  return service === "seller"
    ? sellerError(status, code, message)
    : performanceError(status, message);
}

export function fail(reply: Reply): never {
  throw new ReplyError(reply);
}

export function badRequest(service: Service, message: string): never {
  return fail(serviceError(service, 400, message, GRPC.invalidArgument));
}

export function notFound(service: Service, message: string): never {
  return fail(serviceError(service, 404, message, GRPC.notFound));
}

export function makeJsonReader(rawBody: Buffer, service: Service): () => unknown {
  let parsed: { value: unknown } | undefined;
  return () => {
    if (parsed) return parsed.value;
    const text = rawBody.toString("utf8").trim();
    if (text === "") {
      parsed = { value: {} };
      return parsed.value;
    }
    try {
      parsed = { value: parseJsonLossless(text) };
    } catch {
      return badRequest(service, "request body is not valid JSON");
    }
    return parsed.value;
  };
}

/** Checks the body against a zod schema; a failure names the first wrong field. */
export function readBody<T extends z.ZodType>(req: SandboxRequest, schema: T): z.output<T> {
  const result = schema.safeParse(req.json());
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join(".") : "body";
  return badRequest(req.service, `invalid request: ${where}: ${issue?.message ?? "invalid"}`);
}
