/**
 * A workbook job checks before each batch (issue 37 items 6 and 8): a price moved since the
 * preview is not put back, a role taken away mid-job stops it, ✖ while it runs stops it after
 * the current batch and says so, and Apply racing ✖ leaves no batch key without a TTL (Redis).
 * The sandbox over HTTP, the fake Bot API; the desk driven by runOnce.
 */
import ExcelJS from "exceljs";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { RedisStore } from "../../../src/store/redis.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { document } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import {
  exchange,
  IVAN,
  lastScreen,
  messagesTo,
  type StockHarness,
  startStock,
} from "./harness.ts";

const MOSCOW = "1020000092835000";
let h: StockHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function previewOf(harness: StockHarness, rows: string[]): Promise<RecordedCall> {
  const ref = harness.shops.get(harness.shopId)?.ref;
  const bytes = Buffer.from(rows.join("\n"));
  const name = `stock-${ref}-edit.csv`;
  const file = harness.fake.registerFile(bytes, { fileName: name });
  const update = document({
    from: IVAN,
    fileId: file.file_id,
    fileName: name,
    fileSize: bytes.byteLength,
    mimeType: "text/csv",
  });
  return lastScreen(await exchange(harness, update));
}

async function resultRows(harness: StockHarness, since: number): Promise<string[][]> {
  const sent = harness.fake.calls.find((c) => c.seq >= since && c.method === "sendDocument");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(sent?.files[0]?.bytes ?? []) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
  });
  return rows;
}

describe("workbook jobs check before each batch", () => {
  it("leaves out a row whose price moved since the preview, and says so in the result", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    await h.access.grant(IVAN.id, "manager", IVAN.id);
    const [first, second] = h.sandbox.control.products();
    if (!first || !second) throw new Error("sandbox has no products");
    const preview = await previewOf(h, [
      "Артикул (offer_id);Старая цена (old_price)",
      `${first.offerId};99999`,
      `${second.offerId};88888`,
    ]);
    // After the preview, someone sets the first product's price (as 💰 Price does, over the API).
    const [set] = await h.seller.stock.setPrices([
      { productId: String(first.productId), price: "900" },
    ]);
    expect(set?.updated).toBe(true);
    await exchange(h, press(preview, "✅ Применить (2)", IVAN));
    const since = h.fake.calls.length;
    expect(await h.module.deskOf(h.shopId)?.runOnce()).toBe(1);
    expect(h.sandbox.control.stock.units(first.offerId).price).toBe("900.00");
    expect(h.sandbox.control.stock.units(second.offerId).oldPrice).toBe("88888.00");
    const rows = await resultRows(h, since);
    const row = rows.find((r) => r[1] === first.offerId);
    expect(row?.[4]).toBe(
      "не отправлено: цена в Ozon изменилась после предпросмотра (сейчас 900.00); пришлите файл снова",
    );
    const caption = h.fake.calls.find((c) => c.seq >= since && c.method === "sendDocument");
    expect(String(caption?.payload.caption)).toContain(
      "Не отправлено, потому что цена в Ozon изменилась после предпросмотра: 1.",
    );
  });

  /** A job of a stock batch then a price batch; `during` runs while the stock batch is sent. */
  async function twoBatches(during: (preview: RecordedCall) => Promise<void>) {
    const harness = h as StockHarness;
    await harness.access.grant(IVAN.id, "manager", IVAN.id);
    const [first] = harness.sandbox.control.products();
    if (!first) throw new Error("sandbox has no products");
    const preview = await previewOf(harness, [
      `Артикул (offer_id);Остаток (stock #${MOSCOW});Цена (price)`,
      `${first.offerId};4;777`,
    ]);
    await exchange(harness, press(preview, "✅ Применить (2)", IVAN));
    const stock = harness.seller.stock;
    const setStocks = stock.setStocks.bind(stock);
    stock.setStocks = async (items, signal) => {
      const answer = await setStocks(items, signal);
      await during(preview);
      return answer;
    };
    const since = harness.fake.calls.length;
    expect(await harness.module.deskOf(harness.shopId)?.runOnce()).toBe(1);
    return { first, since };
  }

  it("stops before the next batch once the sender's role is taken away mid-job", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const harness = h;
    const { first, since } = await twoBatches(async () => {
      await harness.access.revoke(IVAN.id, "manager");
    });
    expect(h.sandbox.control.stock.stockLog()).toHaveLength(1);
    expect(h.sandbox.control.stock.priceLog()).toEqual([]);
    expect(h.sandbox.control.stock.units(first.offerId).price).not.toBe("777.00");
    expect(messagesTo(h, IVAN.id, since).map(textOf)).toContain(
      "⛔ Применение таблицы остановлено: ваша роль больше не позволяет эти изменения в этом магазине. До этого в Ozon отправлено 1 из 2. Отправьте файл снова, чтобы увидеть, что вы можете изменить сейчас.",
    );
  });

  it("✖ while the job runs: told truthfully, and it stops after the current batch", async () => {
    h = await startStock({ module: { bookPaceMs: 0 } });
    const harness = h;
    const answers: string[] = [];
    const { first, since } = await twoBatches(async (preview) => {
      const calls = await exchange(harness, press(preview, "✖ Отмена", IVAN));
      for (const c of calls)
        if (c.method === "answerCallbackQuery") answers.push(String(c.payload.text));
    });
    expect(answers).toEqual([
      "✖ Таблица уже применяется: она остановится после пакета, который отправляется сейчас. Отправленное останется в Ozon; когда применение остановится, придёт сообщение.",
    ]);
    expect(h.sandbox.control.stock.stockLog()).toHaveLength(1);
    expect(h.sandbox.control.stock.priceLog()).toEqual([]);
    expect(h.sandbox.control.stock.units(first.offerId).price).not.toBe("777.00");
    expect(messagesTo(h, IVAN.id, since).map(textOf)).toContain(
      "✖ Применение таблицы отменено. До остановки в Ozon отправлено: 1 из 2; остальное не отправлялось.",
    );
  });
});

const redis = await redisAvailability();
redis.describe("workbook Apply racing ✖ (Redis)", () => {
  const prefix = uniquePrefix("book-race");
  afterAll(() => removeKeys(redis.url, prefix));

  it("leaves no book:batch key without a TTL, and never batches without their job", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    h = await startStock({ store, closeStore: true, module: { bookPaceMs: 0 } });
    const [first] = h.sandbox.control.products();
    if (!first) throw new Error("sandbox has no products");
    const client = new Redis(redis.url);
    try {
      for (let round = 0; round < 6; round++) {
        const preview = await previewOf(h, [
          `Артикул (offer_id);Остаток (stock #${MOSCOW})`,
          `${first.offerId};${round + 1}`,
        ]);
        const apply = press(preview, "✅ Применить (1)", IVAN);
        const cancel = press(preview, "✖ Отмена", IVAN);
        // Both orders: Apply pressed first, then ✖ first.
        await Promise.all(
          round % 2 ? [h.send(cancel), h.send(apply)] : [h.send(apply), h.send(cancel)],
        );
      }
      const keys = await client.keys(`${prefix}*book:batch:*`);
      for (const key of keys) expect(await client.pttl(key), key).toBeGreaterThan(0);
      const jobs = await client.keys(`${prefix}*book:job:*`);
      for (const key of keys) {
        const id = key.slice(key.indexOf("book:batch:") + 11, key.lastIndexOf(":"));
        expect(
          jobs.some((job) => job.endsWith(`book:job:${id}`)),
          key,
        ).toBe(true);
      }
    } finally {
      client.disconnect();
    }
  });
});
