/**
 * The workbook round trip end to end: /workbook sends the store's products (the sandbox over
 * HTTP), the person edits and sends it back (the fake Bot API serves the file), the preview, ✅
 * Apply, the progress in place, Ozon's answers in the result workbook; in English and Russian;
 * a malformed file; and applying resumed after the process died mid-request, on Redis.
 */
import ExcelJS from "exceljs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { BookBatch } from "../../../src/services/stock/book-desk.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { command, document } from "../../support/updates.ts";
import { press, sentMessage, textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  IVAN,
  lastScreen,
  MANAGER,
  messagesTo,
  type StockHarness,
  startStock,
} from "./harness.ts";

const MOSCOW = "1020000092835000";

async function exported(
  h: StockHarness,
  who: typeof ADMIN,
): Promise<{ name: string; bytes: Uint8Array }> {
  const calls = await exchange(h, command("workbook", { from: who }));
  const sent = calls.find((c) => c.method === "sendDocument" && c.response?.ok) as RecordedCall;
  const [file] = sent.files;
  if (!file) throw new Error("no workbook sent");
  return { name: file.fileName, bytes: file.bytes };
}

async function sheetOf(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const header = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ""));
  const column = (tag: string) => header.findIndex((h) => h.endsWith(tag));
  const rowOf = (offer: string) => {
    for (let n = 2; n <= sheet.rowCount; n++) if (sheet.getCell(n, 1).value === offer) return n;
    throw new Error(`no row for ${offer}`);
  };
  return { book, sheet, column, rowOf };
}

async function sendBack(
  h: StockHarness,
  who: typeof ADMIN,
  name: string,
  bytes: Uint8Array,
  mime?: string,
) {
  const file = h.fake.registerFile(bytes, { fileName: name });
  return exchange(
    h,
    document({
      from: who,
      fileId: file.file_id,
      fileName: name,
      fileSize: bytes.byteLength,
      mimeType: mime ?? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }),
  );
}

