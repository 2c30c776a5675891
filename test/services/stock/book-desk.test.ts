import { describe, expect, it } from "vitest";
import {
  type BookBatch,
  BookDesk,
  type BookDraft,
  type BookJob,
  type BookResultLine,
  type BookRights,
} from "../../../src/services/stock/book-desk.ts";
import type { BookOzon, PriceSet, StockSet } from "../../../src/services/stock/book-ozon.ts";
import type { BookCatalog } from "../../../src/services/stock/book-plan.ts";
import { MemoryStore } from "../../../src/store/memory.ts";

class FakeOzon implements BookOzon {
  stockCalls: StockSet[][] = [];
  priceCalls: PriceSet[][] = [];
  readonly state: BookCatalog;
  constructor(state: BookCatalog) {
    this.state = state;
  }
  async catalog() {
    return structuredClone(this.state);
  }
  async setStocks(items: readonly StockSet[]) {
    this.stockCalls.push([...items]);
    return items.map((item) => {
      if (item.offerId === "BAD") {
        return { ok: false as const, code: "TOO_MANY_REQUESTS", message: "wait 30 s" };
      }
      const found = this.state.items.find((i) => i.offerId === item.offerId);
      if (found) found.stocks[item.warehouseId] = item.stock;
      return { ok: true as const };
    });
  }
  async setPrices(items: readonly PriceSet[]) {
    this.priceCalls.push([...items]);
    return items.map(() => ({ ok: true as const }));
  }
}

const catalog = (count: number): BookCatalog => ({
  warehouses: [{ id: "1", name: "W" }],
  items: Array.from({ length: count }, (_, i) => ({
    offerId: i === 0 ? "BAD" : `O${i}`,
    productId: String(i + 1),
    name: `P${i}`,
    stocks: { "1": 10 },
    price: 10_000n,
  })),
});

const draft = (count: number): BookDraft => ({
  id: "d1",
  shopId: "shop",
  warehouses: [{ id: "1", name: "W" }],
  chatId: 5,
  by: 5,
  byName: "Kim",
  locale: "en",
  createdAt: new Date().toISOString(),
  stock: Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    offerId: i === 0 ? "BAD" : `O${i}`,
    productId: String(i + 1),
    warehouseId: "1",
    from: 10,
    to: 3,
  })),
  prices: [
    { row: 2, offerId: "BAD", productId: "1", fields: { price: { from: "10000", to: "12050" } } },
  ],
});

function desk(store: MemoryStore, ozon: FakeOzon, rights?: BookRights) {
  const progress: number[] = [];
  const results: BookResultLine[][] = [];
  const stopped: BookJob[] = [];
  const d = new BookDesk({
    shopId: "shop",
    store,
    ozon,
    lease: false,
    paceMs: 0,
    notifier: {
      async progress(job: BookJob) {
        progress.push(job.sent);
        return 77;
      },
      async finished(_job, lines) {
        results.push(lines);
      },
      async stopped(job) {
        stopped.push(structuredClone(job));
      },
    },
    ...(rights ? { rights: async () => rights } : {}),
  });
  return { d, progress, results, stopped };
}

/** A store where a draft of `count` stock changes and a price was applied, nothing sent yet. */
async function applied(count: number) {
  const store = new MemoryStore();
  const ozon = new FakeOzon(catalog(count));
  const { d } = desk(store, ozon);
  await d.saveDraft(draft(count));
  await d.apply("d1");
  return { store, ozon };
}

