/**
 * FBO stock per cluster end to end (sandbox over HTTP, fake Bot API): a product falling under the
 * store's days threshold in a cluster where it sells is told once, with the cluster, to the chats
 * that chose the store's 🛒 Sales, until it rises above again; Ozon's analytics are read once per
 * refresh; /stock shows available units, days and grade per cluster; the restock XLSX carries the
 * sandbox's own figures as typed numbers and the grade in the reader's words, most urgent first.
 */
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { gradeText } from "../../../src/bot/fbo-stock/format.ts";
import { createLogger } from "../../../src/logger.ts";
import { MAX_TRIES } from "../../../src/services/sales/index.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import {
  ADMIN,
  chooseSales,
  type SalesEnv,
  SHOP_ID,
  sentTo,
  startSalesEnv,
  WAREHOUSE,
} from "../sales/harness.ts";

let env: SalesEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const HOUR = 60 * 60 * 1000;
const en = translatorFor(
  createI18n({ defaultLocale: "ru", logger: createLogger({ level: "silent" }) }),
  "en",
);
const lowTo = (e: SalesEnv, chatId: number) =>
  sentTo(e.fake, chatId).filter((c) => /less than \d+ days/.test(String(c.payload.text)));

describe("FBO days of stock per cluster", () => {
  it("tells a fall under the threshold once, with the cluster, until it rises above again", async () => {
    let clock = Date.now();
    env = await startSalesEnv({ fboStock: { now: () => clock } });
    const [a, b] = env.sandbox.control.products();
    if (!a || !b) throw new Error("products");
    const fbo = env.sandbox.control.fbo;
    fbo.setStock({ sku: a.sku, clusterId: 4, available: 50, dailySales: 10 });
    fbo.setStock({ sku: a.sku, clusterId: 17, available: 300, dailySales: 2 });
    fbo.setStock({ sku: b.sku, clusterId: 2, available: 3, dailySales: 0 });
    await chooseSales(env, WAREHOUSE);
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 1 });
    const told = lowTo(env, WAREHOUSE.id);
    expect(told).toHaveLength(1);
    expect(textOf(told[0] as RecordedCall)).toContain("Москва, МО и Дальние регионы");
    expect(textOf(told[0] as RecordedCall)).toContain("days of stock 5");
    // Without sales in a cluster (B), no alert; the same read again: nothing more, no Ozon call.
    const calls = env.sandbox.requests.length;
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 0 });
    expect(env.sandbox.requests.length).toBe(calls);
    expect(lowTo(env, WAREHOUSE.id)).toHaveLength(1);
    // A restart keeps it told.
    await env.restart();
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 0 });
    // A supply arrives; Ozon's next refresh shows it: risen, nothing told.
    fbo.setStock({ sku: a.sku, clusterId: 4, available: 400 });
    clock += 12 * HOUR;
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 0, rose: 1 });
    // It sells out again: told again, once.
    fbo.setStock({ sku: a.sku, clusterId: 4, available: 20 });
    clock += 12 * HOUR;
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 1 });
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 0 });
    expect(lowTo(env, WAREHOUSE.id)).toHaveLength(2);
  });

  it("an admin sets the store's threshold on /stock; falls are judged by it", async () => {
    env = await startSalesEnv();
    const [a] = env.sandbox.control.products();
    if (!a) throw new Error("products");
    env.sandbox.control.fbo.setStock({ sku: a.sku, clusterId: 2, available: 100, dailySales: 10 });
    await chooseSales(env, WAREHOUSE);
    await env.send(command("stock", { from: ADMIN }));
    const screen = sentTo(env.fake, ADMIN.id).at(-1) as RecordedCall;
    await env.send(press(screen, /⚙️/, ADMIN));
    const choices = env.fake.calls.filter((c) => c.response?.ok).at(-1) as RecordedCall;
    await env.send(press(choices, /^7$/, ADMIN));
    // 10 days of stock: over 7, nothing told.
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 0 });
    const again = env.fake.calls
      .filter((c) => c.response?.ok && c.method === "editMessageText")
      .at(-1);
    await env.send(press(again as RecordedCall, /^21$/, ADMIN));
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 1 });
    expect(textOf(lowTo(env, WAREHOUSE.id)[0] as RecordedCall)).toContain("less than 21 days");
    // A warehouse person sees no threshold button.
    await env.send(command("stock", { from: WAREHOUSE }));
    const theirs = sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall;
    expect(() => press(theirs, /⚙️/, WAREHOUSE)).toThrow();
  });

  it("shows days per cluster on /stock and sends the restock XLSX with the sandbox's figures", async () => {
    env = await startSalesEnv();
    const [a, b, c] = env.sandbox.control.products();
    if (!a || !b || !c) throw new Error("products");
    const fbo = env.sandbox.control.fbo;
    fbo.setStock({ sku: a.sku, clusterId: 4, available: 50, transit: 10, dailySales: 10 });
    fbo.setStock({ sku: a.sku, clusterId: 17, available: 300, dailySales: 2 });
    fbo.setStock({ sku: b.sku, clusterId: 2, available: 40, transit: 0, dailySales: 1.5 });
    fbo.setStock({ sku: c.sku, clusterId: 2, available: 7, dailySales: 0 });
    await env.send(command("stock", { from: WAREHOUSE }));
    const screen = sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall;
    const text = textOf(screen);
    expect(text).toMatch(
      /⚠️ Москва, МО и Дальние регионы: available 50 pcs, days of stock 5 — deficit/,
    );
    expect(text).toMatch(/Урал: available 300 pcs, days of stock 150 — surplus/);
    // Without sales in a cluster, no "days of stock 0": the grade says it.
    expect(text).toMatch(/Санкт-Петербург и СЗО: available 7 pcs — /);
    expect(text).not.toContain("days of stock 0");
    await env.send(press(screen, /Restock/, WAREHOUSE));
    const ask = sentTo(env.fake, WAREHOUSE.id).at(-1) as RecordedCall;
    expect(textOf(ask)).toContain("Default: 28");
    await env.send(press(ask, /^42$/, WAREHOUSE));
    const sent = env.fake.callsTo("sendDocument").find((call) => call.response?.ok);
    const [file] = sent?.files ?? [];
    if (!file) throw new Error("no restock file");
    expect(file.fileName).toMatch(/^restock-.*-42d\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) =>
      (sheet.getRow(i + 2).values as unknown[]).slice(1),
    );
    // Where it sells only (C has no sales), most urgent first; figures from the sandbox.
    const snapshot = fbo.snapshot().stock;
    const expected = snapshot
      .filter((s) => s.dailySales > 0)
      .map((s) => {
        const product = [a, b, c].find((p) => p.sku === s.sku);
        return [
          product?.offerId,
          product?.name,
          s.sku,
          fbo.clusters().find((cl) => cl.id === s.clusterId)?.name,
          Math.round(s.dailySales * 28),
          s.available,
          s.transit,
          s.days,
          gradeText(en, s.grade),
          Math.max(0, Math.ceil(s.dailySales * 42) - s.available - s.transit),
        ];
      })
      .sort((x, y) => Number(x[7]) - Number(y[7]));
    expect(rows).toEqual(expected);
    // Typed numbers: 5 days, 420 − 50 − 10 = 360 to send for A in Moscow.
    expect(rows[0]?.[7]).toBe(5);
    expect(rows[0]?.[9]).toBe(360);
    expect(typeof rows[0]?.[4]).toBe("number");
  });

  it("gives a chat that keeps refusing up after MAX_TRIES passes, and keeps what was judged", async () => {
    env = await startSalesEnv();
    const [a] = env.sandbox.control.products();
    if (!a) throw new Error("products");
    env.sandbox.control.fbo.setStock({ sku: a.sku, clusterId: 4, available: 20, dailySales: 10 });
    await chooseSales(env, WAREHOUSE);
    env.fake.refuseChat(WAREHOUSE.id, { error_code: 500, description: "Internal Server Error" });
    const tries = () =>
      env?.fake.callsTo("sendMessage").filter((c) => Number(c.payload.chat_id) === WAREHOUSE.id)
        .length ?? 0;
    const before = tries();
    for (let pass = 1; pass < MAX_TRIES; pass++) {
      await expect(env.fboStock.runOnce(SHOP_ID)).rejects.toThrow();
    }
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 1 });
    expect(tries() - before).toBe(MAX_TRIES);
    // Given up and judged: the next passes neither try again nor throw.
    env.fake.refuseChat(WAREHOUSE.id, undefined);
    await env.restart();
    expect(await env.fboStock.runOnce(SHOP_ID)).toMatchObject({ fell: 0 });
    expect(tries() - before).toBe(MAX_TRIES);
  });
});
