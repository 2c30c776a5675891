/**
 * The shops the environment describes: OZON_STORES (a JSON array), or the single-store variables
 * (OZON_CLIENT_ID, OZON_API_KEY, OZON_PERFORMANCE_…) as one shop named OZON_STORE_NAME. Problems
 * name the variable and the shop (by position and name), never a key.
 * Tests: none directly
 */
import { MAX_SHOP_NAME_LENGTH, type ShopEntry, shopNameSchema, storeJsonSchema } from "./entry.ts";

/** More stores than this in OZON_STORES is a mistake, not an agency. */
export const MAX_ENV_SHOPS = 200;

export interface EnvShopSettings {
  OZON_STORES?: string;
  OZON_STORE_NAME?: string;
  OZON_CLIENT_ID?: string;
  OZON_API_KEY?: string;
  OZON_PERFORMANCE_CLIENT_ID?: string;
  OZON_PERFORMANCE_CLIENT_SECRET?: string;
}

const SINGLE_STORE_VARIABLES = [
  "OZON_CLIENT_ID",
  "OZON_API_KEY",
  "OZON_PERFORMANCE_CLIENT_ID",
  "OZON_PERFORMANCE_CLIENT_SECRET",
] as const;

/** Shops from OZON_STORES or the single-store variables; problems instead when they are wrong. */
export function shopsFromEnv(s: EnvShopSettings): { shops: ShopEntry[]; problems: string[] } {
  const single = SINGLE_STORE_VARIABLES.filter((name) => s[name]);
  if (s.OZON_STORES !== undefined) {
    const problems: string[] = [];
    if (single.length > 0) {
      problems.push(
        `OZON_STORES and ${single.join(", ")} are both set: describe every store in OZON_STORES, or use the single-store variables, not both`,
      );
    }
    if (s.OZON_STORE_NAME) {
      problems.push("OZON_STORE_NAME names the single store; in OZON_STORES give each a name");
    }
    const parsed = parseStoresJson(s.OZON_STORES);
    return { shops: parsed.shops, problems: [...problems, ...parsed.problems] };
  }
  return singleShop(s);
}

function parseStoresJson(text: string): { shops: ShopEntry[]; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // The parser's message quotes the text around the error, which may be a key.
    return { shops: [], problems: ["OZON_STORES is not valid JSON (expected [{...}, ...])"] };
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    return { shops: [], problems: ["OZON_STORES must be a non-empty JSON array of stores"] };
  }
  if (raw.length > MAX_ENV_SHOPS) {
    return { shops: [], problems: [`OZON_STORES holds more than ${MAX_ENV_SHOPS} stores`] };
  }
  const shops: ShopEntry[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  raw.forEach((item, index) => {
    const who = describe(item, index);
    const parsed = storeJsonSchema.safeParse(item);
    if (!parsed.success) {
      // zod messages here are ours and name fields, never values.
      const reasons = [...new Set(parsed.error.issues.map((issue) => issue.message))].join("; ");
      problems.push(`OZON_STORES ${who}: ${reasons}`);
      return;
    }
    const shop = parsed.data;
    const earlier = seen.get(shop.id);
    if (earlier) {
      problems.push(`OZON_STORES ${who} has the same clientId as ${earlier}`);
      return;
    }
    seen.set(shop.id, who);
    shops.push(shop);
  });
  const names = new Map<string, string>();
  for (const [index, shop] of shops.entries()) {
    const key = shop.name.toLocaleLowerCase("ru");
    const earlier = names.get(key);
    if (earlier) problems.push(`OZON_STORES: two stores are named "${shop.name}" (${earlier})`);
    names.set(key, `store ${index + 1}`);
  }
  return { shops, problems };
}

/** "store 2 (Южный)": position, and the name when it is a sensible one. */
function describe(item: unknown, index: number): string {
  const name =
    item && typeof item === "object" && "name" in item && typeof item.name === "string"
      ? item.name.trim()
      : "";
  const shown =
    name && name.length <= MAX_SHOP_NAME_LENGTH && !/[\p{Cc}<>&]/u.test(name) ? ` (${name})` : "";
  return `store ${index + 1}${shown}`;
}

function singleShop(s: EnvShopSettings): { shops: ShopEntry[]; problems: string[] } {
  const problems: string[] = [];
  const hasSeller = Boolean(s.OZON_CLIENT_ID || s.OZON_API_KEY);
  const hasPerformance = Boolean(s.OZON_PERFORMANCE_CLIENT_ID || s.OZON_PERFORMANCE_CLIENT_SECRET);
  if (hasSeller && !(s.OZON_CLIENT_ID && s.OZON_API_KEY)) {
    problems.push("OZON_CLIENT_ID and OZON_API_KEY must be set together");
  }
  if (hasPerformance && !(s.OZON_PERFORMANCE_CLIENT_ID && s.OZON_PERFORMANCE_CLIENT_SECRET)) {
    problems.push(
      "OZON_PERFORMANCE_CLIENT_ID and OZON_PERFORMANCE_CLIENT_SECRET must be set together",
    );
  }
  let name: string | undefined;
  if (s.OZON_STORE_NAME !== undefined) {
    const parsed = shopNameSchema.safeParse(s.OZON_STORE_NAME);
    if (parsed.success) name = parsed.data;
    else problems.push(`OZON_STORE_NAME ${parsed.error.issues[0]?.message.replace(/^name /, "")}`);
  }
  if (problems.length > 0 || !(hasSeller || hasPerformance)) return { shops: [], problems };
  const seller =
    s.OZON_CLIENT_ID && s.OZON_API_KEY
      ? { clientId: s.OZON_CLIENT_ID, apiKey: s.OZON_API_KEY }
      : undefined;
  const performance =
    s.OZON_PERFORMANCE_CLIENT_ID && s.OZON_PERFORMANCE_CLIENT_SECRET
      ? { clientId: s.OZON_PERFORMANCE_CLIENT_ID, clientSecret: s.OZON_PERFORMANCE_CLIENT_SECRET }
      : undefined;
  const id = seller?.clientId ?? performance?.clientId ?? "";
  return {
    shops: [
      {
        id,
        name: name ?? `Ozon ${id}`.slice(0, MAX_SHOP_NAME_LENGTH),
        ...(seller ? { seller } : {}),
        ...(performance ? { performance } : {}),
      },
    ],
    problems: [],
  };
}
