/**
 * Schemas of the arguments buttons carry, shared by the capabilities' button declarations
 * (core/buttons.ts). A press is untrusted input: each argument is checked against its shape here,
 * once, before any handler reads it.
 */
import { z } from "zod";

/** A shop's short ref as buttons carry it (src/shops/refs.ts makes base-36 numbers). */
export const SHOP_REF_ARG = z.string().regex(/^[0-9a-z]{1,8}$/);

/** A posting number as Ozon writes it ("68348617-0415-1"); buttons never carry anything longer. */
export const POSTING_NUMBER_ARG = z.string().regex(/^[0-9][0-9-]{2,40}$/);

/** A numeric id Ozon gives (chats, campaigns, SKUs): kept as text, ids pass 2^53. */
export const NUMERIC_ID_ARG = z.string().regex(/^\d{1,20}$/);

/**
 * A page of a list or another small count. Digits only: z.coerce.number would also read "" as 0
 * and "1e3" or "0x10" as numbers, none of which a button is made with.
 */
export const PAGE_ARG = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().max(100_000));

/** A Telegram user or chat id (negative for groups), digits only as PAGE_ARG. */
export const TELEGRAM_ID_ARG = z
  .string()
  .regex(/^-?\d{1,16}$/)
  .transform(Number)
  .pipe(z.number().safe());

/** One of a fixed set of short codes the button was made with. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values);
}
