import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { parseMoney, parseStock } from "../../../src/services/stock/book-cells.ts";
import {
  type BookCatalog,
  biggestChanges,
  planBook,
} from "../../../src/services/stock/book-plan.ts";
import { BookFileError, MAX_BOOK_ROWS, readBook } from "../../../src/services/stock/book-read.ts";
import { catalogWorkbook } from "../../../src/services/stock/book-write.ts";

const LABELS = {
  offerId: "Артикул",
  name: "Название",
  stock: (name: string) => `Остаток «${name}»`,
  price: "Цена",
  oldPrice: "Цена до скидки",
  minPrice: "Мин. цена",
  cost: "Себестоимость",
};

const catalog: BookCatalog = {
  warehouses: [
    { id: "1020000000000001", name: "Москва" },
    { id: "22", name: "Казань" },
  ],
  items: [
    {
      offerId: "A-1",
      productId: "900000000000000001",
      name: "=Кружка",
      stocks: { "1020000000000001": 5, "22": 0 },
      price: 129_950n,
      oldPrice: 150_000n,
      minPrice: 100_000n,
    },
    {
      offerId: "B-2",
      productId: "2",
      name: "Ложка",
      stocks: { "1020000000000001": 1 },
      price: 9_900n,
    },
  ],
};

describe("workbook cells", () => {
  it("reads stock as whole units and money as exact kopecks", () => {
    expect(parseStock("12")).toEqual({ ok: true, value: 12 });
    expect(parseStock(" ")).toEqual({ ok: true, value: undefined });
    expect(parseStock("1,5")).toEqual({ ok: false, reason: "not_whole" });
    expect(parseStock("-1")).toEqual({ ok: false, reason: "negative" });
    expect(parseStock("abc")).toEqual({ ok: false, reason: "not_a_number" });
    expect(parseMoney("1 299,50 ₽")).toEqual({ ok: true, value: 129_950n });
    expect(parseMoney(0.29)).toEqual({ ok: true, value: 29n });
    expect(parseMoney(1299.555)).toEqual({ ok: false, reason: "too_many_decimals" });
    expect(parseMoney("99999999999999")).toEqual({ ok: false, reason: "too_big" });
  });
});

describe("workbook round trip", () => {
  it("reads back what it wrote as no change, and sees the cells a person changed", async () => {
    const written = await catalogWorkbook(catalog, LABELS);
    const unchanged = planBook(await readBook(written, "xlsx"), catalog);
    expect(unchanged).toMatchObject({
      stock: [],
      prices: [],
      unknown: [],
      unreadable: [],
      rows: 2,
    });

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(written as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(String(sheet.getCell("C1").value)).toBe("Остаток «Москва» (stock #1020000000000001)");
    expect(sheet.getCell("B2").value).toBe("'=Кружка"); // a name is never a formula
    sheet.getCell("C2").value = 0;
    sheet.getCell("E2").value = 1399.9;
    sheet.getCell("D3").value = "two";
    sheet.addRow(["Z-9", "", 3]);
    sheet.addRow(["", "", 3]);
    sheet.addRow(["A-1", "", 4]);
    const changed = Buffer.from(await book.xlsx.writeBuffer());
    const plan = planBook(await readBook(changed, "xlsx"), catalog);
    expect(plan.stock).toEqual([
      {
        row: 2,
        offerId: "A-1",
        productId: "900000000000000001",
        warehouseId: "1020000000000001",
        from: 5,
        to: 0,
      },
    ]);
    expect(plan.prices).toEqual([
      {
        row: 2,
        offerId: "A-1",
        productId: "900000000000000001",
        fields: { price: { from: "129950", to: "139990" } },
      },
    ]);
    expect(plan.counts).toEqual({ stock: 1, price: 1, oldPrice: 0, minPrice: 0, cost: 0 });
    expect(plan.unknown).toEqual([{ row: 4, offerId: "Z-9" }]);
    expect(plan.unreadable).toEqual([
      { row: 3, problems: ["Остаток «Казань» (stock #22):not_a_number"] },
      { row: 5, problems: ["offer_id_missing"] },
      { row: 6, problems: ["duplicate:2"] },
    ]);
    expect(biggestChanges(plan).map((c) => [c.what, c.to])).toEqual([
      ["stock", "0"],
      ["price", "139990"],
    ]);
  });

  it("reads a CSV with ; and decimal commas, and refuses files over the caps with a reason", async () => {
    const csv = [
      "\uFEFFArticle (offer_id);Name (name);Stock (stock #22);Price (price)",
      "B-2;Ложка;7;99,00",
      "A-1;;;1 300,00",
    ].join("\r\n");
    const plan = planBook(await readBook(Buffer.from(csv), "csv"), catalog);
    expect(plan.stock).toMatchObject([
      { offerId: "B-2", warehouseId: "22", from: undefined, to: 7 },
    ]);
    expect(plan.prices).toMatchObject([{ offerId: "A-1", fields: { price: { to: "130000" } } }]);

    const tooMany = [
      "x (offer_id)",
      ...Array.from({ length: MAX_BOOK_ROWS + 1 }, (_, i) => `o${i}`),
    ];
    await expect(readBook(Buffer.from(tooMany.join("\n")), "csv")).rejects.toMatchObject({
      problem: "too_many_rows",
    });
    await expect(readBook(Buffer.from("not a zip at all"), "xlsx")).rejects.toBeInstanceOf(
      BookFileError,
    );
    await expect(readBook(Buffer.alloc(11 * 1024 * 1024), "csv")).rejects.toMatchObject({
      problem: "too_big",
    });
    const wide = Array.from({ length: 300 }, (_, i) => `c${i}`).join(";");
    await expect(readBook(Buffer.from(`${wide}\n${wide}`), "csv")).rejects.toMatchObject({
      problem: "too_many_columns",
    });
  });
});
