/**
 * Reports people look at, end to end: /report over the fake Bot API, the runner against the
 * sandbox over HTTP; the file comes with its chart as a photo, the XLSX button builds the
 * workbook for the person who ordered it (and no one else), an expired one offers to order the
 * report again, and the dialog can ask for XLSX straight away.
 */
import ExcelJS from "exceljs";
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { readReportTable } from "../../../../src/services/ads/reports/index.ts";
import { pngSize } from "../../../services/ads/reports/support.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { waitFor } from "../../../support/wait.ts";
import { buttonsOf, press } from "../../harness.ts";
import {
  alerts,
  closeWorlds,
  jobsOf,
  limitManager,
  MANAGER,
  MANAGER_EN,
  screenText,
  slash,
  startWorld,
  tap,
  WAREHOUSE,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

async function order(w: World, user: User, labels: string[], format?: "XLSX", shop?: string) {
  await slash(w, user, "report");
  if (shop) await tap(w, user, shop);
  if (labels.length === 1)
    await tap(w, user, labels[0] ?? ""); // straight on
  else {
    await tap(w, user, "➕ Несколько кампаний");
    for (const label of labels) await tap(w, user, label);
    await tap(w, user, /^Готово/);
  }
  await tap(w, user, "Последние 7 дней");
  await tap(w, user, "По дням");
  expect(screenText(w, user.id)).toContain("Файл: CSV");
  if (format) {
    await tap(w, user, format);
    expect(screenText(w, user.id)).toContain(`Файл: ${format}`);
  }
  await tap(w, user, "Сформировать");
}

const okCalls = (w: World, method: string, chatId: number) =>
  w.fake.callsTo(method).filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);

const waitForCalls = (w: World, method: string, chatId: number, count: number) =>
  waitFor(
    () => {
      const calls = okCalls(w, method, chatId);
      return calls.length >= count && calls;
    },
    { timeoutMs: 15_000, message: `${count} × ${method}` },
  );

async function workbookOf(call: RecordedCall): Promise<ExcelJS.Workbook> {
  const file = call.files[0];
  if (!file) throw new Error("no file uploaded");
  expect(file.fileName).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(file.bytes) as unknown as ArrayBuffer);
  return book;
}

/** The spend in each sheet's totals row, by sheet. */
function spendTotals(book: ExcelJS.Workbook): number[] {
  return book.worksheets.map((ws) => {
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const at = header.findIndex((name) => name.startsWith("Расход"));
    return Number(ws.getRow(ws.rowCount).getCell(at + 1).value);
  });
}

