/**
 * The sales watcher stops listing at its cap even when every order listed is one it already saw
 * or a cancelled one (they count), and its look for cancellations stops at the cap too: a flood
 * of Ozon's pages never keeps a pass reading.
 */
import { describe, expect, it } from "vitest";
import type { FboPosting } from "../../../src/ozon/seller/fbo.ts";
import { MAX_LISTED, SalesWatcher } from "../../../src/services/sales/watcher.ts";
import { MemoryStore } from "../../../src/store/memory.ts";

const posting = (n: number, at: number): FboPosting => ({
  postingNumber: `1-${n}-1`,
  orderNumber: undefined,
  status: "cancelled",
  inProcessAt: new Date(at + n).toISOString(),
  createdAt: undefined,
  city: undefined,
  clusterTo: undefined,
  clusterFrom: undefined,
  warehouseName: undefined,
  cancelReason: undefined,
  lines: [],
});

describe("sales watcher caps", () => {
  it("stops the listing and the look for cancellations at MAX_LISTED orders", async () => {
    const now = Date.parse("2026-12-08T02:00:00Z");
    const pulled = { all: 0, cancelled: 0 };
    const store = new MemoryStore();
    const watcher = new SalesWatcher({
      shopId: "x",
      store,
      lease: false,
      now: () => now,
      source: {
        async *list(filter) {
          for (let n = 0; n < MAX_LISTED * 3; n++) {
            if (filter.statuses) pulled.cancelled++;
            else pulled.all++;
            yield posting(n, now - 60_000);
          }
        },
      },
      notifier: {
        audience: async () => [],
        send: async () => "gone",
        redraw: async () => {},
      },
    });
    expect(await watcher.runOnce()).toMatchObject({ firstRun: true });
    const report = await watcher.runOnce();
    expect(report.listed).toBe(MAX_LISTED);
    expect(pulled.all).toBeLessThanOrEqual(MAX_LISTED + 1);
    expect(pulled.cancelled).toBeLessThanOrEqual(MAX_LISTED + 1);
    await store.close();
  }, 30_000);
});