describe("the workbook round trip", () => {
  let h: StockHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("previews an edited workbook with unknown and malformed rows, applies once, answers per row", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const [first, second] = h.sandbox.control.products();
    if (!first || !second) throw new Error("sandbox has no products");
    const { name, bytes } = await exported(h, ADMIN);
    expect(name).toMatch(/^stock-[0-9a-z]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { book, sheet, column, rowOf } = await sheetOf(bytes);
    expect(sheet.rowCount).toBe(21);
    sheet.getCell(rowOf(first.offerId), column(`(stock #${MOSCOW})`)).value = 7;
    sheet.getCell(rowOf(second.offerId), column("(price)")).value = 1234.5;
    sheet.getCell(4, column(`(stock #${MOSCOW})`)).value = "abc";
    sheet.addRow(["NOPE-1", "", 3]);
    const edited = Buffer.from(await book.xlsx.writeBuffer());

    const preview = lastScreen(await sendBack(h, ADMIN, name, edited));
    const text = textOf(preview);
    expect(text).toContain("📋 Preview: 21 rows read.");
    expect(text).toContain("Changes: stock 1 · price 1 · old price 0 · min price 0");
    expect(text).toContain(`${first.offerId} · stock “Склад Подольск (Москва)”:`);
    expect(text).toContain("→ 1234,50");
    expect(text).toContain("❓ Unknown item codes (1), left out:\nrow 22 · NOPE-1");
    expect(text).toMatch(
      /⚠️ Rows that cannot be read \(1\), left out:\nrow 4: Stock “Склад Подольск \(Москва\)” \(stock #\d+\): not a number/,
    );

    const applied = await exchange(h, press(preview, "✅ Apply (2)", ADMIN));
    expect(textOf(lastScreen(applied))).toContain("Applying the workbook: 0 of 2");
    const again = await exchange(h, press(preview, "✅ Apply (2)", ADMIN));
    expect(JSON.stringify(again.map((c) => c.payload))).toContain("already being applied (Ada)");

    const since = h.fake.calls.length;
    expect(await h.module.deskOf(h.shopId)?.runOnce()).toBe(1);
    const edits = h.fake.calls.filter((c) => c.seq >= since && c.method === "editMessageText");
    const previewId = Number(sentMessage(preview).message_id);
    expect(edits.length).toBeGreaterThan(0);
    expect(edits.every((c) => c.payload.message_id === previewId)).toBe(true);
    expect(textOf(edits.at(-1) as RecordedCall)).toContain(
      "✅ Workbook applied: 2 done, 0 refused",
    );
    const result = h.fake.calls.find((c) => c.seq >= since && c.method === "sendDocument");
    const rows = (await sheetOf(result?.files[0]?.bytes ?? new Uint8Array())).sheet;
    expect(rows.getRow(2).values).toEqual([
      undefined,
      rowOf(first.offerId),
      first.offerId,
      "stock “Склад Подольск (Москва)”",
      "7",
      "done",
    ]);

    const units = h.sandbox.control.stock.units(first.offerId);
    const moscow = units.warehouses.find((w) => String(w.warehouseId) === MOSCOW);
    expect((moscow?.present ?? 0) - (moscow?.reserved ?? 0)).toBe(7);
    expect(h.sandbox.control.stock.units(second.offerId).price).toBe("1234.50");
    expect(h.sandbox.control.stock.stockLog()).toHaveLength(1);
    expect(await h.module.deskOf(h.shopId)?.runOnce()).toBe(0);
  });

  it("in Russian: a CSV, the role's limits, Ozon's refusal in words in the result", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const [first, second] = h.sandbox.control.products();
    if (!first || !second) throw new Error("sandbox has no products");
    const ref = h.shops.get(h.shopId)?.ref;
    const csv = [
      `Артикул (offer_id);Остаток (stock #${MOSCOW});Цена (price)`,
      `${first.offerId};4;`,
      `${second.offerId};5;999`,
      `;1;`,
    ].join("\n");
    h.sandbox.control.stock.refuseNextStock("PRODUCT_IS_NOT_CREATED", "товар ещё не создан");
    const preview = lastScreen(
      await sendBack(h, IVAN, `stock-${ref}-edit.csv`, Buffer.from(csv), "text/csv"),
    );
    const text = textOf(preview);
    expect(text).toContain("Изменения: остатки 2 · цена 1");
    expect(text).toContain("Изменений цен пропущено: 1 — для них нужна роль менеджера.");
    expect(text).toContain("строка 4: нет артикула");
    await exchange(h, press(preview, "✅ Применить (2)", IVAN));
    await h.module.deskOf(h.shopId)?.runOnce();
    const result = h.fake.calls.filter((c) => c.method === "sendDocument").at(-1);
    expect(String(result?.payload.caption)).toContain("выполнено 1, Ozon отказал в 1");
    const rows = (await sheetOf(result?.files[0]?.bytes ?? new Uint8Array())).sheet;
    expect(String(rows.getCell(2, 5).value)).toBe(
      "Ozon отказал: PRODUCT_IS_NOT_CREATED товар ещё не создан",
    );
    expect(String(rows.getCell(3, 5).value)).toBe("выполнено");
    expect(h.sandbox.control.stock.units(second.offerId).price).not.toBe("999.00");
  });

  /** A CSV of `who` with `column` changed for the first product, previewed and applied. */
  async function appliedCsv(who: typeof IVAN, column: string, value: string, apply: string) {
    const harness = h as StockHarness;
    const [first] = harness.sandbox.control.products();
    if (!first) throw new Error("sandbox has no products");
    const ref = harness.shops.get(harness.shopId)?.ref;
    const csv = [`Артикул (offer_id);${column}`, `${first.offerId};${value}`].join("\n");
    const preview = lastScreen(
      await sendBack(harness, who, `stock-${ref}-edit.csv`, Buffer.from(csv), "text/csv"),
    );
    await exchange(harness, press(preview, apply, who));
    return first;
  }

  it("resumed after the sender's role was taken away, applies nothing and tells them once, in their language", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const first = await appliedCsv(IVAN, `Остаток (stock #${MOSCOW})`, "4", "✅ Применить (1)");
    const before = h.sandbox.control.stock.units(first.offerId);
    // The process stopped before the job ran; meanwhile an admin took the warehouse role away.
    await h.access.revoke(IVAN.id, "warehouse");
    await h.restart();
    const since = h.fake.calls.length;
    expect(await h.module.deskOf(h.shopId)?.runOnce()).toBe(1);
    expect(h.sandbox.control.stock.stockLog()).toEqual([]);
    expect(h.sandbox.control.stock.units(first.offerId)).toEqual(before);
    const told = messagesTo(h, IVAN.id, since);
    expect(told.map(textOf)).toEqual([
      "⛔ Применение таблицы остановлено: ваша роль больше не позволяет эти изменения в этом магазине. В Ozon ничего не отправлено. Отправьте файл снова, чтобы увидеть, что вы можете изменить сейчас.",
    ]);
    expect(h.fake.calls.some((c) => c.seq >= since && c.method === "sendDocument")).toBe(false);

    await h.restart();
    expect(await h.module.deskOf(h.shopId)?.runOnce()).toBe(0);
    expect(messagesTo(h, IVAN.id, since)).toHaveLength(1);
  });

  it("resumed after the sender's role stopped reaching the store, applies nothing", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const first = await appliedCsv(MANAGER, "Цена (price)", "999", "✅ Apply (1)");
    await h.access.setScope(MANAGER.id, "manager", ["another-store"]);
    await h.restart();
    const since = h.fake.calls.length;
    expect(await h.module.deskOf(h.shopId)?.runOnce()).toBe(1);
    expect(h.sandbox.control.stock.units(first.offerId).price).not.toBe("999.00");
    expect(messagesTo(h, MANAGER.id, since).map(textOf)).toEqual([
      "⛔ The workbook was stopped: your role no longer allows these changes in this store. Nothing was sent to Ozon. Send the file again to see what you may change now.",
    ]);
  });

  it("answers a malformed or oversized file with a clear word, never a crash", async () => {
    h = await startStock();
    const broken = lastScreen(await sendBack(h, ADMIN, "stock.xlsx", Buffer.from("not a zip")));
    expect(textOf(broken)).toContain("cannot be read as XLSX or CSV");
    const big = await exchange(
      h,
      document({
        from: ADMIN,
        fileId: "x",
        fileName: "big.csv",
        fileSize: 11 * 1024 * 1024,
        mimeType: "text/csv",
      }),
    );
    expect(textOf(lastScreen(big))).toContain("The file is over 10.0 MB");
    const noHeader = lastScreen(
      await sendBack(h, ADMIN, "a.csv", Buffer.from("a;b\n1;2"), "text/csv"),
    );
    expect(textOf(noHeader)).toContain("No “(offer_id)” column");
  });
});

