/** A Seller client against a test server, with an instant clock and a captured logger. */
import { createSellerClient, type SellerClient } from "../../../src/ozon/seller/client.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { captureLogger } from "./logger.ts";
import { type Handler, routes, startServer, type TestServer } from "./server.ts";

export const CLIENT_ID = "136794";
export const API_KEY = "7f3c2a18-0d4e-4b8e-9a55-secretkey0001";

export interface SellerSetup {
  seller: SellerClient;
  server: TestServer;
  lines: Record<string, unknown>[];
  clock: ManualClock;
  close(): Promise<void>;
}

export async function sellerAgainst(table: Record<string, Handler>): Promise<SellerSetup> {
  const server = await startServer(routes(table));
  const clock = ManualClock.instant();
  const { logger, lines } = captureLogger();
  const seller = createSellerClient({
    baseUrl: server.url,
    clientId: CLIENT_ID,
    apiKey: API_KEY,
    logger,
    clock,
    limiter: null,
    random: () => 0.5,
  });
  return {
    seller,
    server,
    lines,
    clock,
    close: async () => {
      await seller.close();
      await server.close();
    },
  };
}

/** A v3-form posting as Ozon writes it. */
export function v3Posting(number: string, overrides: Record<string, unknown> = {}) {
  return {
    posting_number: number,
    order_id: 33920146,
    order_number: number.split("-").slice(0, 2).join("-"),
    status: "awaiting_packaging",
    substatus: "posting_created",
    shipment_date: "2026-06-16T10:00:00Z",
    in_process_at: "2026-06-15T07:12:00Z",
    delivery_method: {
      id: 21321684811000,
      name: "Ozon Логистика самостоятельно, Москва",
      warehouse_id: 21321684811000,
      warehouse: "Склад на Ленина",
    },
    products: [
      {
        sku: 1456789012,
        name: "Чайник электрический Redmond RK-G200S",
        offer_id: "RK-G200S",
        quantity: 2,
        price: "2490.0000",
        currency_code: "RUB",
        mandatory_mark: [],
      },
    ],
    ...overrides,
  };
}

/** The same posting in the v4 form: price as {amount, currency}. */
export function v4Posting(number: string, overrides: Record<string, unknown> = {}) {
  const base = v3Posting(number, overrides);
  return {
    ...base,
    products: base.products.map(({ price, currency_code, mandatory_mark: _, ...rest }) => ({
      ...rest,
      price: { amount: price, currency: currency_code },
    })),
  };
}

/** Every item of a paged listing (the clients page through Ozon's lists as async iterables). */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
