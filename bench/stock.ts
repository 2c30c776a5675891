// node bench/stock.ts — stock alerts and the stock-and-price workbook against the sandbox over
// real HTTP (the sandbox's catalogue grown to the sizes below; the bot's own Seller client).
//
// 1. The stock watcher of a store with 2 000 products: Ozon calls of its first pass (catalogue
//    and stock) and of a regular pass (stock only, the catalogue kept for an hour); from them the
//    calls per hour of 20 such stores at STOCK_POLL_MINUTES = 10.
// 2. A 5 000-product workbook: Ozon's catalogue read, the XLSX written, every stock and price
//    cell edited, the file read back and previewed (target ≤ 3 s for read + preview).
// 3. Applying 1 000 stock changes and 5 000 prices at the bot's pace (750 ms between batches,
//    stock requests at most 70 a minute, under Ozon's 80): requests, time, requests per minute,
//    progress updates.
import ExcelJS from "exceljs";
import { startSandbox } from "../src/sandbox/index.ts";
import { BookDesk, type BookJob } from "../src/services/stock/book-desk.ts";
import { biggestChanges, planBook } from "../src/services/stock/book-plan.ts";
import { readBook } from "../src/services/stock/book-read.ts";
import { catalogWorkbook } from "../src/services/stock/book-write.ts";
import { sellerBookOzon, sellerStockSource } from "../src/services/stock/ozon-source.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { sandboxSeller } from "../test/support/sandbox-seller.ts";

const POLL_MINUTES = 10;
const STORES = 20;

async function sandboxWith(products: number) {
  const sandbox = await startSandbox({ initialPostings: 0, historyPostings: 0, initialChats: 0 });
  // The bench's catalogue: the sandbox's own products, and new ones up to `products`, brought
  // in the one way the sandbox has: postings of products it does not know yet (a unit each).
  for (let at = sandbox.control.products().length; at < products; at += 1_000) {
    const count = Math.min(1_000, products - at);
    sandbox.control.addPosting({
      products: Array.from({ length: count }, (_, i) => ({
        offerId: `BENCH-${String(at + i).padStart(5, "0")}`,
        name: `Товар ${at + i}`,
        quantity: 1,
        markRequired: false,
      })),
    });
  }
  return sandbox;
}

const total = (counters: Record<string, number>) =>
  Object.values(counters).reduce((a, b) => a + b, 0);

// 1. The watcher's cost.
{
  const sandbox = await sandboxWith(2_000);
  const seller = sandboxSeller(sandbox);
  const source = sellerStockSource(seller);
  const signal = new AbortController().signal;
  sandbox.resetCounters();
  let started = performance.now();
  const levels = await source(signal);
  const firstMs = performance.now() - started;
  const first = sandbox.counters();
  sandbox.resetCounters();
  started = performance.now();
  await source(signal);
  const regularMs = performance.now() - started;
  const regular = total(sandbox.counters());
  const passesPerHour = 60 / POLL_MINUTES;
  // Each hour: one pass reads the catalogue again, the others only the stock.
  const perStoreHour = total(first) + (passesPerHour - 1) * regular;
  console.log(
    `watcher, 2 000 products (${levels.length} product–warehouse pairs):\n` +
      `  first pass ${total(first)} Ozon calls (${JSON.stringify(first)}) in ${firstMs.toFixed(0)} ms\n` +
      `  regular pass ${regular} calls in ${regularMs.toFixed(0)} ms\n` +
      `  one store: ${perStoreHour} calls an hour at ${POLL_MINUTES} min; ${STORES} stores: ${STORES * perStoreHour} calls an hour ` +
      `(≈ ${((STORES * perStoreHour) / 60).toFixed(1)} a minute), plus one regular pass per stock push`,
  );
  await seller.close();
  await sandbox.close();
}

