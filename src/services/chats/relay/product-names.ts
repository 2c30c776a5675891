/**
 * Product names for relayed buyer messages, by SKU, from the Seller API. Kept in the store for
 * a while, so a lively chat does not ask Ozon on every message; a SKU Ozon does not know is kept
 * (shorter) as nameless. A failure or a slow answer leaves the name out and is not kept.
 * Tests: none directly
 */
import type { Logger } from "../../../logger.ts";
import type { Store } from "../../../store/port.ts";

export interface ProductNameSource {
  namesBySku(skus: readonly string[], signal?: AbortSignal): Promise<Map<string, string>>;
}

export interface ProductNamesOptions {
  store: Store;
  source: ProductNameSource;
  logger?: Pick<Logger, "warn"> | undefined;
  /** How long a name is kept (default 7 days); a product is renamed now and then. */
  ttlMs?: number;
  /** How long an unknown SKU is kept nameless (default 1 day). */
  unknownTtlMs?: number;
  /** The longest wait for Ozon, retries included (default 5 s): the message must not wait long. */
  timeoutMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Long enough for any real product name; a header must not turn into a page. */
export const PRODUCT_NAME_LIMIT = 200;
const SKU = /^\d{1,20}$/;
const key = (sku: string) => `relay:product-name:${sku}`;

export class ProductNames {
  readonly #options: ProductNamesOptions;

  constructor(options: ProductNamesOptions) {
    this.#options = options;
  }

  /** Keeps a name read elsewhere (the context card's catalogue read), so it is not asked again. */
  async remember(sku: string, name: string): Promise<void> {
    const clean = name.replace(/\s+/g, " ").trim().slice(0, PRODUCT_NAME_LIMIT);
    if (!SKU.test(sku) || !clean) return;
    await this.#options.store.set(
      key(sku),
      { name: clean },
      { ttlMs: this.#options.ttlMs ?? 7 * DAY_MS },
    );
  }

  /** The product's name, or undefined when it is unknown or cannot be read now. */
  async nameOf(sku: string): Promise<string | undefined> {
    if (!SKU.test(sku)) return undefined;
    const { store, source, logger } = this.#options;
    const known = await store.get<{ name?: string }>(key(sku));
    if (known) return known.name;
    let names: Map<string, string>;
    try {
      const timeout = AbortSignal.timeout(this.#options.timeoutMs ?? 5000);
      names = await source.namesBySku([sku], timeout);
    } catch (error) {
      logger?.warn({ err: error, sku }, "Chat relay: the product name could not be read");
      return undefined;
    }
    // One line, whatever Ozon sent: the name sits in a header.
    const name =
      names.get(sku)?.replace(/\s+/g, " ").trim().slice(0, PRODUCT_NAME_LIMIT) || undefined;
    const ttlMs = name
      ? (this.#options.ttlMs ?? 7 * DAY_MS)
      : (this.#options.unknownTtlMs ?? DAY_MS);
    await store.set(key(sku), name ? { name } : {}, { ttlMs });
    return name;
  }
}
