/**
 * Schemas of the arguments buttons carry, shared by the capabilities' button declarations
 * (core/buttons.ts). A press is untrusted input: each argument is checked against its shape here,
 * once, before any handler reads it.
 * Tests: test/bot/core/button-shapes.test.ts, test/bot/postings/buttons.test.ts
 */
import { z } from "zod";

/** A shop's short ref as buttons carry it (src/shops/refs.ts makes base-36 numbers). */
export const SHOP_REF_ARG = z.string().regex(/^[0-9a-z]{1,8}$/);

/** A posting number as Ozon writes it ("68348617-0415-1"); buttons never carry anything longer. */
export const POSTING_NUMBER_ARG = z.string().regex(/^[0-9][0-9-]{2,40}$/);

/** A numeric id Ozon gives (chats, campaigns, SKUs): kept as text, ids pass 2^53. */
export const NUMERIC_ID_ARG = z.string().regex(/^\d{1,20}$/);

/**
 * Whole-number text read as a number. Not z.coerce.number(): Number() reads "" as 0 and takes
 * " 3", "1e3" and "0x10", none of which a button made with String(number) carries.
 */
function integerText(pattern: RegExp) {
  return z.string().regex(pattern).transform(Number).pipe(z.number().int().safe());
}

/** A page of a list or another small count. */
export const PAGE_ARG = integerText(/^\d{1,6}$/).pipe(z.number().max(100_000));

/** A Telegram user or chat id (negative for groups). */
export const TELEGRAM_ID_ARG = integerText(/^-?\d{1,16}$/);

/** A signed 32-bit id (Ozon's rFBS action ids: -1, -10, 1020…). */
export const INT32_ARG = integerText(/^-?\d{1,10}$/).pipe(
  z
    .number()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
);

/** One of a fixed set of short codes the button was made with. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values);
}
