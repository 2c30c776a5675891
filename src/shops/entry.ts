/**
 * What describes one Ozon store (a seller account) before the bot talks to it: a name and its keys.
 * Stores come from the environment (OZON_STORES, or the single-store variables) or are added by an
 * admin in the bot (kept encrypted, src/shops/saved.ts). "Store" in this code base is the
 * persistence port, so an Ozon store is a "shop" here.
 * Tests: none directly
 */
import { z } from "zod";

/** Longest shop name: it heads alerts and buttons on a phone. */
export const MAX_SHOP_NAME_LENGTH = 40;

export interface SellerKeys {
  clientId: string;
  apiKey: string;
}

export interface PerformanceKeys {
  clientId: string;
  clientSecret: string;
}

export interface ShopEntry {
  /** Stable id: the Seller Client-Id (the Performance client id for an advertising-only shop). */
  id: string;
  name: string;
  seller?: SellerKeys;
  performance?: PerformanceKeys;
}

export type ShopOrigin = "env" | "bot";

/** Letters, digits, - and _: a Client-Id ends up in store keys. */
export const clientIdSchema = z
  .string({ error: "clientId is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "clientId must be 1 to 64 letters, digits, - or _");

const secret = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(4096, `${what} is too long`)
    .refine((v) => !/\s/.test(v), `${what} must not contain spaces`);

export const shopNameSchema = z
  .string({ error: "name is required" })
  .transform((name) => name.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "name must not be empty")
      .max(MAX_SHOP_NAME_LENGTH, `name must be at most ${MAX_SHOP_NAME_LENGTH} characters`)
      // Telegram texts are HTML: angle brackets and ampersands in a name would break them.
      .refine((name) => !/[<>&]/.test(name), "name must not contain <, > or &"),
  );

/** One element of OZON_STORES, flat as people write it. */
export const storeJsonSchema = z
  .object({
    name: shopNameSchema,
    clientId: clientIdSchema,
    apiKey: secret("apiKey"),
    performanceClientId: z
      .string()
      .trim()
      .min(1, "performanceClientId must not be empty")
      .max(256)
      .optional(),
    performanceClientSecret: secret("performanceClientSecret").optional(),
  })
  .strict()
  .refine(
    (entry) => Boolean(entry.performanceClientId) === Boolean(entry.performanceClientSecret),
    "performanceClientId and performanceClientSecret must be set together",
  )
  .transform(
    (raw): ShopEntry => ({
      id: raw.clientId,
      name: raw.name,
      seller: { clientId: raw.clientId, apiKey: raw.apiKey },
      ...(raw.performanceClientId && raw.performanceClientSecret
        ? {
            performance: {
              clientId: raw.performanceClientId,
              clientSecret: raw.performanceClientSecret,
            },
          }
        : {}),
    }),
  );

/** Every secret of an entry, for the logger's mask. */
export function secretsOf(entry: ShopEntry): string[] {
  return [entry.seller?.apiKey, entry.performance?.clientSecret].filter((s): s is string =>
    Boolean(s),
  );
}
