/**
 * Ozon's documented refusals of one stock or price item (the Seller API's «Частые ошибки»), told
 * apart by their words so the bot can word each itself.
 * Tests: none directly
 */

export interface ItemError {
  code: string;
  message: string;
}

/**
 * Ozon's documented refusals of one item that the bot words itself:
 * - `stock_too_frequent`: a product's stock at one warehouse changed again within 30 s
 *   ("Stock is updated too frequently", or TOO_MANY_REQUESTS on a stock item);
 * - `price_too_often`: a product's price changed more than 10 times in an hour ("error limiting:
 *   acquire limit per item: items limit: limit exceeded", or TOO_MANY_REQUESTS on a price item);
 * - `stock_too_big`: 1 000 000 units or more (STOCK_TOO_BIG).
 */
export type KnownRefusal = "stock_too_frequent" | "price_too_often" | "stock_too_big";

const said = (errors: readonly ItemError[], words: RegExp) =>
  errors.some((e) => words.test(`${e.code} ${e.message}`));

/** Any of Ozon's per-item change limits (stock every 30 s, price 10 times an hour). */
export function isTooManyRequests(errors: readonly ItemError[]): boolean {
  return (
    said(errors, /TOO_MANY_REQUESTS|too many requests/i) ||
    refusalOf("stock", errors) === "stock_too_frequent" ||
    refusalOf("price", errors) === "price_too_often"
  );
}

/** The documented refusal among an item's errors, if any (`kind`: what the item changed). */
export function refusalOf(
  kind: "stock" | "price",
  errors: readonly ItemError[],
): KnownRefusal | undefined {
  if (kind === "stock") {
    if (said(errors, /STOCK_TOO_BIG/i)) return "stock_too_big";
    if (said(errors, /Stock is updated too frequently|TOO_MANY_REQUESTS|too many requests/i)) {
      return "stock_too_frequent";
    }
    return undefined;
  }
  if (said(errors, /acquire limit per item|items limit: limit exceeded/i)) return "price_too_often";
  if (said(errors, /TOO_MANY_REQUESTS|too many requests/i)) return "price_too_often";
  return undefined;
}