// 2 and 3. The workbook.
{
  const sandbox = await sandboxWith(5_000);
  // The bot's own pace of stock requests (the sandbox's client leaves it out by default).
  const seller = sandboxSeller(sandbox, { stockLimiter: undefined });
  const ozon = sellerBookOzon(seller);
  const signal = new AbortController().signal;
  sandbox.resetCounters();
  let started = performance.now();
  const catalog = await ozon.catalog(signal);
  const readMs = performance.now() - started;
  const readCalls = total(sandbox.counters());
  started = performance.now();
  const labels = {
    offerId: "Артикул",
    name: "Название",
    stock: (w: string) => `Остаток «${w}»`,
    price: "Цена",
    oldPrice: "Цена до скидки",
    minPrice: "Мин. цена",
    cost: "Себестоимость",
  };
  const bytes = await catalogWorkbook(catalog, labels);
  const writeMs = performance.now() - started;
  console.log(
    `workbook, ${catalog.items.length} products × ${catalog.warehouses.length} warehouses: ` +
      `catalogue read in ${readMs.toFixed(0)} ms (${readCalls} Ozon calls), XLSX written in ${writeMs.toFixed(0)} ms (${(bytes.byteLength / 1024).toFixed(0)} KB)`,
  );

  // Every row edited: the first warehouse's stock on 1 000 rows, the price on all of them.
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const priceColumn = 3 + catalog.warehouses.length;
  for (let n = 2; n <= sheet.rowCount; n++) {
    if (n <= 1_001) sheet.getCell(n, 3).value = 3 + (n % 40);
    // Below every old price of the catalogue, so Ozon takes each (a price above it is refused).
    sheet.getCell(n, priceColumn).value = 99.9 + (n % 100);
  }
  const edited = Buffer.from(await book.xlsx.writeBuffer());

  started = performance.now();
  const sheetRead = await readBook(edited, "xlsx");
  const parsedMs = performance.now() - started;
  const plan = planBook(sheetRead, catalog);
  const biggest = biggestChanges(plan);
  const previewMs = performance.now() - started;
  console.log(
    `  read back and previewed in ${previewMs.toFixed(0)} ms (parse ${parsedMs.toFixed(0)} ms; target ≤ 3 000 ms): ` +
      `${plan.counts.stock} stock changes, ${plan.counts.price} prices, ${biggest.length} biggest listed; ` +
      `with the catalogue read again for the preview: ${(previewMs + readMs).toFixed(0)} ms`,
  );

  const progress: number[] = [];
  let finished = 0;
  const desk = new BookDesk({
    shopId: "bench",
    store: new MemoryStore(),
    ozon,
    lease: false,
    notifier: {
      async progress(job: BookJob) {
        progress.push(job.sent);
        return 1;
      },
      async finished(_job, lines) {
        finished = lines.filter((l) => l.outcome.ok).length;
      },
      async stopped() {},
    },
  });
  await desk.saveDraft({
    id: "bench",
    shopId: "bench",
    warehouses: catalog.warehouses,
    chatId: 1,
    by: 1,
    byName: "bench",
    locale: "ru",
    stock: plan.stock,
    prices: plan.prices,
    createdAt: new Date().toISOString(),
  });
  await desk.apply("bench");
  sandbox.resetCounters();
  started = performance.now();
  await desk.runOnce();
  const applyMs = performance.now() - started;
  const counters = sandbox.counters();
  const requests =
    (counters["POST /v2/products/stocks"] ?? 0) + (counters["POST /v1/product/import/prices"] ?? 0);
  console.log(
    `  applied ${plan.stock.length + plan.prices.length} changes in ${requests} requests over ${(applyMs / 1000).toFixed(1)} s ` +
      `(${((requests * 60_000) / applyMs).toFixed(0)} requests a minute; Ozon allows 80), ${finished} done, ` +
      `${progress.length} progress updates`,
  );
  await desk.stop();
  await seller.close();
  await sandbox.close();
}
