import type { Random } from "../random.ts";

/**
 * The sandbox's deterministic rule for "Честный знак" marks:
 * a mark is valid when, after trimming, it is at least MIN_MARK_LENGTH characters long, holds no
 * whitespace, and does not start with "BAD" (any case). Everything else is invalid.
 */
export const MIN_MARK_LENGTH = 20;

export function isMarkValid(mark: string): boolean {
  const trimmed = mark.trim();
  return trimmed.length >= MIN_MARK_LENGTH && !/\s/.test(trimmed) && !/^bad/i.test(trimmed);
}

/** A valid mark in the GS1 DataMatrix shape: 01 + GTIN-14 + 21 + serial. */
export function sampleMark(random: Random): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789";
  let serial = "";
  for (let i = 0; i < 13; i++) serial += alphabet[random.int(0, alphabet.length - 1)];
  return `010${random.digits(13)}21${serial}`;
}
