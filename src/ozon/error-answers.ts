/**
 * Ozon's error answers read into the typed errors of errors.ts: the two body forms, the class by
 * status and code, and (for the HTTP core) whether a 404/410 is about the method itself.
 * Tests: test/ozon/errors.test.ts
 */
import { clip } from "../text.ts";
import {
  OzonApiError,
  type OzonApiErrorInit,
  OzonAuthError,
  OzonMethodGoneError,
  OzonRateLimitError,
  refusesKeys,
  SAYS_OBSOLETE,
} from "./errors.ts";

type RequestInfo = Pick<OzonApiErrorInit, "service" | "method" | "path">;

/** The parts of an error answer that both Ozon body forms share. */
export interface ErrorBody {
  code: number | string | undefined;
  message: string;
  details: unknown[];
}

const MAX_MESSAGE = 300;

/**
 * Reads Ozon's error bodies: Seller `{code, message, details}`, Performance `{error: "text"}`,
 * the push form `{error: {code, message, details}}`, or anything else as plain text.
 */
export function readErrorBody(body: unknown, rawText: string): ErrorBody {
  if (body !== null && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.error === "string") {
      return { code: undefined, message: clip(record.error, MAX_MESSAGE), details: [] };
    }
    if (record.error !== null && typeof record.error === "object") {
      return readErrorBody(record.error, rawText);
    }
    const code =
      typeof record.code === "number" || typeof record.code === "string" ? record.code : undefined;
    const message =
      typeof record.message === "string"
        ? record.message
        : typeof record.error_message === "string"
          ? record.error_message
          : "";
    const details = Array.isArray(record.details)
      ? record.details
      : record.details !== undefined
        ? [record.details]
        : [];
    if (code !== undefined || message)
      return { code, message: clip(message, MAX_MESSAGE), details };
  }
  return { code: undefined, message: clip(rawText.trim(), MAX_MESSAGE), details: [] };
}

/** Picks the error class by status and Ozon code. */
export function apiErrorFor(
  init: RequestInfo & { status: number; body: ErrorBody; retryAfterMs?: number | undefined },
): OzonApiError {
  const base: OzonApiErrorInit = {
    service: init.service,
    method: init.method,
    path: init.path,
    status: init.status,
    code: init.body.code,
    message: init.body.message,
    details: init.body.details,
  };
  if (init.status === 429)
    return new OzonRateLimitError({ ...base, retryAfterMs: init.retryAfterMs });
  if (refusesKeys(init.status, init.body.code)) return new OzonAuthError(base);
  return new OzonApiError(base);
}

/**
 * What the HTTP core throws for an error answer of `subject`'s endpoint: a 404/410 becomes
 * OzonMethodGoneError unless it is a 404 about the endpoint's subject (see OzonMethodGoneError).
 */
export function goneUnlessSubject(error: OzonApiError, subject: string | undefined): OzonApiError {
  if (error.status !== 404 && error.status !== 410) return error;
  if (error instanceof OzonAuthError || error instanceof OzonRateLimitError) return error;
  if (error.status === 404 && subject !== undefined && !SAYS_OBSOLETE.test(error.apiMessage)) {
    return error;
  }
  return new OzonMethodGoneError({
    service: error.service,
    method: error.method,
    path: error.path,
    status: error.status,
    code: error.code,
    message: error.apiMessage,
    details: error.details,
  });
}