describe("workbook desk", () => {
  it("applies a draft once in batches of Ozon's limit, with progress and a result per row", async () => {
    const store = new MemoryStore();
    const ozon = new FakeOzon(catalog(250));
    const { d, progress, results } = desk(store, ozon);
    await d.saveDraft(draft(250));
    const [first, second] = await Promise.all([d.apply("d1"), d.apply("d1")]);
    expect([first.kind, second.kind].sort()).toEqual(["already", "started"]);
    expect(await d.runOnce()).toBe(1);
    expect(ozon.stockCalls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(ozon.priceCalls).toEqual([[{ offerId: "BAD", productId: "1", price: "120.50" }]]);
    expect(progress.at(-1)).toBe(251);
    const [lines] = results;
    expect(lines).toHaveLength(251);
    expect(lines?.[0]).toMatchObject({
      row: 2,
      offerId: "BAD",
      stock: 3,
      outcome: { ok: false, code: "TOO_MANY_REQUESTS" },
    });
    expect(lines?.filter((l) => l.outcome.ok)).toHaveLength(250);
    expect(await d.runOnce()).toBe(0); // delivered: nothing again
    expect((await d.apply("d1")).kind).toBe("already");
    await store.close();
  });

  it("resumes after a kill mid-request: sends only what Ozon does not show yet", async () => {
    const { store, ozon } = await applied(150);
    // The process died after marking the first batch "sending"; Ozon took its first 40 items.
    const key = "book:batch:d1:00000";
    const batch = (await store.get<BookBatch>(key)) as BookBatch;
    await store.set(key, { ...batch, state: "sending" });
    for (const item of ozon.state.items.slice(1, 40)) item.stocks["1"] = 3;

    const restarted = desk(store, ozon);
    expect(await restarted.d.runOnce()).toBe(1);
    const [resent, rest] = ozon.stockCalls;
    expect(resent?.map((i) => i.offerId)).toEqual([
      "BAD",
      ...Array.from({ length: 60 }, (_, i) => `O${i + 40}`),
    ]);
    expect(rest).toHaveLength(50);
    const lines = restarted.results[0] ?? [];
    expect(lines.filter((l) => l.outcome.ok)).toHaveLength(150);
    await store.close();
  });

  it("resumed after the sender lost a role, sends nothing more and tells them once", async () => {
    const { store, ozon } = await applied(150);
    // Before any round the process stopped; meanwhile the warehouse role was taken away.
    const restarted = desk(store, ozon, { stock: false, prices: true });
    expect(await restarted.d.runOnce()).toBe(1);
    expect(ozon.stockCalls).toEqual([]);
    expect(ozon.priceCalls).toEqual([]);
    expect(restarted.results).toEqual([]);
    expect(restarted.stopped.map((job) => [job.id, job.sent, job.total])).toEqual([["d1", 0, 151]]);
    expect(await restarted.d.runOnce()).toBe(0);
    expect(await desk(store, ozon, { stock: false, prices: true }).d.runOnce()).toBe(0);
    expect(restarted.stopped).toHaveLength(1);
    expect(await store.list("book:batch:")).toEqual([]);
    await store.close();
  });

  it("resumed with the rights still held, goes on from where it was", async () => {
    const { store, ozon } = await applied(150);
    // The first stock batch went before the restart; only the rest needs the roles now.
    const key = "book:batch:d1:00000";
    await store.set(key, { ...((await store.get<BookBatch>(key)) as BookBatch), state: "done" });
    const restarted = desk(store, ozon, { stock: true, prices: true });
    expect(await restarted.d.runOnce()).toBe(1);
    expect(ozon.stockCalls.map((c) => c.length)).toEqual([50]);
    expect(ozon.priceCalls).toHaveLength(1);
    expect(restarted.stopped).toEqual([]);
    await store.close();
  });

  it("gives a batch Ozon keeps refusing up after a few tries, its rows failed with the reason", async () => {
    const store = new MemoryStore();
    const ozon = new FakeOzon(catalog(3));
    ozon.setPrices = async () => {
      throw new Error("HTTP 400: invalid request");
    };
    const { d, results } = desk(store, ozon);
    await d.saveDraft(draft(3));
    await d.apply("d1");
    for (let i = 0; i < 3; i++) await d.runOnce().catch(() => undefined);
    const lines = results[0] ?? [];
    expect(lines.filter((l) => l.kind === "stock" && l.outcome.ok)).toHaveLength(2);
    expect(lines.find((l) => l.kind === "price")?.outcome).toEqual({
      ok: false,
      code: "REQUEST_FAILED",
      message: "HTTP 400: invalid request",
    });
    expect(ozon.stockCalls).toHaveLength(1); // the stock batch was not sent again
    await store.close();
  });
});
