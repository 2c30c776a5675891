/**
 * The buyer context card on a chat's first relayed message: the order, the posting's status and
 * the product (name, SKU, price, stock). At most two Ozon calls (the posting, the product), each
 * within a short deadline, kept a while per posting or SKU; whatever fails is left out.
 * Tests: none directly
 */
import type { Logger } from "../../../logger.ts";
import type { ProductFacts } from "../../../ozon/seller/products.ts";
import type { Posting } from "../../../ozon/seller/types.ts";
import type { Store } from "../../../store/port.ts";
import type { ChatContext } from "./types.ts";

export interface ContextCard {
  orderNumber?: string;
  postingNumber?: string;
  status?: string;
  product?: { name: string; sku: string; price?: string; currency?: string; stock?: number };
}

export interface ContextCardSource {
  postings: {
    get(postingNumber: string, signal?: AbortSignal): Promise<Posting>;
    ofOrder(orderNumber: string, signal?: AbortSignal): Promise<Posting[]>;
  };
  products: {
    factsBySku(skus: readonly string[], signal?: AbortSignal): Promise<Map<string, ProductFacts>>;
  };
}

export interface ContextCardsOptions {
  store: Store;
  source: ContextCardSource;
  logger?: Pick<Logger, "info"> | undefined;
  /** Each Ozon call's deadline (default 4 s): a buyer's message must not wait long. */
  timeoutMs?: number;
  /** How long a card is kept (default 10 minutes). */
  ttlMs?: number;
}

const cardKey = (context: ChatContext) =>
  `relay:context-card:${context.postingNumber ?? ""}:${context.sku ?? ""}`;

export class ContextCards {
  readonly #options: ContextCardsOptions;

  constructor(options: ContextCardsOptions) {
    this.#options = options;
  }

  /** The card of a chat about a posting or a product; undefined for a chat about neither. */
  async cardOf(context: ChatContext): Promise<ContextCard | undefined> {
    if (!context.postingNumber && !context.sku) return undefined;
    const { store } = this.#options;
    const known = await store.get<ContextCard>(cardKey(context));
    if (known) return known;
    const card: ContextCard = {};
    if (context.orderNumber) card.orderNumber = context.orderNumber;
    let sku = context.sku;
    let fromPosting: Posting["products"][number] | undefined;
    let complete = true;
    // Today's chats name the order only: the posting is the order's one with this product (an
    // order may be split), found in Ozon's list by the order's number.
    const posting = context.postingNumber
      ? await this.#try("posting", (signal) =>
          this.#options.source.postings.get(context.postingNumber as string, signal),
        )
      : context.orderNumber
        ? await this.#try("posting", async (signal) => {
            const all = await this.#options.source.postings.ofOrder(
              context.orderNumber as string,
              signal,
            );
            return all.find((p) => !sku || p.products.some((x) => x.sku === sku)) ?? all[0];
          })
        : undefined;
    if (posting) {
      card.postingNumber = posting.postingNumber;
      card.status = posting.status;
      card.orderNumber ??= posting.orderNumber;
      fromPosting = posting.products.find((p) => !sku || p.sku === sku) ?? posting.products[0];
      sku ??= fromPosting?.sku;
    } else if (context.postingNumber) complete = false;
    if (sku) {
      const facts = await this.#try("product", (signal) =>
        this.#options.source.products.factsBySku([sku], signal),
      );
      const fact = facts?.get(sku);
      if (!facts) complete = false;
      // The product as the catalogue has it now; without its answer the product is left out.
      if (fact) {
        card.product = { name: fact.name, sku };
        const price = fromPosting?.price ?? fact?.price;
        const currency = fromPosting?.currency ?? fact?.currency;
        if (price) card.product.price = price;
        if (currency) card.product.currency = currency;
        if (fact?.stock !== undefined) card.product.stock = fact.stock;
      }
    }
    // A card with a hole is not kept: the next first message tries again.
    if (complete)
      await store.set(cardKey(context), card, { ttlMs: this.#options.ttlMs ?? 600_000 });
    return card;
  }

  async #try<T>(what: string, call: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    try {
      return await call(AbortSignal.timeout(this.#options.timeoutMs ?? 4000));
    } catch (error) {
      this.#options.logger?.info({ err: error, what }, "a buyer context card part was left out");
      return undefined;
    }
  }
}
