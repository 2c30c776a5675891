/** Tests: test/sandbox/units.test.ts */
import { parse } from "lossless-json";

/**
 * JSON text written by hand so that bigint values (chat message ids above 2^53) appear as bare
 * integers, exactly as Ozon writes them. JavaScript numbers cannot hold such ids.
 */
export function writeJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "object": {
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      if (Array.isArray(value)) {
        return `[${value.map((item) => (isSkipped(item) ? "null" : writeJson(item))).join(",")}]`;
      }
      const parts: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        if (isSkipped(item)) continue;
        parts.push(`${JSON.stringify(key)}:${writeJson(item)}`);
      }
      return `{${parts.join(",")}}`;
    }
    default:
      return "null";
  }
}

function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/** Parses request JSON so that integers beyond 2^53 arrive as bigint instead of losing digits. */
export function parseJsonLossless(text: string): unknown {
  return parse(text, null, (digits: string) => {
    if (/^-?\d+$/.test(digits)) {
      const asNumber = Number(digits);
      return Number.isSafeInteger(asNumber) ? asNumber : BigInt(digits);
    }
    return Number(digits);
  });
}

/** A message id given as a bare integer (number or bigint) or a string of digits. */
export function toMessageId(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^\d+$/.test(value.trim())) return BigInt(value.trim());
  return undefined;
}
