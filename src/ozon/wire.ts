/**
 * Zod pieces for the ways Ozon writes the same thing differently.
 * Tests: none directly
 */
import { z } from "zod";

/** An id sent as a number or a string (large ones arrive as exact strings from parseJson): always a string. */
export const idString = z
  .union([z.string().min(1), z.number().int()])
  .transform((value) => String(value));

/** An id that may be absent: Ozon's gateway writes a missing one as "", which becomes undefined. */
export const optionalId = z
  .union([z.literal(""), idString])
  .nullish()
  .transform((value) => (value === "" || value === null ? undefined : value));

/** A count or quantity that may arrive as a numeric string. */
export const intLike = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/, "expected an integer")])
  .transform((value) => Number(value));

/** `has_next: true` or, now and then, `"true"`. */
export const flexBool = z
  .union([z.boolean(), z.string().regex(/^(true|false)$/i, "expected true or false")])
  .transform((value) => (typeof value === "boolean" ? value : value.toLowerCase() === "true"));

/** An exact integer that may arrive as a string or a number (money in millionths, big ids): bigint. */
export const bigintLike = z
  .union([z.string().regex(/^-?\d+$/, "expected an integer"), z.number().int(), z.bigint()])
  .transform((value) => BigInt(value));

/** Strings that Ozon sometimes sends as null. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) =>
    value === null || value === undefined || value === "" ? undefined : value,
  );

/** An id for a request body: a number while it is exact, else the decimal string (gRPC gateways take both). */
export function wireInt(id: string | number): number | string {
  const text = String(id).trim();
  const value = Number(text);
  return /^-?\d+$/.test(text) && Number.isSafeInteger(value) ? value : text;
}

/** What a `raw: "bytes"` endpoint answers (see RawAnswer in endpoint.ts). */
export const rawAnswer = z.object({
  bytes: z.instanceof(Uint8Array),
  contentType: z.string(),
  fileName: z.string().optional(),
});
