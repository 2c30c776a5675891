/**
 * Reading a file answer without trusting it: the body is read as a stream and given up once it
 * passes a byte cap (a Content-Length over the cap ends it before the body), and the caller's
 * signal bounds the whole exchange, since undici's timeouts are per gap and a body trickling a
 * byte at a time never trips them. Redirects are not followed (undici's `request` never does):
 * whatever a 3xx points at was not checked, so it comes back as the error answer it is.
 */
import { type Dispatcher, request } from "undici";
import { OzonRequestError, type OzonService } from "./errors.ts";

/** An error answer is read this far: enough for Ozon's message, never a whole body. */
const ERROR_BODY_LIMIT = 64 * 1024;

export interface CappedAnswer {
  status: number;
  header(name: string): string | undefined;
  bytes: Uint8Array;
}

export interface ReadCappedOptions {
  headers: Record<string, string>;
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

/** GETs `url` and reads at most `maxBytes` of a successful body (64 KB of an error body). */
export async function readCapped(url: string, options: ReadCappedOptions): Promise<CappedAnswer> {
  const response = await request(url, {
    method: "GET",
    headers: options.headers,
    dispatcher: options.dispatcher,
    signal: options.signal,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
  });
  const header = (name: string) => {
    const value = response.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const ok = response.statusCode >= 200 && response.statusCode < 300;
  const limit = ok ? options.maxBytes : ERROR_BODY_LIMIT;
  const declared = lengthOf(header("content-length"));
  if (ok && declared !== undefined && declared > limit) {
    // Given up unread: undici reports that as an abort error, which no one else listens for.
    response.body.on("error", () => {}).destroy();
    throw new BodyOverLimit(declared);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    if (total + chunk.byteLength > limit) {
      response.body.destroy();
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
  return { status: response.statusCode, header, bytes };
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
