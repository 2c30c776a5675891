/**
 * One request core for both Ozon services: auth headers, client-side rate limit, timeouts,
 * JSON in and out (lossless), zod-checked answers, typed errors, and retries for what is safe.
 * (Past 400 lines on purpose: one request loop, and the helpers only it uses.)
 */
import { Agent, type Dispatcher, request as undiciRequest } from "undici";
import type { z } from "zod";
import { type Clock, systemClock } from "../clock.ts";
import { settlesBefore } from "../deadline.ts";
import type { Logger } from "../logger.ts";
import { maskSecrets } from "../logger.ts";
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, type RetryPolicy } from "./backoff.ts";
import { BodyOverLimit, OzonFileTooLargeError, readCapped } from "./download.ts";
import {
  apiErrorFor,
  OzonInputError,
  OzonNetworkError,
  OzonRateLimitError,
  type OzonService,
  OzonShapeError,
  readErrorBody,
  type TimeoutPhase,
} from "./errors.ts";
import { parseJson, stringifyJson } from "./json.ts";
import type { RateLimiter } from "./limiter.ts";
import { problemsOf } from "./zod-problems.ts";

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

/** How long close() lets requests in flight finish before cutting them off. */
const CLOSE_GRACE_MS = 1_000;

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
  arrayBuffer(): Promise<ArrayBuffer>;
}>;

export interface OzonHttpOptions {
  service: OzonService;
  baseUrl: string;
  auth: OzonAuth;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  /** Client-side rate limit; null for none. */
  limiter?: RateLimiter | null;
  /** undici dispatcher; by default an Agent with our timeouts. */
  dispatcher?: Dispatcher;
  fetch?: FetchLike;
  clock?: Clock;
  /** [0, 1) source for backoff jitter. */
  random?: () => number;
  logger?: Logger | undefined;
}

export interface CallOptions<E extends AnyEndpoint> {
  params?: Record<string, string | number>;
  body?: RequestOf<E>;
  signal?: AbortSignal;
  /** An absolute URL instead of baseUrl + path (file downloads). */
  url?: string;
  /** Send the service's auth headers (default true). */
  withAuth?: boolean;
}

export interface DownloadOptions {
  /** Send the service's auth headers: only for a URL the caller checked is the service's own. */
  withAuth: boolean;
  /** Bytes read at most; a larger file ends in OzonFileTooLargeError. */
  maxBytes: number;
  /** One deadline for the whole download (rate limit, connect, headers, body). */
  deadlineMs: number;
  signal?: AbortSignal | undefined;
}

interface Answer {
  status: number;
  header(name: string): string | undefined;
  bytes: Uint8Array;
}

/** An undici Agent with our timeouts (seconds), for clients that share one pool between cores. */
export function createAgent(timeouts: Partial<Timeouts> = {}): Agent {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return new Agent({
    connect: { timeout: t.connectSeconds * 1000 },
    headersTimeout: t.headersSeconds * 1000,
    bodyTimeout: t.bodySeconds * 1000,
  });
}

export class OzonHttp {
  readonly service: OzonService;
  readonly baseUrl: string;
  readonly #auth: OzonAuth;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryPolicy;
  readonly #limiter: RateLimiter | null;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #fetch: FetchLike | undefined;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #logger: Logger | undefined;
  /** Requests and downloads under way: close() waits a second for them, then aborts them. */
  readonly #inFlight = new Set<Promise<unknown>>();
  /** Aborts what is still in flight when close() ran out of patience. */
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;

  constructor(options: OzonHttpOptions) {
    this.service = options.service;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#auth = options.auth;
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#limiter = options.limiter ?? null;
    this.#fetch = options.fetch;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#logger = options.logger;
    this.#ownsDispatcher = !options.dispatcher;
    this.#dispatcher = options.dispatcher ?? createAgent(this.#timeouts);
  }

  /**
   * Ends this core: requests and downloads still in flight after a second are aborted (a stop
   * never waits for a slow Ozon), then the connection pool it created is closed (an injected one
   * is left alone).
   */
  close(): Promise<void> {
    this.#closed ??= this.#close();
    return this.#closed;
  }

