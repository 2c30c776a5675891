/**
 * Uploads built to hurt (issue 37): ZIPs whose headers lie, media that must never be inflated,
 * an honest bomb, rows past the cap, stock written "1,000", and previews taking turns — each sent
 * to the bot through the fake Bot API, the preview made against the sandbox over HTTP.
 */
import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it } from "vitest";
import type { BookKind, BookSheet } from "../../../src/services/stock/book-read.ts";
import { readBook } from "../../../src/services/stock/book-read.ts";
import { type CraftedEntry, craftZip, zeros, zipParts } from "../../support/crafted-zip.ts";
import { document } from "../../support/updates.ts";
import { waitFor, withDeadline } from "../../support/wait.ts";
import { textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  lastScreen,
  MANAGER,
  messagesTo,
  type StockHarness,
  startStock,
} from "./harness.ts";

const MOSCOW = "1020000092835000";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A real small workbook (exceljs's), as its ZIP parts: the first product's stock set to 5. */
async function workbookParts(h: StockHarness): Promise<CraftedEntry[]> {
  const [first] = h.sandbox.control.products();
  if (!first) throw new Error("sandbox has no products");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("stock");
  sheet.addRow(["Article (offer_id)", `Stock (stock #${MOSCOW})`]);
  sheet.addRow([first.offerId, 5]);
  return zipParts(Buffer.from(await book.xlsx.writeBuffer()));
}

/** The same workbook with its sheet's XML replaced. */
async function withSheetXml(h: StockHarness, xml: string): Promise<CraftedEntry[]> {
  return (await workbookParts(h)).map((part) =>
    part.name === "xl/worksheets/sheet1.xml" ? { ...part, data: Buffer.from(xml) } : part,
  );
}

function send(h: StockHarness, who: typeof ADMIN, bytes: Uint8Array, name = "stock.xlsx") {
  const file = h.fake.registerFile(bytes, { fileName: name });
  return exchange(
    h,
    document({
      from: who,
      fileId: file.file_id,
      fileName: name,
      fileSize: bytes.byteLength,
      mimeType: name.endsWith(".csv") ? "text/csv" : XLSX,
    }),
  );
}

const answer = async (h: StockHarness, bytes: Uint8Array, name?: string) =>
  textOf(lastScreen(await send(h, ADMIN, bytes, name)));

describe("an uploaded workbook built to hurt", () => {
  let h: StockHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("refuses an entry whose local header says stored and the central directory deflated", async () => {
    h = await startStock();
    // The old reader counted this entry at its packed size and exceljs then inflated all of it.
    const media = { name: "xl/media/image1.png", data: zeros(4 * 1024 * 1024), local: "stored" };
    const forged = craftZip([...(await workbookParts(h)), media as CraftedEntry]);
    const text = await answer(h, forged);
    expect(text).toContain("ZIP headers contradict each other");
    expect(text).not.toContain("Preview");
  });

  it("never inflates media: a picture that is not even valid DEFLATE leaves the sheet readable", async () => {
    h = await startStock();
    const parts = await workbookParts(h);
    // Break the picture's DEFLATE data (after its 30-byte header and name), keep its headers.
    const broken = { name: "xl/media/image1.png", data: zeros(1024) };
    const file = craftZip([...parts, broken]);
    const dataAt = file.indexOf(Buffer.from("xl/media/image1.png")) + broken.name.length;
    const packed = deflateRawSync(broken.data).length;
    file.fill(0xff, dataAt, dataAt + packed);
    const text = await answer(h, file);
    expect(text).toContain("📋 Preview: 1 row read.");
    expect(text).toContain("Changes: stock 1");
  });

  it("refuses an honest ZIP bomb as too big once unpacked", async () => {
    h = await startStock();
    // A sheet that really inflates to 210 MiB (of spaces), its headers telling the truth.
    const bomb = Buffer.alloc(210 * 1024 * 1024, 0x20);
    const head = Buffer.from(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    );
    head.copy(bomb);
    const parts = await withSheetXml(h, "");
    const file = craftZip(
      parts.map((p) => (p.name === "xl/worksheets/sheet1.xml" ? { ...p, data: bomb } : p)),
    );
    expect(file.length).toBeLessThan(1024 * 1024);
    expect(await answer(h, file)).toContain("too big once unpacked");
  });

  it("stops reading at the first row beyond the cap: what follows it is never read", async () => {
    h = await startStock();
    const rows = [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Article (offer_id)</t></is></c></row>',
    ];
    for (let n = 2; n <= 22_000; n++) rows.push(`<row r="${n}"><c r="A${n}"><v>${n}</v></c></row>`);
    // Past the cap the sheet is broken: a reader that stops at the cap never sees it.
    const xml = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join("")}<row r="x"><<<&&&`;
    const text = await answer(h, craftZip(await withSheetXml(h, xml)));
    expect(text).toContain("The file has more than 20 000 rows");
    expect(text).toMatch(/Row 20[,\s\u00a0\u202f]?002\./);
  });

  it('refuses a stock cell "1,000" with its row and reads "1 000" as 1000', async () => {
    h = await startStock();
    const [first, second] = h.sandbox.control.products();
    if (!first || !second) throw new Error("sandbox has no products");
    const ref = h.shops.get(h.shopId)?.ref;
    const csv = [
      `Артикул (offer_id);Остаток (stock #${MOSCOW})`,
      `${first.offerId};1,000`,
      `${second.offerId};1\u00a0000`,
    ].join("\n");
    const text = await answer(h, Buffer.from(csv), `stock-${ref}-edit.csv`);
    expect(text).toContain("Changes: stock 1 ·");
    expect(text).toContain(`${second.offerId} · stock “Склад Подольск (Москва)”:`);
    expect(text).toMatch(/→ 1[\s\u00a0\u202f,]?000/);
    expect(text).toMatch(
      /row 2: Остаток \(stock #\d+\): not a whole number in digits: write 1000 or 1 000/,
    );
  });
});

describe("previews take turns", () => {
  let h: StockHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("a file sent while another is read waits its turn, and its sender is told so", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let reads = 0;
    const read = async (bytes: Uint8Array, kind: BookKind): Promise<BookSheet> => {
      reads += 1;
      if (reads === 1) {
        started();
        await held;
      }
      return readBook(bytes, kind);
    };
    h = await startStock({ module: { bookReadsAtOnce: 1, bookRead: read } });
    const harness = h;
    const [first] = h.sandbox.control.products();
    const ref = h.shops.get(h.shopId)?.ref;
    const csv = Buffer.from(`Артикул (offer_id);Цена (price)\n${first?.offerId};777`);
    const name = `stock-${ref}-edit.csv`;
    const adminSent = send(h, ADMIN, csv, name);
    await withDeadline(firstStarted, 10_000, "the first read");
    const managerSent = send(h, MANAGER, csv, name);
    await waitFor(() => messagesTo(harness, MANAGER.id).length > 0, {
      timeoutMs: 10_000,
      message: "the second sender told to wait",
    });
    expect(messagesTo(h, MANAGER.id).map(textOf)).toEqual([
      "⏳ Other files are being read; yours is in line (1 before it). The preview follows by itself.",
    ]);
    expect(reads).toBe(1);
    release();
    await Promise.all([adminSent, managerSent]);
    expect(reads).toBe(2);
    expect(textOf(messagesTo(h, MANAGER.id).at(-1) as never)).toContain("📋 Preview: 1 row read.");
    expect(textOf(messagesTo(h, ADMIN.id).at(-1) as never)).toContain("📋 Preview: 1 row read.");
  });
});
