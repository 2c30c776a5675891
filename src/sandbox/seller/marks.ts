/** Tests: test/bot/audit/returns-audit.test.ts, test/bot/returns/double-tap.test.ts and 44 more */
import type { Random } from "../random.ts";

/**
 * The sandbox's deterministic rules for the codes Ozon checks at packing.
 *
 * A "Честный знак" mark is valid when, after trimming, it is at least MIN_MARK_LENGTH characters
 * long, holds no whitespace, and does not start with "BAD" (any case). Everything else is invalid.
 * An IMEI is 15 digits; a jewellery UIN 16 digits; a customs declaration (GTD) number is
 * `8 digits/6 digits/7 digits`, a batch registration number (RNPT) a GTD number and `/` the
 * item's number (1 to 3 digits).
 */
export const MIN_MARK_LENGTH = 20;

export function isMarkValid(mark: string): boolean {
  const trimmed = mark.trim();
  return trimmed.length >= MIN_MARK_LENGTH && !/\s/.test(trimmed) && !/^bad/i.test(trimmed);
}

/** The kinds of code a unit may carry (`mark_type`), with their rules. */
export const CODE_RULES: Readonly<Record<string, (code: string) => boolean>> = {
  mandatory_mark: isMarkValid,
  imei: (code) => /^\d{15}$/.test(code),
  jw_uin: (code) => /^\d{16}$/.test(code),
};

export const isGtdValid = (gtd: string): boolean => /^\d{8}\/\d{6}\/\d{7}$/.test(gtd);
export const isRnptValid = (rnpt: string): boolean => /^\d{8}\/\d{6}\/\d{7}\/\d{1,3}$/.test(rnpt);

/** A valid mark in the GS1 DataMatrix shape: 01 + GTIN-14 + 21 + serial. */
export function sampleMark(random: Random): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789";
  let serial = "";
  for (let i = 0; i < 13; i++) serial += alphabet[random.int(0, alphabet.length - 1)];
  return `010${random.digits(13)}21${serial}`;
}

export type CodeKind = "mark" | "imei" | "jwUin" | "gtd" | "rnpt";

/** A valid value of `kind` (a mark, an IMEI, a UIN, a GTD or RNPT number). */
export function sampleCode(random: Random, kind: CodeKind): string {
  const gtd = () => `${random.digits(8)}/${random.digits(6)}/${random.digits(7)}`;
  switch (kind) {
    case "mark":
      return sampleMark(random);
    case "imei":
      return `35${random.digits(13)}`;
    case "jwUin":
      return `64${random.digits(14)}`;
    case "gtd":
      return gtd();
    case "rnpt":
      return `${gtd()}/${random.int(1, 999)}`;
  }
}
