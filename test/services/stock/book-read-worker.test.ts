/**
 * The worker that reads uploads keeps its limits: a read past its time is stopped and refused as
 * too slow, one that runs out of its heap is refused as too big once unpacked — the bot goes on.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readBook } from "../../../src/services/stock/book-read.ts";
import { craftZip, zipParts } from "../../support/crafted-zip.ts";

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("stock");
  sheet.addRow(["Article (offer_id)", "Stock (stock #1)", "Note"]);
  sheet.addRow(["A-1", 5, "a note the bot does not read"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("the workbook reader's worker", () => {
  it("reads a workbook and gives back only the tagged columns", async () => {
    const sheet = await readBook(await workbook(), "xlsx");
    expect(sheet.header).toEqual(["Article (offer_id)", "Stock (stock #1)", "Note"]);
    expect(sheet.rows).toEqual([{ n: 2, cells: ["A-1", 5] }]);
  });

  it("stops a read past its time and refuses it as too slow", async () => {
    await expect(readBook(await workbook(), "xlsx", { timeoutMs: 1 })).rejects.toMatchObject({
      problem: "too_slow",
    });
  });

  it("refuses a read that runs out of its heap as too big once unpacked", async () => {
    // 28 MB of shared strings (under their 32 MB cap), each kept in the worker's heap.
    const strings = Array.from(
      { length: 400_000 },
      (_, i) => `<si><t>${"x".repeat(40)}${i}</t></si>`,
    );
    const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.join("")}</sst>`;
    const parts = zipParts(await workbook()).filter((p) => p.name !== "xl/sharedStrings.xml");
    const file = craftZip([...parts, { name: "xl/sharedStrings.xml", data: Buffer.from(sst) }]);
    await expect(readBook(file, "xlsx", { heapMb: 24 })).rejects.toMatchObject({
      problem: "unpacked_too_big",
    });
  });
});
