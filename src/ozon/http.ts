/**
 * One request core for both Ozon services: auth headers, client-side rate limit, timeouts,
 * JSON in and out (lossless), zod-checked answers, typed errors, and retries for what is safe;
 * and file downloads within a byte cap and one deadline. Methods are described in endpoint.ts,
 * the exchange on the wire is exchange.ts, reading a capped file answer download.ts, what a
 * request and an answer mean (bodies checked, error answers typed) codec.ts.
 * Tests: test/ozon/http.test.ts, test/ozon/timeouts.test.ts
 */
import type { Dispatcher } from "undici";
import { type Clock, systemClock } from "../clock.ts";
import { settlesBefore } from "../deadline.ts";
import type { Logger } from "../logger.ts";
import { backoffDelay, DEFAULT_RETRY, type RetryPolicy } from "./backoff.ts";
import {
  acceptAnswer,
  type CallInfo,
  encodeBody,
  errorOfAnswer,
  fillPath,
  tooLarge,
} from "./codec.ts";
import { BodyOverLimit, type CappedAnswer, OzonFileTooLargeError, readCapped } from "./download.ts";
import type { AnyEndpoint, OzonAuth, RawAnswer, RequestOf, ResponseOf } from "./endpoint.ts";
import { goneUnlessSubject } from "./error-answers.ts";
import {
  OzonAuthError,
  OzonMethodGoneError,
  OzonNetworkError,
  OzonRateLimitError,
  type OzonService,
  ozonFailureKind,
} from "./errors.ts";
import {
  createAgent,
  DEFAULT_TIMEOUTS,
  type FetchLike,
  fileNameOf,
  networkErrorOf,
  safePathOf,
  sendRequest,
  type Timeouts,
  type Transport,
} from "./exchange.ts";
import type { RateLimiter } from "./limiter.ts";

/** How long close() lets requests in flight finish before cutting them off. */
const CLOSE_GRACE_MS = 1_000;

/**
 * An answer is read this far at most unless the call says otherwise (a report file): far above
 * any real JSON answer (a page of 1 000 postings is a few MB), and low enough that a broken or
 * hostile answer cannot fill memory. Past it the call fails without reading more.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

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
  /** Bytes of an answer read at most when the call gives no cap of its own (MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
  /** Told how each authenticated call ended, for the shop's health (src/shops/health.ts). */
  observer?: KeysVerdictObserver | undefined;
  /** Told how each call ended, by endpoint (the bot's /status and /metrics counters). */
  calls?: OzonCallObserver | undefined;
}

/**
 * One call's end: `method` is the endpoint's path as declared (ids never filled in), `outcome`
 * "ok" or the failure's kind (ozonFailureKind). A call cut short by its caller is not told.
 */
export type OzonCallObserver = (call: { method: string; outcome: string }) => void;

/**
 * How an authenticated call ended, as far as the keys are concerned: "ok" for any 2xx answer,
 * "refused" when Ozon refused the keys (401/403, gRPC 16/7) for good. Other failures say
 * nothing about the keys and are not reported.
 */
export type KeysVerdict = "ok" | "refused";
export type KeysVerdictObserver = (outcome: KeysVerdict, service: OzonService) => void;

export interface CallOptions<E extends AnyEndpoint> {
  params?: Record<string, string | number>;
  body?: RequestOf<E>;
  signal?: AbortSignal;
  /** An absolute URL instead of baseUrl + path (file downloads). */
  url?: string;
  /** Send the service's auth headers (default true). */
  withAuth?: boolean;
  /**
   * Bytes of the answer read at most (default: the core's maxAnswerBytes); a larger answer ends
   * in OzonFileTooLargeError for a `raw: "bytes"` endpoint, in OzonShapeError otherwise.
   */
  maxBytes?: number;
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

export class OzonHttp {
  readonly service: OzonService;
  readonly baseUrl: string;
  readonly #auth: OzonAuth;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryPolicy;
  readonly #limiter: RateLimiter | null;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #transport: Transport;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #logger: Logger | undefined;
  readonly #maxAnswerBytes: number;
  readonly #observer: KeysVerdictObserver | undefined;
  readonly #calls: OzonCallObserver | undefined;
  /** The methods already logged as no longer answered (`POST /v2/warehouse/list`): told once. */
  readonly #goneLogged = new Set<string>();
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
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#logger = options.logger;
    this.#maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    this.#observer = options.observer;
    this.#calls = options.calls;
    this.#ownsDispatcher = !options.dispatcher;
    this.#dispatcher = options.dispatcher ?? createAgent(this.#timeouts);
    this.#transport = {
      dispatcher: this.#dispatcher,
      timeouts: this.#timeouts,
      fetch: options.fetch,
    };
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
    let answer: CappedAnswer;
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
    if (answer.status < 200 || answer.status >= 300)
      throw errorOfAnswer(answer, info, this.#auth.secrets(), this.#clock.now());
    return {
      bytes: answer.bytes,
      contentType: answer.header("content-type") ?? "",
      fileName: fileNameOf(answer.header("content-disposition")),
    };
  }

