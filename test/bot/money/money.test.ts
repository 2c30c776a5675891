/**
 * /money end to end (sandbox over HTTP with two stores, fake Bot API): each store's sales,
 * charges, ads and net from the accruals of the postings the sandbox delivered and returned, the
 * balance of the period; periods and stores as buttons that redraw the message in place, pressed
 * only by whoever opened it; a store-limited manager sees only their store; with the beta balance
 * answering 500 or 404, the half-month statement stands in; twenty people in a minute cost the
 * Ozon calls of one.
 */
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it } from "vitest";
import { formatRoubles } from "../../../src/services/ads/campaigns/budget-input.ts";
import { CostPrices } from "../../../src/services/money/index.ts";
import { callback, command } from "../../support/updates.ts";
import { findButton, sentMessage } from "../harness.ts";
import {
  ADMIN,
  adsKopecks,
  financeCalls,
  LIMITED,
  lastTo,
  MANAGER,
  startWorld,
  WAREHOUSE,
  type World,
} from "./world.ts";

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("/money", () => {
  it("shows each store's yesterday exactly, switches store and period in place", async () => {
    world = await startWorld();
    const w = world;
    await w.send(command("money", { from: ADMIN }));
    const first = lastTo(w, ADMIN.id);
    const text = String(first?.payload.text);
    expect(text).toContain("💰 Деньги · Север");
    expect(text).toMatch(/Вчера: 7 дек\.( 2026)?\n/);
    // 1 000,10 + 0,20 sold; 1 000,10 returned; commission 150,02 + 0,03 − 150,02 back.
    expect(text).toContain("Продажи: 1\u00A0000,30\u00A0₽");
    expect(text).toContain("Возвраты: −1\u00A0000,10\u00A0₽");
    expect(text).toContain("Комиссия Ozon: −0,03\u00A0₽");
    // Two deliveries (63,37 each) and one way back (41,11).
    expect(text).toContain("Доставка: −167,85\u00A0₽");
    const accrued = 100_030n - 100_010n - 3n - 16_785n;
    expect(text).toContain("Начислено: −167,68\u00A0₽");
    // The ads of store 1 yesterday, as the sandbox's Performance statistics give them.
    const spend = adsKopecks(w, "2026-12-07");
    expect(spend).toBeGreaterThan(0n);
    expect(text).toContain(`Реклама: ${formatRoubles(-spend * 10_000n)}`);
    expect(text).toContain(`Итого: ${formatRoubles((accrued - spend) * 10_000n)}`);

    if (!first) throw new Error("no screen");
    // Store 2, same message edited.
    await w.send(
      callback(findButton(first, "Юг").callback_data ?? "", {
        from: ADMIN,
        message: sentMessage(first),
      }),
    );
    const edited = lastTo(w, ADMIN.id, "editMessageText");
    expect(String(edited?.payload.text)).toContain("💰 Деньги · Юг");
    expect(String(edited?.payload.text)).toContain("Продажи: 333,33\u00A0₽");
    expect(edited?.payload.message_id).toBe(sentMessage(first).message_id);
    if (!edited) throw new Error("no edit");
    await w.send(
      callback(findButton(edited, "Месяц").callback_data ?? "", {
        from: ADMIN,
        message: sentMessage(edited),
      }),
    );
    const month = String(lastTo(w, ADMIN.id, "editMessageText")?.payload.text);
    expect(month).toMatch(/Этот месяц: 1 дек\.( 2026)? – 8 дек\.( 2026)?\n/);
    expect(month).toContain("Продажи: 333,33\u00A0₽");

    // Someone else's press does nothing but say so.
    const before = w.fake.callsTo("editMessageText").length;
    await w.send(
      callback(findButton(first, "Юг").callback_data ?? "", {
        from: MANAGER,
        message: sentMessage(first),
      }),
    );
    expect(w.fake.callsTo("editMessageText")).toHaveLength(before);
  });

  it("a store-limited manager sees only their store; a warehouse worker nothing", async () => {
    world = await startWorld();
    const w = world;
    await w.send(command("money", { from: LIMITED }));
    const screen = lastTo(w, LIMITED.id);
    const text = String(screen?.payload.text);
    expect(text).toContain("💰 Money · Юг");
    expect(text).toContain("Sales: RUB\u00A0333.33");
    expect(text).not.toContain("Север");
    if (!screen) throw new Error("no screen");
    expect(() => findButton(screen, "Север")).toThrow();
    await w.send(command("money", { from: WAREHOUSE }));
    expect(String(lastTo(w, WAREHOUSE.id)?.payload.text)).not.toContain("Money");
  });

  it("shows the ads as the digest reads them and nets them out", async () => {
    world = await startWorld();
    const w = world;
    await w.send(command("money", { from: MANAGER }));
    const text = String(lastTo(w, MANAGER.id)?.payload.text);
    const spend = adsKopecks(w, "2026-12-07");
    expect(text).toContain(`Ads: ${formatRoubles(-spend * 10_000n, { locale: "en" })}`);
    expect(text).toContain(`Net: ${formatRoubles((-16_768n - spend) * 10_000n, { locale: "en" })}`);
  });

  it("Home gives a manager yesterday's net and ads over their stores in one line, from /money's reads", async () => {
    world = await startWorld();
    const w = world;
    const spend = adsKopecks(w, "2026-12-07");
    // Store 1 (Север) as /money shows it: accrued −167,68 ₽ less its ads; store 2 as read.
    await w.send(command("money", { from: ADMIN }));
    const before = financeCalls(w, "/v1/finance/balance");
    await w.send(command("start", { from: MANAGER }));
    const home = String(lastTo(w, MANAGER.id)?.payload.text);
    const line = home.split("\n").find((l) => l.startsWith("💰 Yesterday: net"));
    expect(line).toBeDefined();
    expect(line).toContain(`(ads ${formatRoubles(spend * 10_000n, { locale: "en" })})`);
    // One read of the second store for Home (the first was kept from /money), none for more opens.
    expect(financeCalls(w, "/v1/finance/balance")).toBe(before + 1);
    for (let i = 0; i < 5; i += 1) await w.send(command("start", { from: MANAGER }));
    expect(financeCalls(w, "/v1/finance/balance")).toBe(before + 1);
    // A manager limited to store 2 sees store 2's figure only; a warehouse worker no money line.
    await w.send(command("money", { from: LIMITED }));
    const net = /🟰 Net: (.+)/.exec(String(lastTo(w, LIMITED.id)?.payload.text))?.[1];
    expect(net).toBeDefined();
    await w.send(command("start", { from: LIMITED }));
    const limited = String(lastTo(w, LIMITED.id)?.payload.text);
    expect(limited).toContain(`💰 Yesterday: net ${net}`);
    expect(limited).not.toContain("(ads");
    await w.send(command("start", { from: WAREHOUSE }));
    expect(String(lastTo(w, WAREHOUSE.id)?.payload.text)).not.toContain("💰");
  });

  it("falls back to the half-month statement when the beta balance answers 500 or 404", async () => {
    world = await startWorld();
    const w = world;
    w.sandbox.control.setFault("POST /v1/finance/balance", { rate5xx: 1, status5xx: 500 });
    await w.send(command("money", { from: LIMITED }));
    const text = String(lastTo(w, LIMITED.id)?.payload.text);
    expect(text).toMatch(/half-month statement for 1 Dec( 2026)? – 15 Dec( 2026)?\./);
    expect(text).toContain("Sales: RUB\u00A0333.33");
    expect(financeCalls(w, "/v1/finance/cash-flow-statement/list")).toBe(1);
    // Home does not pass the half-month off as yesterday: no money line without the day's figures.
    await w.send(command("start", { from: LIMITED }));
    expect(String(lastTo(w, LIMITED.id)?.payload.text)).not.toContain("💰 Yesterday");

    w.sandbox.control.clearFaults();
    w.sandbox.contract.withdrawAs(404, "POST /v1/finance/balance");
    await w.send(command("money", { from: ADMIN }));
    const ru = String(lastTo(w, ADMIN.id)?.payload.text);
    expect(ru).toMatch(/финансовый отчёт Ozon за полмесяца 1 дек\.( 2026)? – 15 дек\.( 2026)?/);
    expect(ru).toContain("Продажи: 1\u00A0000,30\u00A0₽");
  });

  it("twenty people opening /money in a minute cost the Ozon calls of one", async () => {
    world = await startWorld();
    const w = world;
    const balanceBefore = financeCalls(w, "/v1/finance/balance");
    for (let i = 0; i < 20; i++) {
      await w.send(command("money", { from: i % 2 === 0 ? ADMIN : MANAGER }));
    }
    const balance = financeCalls(w, "/v1/finance/balance") - balanceBefore;
    const ads = w.sandbox.requests.filter((r) => r.path.includes("/statistics/daily")).length;
    expect(balance).toBe(1);
    expect(ads).toBe(1);
    console.log(`/money × 20 in a minute: ${balance} balance call(s), ${ads} ads call(s)`);
  });

  it("lists the worst margins with the workbook's cost, and sends the month per product", async () => {
    world = await startWorld();
    const w = world;
    const north = w.shops.all()[0];
    if (!north) throw new Error("no store");
    await new CostPrices(north.store).set(
      [{ row: 2, offerId: "MUG-1", sku: w.skus.kept, to: "50" }],
      ADMIN.id,
      new Date(),
    );
    await w.send(command("money", { from: MANAGER }));
    const first = lastTo(w, MANAGER.id);
    if (!first) throw new Error("no screen");
    await w.send(
      callback(findButton(first, "Worst margins").callback_data ?? "", {
        from: MANAGER,
        message: sentMessage(first),
      }),
    );
    const text = String(lastTo(w, MANAGER.id, "editMessageText")?.payload.text);
    // Sold and returned the same day: nothing kept but both ways' delivery (63,37 + 41,11).
    // No revenue: no margin % (nothing to divide by).
    expect(text).toContain(
      `1. SKU ${w.skus.returned}: 0 pcs, revenue RUB\u00A00, margin −RUB\u00A0104.48 — no cost price`,
    );
    // 0,20 − 0,03 − 63,37 − cost 0,50 × 1; its % written as English writes numbers, money's minus.
    expect(text).toContain(
      "2. MUG-1: 1 pc, revenue RUB\u00A00.20, margin −RUB\u00A063.70 (−31,850 %)",
    );
    expect(text).toContain("set it in the cost column of /workbook");

    await w.send(
      callback(findButton(first, "Month XLSX").callback_data ?? "", {
        from: MANAGER,
        message: sentMessage(first),
      }),
    );
    const doc = w.fake.callsTo("sendDocument").at(-1);
    const file = doc?.files[0];
    expect(file?.fileName).toMatch(/^margin-1-2026-12\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file?.bytes ?? new Uint8Array()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "SKU",
      "Article",
      "Units",
      "Revenue",
      "Commission",
      "Delivery",
      "Other charges",
      "Cost",
      "Margin",
      "Margin %",
    ]);
    const totals = sheet.getRow(sheet.rowCount).values as unknown[];
    expect(totals[1]).toBe("Total");
    expect(totals[4]).toBe(0.2);
    expect(totals[9]).toBe(-168.18);
    expect(typeof totals[3]).toBe("number");
  });

  it("reads a month of accruals once: a second look costs only today's", async () => {
    world = await startWorld();
    const w = world;
    await w.send(command("money", { from: ADMIN }));
    const first = lastTo(w, ADMIN.id);
    if (!first) throw new Error("no screen");
    const byDay = () => financeCalls(w, "/v1/finance/accrual/by-day");
    const month = findButton(first, "Месяц").callback_data ?? "";
    await w.send(callback(month, { from: ADMIN, message: sentMessage(first) }));
    const monthScreen = lastTo(w, ADMIN.id, "editMessageText");
    if (!monthScreen) throw new Error("no month");
    await w.send(
      callback(findButton(monthScreen, "Худшая маржа").callback_data ?? "", {
        from: ADMIN,
        message: sentMessage(monthScreen),
      }),
    );
    expect(byDay()).toBe(8);
    await w.send(
      callback(findButton(monthScreen, "Худшая маржа").callback_data ?? "", {
        from: ADMIN,
        message: sentMessage(monthScreen),
      }),
    );
    expect(byDay()).toBe(8);
    console.log(`/money margins of 1–8 Dec: ${byDay()} by-day calls, then 0 within 10 minutes`);
  });
});