const redis = await redisAvailability();
redis.describe("the workbook round trip (Redis)", () => {
  const prefix = uniquePrefix("stock-book");
  let h: StockHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  afterAll(() => removeKeys(redis.url, prefix));

  it("resumes after a kill mid-request: what Ozon took is not sent again, the rest is", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    h = await startStock({ store, closeStore: true, module: { bookPaceMs: 0 } });
    const products = h.sandbox.control.products().slice(0, 6);
    const { name, bytes } = await exported(h, ADMIN);
    const { book, sheet, column, rowOf } = await sheetOf(bytes);
    for (const p of products)
      sheet.getCell(rowOf(p.offerId), column(`(stock #${MOSCOW})`)).value = 30;
    const preview = lastScreen(
      await sendBack(h, ADMIN, name, Buffer.from(await book.xlsx.writeBuffer())),
    );
    await exchange(h, press(preview, "✅ Apply (6)", ADMIN));

    // The process died inside the request: the batch is "sending", Ozon took the first three.
    const key = (await store.list<BookBatch>(""))
      .map((e) => e.key)
      .find((k) => k.includes("book:batch:")) as string;
    const batch = (await store.get<BookBatch>(key)) as BookBatch;
    await store.set(key, { ...batch, state: "sending" });
    for (const p of products.slice(0, 3))
      h.sandbox.control.stock.setStock(p.offerId, Number(MOSCOW), 30);

    await h.restart();
    expect(await h.module.deskOf(h.shopId)?.runOnce()).toBe(1);
    const sent = h.sandbox.control.stock.stockLog().map((e) => e.offerId);
    expect(sent.sort()).toEqual(
      products
        .slice(3)
        .map((p) => p.offerId)
        .sort(),
    );
    const summary = h.fake.calls.filter((c) => c.method === "sendDocument").at(-1);
    expect(String(summary?.payload.caption)).toContain("6 done, 0 refused");
  });
});
