/**
 * What a call says and what its answer means, apart from the wire (exchange.ts) and the retries
 * (http.ts): the path filled in, the request body checked against the endpoint, the answer parsed
 * losslessly and checked, and an error answer turned into a typed error with secrets masked.
 * Tests: none directly
 */
import { maskSecrets } from "../logger.ts";
import { parseRetryAfter } from "./backoff.ts";
import { type BodyOverLimit, type CappedAnswer, OzonFileTooLargeError } from "./download.ts";
import type { AnyEndpoint, RawAnswer, ResponseOf } from "./endpoint.ts";
import { apiErrorFor, readErrorBody } from "./error-answers.ts";
import { OzonInputError, type OzonService, OzonShapeError } from "./errors.ts";
import { fileNameOf } from "./exchange.ts";
import { parseJson, stringifyJson } from "./json.ts";
import { problemsOf } from "./zod-problems.ts";

/** Which call an answer or a failure belongs to, as errors and logs name it. */
export interface CallInfo {
  service: OzonService;
  method: string;
  path: string;
}

export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") {
      throw new OzonInputError(name, "path parameter is missing");
    }
    return encodeURIComponent(String(value));
  });
}

export function encodeBody(ep: AnyEndpoint, input: unknown): string | undefined {
  if (ep.method === "GET") return undefined;
  if (!ep.request) return input === undefined ? "{}" : stringifyJson(input);
  const checked = ep.request.safeParse(input);
  if (!checked.success) {
    const { field, problems } = problemsOf(checked.error);
    throw new OzonInputError(field, problems[0] ?? "invalid request");
  }
  return stringifyJson(checked.data);
}

/** A 2xx answer as the endpoint's checked response (or its bytes for a `raw: "bytes"` one). */
export function acceptAnswer<E extends AnyEndpoint>(
  ep: E,
  answer: CappedAnswer,
  info: CallInfo,
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

/** A non-2xx answer as a typed error; the keys' secrets never reach its message. */
export function errorOfAnswer(
  answer: CappedAnswer,
  info: CallInfo,
  secrets: readonly string[],
  now: number,
) {
  const text = new TextDecoder().decode(answer.bytes);
  let parsed: unknown;
  try {
    parsed = parseJson(text);
  } catch {
    parsed = undefined;
  }
  const body = readErrorBody(parsed, text);
  body.message = maskSecrets(body.message, secrets);
  return apiErrorFor({
    ...info,
    status: answer.status,
    body,
    retryAfterMs: parseRetryAfter(answer.header("retry-after"), now),
  });
}

/** An answer past the cap: a file is too large to take, a JSON answer is not one we can use. */
export function tooLarge(
  ep: AnyEndpoint,
  info: CallInfo,
  maxBytes: number,
  error: BodyOverLimit,
): OzonFileTooLargeError | OzonShapeError {
  if (ep.raw === "bytes") return new OzonFileTooLargeError(info, maxBytes, error.declaredBytes);
  const problem = `body: larger than the ${maxBytes} bytes read at most`;
  return new OzonShapeError({ ...info, field: "", problems: [problem] });
}
