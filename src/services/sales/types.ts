/**
 * What the sales watcher tells and to whom: an FBO order as its card shows it, the chats of a
 * store, and the notifier the bot gives it (free of Telegram).
 * Tests: test/bot/fbo-stock/fbo-stock.test.ts, test/bot/sales/audience.test.ts and 1 more
 */

export interface SaleLine {
  name: string;
  offerId: string | undefined;
  quantity: number;
  /** One unit's price in kopecks, as decimal digits; undefined when Ozon gave none. */
  priceKopecks: string | undefined;
}

export interface Sale {
  postingNumber: string;
  inProcessAt: string;
  /** The buyer's city and the cluster the order goes to, as Ozon names them. */
  city: string | undefined;
  cluster: string | undefined;
  lines: SaleLine[];
}

/** A chat that hears about a store's sales, since the ISO time it chose them. */
export interface SalesAudience {
  chatId: number;
  by: number;
  since: string;
}

export interface SalesNotifier {
  /** The chats to tell about this store's orders now. */
  audience(shopId: string): Promise<SalesAudience[]>;
  /**
   * One card (one order) or a digest (several); resolves once Telegram accepted it with where it
   * went, or "gone" when the chat cannot be told (left, paused). Throws when it may work later.
   */
  send(
    chat: SalesAudience,
    shopId: string,
    message: { sales: Sale[]; cancelled: string[] },
  ): Promise<{ chatId: number; messageId: number } | "gone">;
  /** The message drawn again (an order in it was cancelled). */
  redraw(
    at: { chatId: number; messageId: number },
    shopId: string,
    message: { sales: Sale[]; cancelled: string[] },
  ): Promise<void>;
}

export interface SalesPassReport {
  /** False: another process holds the store's lease; nothing was done. */
  leader: boolean;
  firstRun: boolean;
  listed: number;
  fresh: number;
  /** Orders delivered, over all chats. */
  told: number;
  cards: number;
  digests: number;
  /** Orders whose cards now show the cancellation. */
  cancelled: number;
}
