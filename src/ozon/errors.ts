/**
 * The errors every Ozon call can end in. Messages name the method and path, never a key or a
 * token; callers branch on `ozonFailureKind` (one classification for every area) or, for what only
 * their area knows, on the type guards and Ozon's own code and text.
 * Tests: test/ozon/errors.test.ts, test/ozon/clients-against-sandbox.test.ts and 23 more
 */

export type OzonService = "seller" | "performance";

interface RequestInfo {
  service: OzonService;
  method: string;
  path: string;
}

export class OzonError extends Error {
  override name = "OzonError";
}

/** An error of one request: which service, method and path it was. */
export class OzonRequestError extends OzonError {
  override name = "OzonRequestError";
  readonly service: OzonService;
  readonly method: string;
  readonly path: string;

  /** `problem` follows the request's name as is: " answered …" or ": … timeout". */
  constructor(info: RequestInfo, problem: string, options?: ErrorOptions) {
    super(`Ozon ${info.service} API ${info.method} ${info.path}${problem}`, options);
    this.service = info.service;
    this.method = info.method;
    this.path = info.path;
  }
}

export interface OzonApiErrorInit extends RequestInfo {
  status: number;
  /** Ozon's own code: the gRPC code in Seller answers (it is not the HTTP status), absent otherwise. */
  code?: number | string | undefined;
  message: string;
  details?: unknown[] | undefined;
}

/** Ozon answered with an HTTP error status. */
export class OzonApiError extends OzonRequestError {
  override name = "OzonApiError";
  readonly status: number;
  readonly code: number | string | undefined;
  /** The text Ozon gave, without our prefix. */
  readonly apiMessage: string;
  readonly details: unknown[];

  constructor(init: OzonApiErrorInit) {
    super(
      init,
      ` answered HTTP ${init.status}` +
        (init.code !== undefined ? ` (code ${init.code})` : "") +
        (init.message ? `: ${init.message}` : ""),
    );
    this.status = init.status;
    this.code = init.code;
    this.apiMessage = init.message;
    this.details = init.details ?? [];
  }
}

/** HTTP 429: too many requests (or, on statistics submit, too many report jobs at once). */
export class OzonRateLimitError extends OzonApiError {
  override name = "OzonRateLimitError";
  /** What `Retry-After` asked for, when the answer carried one. */
  readonly retryAfterMs: number | undefined;

