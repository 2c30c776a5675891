/**
 * Finding a posting from what a warehouse person has in hand: the posting number, the order
 * number, or the digits of the label's lower barcode (typed, or read from a photo). Every shop
 * the person reaches is searched side by side; one failing shop does not hide the others' finds.
 * Tests: test/bot/postings/find/parts.test.ts
 */
import { isOzonApiError, ozonFailureKind } from "../../ozon/errors.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";

export type FindKind = "posting" | "order" | "barcode";

export interface FindQuery {
  kind: FindKind;
  /** Normalised: no spaces, no "№"/"#" in front. */
  value: string;
}

/** Longer typed text is not a number anyone copied off a label. */
const MAX_QUERY_CHARS = 64;
const POSTING_NUMBER = /^\d{1,20}-\d{1,10}-\d{1,5}$/;
const ORDER_NUMBER = /^\d{1,20}-\d{1,10}$/;
/** Ozon's lower barcode is 14–15 digits; shorter runs of digits are more likely a typo or a price. */
const BARCODE_DIGITS = /^\d{8,40}$/;

/** What `text` is, when it looks like one of the numbers a posting can be found by. */
export function parseFindQuery(text: string): FindQuery | undefined {
  if (text.length > MAX_QUERY_CHARS) return undefined;
  const value = text.replace(/\s+/g, "").replace(/^[№#]/, "");
  if (POSTING_NUMBER.test(value)) return { kind: "posting", value };
  if (ORDER_NUMBER.test(value)) return { kind: "order", value };
  if (BARCODE_DIGITS.test(value)) return { kind: "barcode", value };
  return undefined;
}

/** What a search needs of a shop. */
export interface SearchableShop {
  id: string;
  seller: Pick<SellerClient, "postings">;
}

export type ShopFinding<S> = { shop: S; postings: Posting[] } | { shop: S; error: unknown };

/**
 * An order's postings are `<order>-1`, `<order>-2`… (a split adds the next free one), but the
 * first need not be there (each warehouse's part has its own). They are read three at a time
 * until a round finds none, at most this many.
 */
export const MAX_ORDER_POSTINGS = 12;
const ORDER_ROUND = 3;
/** Shops asked at the same time (each has its own Client-Id, so its own Ozon rate limit). */
const SHOPS_AT_ONCE = 8;

/**
 * Ozon does not know the value in this shop: 404 / NOT_FOUND, or a 400 for a number it cannot
 * take (a typed number, so "no such posting" is the truth for the person).
 */
export function isNoMatch(error: unknown): boolean {
  const kind = ozonFailureKind(error);
  if (kind === "not_found" || kind === "our_input") return true;
  // Ozon no longer answers the method: nothing is known of the value either way.
  if (kind === "method_gone") return false;
  return isOzonApiError(error) && /NOT_FOUND/i.test(error.apiMessage);
}

/** The postings matching `query` in each shop, in the order of `shops`. */
export async function findPostings<S extends SearchableShop>(
  query: FindQuery,
  shops: readonly S[],
): Promise<Array<ShopFinding<S>>> {
  const results: Array<ShopFinding<S>> = new Array(shops.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < shops.length; i = next++) {
      const shop = shops[i] as S;
      try {
        results[i] = { shop, postings: await findInShop(query, shop.seller) };
      } catch (error) {
        results[i] = { shop, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SHOPS_AT_ONCE, shops.length) }, worker));
  return results;
}

async function findInShop(query: FindQuery, seller: SearchableShop["seller"]): Promise<Posting[]> {
  const { postings } = seller;
  switch (query.kind) {
    case "posting": {
      const posting = await orNothing(postings.get(query.value));
      return posting ? [posting] : [];
    }
    case "order": {
      const found: Posting[] = [];
      for (let first = 1; first <= MAX_ORDER_POSTINGS; first += ORDER_ROUND) {
        const round = Array.from({ length: ORDER_ROUND }, (_, i) => first + i);
        const read = await Promise.all(
          round.map((n) => orNothing(postings.get(`${query.value}-${n}`))),
        );
        const hits = read.filter((posting): posting is Posting => posting !== undefined);
        if (hits.length === 0) break;
        found.push(...hits);
      }
      return found;
    }
    case "barcode": {
      const brief = await orNothing(postings.byBarcode(query.value));
      if (!brief) return [];
      // The barcode answer has no delivery method; the card wants the full posting. When the
      // second read fails the brief form still names the posting.
      const full = await postings.get(brief.postingNumber).catch(() => undefined);
      return [full ?? brief];
    }
  }
}

async function orNothing(read: Promise<Posting>): Promise<Posting | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isNoMatch(error)) return undefined;
    throw error;
  }
}
