/**
 * Reading an answer without trusting it: the body is read as a stream and given up once it
 * passes a byte cap (a Content-Length over the cap ends it before the body), and the caller's
 * signal bounds the whole exchange, since undici's timeouts are per gap and a body trickling a
 * byte at a time never trips them. Redirects are not followed (undici's `request` never does):
 * whatever a 3xx points at was not checked, so it comes back as the error answer it is.
 * Tests: test/ozon/fallback-memory.test.ts, test/ozon/money.test.ts and 6 more
 */
import { type Dispatcher, request } from "undici";
import type { HttpMethod } from "./endpoint.ts";
import { OzonRequestError, type OzonService } from "./errors.ts";

/** An error answer is read this far: enough for Ozon's message, never a whole body. */
const ERROR_BODY_LIMIT = 64 * 1024;

export interface CappedAnswer {
  status: number;
  header(name: string): string | undefined;
  bytes: Uint8Array;
}

export interface ReadCappedOptions {
  /** GET unless said otherwise. */
  method?: HttpMethod;
  headers: Record<string, string>;
  body?: string | undefined;
  dispatcher: Dispatcher;
  /** Aborts the request and the body read: the overall deadline, and whoever may cancel. */
  signal: AbortSignal;
  maxBytes: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
}

/** The answer passed the cap; `declaredBytes` is its Content-Length, when it gave one. */
export class BodyOverLimit extends Error {
  override name = "BodyOverLimit";
  readonly declaredBytes: number | undefined;

  constructor(declaredBytes: number | undefined) {
    super("the answer is larger than allowed");
    this.declaredBytes = declaredBytes;
  }
}

/** Sends the request and reads at most `maxBytes` of a successful body (64 KB of an error body). */
export async function readCapped(url: string, options: ReadCappedOptions): Promise<CappedAnswer> {
  const response = await request(url, {
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body ?? null,
    dispatcher: options.dispatcher,
    signal: options.signal,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
  });
  const header = (name: string) => {
    const value = response.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  // Given up unread: undici reports that as an abort error, which no one else listens for.
  const giveUp = () => void response.body.on("error", () => {}).destroy();
  const bytes = await readBodyCapped(
    { status: response.statusCode, header, body: response.body },
    options.maxBytes,
    giveUp,
  );
  return { status: response.statusCode, header, bytes };
}

/**
 * Reads an answer's body: at most `maxBytes` of a successful one (more ends in BodyOverLimit,
 * before any of it is read when Content-Length says so), the first 64 KB of an error body.
 * `giveUp` ends the source of a body left unread.
 */
export async function readBodyCapped(
  answer: {
    status: number;
    header(name: string): string | undefined;
    body: AsyncIterable<Uint8Array> | null;
  },
  maxBytes: number,
  giveUp: () => void,
): Promise<Uint8Array> {
  const ok = answer.status >= 200 && answer.status < 300;
  const limit = ok ? maxBytes : ERROR_BODY_LIMIT;
  const declared = lengthOf(answer.header("content-length"));
  if (ok && declared !== undefined && declared > limit) {
    giveUp();
    throw new BodyOverLimit(declared);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of answer.body ?? []) {
    if (total + chunk.byteLength > limit) {
      giveUp();
      if (ok) throw new BodyOverLimit(declared);
      chunks.push(chunk.subarray(0, limit - total));
      total = limit;
      break;
    }
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function lengthOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** A file Ozon offered is larger than we take (Telegram's upload limit); nothing more was read. */
export class OzonFileTooLargeError extends OzonRequestError {
  override name = "OzonFileTooLargeError";
  readonly limitBytes: number;
  /** The size the answer declared (Content-Length); unknown when it streamed without one. */
  readonly sizeBytes: number | undefined;

  constructor(
    info: { service: OzonService; method: string; path: string },
    limitBytes: number,
    sizeBytes: number | undefined,
  ) {
    super(
      info,
      `: the file is larger than ${limitBytes} bytes` +
        (sizeBytes !== undefined ? ` (${sizeBytes})` : ""),
    );
    this.limitBytes = limitBytes;
    this.sizeBytes = sizeBytes;
  }
}

export const isOzonFileTooLargeError = (e: unknown): e is OzonFileTooLargeError =>
  e instanceof OzonFileTooLargeError;
