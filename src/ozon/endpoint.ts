/**
 * An Ozon method described as plain data (Notion SDK style) — path, schemas, whether it is safe
 * to repeat — and the auth each service adds to every request. The core (http.ts) calls them.
 * Tests: test/ozon/http.test.ts, test/ozon/timeouts.test.ts
 */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a `raw: "bytes"` endpoint's response schema receives. */
export interface RawAnswer {
  bytes: Uint8Array;
  contentType: string;
  /** From Content-Disposition, when the answer names its file. */
  fileName?: string | undefined;
}

/** One Ozon method, described as plain data (Notion SDK style). */
export interface Endpoint<Req = unknown, Res = unknown> {
  readonly method: HttpMethod;
  /** Path with `{param}` placeholders, filled (URL-encoded) from the call's params. */
  readonly path: string;
  readonly request?: z.ZodType<unknown, Req>;
  /** Checks the JSON answer, or the RawAnswer of a `raw: "bytes"` endpoint. */
  readonly response: z.ZodType<Res>;
  /** Safe to repeat after a 5xx or a network failure (reads, idempotent writes). */
  readonly safe: boolean;
  readonly raw?: "bytes";
  /**
   * A 429 here means "the service's queue is full" (statistics jobs), not the per-second limit:
   * hand it to the caller at once, who queues and retries later, instead of waiting it out.
   */
  readonly busyOn429?: boolean;
  /**
   * A 403 (code 7) here is the seller's subscription (Premium Plus; «Управление отзывами» or
   * Premium Pro), not the keys: it does not count as "keys refused" for the shop's health. 401
   * and code 16 still do.
   */
  readonly subscription?: boolean;
  /**
   * A seed form asked only where a store lacks today's method named here ("POST /v6/…"): not
   * relied on, so `npm run ozon-check` does not count it even when Ozon's documents no longer list
   * it. (A capability's `spec` is such a form too.)
   */
  readonly fallbackFor?: string;
  /**
   * What the call names that Ozon may not know ("posting", "chat", "report"…): a 404 here means
   * that one is unknown ("not_found"). Without it, and for any 410, a 404 means Ozon no longer
   * answers the method ("method_gone"), as it does where Ozon's text calls the method obsolete.
   */
  readonly subject?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: any endpoint, whatever its schemas
export type AnyEndpoint = Endpoint<any, any>;
export type RequestOf<E extends AnyEndpoint> = E["request"] extends z.ZodType
  ? z.input<E["request"]>
  : undefined;
export type ResponseOf<E extends AnyEndpoint> = z.output<E["response"]>;

/** Keeps the literal types of a descriptor. */
export function endpoint<const E extends AnyEndpoint>(descriptor: E): E {
  return descriptor;
}

/** Auth for one service: headers for each attempt, and optionally a way to renew after a 401. */
export interface OzonAuth {
  headers(signal?: AbortSignal): Promise<Record<string, string>> | Record<string, string>;
  /** Called once per request after a 401 with the headers that were refused; true = retry once. */
  renew?(refused: Record<string, string>, signal?: AbortSignal): Promise<boolean>;
  /** Values to mask if an answer ever echoes them into an error message. */
  secrets(): readonly string[];
}

export const noAuth: OzonAuth = { headers: () => ({}), secrets: () => [] };

export function headerAuth(headers: Record<string, string>): OzonAuth {
  return { headers: () => headers, secrets: () => Object.values(headers) };
}
