import { isInteger, LosslessNumber, parse, stringify } from "lossless-json";

/**
 * Ozon sends chat message ids such as 3000000000817031942, beyond 2^53. JSON.parse would
 * silently round them, so integers outside the safe range become exact decimal strings;
 * every other number stays a plain number.
 */
function parseNumber(text: string): number | string {
  if (isInteger(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : text.replace(/^(-?)0+(?=\d)/, "$1");
  }
  return Number(text);
}

/** Parses JSON without losing large integers. Throws SyntaxError on invalid JSON. */
export function parseJson(text: string): unknown {
  return parse(text, null, {
    parseNumber,
    // JSON.parse keeps the last duplicate; so do we rather than failing the whole answer.
    onDuplicateKey: ({ newValue }) => newValue,
  });
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