  async #close(): Promise<void> {
    const idle = Promise.allSettled(this.#inFlight);
    if (!(await settlesBefore(idle, AbortSignal.timeout(CLOSE_GRACE_MS)))) {
      this.#closing.abort(new Error(`The ${this.service} client was closed`));
      await idle;
    }
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  /**
   * GETs a file at an absolute URL, streamed (src/ozon/download.ts): at most `maxBytes` read,
   * all within `deadlineMs`, redirects not followed, tried once (the caller decides on another
   * try). The caller checks the URL first: a download never goes where input alone said.
   */
  async download(url: string, options: DownloadOptions): Promise<RawAnswer> {
    const info = { service: this.service, method: "GET", path: safePathOf(url) };
    const deadline = AbortSignal.timeout(options.deadlineMs);
    const signals = [deadline, this.#closing.signal];
    if (options.signal) signals.push(options.signal);
    const signal = AbortSignal.any(signals);
    let answer: Answer;
    try {
      answer = await this.#tracked(this.#fetchFile(url, options, signal));
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (error instanceof BodyOverLimit) {
        throw new OzonFileTooLargeError(info, options.maxBytes, error.declaredBytes);
      }
      if (!deadline.aborted) throw networkErrorOf(error, info);
      throw new OzonNetworkError({
        ...info,
        timeout: true,
        reason: `not done within ${options.deadlineMs} ms`,
        cause: error,
      });
    }
    if (answer.status < 200 || answer.status >= 300) throw this.#errorOf(answer, info);
    return {
      bytes: answer.bytes,
      contentType: answer.header("content-type") ?? "",
      fileName: fileNameOf(answer.header("content-disposition")),
    };
  }

  async #fetchFile(url: string, options: DownloadOptions, signal: AbortSignal): Promise<Answer> {
    await this.#limiter?.take(signal);
    return readCapped(url, {
      headers: { accept: "*/*", ...(options.withAuth ? await this.#auth.headers(signal) : {}) },
      dispatcher: this.#dispatcher,
      signal,
      maxBytes: options.maxBytes,
      headersTimeoutMs: this.#timeouts.headersSeconds * 1000,
      bodyTimeoutMs: this.#timeouts.bodySeconds * 1000,
    });
  }

  /** Counts `work` as in flight (see close()) until it settles. */
  #tracked<T>(work: Promise<T>): Promise<T> {
    this.#inFlight.add(work);
    const settled = () => this.#inFlight.delete(work);
    void work.then(settled, settled);
    return work;
  }

  async call<E extends AnyEndpoint>(
    ep: E,
    options: CallOptions<E> = {} as CallOptions<E>,
  ): Promise<ResponseOf<E>> {
    const path = fillPath(ep.path, options.params ?? {});
    const url = options.url ?? `${this.baseUrl}${path}`;
    const shownPath = options.url ? safePathOf(options.url) : path.split("?")[0] || path;
    const info = { service: this.service, method: ep.method, path: shownPath };
    const body = this.#encodeBody(ep, options.body);
    const withAuth = options.withAuth ?? true;

    let retries = 0;
    let renewed = false;
    for (;;) {
      await this.#limiter?.take(options.signal);
      const authHeaders = withAuth ? await this.#auth.headers(options.signal) : {};
      const headers: Record<string, string> = {
        accept: ep.raw ? "*/*" : "application/json",
        ...authHeaders,
      };
      if (body !== undefined) headers["content-type"] = "application/json";

      let answer: Answer;
      const deadline = AbortSignal.timeout(this.#timeouts.totalSeconds * 1000);
      const signals = [deadline, this.#closing.signal];
      if (options.signal) signals.push(options.signal);
      try {
        answer = await this.#tracked(
          this.#send(ep.method, url, headers, body, AbortSignal.any(signals)),
        );
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        const failure = deadline.aborted
          ? new OzonNetworkError({
              ...info,
              timeout: true,
              phase: "total",
              reason: `no complete answer within ${this.#timeouts.totalSeconds} s`,
              cause: error,
            })
          : networkErrorOf(error, info);
        if (this.#closing.signal.aborted) throw failure; // closed: nothing is tried again
        if (ep.safe && retries + 1 < this.#retry.maxAttempts) {
          await this.#pause(retries++, undefined, info, failure.message, options.signal);
          continue;
        }
        throw failure;
      }

      if (answer.status >= 200 && answer.status < 300) return this.#accept(ep, answer, info);

      const error = this.#errorOf(answer, info);
      if (answer.status === 401 && this.#auth.renew && !renewed) {
        renewed = true;
        if (await this.#auth.renew(authHeaders, options.signal)) continue;
      }
      const canRetry = retries + 1 < this.#retry.maxAttempts;
      if (answer.status === 429 && canRetry && !ep.busyOn429) {
        const asked = error instanceof OzonRateLimitError ? error.retryAfterMs : undefined;
        if (asked === undefined || asked <= this.#retry.maxRetryAfterMs) {
          await this.#pause(retries++, asked, info, `HTTP 429`, options.signal);
          continue;
        }
      }
      if (answer.status >= 500 && ep.safe && canRetry) {
        await this.#pause(retries++, undefined, info, `HTTP ${answer.status}`, options.signal);
        continue;
      }
      throw error;
    }
  }

  #encodeBody(ep: AnyEndpoint, input: unknown): string | undefined {
    if (ep.method === "GET") return undefined;
    if (!ep.request) return input === undefined ? "{}" : stringifyJson(input);
    const checked = ep.request.safeParse(input);
    if (!checked.success) {
      const { field, problems } = problemsOf(checked.error);
      throw new OzonInputError(field, problems[0] ?? "invalid request");
    }
    return stringifyJson(checked.data);
  }

  async #send(
    method: HttpMethod,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<Answer> {
    if (this.#fetch) {
      const response = await this.#fetch(url, {
        method,
        headers,
        body,
        signal,
        dispatcher: this.#dispatcher,
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        header: (name) => response.headers.get(name) ?? undefined,
        bytes,
      };
    }
    const response = await undiciRequest(url, {
      method,
      headers,
      body: body ?? null,
      signal,
      dispatcher: this.#dispatcher,
      headersTimeout: this.#timeouts.headersSeconds * 1000,
      bodyTimeout: this.#timeouts.bodySeconds * 1000,
    });
    const bytes = new Uint8Array(await response.body.arrayBuffer());
    return {
      status: response.statusCode,
      header: (name) => {
        const value = response.headers[name.toLowerCase()];
        return Array.isArray(value) ? value.join(", ") : value;
      },
      bytes,
    };
  }

  #accept<E extends AnyEndpoint>(
    ep: E,
    answer: Answer,
    info: { service: OzonService; method: string; path: string },
  ): ResponseOf<E> {
    let value: unknown;
    if (ep.raw === "bytes") {
      value = {
        bytes: answer.bytes,
        contentType: answer.header("content-type") ?? "",
        fileName: fileNameOf(answer.header("content-disposition")),
      } satisfies RawAnswer;
    } else {
      const text = new TextDecoder().decode(answer.bytes);
      try {
        // "Calls with no data answer an empty JSON object"; an empty body means the same.
        value = text.trim() === "" ? {} : parseJson(text);
      } catch {
        throw new OzonShapeError({ ...info, field: "", problems: ["body: not valid JSON"] });
      }
    }
    const checked = ep.response.safeParse(value);
    if (!checked.success) {
      throw new OzonShapeError({ ...info, ...problemsOf(checked.error) });
    }
    return checked.data as ResponseOf<E>;
  }

  #errorOf(answer: Answer, info: { service: OzonService; method: string; path: string }) {
    const text = new TextDecoder().decode(answer.bytes);
    let parsed: unknown;
    try {
      parsed = parseJson(text);
    } catch {
      parsed = undefined;
    }
    const body = readErrorBody(parsed, text);
    body.message = maskSecrets(body.message, this.#auth.secrets());
    return apiErrorFor({
      ...info,
      status: answer.status,
      body,
      retryAfterMs: parseRetryAfter(answer.header("retry-after"), this.#clock.now()),
    });
  }

  async #pause(
    retry: number,
    retryAfterMs: number | undefined,
    info: { service: OzonService; method: string; path: string },
    reason: string,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const delayMs = retryAfterMs ?? backoffDelay(retry, this.#retry, this.#random);
    this.#logger?.warn(
      { ...info, reason, attempt: retry + 1, delayMs },
      "Ozon request failed; trying again",
    );
    await this.#clock.sleep(delayMs, signal);
  }
}

export function createOzonHttp(options: OzonHttpOptions): OzonHttp {
  return new OzonHttp(options);
}

function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") {
      throw new OzonInputError(name, "path parameter is missing");
    }
    return encodeURIComponent(String(value));
  });
}

/** The path of an absolute URL, without a query that might carry a signature. */
function safePathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "(invalid URL)";
  }
}

function fileNameOf(disposition: string | undefined): string | undefined {
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

function networkErrorOf(
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