// Draws charts and writes workbooks: seconds of CPU each, far more on a loaded machine.
describe("reports with a chart and XLSX", { timeout: 90_000 }, () => {
  it("a ZIP report comes with its chart; XLSX for its owner only; expired → ordered again as XLSX", async () => {
    const w = await startWorld();
    await w.start();
    await order(w, MANAGER, ["Кроссовки", "Новинки"]);
    const [document] = await waitForCalls(w, "sendDocument", MANAGER.id, 1);
    const [photo] = await waitForCalls(w, "sendPhoto", MANAGER.id, 1);
    if (!document || !photo) throw new Error("no document or photo");

    // The file as before (with the summary), then the chart with a short caption of its own.
    const zip = document.files[0];
    expect(zip?.fileName).toMatch(/\.zip$/);
    expect(photo.seq).toBeGreaterThan(document.seq);
    const png = photo.files[0];
    if (!png || !zip) throw new Error("no upload");
    expect(pngSize(png.bytes)).toEqual({ width: 1280, height: 960 });
    expect(png.size).toBeGreaterThan(20_000);
    expect(String(photo.payload.caption)).toMatch(/^📈 Расход и заказы по дням · \d{1,2} [а-я]+\./);
    expect(String(photo.payload.caption)).not.toContain("Расход:");
    expect(String(document.payload.caption)).toContain("Расход:");
    const table = readReportTable({ format: "zip", bytes: zip.bytes });
    expect(table.sheets).toHaveLength(2);

    // Someone else (a manager too) cannot have it.
    const xlsxButton = () => press(document, "XLSX", MANAGER);
    const before = w.fake.calls.length;
    await w.send(press(document, "XLSX", MANAGER_EN));
    expect(alerts(w, before)).toEqual(["This button is for the person who ordered the report."]);
    expect(okCalls(w, "sendDocument", MANAGER_EN.id)).toEqual([]);

    // The owner gets the workbook: a sheet per campaign, totals as in Ozon's files.
    await w.send(xlsxButton());
    const [, xlsx] = await waitForCalls(w, "sendDocument", MANAGER.id, 2);
    if (!xlsx) throw new Error("no XLSX");
    const book = await workbookOf(xlsx);
    const ids = (await jobsOf(w))[0]?.campaigns.map((c) => c.id) ?? [];
    expect(book.worksheets.map((ws) => ws.name.split(" ")[0])).toEqual(ids);
    const fileTotals = table.sheets.map((sheet) => {
      const at = sheet.columns.findIndex((c) => c.metric === "spend");
      return sheet.total?.[at];
    });
    expect(spendTotals(book)).toEqual(fileTotals);
    expect(book.worksheets[0]?.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(String(xlsx.payload.caption)).toContain("(XLSX)");

    // Three days later the kept report is gone: the press says so, the button offers a new order.
    const shop = w.shops.all()[0];
    const jobId = (await jobsOf(w))[0]?.id ?? "";
    await shop?.store.delete(`report-table:${jobId}`);
    const pressed = w.fake.calls.length;
    await w.send(xlsxButton());
    expect(alerts(w, pressed)[0]).toContain("уже не собрать");
    const edit = await w.fake.waitForCall("editMessageReplyMarkup", (c) => c.seq >= pressed);
    expect(buttonsOf(edit).map((b) => b.text)).toEqual(["🔁 Заказать снова (XLSX)"]);
    const reorder = { ...edit, response: document.response } as RecordedCall;
    await w.send(press(reorder, "Заказать снова", MANAGER));
    const [, , again] = await waitForCalls(w, "sendDocument", MANAGER.id, 3);
    if (!again) throw new Error("no reordered report");
    expect((await workbookOf(again)).worksheets).toHaveLength(2);
    const jobs = await jobsOf(w);
    expect(jobs.map((j) => j.format)).toEqual([undefined, "xlsx"]);
    // Once only: a second press finds it ordered.
    const second = w.fake.calls.length;
    await w.send(press(reorder, "Заказать снова", MANAGER));
    expect(alerts(w, second)).toEqual(["Этот отчёт уже заказан повторно."]);
  });

  it("XLSX chosen in the dialog: the workbook is the file, the chart comes along", async () => {
    const w = await startWorld();
    await w.start();
    await order(w, MANAGER, ["Кроссовки"], "XLSX");
    const [document] = await waitForCalls(w, "sendDocument", MANAGER.id, 1);
    await waitForCalls(w, "sendPhoto", MANAGER.id, 1);
    if (!document) throw new Error("no document");
    const book = await workbookOf(document);
    expect(book.worksheets).toHaveLength(1);
    const ws = book.worksheets[0] as ExcelJS.Worksheet;
    // Header, seven days as dates, (Ozon's correction), Всего last.
    const firstColumn = (ws.getColumn(1).values as unknown[]).slice(2);
    expect(firstColumn.filter((v) => v instanceof Date)).toHaveLength(7);
    expect(firstColumn.at(-1)).toBe("Всего");
    expect(buttonsOf(document)).toEqual([]); // it is the XLSX already
    expect((await jobsOf(w))[0]?.format).toBe("xlsx");
    expect(String(document.payload.caption)).toContain("Расход:");
  });

  it("a chart that cannot be drawn or sent loses nothing: the file goes, the failure is logged", async () => {
    const w = await startWorld({
      module: {
        renderChart: async () => {
          throw new Error("drawing failed");
        },
      },
    });
    await w.start();
    await order(w, MANAGER, ["Кроссовки"]);
    const [document] = await waitForCalls(w, "sendDocument", MANAGER.id, 1);
    expect(document?.files[0]?.fileName).toMatch(/\.csv$/);
    await waitFor(async () => (await jobsOf(w))[0]?.state === "delivered");
    await waitFor(() => w.logs.some((l) => l.msg === "report: chart not rendered"));
    expect(okCalls(w, "sendPhoto", MANAGER.id)).toEqual([]);

    // Telegram refusing the photo: the same.
    const v = await startWorld();
    await v.start();
    v.fake.failNext(
      "sendPhoto",
      { error_code: 400, description: "Bad Request: PHOTO_INVALID_DIMENSIONS" },
      5,
    );
    await order(v, MANAGER, ["Кроссовки"]);
    await waitForCalls(v, "sendDocument", MANAGER.id, 1);
    await waitFor(async () => (await jobsOf(v))[0]?.state === "delivered");
    await waitFor(() => v.logs.some((l) => l.msg === "report: chart not sent"));
    expect(okCalls(v, "sendDocument", MANAGER.id)).toHaveLength(1);
  });

  it("two stores: the chart and the workbook are the chosen store's; other stores' managers and other roles are refused", async () => {
    const w = await startWorld({ stores: 2 });
    await w.start();
    const south = "sandbox-client-2";
    await limitManager(w, MANAGER_EN.id, ["sandbox-client"]);
    await w.restart(); // a new process reads the limited role
    await order(w, MANAGER, ["Кроссовки"], undefined, "Южный");
    const [document] = await waitForCalls(w, "sendDocument", MANAGER.id, 1);
    const [photo] = await waitForCalls(w, "sendPhoto", MANAGER.id, 1);
    if (!document || !photo) throw new Error("no report");
    const chartLines = String(photo.payload.caption).split("\n");
    expect(chartLines[0]).toBe("🏬 Южный");
    expect(chartLines[1]).toMatch(/^📈 Расход и (заказы|клики) по дням · /);
    expect(document.files[0]?.fileName).toContain("Южный");

    const since = w.fake.calls.length;
    await w.send(press(document, "XLSX", MANAGER_EN)); // reaches Северный only
    await w.send(press(document, "XLSX", WAREHOUSE)); // not a manager
    const [otherStore, otherRole] = alerts(w, since);
    expect(otherStore).toBe("You have no access to any store for this. Ask an admin.");
    expect(otherRole).toBeDefined();
    expect(otherRole).not.toContain("XLSX");
    expect(okCalls(w, "sendDocument", MANAGER_EN.id)).toEqual([]);
    expect(okCalls(w, "sendDocument", WAREHOUSE.id)).toEqual([]);

    await w.send(press(document, "XLSX", MANAGER));
    const [, xlsx] = await waitForCalls(w, "sendDocument", MANAGER.id, 2);
    if (!xlsx) throw new Error("no XLSX");
    expect(xlsx.files[0]?.fileName).toContain("Южный");
    expect(String(xlsx.payload.caption).split("\n")[0]).toBe("🏬 Южный");
    const [job] = (await w.module.accountOf(south)?.jobs.repository.all()) ?? [];
    const book = await workbookOf(xlsx);
    expect(book.worksheets.map((ws) => ws.name.split(" ")[0])).toEqual([job?.campaigns[0]?.id]);
  });
});
