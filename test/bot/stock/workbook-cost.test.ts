/**
 * The workbook's cost-price column (issue 42): the seller's own figure, kept by the bot per
 * store and product. Typed in the workbook and applied, it comes back in the next workbook; an
 * empty cell changes nothing; it is never sent to Ozon; a warehouse worker's workbook cannot set it.
 */
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it } from "vitest";
import { CostPrices } from "../../../src/services/money/index.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, document } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import { ADMIN, exchange, IVAN, lastScreen, type StockHarness, startStock } from "./harness.ts";

let h: StockHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function exported(who: typeof ADMIN) {
  const calls = await exchange(h as StockHarness, command("workbook", { from: who }));
  const sent = calls.find((c) => c.method === "sendDocument" && c.response?.ok) as RecordedCall;
  const [file] = sent.files;
  if (!file) throw new Error("no workbook sent");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const header = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ""));
  const cost = header.findIndex((x) => x.endsWith("(cost)"));
  const rowOf = (offer: string) => {
    for (let n = 2; n <= sheet.rowCount; n++) if (sheet.getCell(n, 1).value === offer) return n;
    throw new Error(`no row for ${offer}`);
  };
  return { name: file.fileName, book, sheet, cost, rowOf };
}

async function sendBack(who: typeof ADMIN, name: string, bytes: Uint8Array) {
  const harness = h as StockHarness;
  const file = harness.fake.registerFile(bytes, { fileName: name });
  return exchange(
    harness,
    document({
      from: who,
      fileId: file.file_id,
      fileName: name,
      fileSize: bytes.byteLength,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }),
  );
}

describe("the workbook's cost price", () => {
  it("round-trips: typed, applied, kept per product, back in the next workbook", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const [first] = h.sandbox.control.products();
    if (!first) throw new Error("sandbox has no products");
    const out = await exported(ADMIN);
    expect(out.cost).toBeGreaterThan(0);
    expect(out.sheet.getCell(out.rowOf(first.offerId), out.cost).value).toBeNull();
    out.sheet.getCell(out.rowOf(first.offerId), out.cost).value = 321.07;
    const edited = Buffer.from(await out.book.xlsx.writeBuffer());

    const before = h.sandbox.requests.length;
    const preview = lastScreen(await sendBack(ADMIN, out.name, edited));
    expect(textOf(preview)).toContain("💰 Cost prices: 1 (kept by the bot for /money");
    await exchange(h, press(preview, "✅ Apply (1)", ADMIN));
    await h.module.deskOf(h.shopId)?.runOnce();
    // Nothing of it went to Ozon.
    const sent = h.sandbox.requests.slice(before).map((r) => r.path);
    expect(
      sent.filter((p) => p.includes("import/prices") || p.includes("products/stocks")),
    ).toEqual([]);

    const costs = await new CostPrices(h.shops.get(h.shopId)?.store as never).all();
    expect(costs.get(first.offerId)).toBe(32_107n);
    const back = await exported(ADMIN);
    expect(back.sheet.getCell(back.rowOf(first.offerId), back.cost).value).toBe(321.07);

    // Sent back untouched (empty cells, the same figure): nothing to apply.
    const again = Buffer.from(await back.book.xlsx.writeBuffer());
    const unchanged = lastScreen(await sendBack(ADMIN, back.name, again));
    expect(textOf(unchanged)).not.toContain("Cost prices");
  });

  it("is the manager's: a warehouse worker's cost column is left out", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const [first] = h.sandbox.control.products();
    if (!first) throw new Error("sandbox has no products");
    const out = await exported(IVAN);
    out.sheet.getCell(out.rowOf(first.offerId), out.cost).value = 10;
    const edited = Buffer.from(await out.book.xlsx.writeBuffer());
    const preview = lastScreen(await sendBack(IVAN, out.name, edited));
    expect(JSON.stringify(preview.payload.reply_markup ?? {})).not.toContain("Apply");
  });
  it("is not shown to a warehouse worker: their workbook carries no cost prices", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const [first] = h.sandbox.control.products();
    if (!first) throw new Error("sandbox has no products");
    await new CostPrices(h.shops.get(h.shopId)?.store as never).set(
      [{ row: 2, offerId: first.offerId, to: "32107" }],
      ADMIN.id,
      new Date(),
    );
    const manager = await exported(ADMIN);
    expect(manager.sheet.getCell(manager.rowOf(first.offerId), manager.cost).value).toBe(321.07);
    const worker = await exported(IVAN);
    expect(worker.sheet.getCell(worker.rowOf(first.offerId), worker.cost).value).toBeNull();
  });
});