  async #fetchFile(
    url: string,
    options: DownloadOptions,
    signal: AbortSignal,
  ): Promise<CappedAnswer> {
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
    if (!this.#calls) return this.#call(ep, options);
    try {
      const answer = await this.#call(ep, options);
      this.#noteCall(ep, "ok");
      return answer;
    } catch (error) {
      if (!options.signal?.aborted) this.#noteCall(ep, ozonFailureKind(error));
      throw error;
    }
  }

  #noteCall(ep: AnyEndpoint, outcome: string): void {
    try {
      this.#calls?.({ method: ep.path, outcome });
    } catch (error) {
      this.#logger?.warn({ err: error }, "an Ozon call observer failed");
    }
  }

  async #call<E extends AnyEndpoint>(ep: E, options: CallOptions<E>): Promise<ResponseOf<E>> {
    const path = fillPath(ep.path, options.params ?? {});
    const url = options.url ?? `${this.baseUrl}${path}`;
    const shownPath = options.url ? safePathOf(options.url) : path.split("?")[0] || path;
    const info = { service: this.service, method: ep.method, path: shownPath };
    const body = encodeBody(ep, options.body);
    const withAuth = options.withAuth ?? true;
    const maxBytes = options.maxBytes ?? this.#maxAnswerBytes;

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

      let answer: CappedAnswer;
      const deadline = AbortSignal.timeout(this.#timeouts.totalSeconds * 1000);
      const signals = [deadline, this.#closing.signal];
      if (options.signal) signals.push(options.signal);
      try {
        const signal = AbortSignal.any(signals);
        answer = await this.#tracked(
          sendRequest(this.#transport, ep.method, url, headers, body, maxBytes, signal),
        );
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        // Asking again brings the same answer: it fails at once.
        if (error instanceof BodyOverLimit) throw tooLarge(ep, info, maxBytes, error);
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

      if (answer.status >= 200 && answer.status < 300) {
        // The keys worked even if the answer's shape then fails the check.
        if (withAuth) this.#observe("ok");
        return acceptAnswer(ep, answer, info);
      }

      const error = goneUnlessSubject(
        errorOfAnswer(answer, info, this.#auth.secrets(), this.#clock.now()),
        ep.subject,
      );
      if (error instanceof OzonMethodGoneError) this.#noteGone(ep, error);
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
      if (withAuth && error instanceof OzonAuthError && !subscriptionOnly(ep, error)) {
        this.#observe("refused");
      }
      throw error;
    }
  }

  /** Logs once per method that Ozon no longer answers it; the calls themselves are counted. */
  #noteGone(ep: AnyEndpoint, error: OzonMethodGoneError): void {
    const method = `${ep.method} ${ep.path}`;
    if (this.#goneLogged.has(method)) return;
    this.#goneLogged.add(method);
    this.#logger?.warn(
      {
        service: this.service,
        method,
        status: error.status,
        code: error.code,
        ozonMessage: error.apiMessage,
      },
      "Ozon no longer answers this method",
    );
  }

  /** An observer's failure must never fail the call it watched. */
  #observe(outcome: KeysVerdict): void {
    try {
      this.#observer?.(outcome, this.service);
    } catch (error) {
      this.#logger?.warn({ err: error }, "an Ozon outcome observer failed");
    }
  }

  async #pause(
    retry: number,
    retryAfterMs: number | undefined,
    info: CallInfo,
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

/** A refusal of a subscription-gated method that says nothing about the keys (see Endpoint). */
function subscriptionOnly(ep: AnyEndpoint, error: OzonAuthError): boolean {
  return ep.subscription === true && error.status !== 401 && error.code !== 16;
}
