/**
 * What Ozon's stock pushes cost: a push reads only the SKUs it names (pushes within the stock
 * window read together, one request), and pushes naming nothing make at most one whole read a
 * minute. Pushes go through readPush, the durable queue and the dispatcher as in main.ts; the
 * stock is read from the sandbox over HTTP and counted there; alerts reach the fake Bot API.
 * Time is the test's clock: no real waits.
 */
import { afterEach, describe, expect, it } from "vitest";
import { PushDispatcher } from "../../../src/services/push/dispatcher.ts";
import { readPush } from "../../../src/services/push/events.ts";
import { PushQueue } from "../../../src/services/push/queue.ts";
import { PUSH_WINDOW_MS } from "../../../src/services/stock/watcher.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { command } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  type StockHarness,
  startStock,
} from "./harness.ts";

const BY_WAREHOUSE = "POST /v2/product/info/stocks-by-warehouse/fbs";
const OFFER = "SNK-NIMBUS-43-BLK";
const MOSCOW = 1020000092835000;

interface Setup {
  h: StockHarness;
  clock: ManualClock;
  /** Sends one Ozon push body for the store and lets the dispatcher look once. */
  push(body: Record<string, unknown>): Promise<void>;
  /** The SKUs each stocks-by-warehouse read asked for, in order, and the clock's time of each. */
  reads: string[][];
  readAt: number[];
}

let current: StockHarness | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function setup(): Promise<Setup> {
  const clock = new ManualClock();
  const h = await startStock({ module: { now: () => new Date(clock.now()) } });
  current = h;
  const reads: string[][] = [];
  const readAt: number[] = [];
  const stock = h.seller.stock;
  const read = stock.stocksByWarehouse.bind(stock);
  stock.stocksByWarehouse = (ids, signal) => {
    reads.push("skus" in ids ? [...ids.skus] : []);
    readAt.push(clock.now());
    return read(ids, signal);
  };
  const queue = new PushQueue(h.store, clock.now);
  const dispatcher = new PushDispatcher({
    queue,
    now: clock.now,
    knows: () => true,
    passFor: (shopId, area) => h.module.passAfterPush?.(shopId, area),
    minGapMs: (area) => (area === "stocks" ? PUSH_WINDOW_MS : 1_000),
  });
  let n = 0;
  const push = async (body: Record<string, unknown>) => {
    const read = readPush({ seller_id: h.shopId, ...body });
    if (read.kind !== "hint") throw new Error(`not a hint: ${JSON.stringify(read)}`);
    const { kind: _kind, sellerId: _seller, ...hint } = read;
    n += 1;
    await queue.add({ ...hint, shopId: h.shopId }, `push-${n}`);
    await dispatcher.runOnce();
  };
  return { h, clock, push, reads, readAt };
}

const stockPush = (skus: number[]) => ({
  message_type: "TYPE_STOCKS_CHANGED",
  items: skus.map((sku) => ({
    product_id: 1,
    sku,
    updated_at: "2026-06-15T09:00:00Z",
    stocks: [{ warehouse_id: MOSCOW, present: 1, reserved: 0 }],
  })),
});

async function subscribe(h: StockHarness) {
  const screen = lastScreen(await exchange(h, command("subscribe", { from: KEEPER })));
  const toggle = buttonsOf(screen).find((b) => b.text.includes("Stock alerts"));
  await exchange(h, press(screen, toggle?.text ?? "?", KEEPER));
}

describe("stock pushes", () => {
  it("read only the SKUs they name, in one request per window: 60 pushes in 60 s", async () => {
    const { h, clock, push, reads } = await setup();
    await subscribe(h);
    await h.module.runOnce(h.shopId);
    const catalogue = h.sandbox.control.products();
    const everySku = new Set(reads.flat());
    expect(everySku.size).toBe(catalogue.length);
    reads.length = 0;
    h.sandbox.resetCounters();

    const target = catalogue.find((p) => p.offerId === OFFER);
    const others = catalogue.filter((p) => p.offerId !== OFFER).map((p) => p.sku);
    const named = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await clock.advance(1_000);
      const sku = i === 30 ? Number(target?.sku) : (others[i % 3] as number);
      // The 31st push says the Moscow stock of OFFER ran out: its alert comes from that read.
      if (i === 30) h.sandbox.control.stock.setStock(OFFER, MOSCOW, 0);
      named.add(String(sku));
      await push(stockPush([sku]));
    }

    const requests = h.sandbox.counters()[BY_WAREHOUSE] ?? 0;
    // One read per 5-second window (and the first push at once), each only of SKUs named.
    expect(requests).toBeLessThanOrEqual(13);
    expect(reads.length).toBe(requests);
    for (const asked of reads) {
      expect(asked.length).toBeGreaterThan(0);
      for (const sku of asked) expect(named.has(sku)).toBe(true);
    }
    expect(new Set(reads.flat())).toEqual(named);
    // No catalogue read: it is kept for an hour.
    expect(h.sandbox.counters()["POST /v3/product/list"] ?? 0).toBe(0);
    const alert = messagesTo(h, KEEPER.id).at(-1);
    expect(textOf(alert as never)).toContain("🔴 Out of stock");
    expect(textOf(alert as never)).toContain(OFFER);
  });

  it("naming no SKU: at most one whole read a minute, however many such pushes", async () => {
    const { h, clock, push, reads, readAt } = await setup();
    await h.module.runOnce(h.shopId);
    const whole = reads.length;
    expect(whole).toBeGreaterThan(0);
    const start = clock.now();
    reads.length = 0;
    readAt.length = 0;

    // 125 pushes a second apart, naming nothing (one of them with a list that cannot be read).
    for (let i = 0; i < 125; i++) {
      await clock.advance(1_000);
      const items = i === 7 ? { items: "not a list" } : {};
      await push({ message_type: "TYPE_STOCKS_CHANGED", ...items });
    }
    // Two whole reads in 125 s (each a minute after the one before), not 125.
    expect(reads.length).toBe(2 * whole);
    const starts = [...new Set(readAt)];
    expect(starts).toHaveLength(2);
    expect((starts[0] as number) - start).toBeGreaterThanOrEqual(60_000);
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(60_000);
  });

  it("a push naming SKUs outside the store's catalogue reads nothing", async () => {
    const { h, clock, push, reads } = await setup();
    await h.module.runOnce(h.shopId);
    reads.length = 0;
    await clock.advance(10_000);
    await push(stockPush([987654321]));
    expect(reads).toEqual([]);
  });
});
