// node bench/report-files.ts — what reading a downloaded report costs the event loop: a real
// ZIP of 10 campaign CSVs, and archives that lie (a 1 GiB entry stating 100 bytes; entries
// whose sizes come only after the data). Each is read in the bot's own process, synchronously,
// so these times are the pause every other update waits out.
import { zipSync } from "fflate";
import { MAX_UNPACKED_BYTES } from "../src/services/ads/reports/file.ts";
import { summarizeReport } from "../src/services/ads/reports/summary.ts";
import { buildZip } from "../test/support/zip.ts";

const GIB = 1024 * 1024 * 1024;

function timed(name: string, bytes: Uint8Array, rounds: number) {
  let outcome = "read";
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    try {
      summarizeReport({ format: "zip", bytes });
    } catch (error) {
      outcome = `refused (${(error as { code?: string }).code})`;
    }
  }
  const ms = (performance.now() - started) / rounds;
  const size = `${(bytes.length / 1024).toFixed(0)} KB`;
  console.log(
    `${name.padEnd(62)} ${size.padStart(9)}  ${ms.toFixed(1).padStart(7)} ms  ${outcome}`,
  );
}

const row = "01.10.2026;1 234;56;4,54;1 152,19;3;2 380,00\n";
const csv = (id: number, days: number) =>
  `\uFEFF;Кампания № ${id}, период 01.10.2026-31.10.2026\nДата;Показы;Клики;CTR (%);Расход, ₽;Заказы;Выручка, ₽\n${row.repeat(days)}Всего;1;1;1;1;1;1\n`;
const real = zipSync(
  Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `${100 + i}.csv`,
      new TextEncoder().encode(csv(100 + i, 62)),
    ]),
  ),
);
const lying = buildZip([{ name: "1.csv", content: new Uint8Array(GIB), statedSize: 100 }]);
const unstated = buildZip(
  [1, 2].map((n) => ({
    name: `${n}.csv`,
    content: new Uint8Array(MAX_UNPACKED_BYTES),
    dataDescriptor: true,
  })),
);

console.log(
  `Reading report files (cap ${MAX_UNPACKED_BYTES / 1024 / 1024} MB of CSV per report)\n`,
);
timed("real report: ZIP of 10 campaigns × 62 days", real, 200);
timed("bomb: one entry of 1 GiB that states 100 bytes", lying, 5);
timed("bomb: two entries of 8 MB, sizes only after the data", unstated, 5);
