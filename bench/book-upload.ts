// npm run bench -- book-upload — what one uploaded workbook costs the bot (issue 37, items 1–2):
// peak RSS, CPU time (all threads) and the longest the event loop went without a turn, for
//   crafted: a small real workbook plus an entry under xl/media/ whose local header says
//            "stored" while the central directory says "deflated" (210 MiB of zeros, ~210 KB);
//   wide:    20 000 rows × 200 numeric columns (the caps' corner, ~10 MB, ~100 MB of XML);
//   tagged:  the same, every column tagged "(stock #…)" so that the reader keeps every cell;
// read by the old reader (bench/book-upload-old.ts, in the bot's thread) and the new one
// (src/services/stock/book-read.ts, a worker thread). Each case runs in a process of its own.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import { craftZip, zeros, zipParts } from "../test/support/crafted-zip.ts";

const MEDIA_BYTES = 210 * 1024 * 1024;
const ROWS = 20_000;
const COLUMNS = 200;

async function crafted(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("stock");
  sheet.addRow(["Артикул (offer_id)", "Остаток (stock #1)"]);
  for (let i = 0; i < 20; i++) sheet.addRow([`A-${i}`, i]);
  const parts = zipParts(Buffer.from(await book.xlsx.writeBuffer()));
  const media = { name: "xl/media/image1.png", data: zeros(MEDIA_BYTES), local: "stored" as const };
  return craftZip([...parts, media]);
}

async function wide(path: string, tagged: boolean): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: false,
    // archiver's options: the smallest file, as a person would send to stay under 10 MB.
    zip: { zlib: { level: 9 } },
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
  const sheet = writer.addWorksheet("stock");
  const header = ["Артикул (offer_id)"];
  for (let c = 1; c < COLUMNS; c++) header.push(tagged ? `Остаток (stock #${c})` : `Колонка ${c}`);
  sheet.addRow(header).commit();
  for (let r = 0; r < ROWS; r++) {
    const row: Array<string | number> = [`OFFER-${r}`];
    for (let c = 1; c < COLUMNS; c++) row.push((c * 7) % 10);
    sheet.addRow(row).commit();
  }
  await writer.commit();
}

/** One case in this process: reads `file` with `which` reader and prints the figures. */
async function measure(which: "old" | "new" | "idle", file: string): Promise<void> {
  const bytes = which === "idle" ? Buffer.alloc(0) : readFileSync(file);
  const idle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return { rows: [] };
  };
  const read =
    which === "idle"
      ? idle
      : which === "old"
        ? (await import("./book-upload-old.ts")).readBook
        : (await import("../src/services/stock/book-read.ts")).readBook;
  // exceljs loaded before the baseline (the bot has it loaded too).
  await import("exceljs");
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  let longest = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const cpu0 = process.cpuUsage();
  const main0 = process.threadCpuUsage();
  const started = performance.now();
  let outcome: string;
  try {
    const sheet = await read(bytes, "xlsx");
    outcome = `read: ${sheet.rows.length} rows`;
  } catch (error) {
    outcome = `refused: ${(error as Error).message.slice(0, 70)}`;
  }
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  const main = process.threadCpuUsage(main0);
  histogram.disable();
  clearInterval(probe);
  longest = Math.max(longest, performance.now() - last);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    [
      `${which.padEnd(3)} ${outcome}`.padEnd(70),
      `wall ${(wall / 1000).toFixed(1)} s`,
      `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (bot's thread ${((main.user + main.system) / 1e6).toFixed(1)} s)`,
      `RSS ${mb(rss0)} → peak ${mb(peak)}`,
      `longest block ${longest.toFixed(0)} ms (delay p100 ${(histogram.max / 1e6).toFixed(0)} ms)`,
    ].join(" · "),
  );
}

const [, , mode, which, file] = process.argv;
if (mode === "case") {
  await measure(which as "old" | "new" | "idle", file as string);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), "book-upload-"));
try {
  const files = {
    crafted: join(dir, "crafted.xlsx"),
    wide: join(dir, "wide.xlsx"),
    tagged: join(dir, "tagged.xlsx"),
  };
  writeFileSync(files.crafted, await crafted());
  await wide(files.wide, false);
  await wide(files.tagged, true);
  // The machine's own noise: the same probes over 3 s of doing nothing.
  console.log("\nidle (the probe's noise floor on this machine):");
  spawnSync(process.execPath, [fileURLToPath(import.meta.url), "case", "idle", ""], {
    stdio: "inherit",
  });
  for (const [name, path] of Object.entries(files)) {
    const size = readFileSync(path).length;
    console.log(`\n${name}: ${(size / 1024).toFixed(0)} KB upload`);
    for (const which of ["old", "new"]) {
      const self = fileURLToPath(import.meta.url);
      spawnSync(process.execPath, [self, "case", which, path], { stdio: "inherit" });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
