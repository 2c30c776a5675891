/** Tests: test/ozon/json.test.ts, test/ozon/fallback-memory.test.ts and 8 more */
import { isInteger, LosslessNumber, parse, stringify } from "lossless-json";

/**
 * Ozon sends chat message ids such as 3000000000817031942, beyond 2^53. JSON.parse would
 * silently round them, so integers outside the safe range become exact decimal strings;
 * every other number stays a plain number.
 *
 * JSON.parse does the parsing: its strings are flat and it makes no garbage of its own, where
 * lossless-json builds every string a character at a time (a chain of cons strings each). A page
 * of 1 000 postings cost ten times its size in heap that way. The exact digits come from the
 * reviver's `context.source` (V8 ≥ 11.4: Node 22 and later); lossless-json remains the fallback.
 */
function parseNumber(text: string): number | string {
  if (isInteger(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : text.replace(/^(-?)0+(?=\d)/, "$1");
  }
  return Number(text);
}

/**
 * Where an integer literal of 16 digits or more stands (an integer beyond 2^53 has at least 16).
 * Digits inside a string may match too: that only costs the slower reviver path, never a value.
 */
const LONG_INTEGER = /(?<=(?:^|[[,:\s])-?)[1-9]\d{15,}(?=$|[\],}\s])/g;
const INTEGER_SOURCE = /^-?\d+$/;

/** The reviver costs several times the parse: only text holding an unsafe integer takes it. */
function hasUnsafeInteger(text: string): boolean {
  for (const [digits] of text.matchAll(LONG_INTEGER)) {
    if (!Number.isSafeInteger(Number(digits))) return true;
  }
  return false;
}

function exactIntegers(_key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  return source !== undefined && INTEGER_SOURCE.test(source) ? source : value;
}

type Reviver = (key: string, value: unknown, context?: { source?: string }) => unknown;
const nativeParse = JSON.parse as (text: string, reviver?: Reviver) => unknown;

/** Whether this V8 hands the reviver the number's source text. */
const SOURCE_ACCESS = (() => {
  let source: string | undefined;
  nativeParse("[1]", (_key, value, context) => {
    if (typeof value === "number") source = context?.source;
    return value;
  });
  return source === "1";
})();

/** Parses JSON without losing large integers. Throws SyntaxError on invalid JSON. */
export function parseJson(text: string): unknown {
  if (!SOURCE_ACCESS) {
    return parse(text, null, {
      parseNumber,
      // JSON.parse keeps the last duplicate; so do we rather than failing the whole answer.
      onDuplicateKey: ({ newValue }) => newValue,
    });
  }
  return hasUnsafeInteger(text) ? nativeParse(text, exactIntegers) : nativeParse(text);
}

/** Serialises to JSON; bigint and LosslessNumber values are written as exact number literals. */
export function stringifyJson(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError("value cannot be serialised to JSON");
  return text;
}

/** An exact integer literal for a request body (e.g. an id kept as a string). */
export function jsonInteger(digits: string): LosslessNumber {
  return new LosslessNumber(digits);
}

/**
 * An exact decimal literal for a request body: "1234.50" goes out as the number 1234.50, its
 * digits as given, never through a float (money Ozon documents as a number).
 */
export function jsonDecimal(digits: string): LosslessNumber {
  if (!/^-?\d+(\.\d+)?$/.test(digits)) throw new RangeError(`not a decimal: ${digits}`);
  return new LosslessNumber(digits);
}

/** The class of jsonInteger and jsonDecimal values, for request schemas that take them. */
export { LosslessNumber };