  constructor(init: OzonApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * A 404 or 410 that is not about what the call names: Ozon no longer answers the method (it was
 * switched off, or this store never had it). Made by the HTTP core for every 404/410 except a
 * 404 of an endpoint that declares its `subject` (a posting read by its number…), where a 404
 * means that subject is unknown unless Ozon's text calls the method obsolete.
 */
export class OzonMethodGoneError extends OzonApiError {
  override name = "OzonMethodGoneError";
}

/** 401/403, or Ozon codes 16 (unauthenticated) / 7 (permission denied): keys, token, subscription. */
export class OzonAuthError extends OzonApiError {
  override name = "OzonAuthError";
}

export type TimeoutPhase = "connect" | "headers" | "body" | "total";

/** The request never got a complete answer: connection refused or reset, or a timeout. */
export class OzonNetworkError extends OzonRequestError {
  override name = "OzonNetworkError";
  readonly timeout: boolean;
  /** Which timeout fired, when one did (`total`: the whole exchange took too long). */
  readonly phase: TimeoutPhase | undefined;

  constructor(
    init: RequestInfo & {
      timeout: boolean;
      phase?: TimeoutPhase | undefined;
      reason: string;
      cause?: unknown;
    },
  ) {
    super(
      init,
      `: ${init.timeout ? `${init.phase ?? "request"} timeout` : "network error"} (${init.reason})`,
      { cause: init.cause },
    );
    this.timeout = init.timeout;
    this.phase = init.phase;
  }
}

/** The answer did not have the shape we rely on; `field` names the first wrong field. */
export class OzonShapeError extends OzonRequestError {
  override name = "OzonShapeError";
  /** e.g. `result.postings[3].posting_number` (empty for the whole body). */
  readonly field: string;
  /** Every problem found, each as `field: what was expected`. */
  readonly problems: string[];

  constructor(init: RequestInfo & { field: string; problems: string[] }) {
    super(
      init,
      ` answered an unexpected shape: ${init.problems[0] ?? "invalid body"}` +
        (init.problems.length > 1 ? ` (and ${init.problems.length - 1} more)` : ""),
    );
    this.field = init.field;
    this.problems = init.problems;
  }
}

/** Our own input was rejected before anything was sent (e.g. a message longer than 1000 characters). */
export class OzonInputError extends OzonError {
  override name = "OzonInputError";
  readonly field: string;

  constructor(field: string, problem: string) {
    super(field ? `${field}: ${problem}` : problem);
    this.field = field;
  }
}

/** Ozon took the ship request, but the posting did not move on (`ship_failed`, or still awaiting packaging). */
export class OzonShipFailedError extends OzonError {
  override name = "OzonShipFailedError";
  readonly postingNumber: string;
  readonly status: string;
  readonly substatus: string | undefined;

  constructor(postingNumber: string, status: string, substatus: string | undefined) {
    super(
      `posting ${postingNumber} was not shipped: status ${status}` +
        (substatus ? `, substatus ${substatus}` : "") +
        "; try again",
    );
    this.postingNumber = postingNumber;
    this.status = status;
    this.substatus = substatus;
  }
}

/**
 * Ozon answered 200 with `result: false`: it did not do what was asked and said no more (the
 * documents' `postingBooleanResponse`: "`true`, если запрос выполнился без ошибок").
 */
export class OzonDeclinedError extends OzonError {
  override name = "OzonDeclinedError";
  readonly path: string;

  constructor(path: string, what: string) {
    super(`Ozon answered result: false to ${path}: ${what} was not done`);
    this.path = path;
  }
}

/** A `result` of Ozon's boolean answers that says "not done": false, or now and then "false". */
export function resultDeclined(result: unknown): boolean {
  return (
    result === false || (typeof result === "string" && result.trim().toLowerCase() === "false")
  );
}

export const isOzonError = (e: unknown): e is OzonError => e instanceof OzonError;
export const isOzonApiError = (e: unknown): e is OzonApiError => e instanceof OzonApiError;
export const isOzonRateLimitError = (e: unknown): e is OzonRateLimitError =>
  e instanceof OzonRateLimitError;
export const isOzonAuthError = (e: unknown): e is OzonAuthError => e instanceof OzonAuthError;
export const isOzonNetworkError = (e: unknown): e is OzonNetworkError =>
  e instanceof OzonNetworkError;
export const isOzonShapeError = (e: unknown): e is OzonShapeError => e instanceof OzonShapeError;
export const isOzonInputError = (e: unknown): e is OzonInputError => e instanceof OzonInputError;
export const isOzonShipFailedError = (e: unknown): e is OzonShipFailedError =>
  e instanceof OzonShipFailedError;
export const isOzonDeclinedError = (e: unknown): e is OzonDeclinedError =>
  e instanceof OzonDeclinedError;
export const isOzonMethodGoneError = (e: unknown): e is OzonMethodGoneError =>
  e instanceof OzonMethodGoneError;
/**
 * Any 404/410: the cue to try a capability's other form (successors.ts). Broader than
 * OzonMethodGoneError on purpose: a store that lacks today's method may answer a plain 404 even
 * where the method names a subject.
 */
export const isRetiredMethodError = (e: unknown): e is OzonApiError =>
  e instanceof OzonApiError && (e.status === 404 || e.status === 410);

/** A 404 text naming what was asked for: a posting Ozon does not know ("POSTING_NOT_FOUND"). */
const NAMES_A_POSTING = /posting|отправлени/i;
/** Ozon's own words for a retired method ("obsolete method", «метод устарел/отключён»). */
export const SAYS_OBSOLETE = /obsolete|deprecated|retired|устар|отключ/i;

/**
 * A 404 about the postings asked for, not about the method: its text names a posting and does not
 * call the method obsolete. Where one request names many postings (labels, 20 a call), this is
 * one unknown posting, to be named, while any other 404/410 means the method is gone.
 */
export const isPostingNotFoundError = (e: unknown): e is OzonApiError =>
  e instanceof OzonApiError &&
  e.status === 404 &&
  NAMES_A_POSTING.test(e.apiMessage) &&
  !SAYS_OBSOLETE.test(e.apiMessage);

/** gRPC codes as the Seller API puts them in `code` (it is not the HTTP status). */
const GRPC = {
  deadlineExceeded: 4,
  notFound: 5,
  alreadyExists: 6,
  permissionDenied: 7,
  resourceExhausted: 8,
  failedPrecondition: 9,
  aborted: 10,
  unavailable: 14,
  unauthenticated: 16,
} as const;

/** 401/403 or gRPC 16/7: the keys, the token or the subscription behind them are refused. */
export function refusesKeys(status: number, code: number | string | undefined): boolean {
  return (
    status === 401 ||
    status === 403 ||
    code === GRPC.unauthenticated ||
    code === GRPC.permissionDenied
  );
}

/**
 * What went wrong, in kinds every area maps to its own words. Ozon's business codes
 * (`POSTING_ALREADY_SHIPPED`, a closed chat…) are not kinds: the area that knows them reads the
 * OzonApiError's `code` and `apiMessage` (or `ozonFailureMessage`) to say more.
 */
export type OzonFailureKind =
  /** 429 or gRPC 8: too many requests (on statistics submit: too many report jobs at once). */
  | "rate_limited"
  /** 401/403 or gRPC 16/7: keys expired or revoked, "Offer not signed", a missing subscription. */
  | "keys_refused"
  /** 404 or gRPC 5: Ozon does not know the posting, chat or report the call named. */
  | "not_found"
  /**
   * 404/410 not about the call's subject: Ozon no longer answers the method (switched off, or
   * not there for this store). Told as a temporary Ozon problem; an upgrade of the bot mends it.
   */
  | "method_gone"
  /** The request as made is refused: our client's own check, or any other 4xx (validation). */
  | "our_input"
  /**
   * The object's state forbids it: 409, gRPC 6/9/10, a ship Ozon took without moving on, or a
   * `result: false` (Ozon did not do it).
   */
  | "conflict"
  /** 5xx, gRPC 14, or "Circle is open" (a method blocked for minutes after heavy use). */
  | "ozon_down"
  /** No answer at all: connection refused or reset, DNS. */
  | "network"
  /** No answer in time: our timeouts, HTTP 408 or gRPC 4. */
  | "timeout"
  /** An answer without the shape we rely on (cut JSON, a field of another type). */
  | "bad_answer"
  /** Not an Ozon failure. */
  | "unknown";

const CIRCLE_IS_OPEN = /circle is open/i;

export function ozonFailureKind(error: unknown): OzonFailureKind {
  if (error instanceof OzonInputError) return "our_input";
  if (error instanceof OzonShipFailedError) return "conflict";
  if (error instanceof OzonDeclinedError) return "conflict";
  if (error instanceof OzonNetworkError) return error.timeout ? "timeout" : "network";
  if (error instanceof OzonShapeError) return "bad_answer";
  if (error instanceof OzonMethodGoneError) return "method_gone";
  if (!(error instanceof OzonApiError)) return "unknown";
  const { status, code } = error;
  if (status === 429 || code === GRPC.resourceExhausted) return "rate_limited";
  if (CIRCLE_IS_OPEN.test(error.apiMessage)) return "ozon_down";
  if (refusesKeys(status, code)) return "keys_refused";
  if (status === 408 || code === GRPC.deadlineExceeded) return "timeout";
  if (status >= 500 || code === GRPC.unavailable) return "ozon_down";
  if (status === 404 || code === GRPC.notFound) return "not_found";
  if (
    status === 409 ||
    code === GRPC.alreadyExists ||
    code === GRPC.failedPrecondition ||
    code === GRPC.aborted
  ) {
    return "conflict";
  }
  return status >= 400 ? "our_input" : "unknown";
}

const TRANSIENT = {
  rate_limited: true,
  ozon_down: true,
  network: true,
  timeout: true,
  // An administrator may renew the keys meanwhile.
  keys_refused: true,
  // A cut or odd answer need not come again.
  bad_answer: true,
  // Not understood (a store hiccup, a bug): never a verdict on the request.
  unknown: true,
  // Never a verdict on the posting or chat asked about: nothing is given up for it.
  method_gone: true,
  not_found: false,
  our_input: false,
  conflict: false,
} as const satisfies Record<OzonFailureKind, boolean>;

/**
 * The one place that decides whether asking again later may succeed: what a background loop
 * retries (still within its own cap of tries) instead of giving up on. Dialogs do not retry;
 * they tell the person.
 */
export function isTransient(kind: OzonFailureKind): boolean {
  return TRANSIENT[kind];
}

/** Ozon's own words about a failure (its HTTP status when it gave none), else the error's message. */
export function ozonFailureMessage(error: unknown): string {
  if (error instanceof OzonApiError) return error.apiMessage || `HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}
