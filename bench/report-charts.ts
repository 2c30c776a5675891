// node bench/report-charts.ts — what a report's chart and workbook cost: a 62-day, 10-campaign
// report (a ZIP of 10 CSVs, as Ozon sends it) read into typed sheets, drawn as a PNG (ECharts
// SVG → resvg) and built as an XLSX (exceljs). Times are medians of several rounds after a
// warm-up. Memory: RSS and heap before and after, in-process (what renderReportChart costs the
// caller), then — in a fresh process — the worker-thread renderer the bot uses.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import {
  buildReportXlsx,
  ChartRenderer,
  readReportTable,
  renderReportChart,
  renderReportChartSvg,
  reportChartData,
  svgToPng,
} from "../src/services/ads/reports/index.ts";

const DAYS = 62;
const CAMPAIGNS = 10;
const ROUNDS = 8;

const ru = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const dates = Array.from({ length: DAYS }, (_, i) =>
  new Date(Date.UTC(2026, 8, 1) + i * 86_400_000).toISOString().slice(0, 10),
);
const csv = (id: number) =>
  [
    `\uFEFF;Кампания по продвижению товаров № ${id}, период ${ru(dates[0] ?? "")}-${ru(dates.at(-1) ?? "")}`,
    "Дата;Показы;Клики;CTR (%);В корзину;Ср. цена клика, ₽;Расход, ₽, с НДС;Заказы;Выручка, ₽;ДРР, %",
    ...dates.map(
      (d, i) =>
        `${ru(d)};${3000 + ((i * id) % 900)};${60 + ((i + id) % 40)};2,00;6;14,50;${1200 + ((i * 37 * id) % 900)},50;${(i + id) % 7};${9000 + i * 10},00;12,40`,
    ),
    "Всего;1;1;1;1;1;1;1;1;1",
  ].join("\n");
const zip = zipSync(
  Object.fromEntries(
    Array.from({ length: CAMPAIGNS }, (_, i) => [
      `${1000 + i}.csv`,
      new TextEncoder().encode(csv(1000 + i)),
    ]),
  ),
);
const labels = {
  title: "Расход и заказы по дням",
  spend: "Расход, ₽",
  orders: "Заказы",
  clicks: "Клики",
  others: "Остальные",
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const row = (name: string, value: string) => console.log(`${name.padEnd(44)} ${value}`);

async function timed<T>(run: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  const times: number[] = [];
  let result = await run(); // warm-up
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  return { ms: median(times), result };
}

async function inProcess(): Promise<void> {
  console.log(
    `Report charts and XLSX: ${DAYS} days × ${CAMPAIGNS} campaigns (ZIP ${(zip.length / 1024).toFixed(0)} KB)\n`,
  );
  const before = process.memoryUsage();
  const first = performance.now();
  const table = readReportTable({ format: "zip", bytes: zip });
  const firstPng = await renderReportChart(table, { locale: "ru", labels });
  const firstMs = performance.now() - first;
  const afterFirst = process.memoryUsage();

  const read = await timed(() => readReportTable({ format: "zip", bytes: zip }));
  const data = reportChartData(table, { labels });
  const svg = await timed(() => renderReportChartSvg(data, { locale: "ru", labels }));
  const png = await timed(() => svgToPng(svg.result));
  const chart = await timed(() => renderReportChart(table, { locale: "ru", labels }));
  const afterCharts = process.memoryUsage();
  const xlsx = await timed(() => buildReportXlsx(table, { labels: { total: "Всего" } }));

  row("read ZIP into typed sheets (median)", `${read.ms.toFixed(1)} ms`);
  row("first chart, ECharts loaded on demand", `${firstMs.toFixed(0)} ms`);
  row(
    "chart: ECharts SVG (median)",
    `${svg.ms.toFixed(1)} ms, ${(svg.result.length / 1024).toFixed(0)} KB`,
  );
  row("chart: resvg SVG → PNG (median)", `${png.ms.toFixed(1)} ms`);
  row(
    "chart: renderReportChart in-process (median)",
    `${chart.ms.toFixed(1)} ms, PNG ${(chart.result.length / 1024).toFixed(0)} KB (first ${(firstPng.length / 1024).toFixed(0)} KB)`,
  );
  row(
    "XLSX: buildReportXlsx (median)",
    `${xlsx.ms.toFixed(1)} ms, ${(xlsx.result.length / 1024).toFixed(0)} KB, ${table.sheets.length} sheets`,
  );
  console.log("");
  row(
    "in-process RSS before → after first chart",
    `${mb(before.rss)} → ${mb(afterFirst.rss)} (+${mb(afterFirst.rss - before.rss)})`,
  );
  row(
    "in-process heap before → after first chart",
    `${mb(before.heapUsed)} → ${mb(afterFirst.heapUsed)} (+${mb(afterFirst.heapUsed - before.heapUsed)})`,
  );
  row(
    `in-process RSS after ${ROUNDS * 3 + 3} more charts`,
    `${mb(afterCharts.rss)} (+${mb(afterCharts.rss - afterFirst.rss)}: resvg's memory waits for a GC)`,
  );
}

// The bot draws in a worker thread (chart-renderer.ts): the event loop does not wait, and ending
// the worker after a few charts gives back the native memory resvg keeps until a GC happens.
async function inWorker(): Promise<void> {
  const table = readReportTable({ format: "zip", bytes: zip });
  const before = process.memoryUsage();
  const renderer = new ChartRenderer();
  const times: number[] = [];
  const CHARTS = 24;
  let peak = 0;
  for (let i = 0; i < CHARTS; i++) {
    const started = performance.now();
    await renderer.render(table, { locale: "ru", labels });
    times.push(performance.now() - started);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  await renderer.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = process.memoryUsage();
  row(
    `worker renderer: ${CHARTS} charts, 8 per worker`,
    `median ${median(times).toFixed(0)} ms, first ${times[0]?.toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms (a new worker loads ECharts)`,
  );
  row(
    "worker RSS before / peak / after it ended",
    `${mb(before.rss)} / ${mb(peak)} / ${mb(after.rss)}`,
  );
}

if (process.argv[2] === "worker") {
  await inWorker();
} else {
  await inProcess();
  // The worker's figures in a fresh process, so the memory above does not colour them.
  console.log("");
  spawnSync(process.execPath, [fileURLToPath(import.meta.url), "worker"], { stdio: "inherit" });
}
