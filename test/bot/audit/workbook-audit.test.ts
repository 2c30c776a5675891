/**
 * The stock-and-price workbook in the audit trail: each stock pair and each product's prices it
 * sends is one record — the person who applied it, the product (SKU, with offer_id and the
 * warehouse), old → new, and Ozon's answer for the item (done, or refused in its words). A crash
 * between a batch's answer and its records is repaired when the job's result goes out, once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import { BookDesk, type BookDraft } from "../../../src/services/stock/book-desk.ts";
import type { BookOzon } from "../../../src/services/stock/book-ozon.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { document } from "../../support/updates.ts";
import { press } from "../harness.ts";
import { ADMIN, exchange, lastScreen, type StockHarness, startStock } from "../stock/harness.ts";

const MOSCOW = "1020000092835000";
const admin = { admin: true };
const trailOf = (store: Store) => new AuditTrail({ store, keepDays: 180 });

describe("audit records of a workbook", () => {
  let h: StockHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("one record per change sent: a stock pair refused in Ozon's words, prices done", async () => {
    const w = await startStock({ module: { bookPaceMs: 0 } });
    h = w;
    const [first, second] = w.sandbox.control.products();
    if (!first || !second) throw new Error("sandbox has no products");
    const csv = [
      `Артикул (offer_id);Остаток (stock #${MOSCOW});Цена (price)`,
      `${first.offerId};4;`,
      `${second.offerId};;999`,
    ].join("\n");
    w.sandbox.control.stock.refuseNextStock("PRODUCT_IS_NOT_CREATED", "not created yet");
    const bytes = Buffer.from(csv);
    const file = w.fake.registerFile(bytes, { fileName: "stock-edit.csv" });
    const preview = lastScreen(
      await exchange(
        w,
        document({
          from: ADMIN,
          fileId: file.file_id,
          fileName: "stock-edit.csv",
          fileSize: bytes.byteLength,
          mimeType: "text/csv",
        }),
      ),
    );
    await exchange(w, press(preview, /Apply/, ADMIN));
    await w.module.deskOf(w.shopId)?.runOnce();
    // Another round (nothing left) records nothing more.
    await w.module.deskOf(w.shopId)?.runOnce();

    const stock = await trailOf(w.store).latest({ kind: "stock" }, admin);
    expect(stock).toHaveLength(1);
    expect(stock[0]).toMatchObject({
      actor: { id: ADMIN.id, name: "Ada" },
      shopId: w.shopId,
      objectId: String(first.sku),
      detail: `${first.offerId} · Склад Подольск (Москва)`,
      via: "workbook",
      to: "4",
      result: { status: "refused", words: "PRODUCT_IS_NOT_CREATED: not created yet" },
    });
    expect(stock[0]?.from).toMatch(/^\d+$/);
    const price = await trailOf(w.store).latest({ kind: "price" }, admin);
    expect(price).toHaveLength(1);
    expect(price[0]).toMatchObject({
      objectId: String(second.sku),
      detail: second.offerId,
      via: "workbook",
      to: "999.00",
      result: { status: "done" },
    });
    expect(price[0]?.from).toMatch(/^\d+\.\d\d$/);
  });
});

describe("a workbook job's records after a crash", () => {
  it("records a batch Ozon answered whose records were lost, when the result goes out, once", async () => {
    const store = new MemoryStore();
    const trail = trailOf(store);
    // The trail fails the first batch's records (as if the process died right after the answer).
    let failing = 2;
    const recorder = {
      record: (input: Parameters<AuditTrail["record"]>[0]) =>
        failing-- > 0 ? Promise.reject(new Error("died")) : trail.record(input),
    };
    const ozon: BookOzon = {
      catalog: async () => ({ warehouses: [], items: [] }),
      setStocks: async (items) => items.map(() => ({ ok: true as const })),
      setPrices: async (items) => items.map(() => ({ ok: true as const })),
    };
    let delivered = 0;
    const desk = new BookDesk({
      shopId: "shop",
      store,
      ozon,
      audit: recorder,
      lease: false,
      paceMs: 0,
      notifier: {
        progress: async () => 1,
        finished: async () => {
          delivered++;
        },
        stopped: async () => {},
      },
    });
    const draft: BookDraft = {
      id: "d1",
      shopId: "shop",
      warehouses: [{ id: "1", name: "W" }],
      chatId: 5,
      by: 5,
      byName: "Kim",
      locale: "en",
      createdAt: new Date().toISOString(),
      stock: [
        { row: 2, offerId: "A", productId: "11", sku: "111", warehouseId: "1", from: 1, to: 2 },
        { row: 3, offerId: "B", productId: "12", warehouseId: "1", from: 5, to: 0 },
      ],
      prices: [],
    };
    await desk.saveDraft(draft);
    await desk.apply("d1");
    expect(await desk.runOnce()).toBe(1);
    expect(delivered).toBe(1);
    const entries = await trail.latest({ kind: "stock" }, admin);
    expect(entries.map((e) => [e.objectId, e.from, e.to, e.result.status]).sort()).toEqual([
      ["111", "1", "2", "done"],
      ["12", "5", "0", "done"],
    ]);
    expect(await desk.runOnce()).toBe(0);
    expect(await trail.latest({}, admin)).toHaveLength(2);
    await store.close();
  });
});
