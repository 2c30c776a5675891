/**
 * One exchange with Ozon on the wire: the request sent through undici (or an injected fetch)
 * within the timeouts, the answer read up to a byte cap, and a failure to get one named by what
 * timed out. The core (http.ts) decides what to send, whether to try again and what the answer
 * means.
 * Tests: none directly
 */
import { Agent, type Dispatcher } from "undici";
import { type CappedAnswer, readBodyCapped, readCapped } from "./download.ts";
import type { HttpMethod } from "./endpoint.ts";
import { OzonNetworkError, type OzonService, type TimeoutPhase } from "./errors.ts";

/**
 * Timeouts in seconds: TCP/TLS connect, waiting for the answer's headers, gaps while reading its
 * body, and the whole exchange (connect to the last byte of the body), so that an answer that
 * trickles in never holds a caller for ever. Each attempt of a call gets its own `totalSeconds`.
 */
export interface Timeouts {
  connectSeconds: number;
  headersSeconds: number;
  bodySeconds: number;
  totalSeconds: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  connectSeconds: 5,
  headersSeconds: 15,
  bodySeconds: 30,
  // Room for a 50 MB chat file or report on a slow link; JSON answers take a second or two.
  totalSeconds: 120,
};

/** An undici Agent with our timeouts (seconds), for clients that share one pool between cores. */
export function createAgent(timeouts: Partial<Timeouts> = {}): Agent {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return new Agent({
    connect: { timeout: t.connectSeconds * 1000 },
    headersTimeout: t.headersSeconds * 1000,
    bodyTimeout: t.bodySeconds * 1000,
  });
}

/** A fetch-compatible function (undici's or the global one); used instead of undici.request when given. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string | Uint8Array | undefined;
    signal?: AbortSignal | undefined;
    dispatcher?: Dispatcher | undefined;
  },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  /** A web ReadableStream (what fetch gives): read up to the cap, cancelled past it. */
  body: (AsyncIterable<Uint8Array> & { cancel(): Promise<void> }) | null;
}>;

/** How requests go out: the connection pool, its timeouts, and a fetch when one was injected. */
export interface Transport {
  dispatcher: Dispatcher;
  timeouts: Timeouts;
  fetch: FetchLike | undefined;
}

/**
 * Sends one request and reads its answer: at most `maxBytes` of a successful body (more ends in
 * BodyOverLimit), the first 64 KB of an error body. Throws what undici (or the fetch) threw.
 */
export async function sendRequest(
  transport: Transport,
  method: HttpMethod,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  maxBytes: number,
  signal: AbortSignal,
): Promise<CappedAnswer> {
  if (transport.fetch) {
    const response = await transport.fetch(url, {
      method,
      headers,
      body,
      signal,
      dispatcher: transport.dispatcher,
    });
    const header = (name: string) => response.headers.get(name) ?? undefined;
    const stream = response.body;
    const giveUp = () => void stream?.cancel().catch(() => {});
    const bytes = await readBodyCapped(
      { status: response.status, header, body: stream },
      maxBytes,
      giveUp,
    );
    return { status: response.status, header, bytes };
  }
  return readCapped(url, {
    method,
    headers,
    body,
    dispatcher: transport.dispatcher,
    signal,
    maxBytes,
    headersTimeoutMs: transport.timeouts.headersSeconds * 1000,
    bodyTimeoutMs: transport.timeouts.bodySeconds * 1000,
  });
}

/** The path of an absolute URL, without a query that might carry a signature. */
export function safePathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "(invalid URL)";
  }
}

/** The file name an answer's Content-Disposition gives, in either form. */
export function fileNameOf(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = plain?.[2] ?? plain?.[1];
  return name?.trim() || undefined;
}

const TIMEOUT_PHASES: Record<string, Exclude<TimeoutPhase, "total">> = {
  UND_ERR_CONNECT_TIMEOUT: "connect",
  UND_ERR_HEADERS_TIMEOUT: "headers",
  UND_ERR_BODY_TIMEOUT: "body",
  ETIMEDOUT: "connect",
};

/** A failure to get an answer, named by the timeout that fired when one did. */
export function networkErrorOf(
  error: unknown,
  info: { service: OzonService; method: string; path: string },
): OzonNetworkError {
  let reason = "request failed";
  let cursor: unknown = error;
  for (let depth = 0; cursor && depth < 5; depth++) {
    const code = (cursor as { code?: unknown }).code;
    if (typeof code === "string") {
      const phase = TIMEOUT_PHASES[code];
      if (phase)
        return new OzonNetworkError({ ...info, timeout: true, phase, reason: code, cause: error });
      reason = code;
      break;
    }
    cursor = (cursor as { cause?: unknown }).cause;
  }
  if (reason === "request failed" && error instanceof Error) reason = error.message.slice(0, 200);
  return new OzonNetworkError({ ...info, timeout: false, reason, cause: error });
}
