// node bench/fbo.ts — the Ozon calls an hour of the FBO capabilities (issue 43) for one store
// with 2 000 products and 300 FBO orders a day, against the sandbox over real HTTP with the bot's
// own Seller client and its own watchers (no Telegram: a notifier that accepts every message).
//
// One simulated hour, the worst kind (Ozon refreshes its stock analytics within it):
// - the sales watcher every 60 s (SALES_POLL_MS), orders arriving at 300 a day (12.5 an hour),
//   cancelled orders looked for every 5 min;
// - the days-of-stock watcher every 10 min (FBO_STOCK_POLL_MS): one read of the analytics after
//   the refresh, the catalogue's SKUs kept for an hour;
// - the supplies watcher every 10 min (SUPPLIES_POLL_MS), 30 supply orders in the store.
import { startSandbox } from "../src/sandbox/index.ts";
import {
  FboStockBook,
  FboStockWatcher,
  sellerFboStockSource,
} from "../src/services/fbo-stock/index.ts";
import { SALES_POLL_MS, SalesWatcher } from "../src/services/sales/index.ts";
import { SUPPLIES_POLL_MS, SuppliesWatcher } from "../src/services/supplies/index.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { sandboxSeller } from "../test/support/sandbox-seller.ts";

const PRODUCTS = 2_000;
const ORDERS_A_DAY = 300;
const HOUR = 60 * 60 * 1000;

const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0, initialChats: 0 });
for (let at = sandbox.control.products().length; at < PRODUCTS; at += 1_000) {
  const count = Math.min(1_000, PRODUCTS - at);
  sandbox.control.addPosting({
    products: Array.from({ length: count }, (_, i) => ({
      offerId: `BENCH-${String(at + i).padStart(5, "0")}`,
      name: `Товар ${at + i}`,
      quantity: 1,
      markRequired: false,
    })),
  });
}
const products = sandbox.control.products();
for (const [i, p] of products.entries()) {
  sandbox.control.fbo.setStock({
    sku: p.sku,
    clusterId: 4,
    available: 20 + (i % 50),
    dailySales: (i % 7) / 2,
  });
}
for (let i = 0; i < 30; i++)
  sandbox.control.fbo.addSupply({ state: i % 3 ? "READY_TO_SUPPLY" : "IN_TRANSIT" });

// The hour from 07:00 to 08:00 UTC (the sandbox lists orders up to the watcher's clock, whatever
// the time): Ozon's 07:00 refresh, taken at 07:30, in its middle.
const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR;
const start = day + 24 * HOUR + 7 * HOUR;
const end = start + HOUR;
let clock = start - 60_000;
const now = () => clock;
const seller = sandboxSeller(sandbox);
const quiet = { warn() {}, info() {}, error() {}, debug() {} };
const chat = { chatId: 1, by: 1, since: new Date(start - HOUR).toISOString() };
let messages = 0;
const sales = new SalesWatcher({
  shopId: "bench",
  source: seller.fbo,
  store: new MemoryStore(),
  lease: false,
  now,
  logger: quiet,
  notifier: {
    audience: async () => [chat],
    send: async () => ({ chatId: 1, messageId: ++messages }),
    redraw: async () => {},
  },
});
const stockStore = new MemoryStore();
// The kept read is from before the refresh in the middle of the hour.
const refreshAt = start + HOUR / 2;
const book = new FboStockBook(stockStore, sellerFboStockSource(seller, now), now);
const days = new FboStockWatcher({
  shopId: "bench",
  book,
  store: stockStore,
  lease: false,
  logger: quiet,
  notifier: { tellLow: async () => {} },
});
const supplies = new SuppliesWatcher({
  shopId: "bench",
  source: seller.supplies,
  store: new MemoryStore(),
  lease: false,
  logger: quiet,
  notifier: { tellState: async () => {} },
});

// Before the hour: each watcher's first pass (cursor, states, a read), not counted.
await sales.runOnce();
await supplies.runOnce();
await days.runOnce();
// Orders of the hour at their times; two of them cancelled during it.
const gap = (24 * HOUR) / ORDERS_A_DAY;
const placed = [];
for (let at = start + gap / 2; at < end; at += gap)
  placed.push(sandbox.control.fbo.addOrder({ at }));
sandbox.resetCounters();
const byWatcher = { sales: 0, stock: 0, supplies: 0 };
const count = () => Object.values(sandbox.counters()).reduce((a, b) => a + b, 0);
let lastSupplies = -Infinity;
let lastDays = -Infinity;
for (clock = start; clock < end; clock += SALES_POLL_MS) {
  if (clock >= start + 20 * 60_000 && placed[1] && placed[1].status !== "cancelled") {
    sandbox.control.fbo.cancelOrder(placed[1].postingNumber);
  }
  let before = count();
  await sales.runOnce();
  byWatcher.sales += count() - before;
  if (clock - lastSupplies >= SUPPLIES_POLL_MS) {
    lastSupplies = clock;
    before = count();
    await supplies.runOnce();
    byWatcher.supplies += count() - before;
  }
  if (clock - lastDays >= 10 * 60_000) {
    lastDays = clock;
    before = count();
    await days.runOnce();
    byWatcher.stock += count() - before;
  }
}
const calls = sandbox.counters();
console.log(
  `FBO, one store, ${products.length} products, ${ORDERS_A_DAY} FBO orders a day (${placed.length} in the hour, ${messages} told):\n` +
    `  sales watcher ${byWatcher.sales} calls an hour (every ${SALES_POLL_MS / 1000} s, cancellations every 5 min)\n` +
    `  days of stock ${byWatcher.stock} calls an hour (Ozon's refresh at ${new Date(refreshAt).toISOString().slice(11, 16)} in the hour: one read)\n` +
    `  supplies ${byWatcher.supplies} calls an hour (every ${SUPPLIES_POLL_MS / 60_000} min)\n` +
    `  total ${count()} Ozon calls an hour: ${JSON.stringify(calls)}`,
);
await seller.close();
await sandbox.close();
