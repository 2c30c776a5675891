// node bench/report-charts.ts — what a report's chart and workbook cost: a 62-day, 10-campaign
// report (a ZIP of 10 CSVs, as Ozon sends it) read into typed sheets, drawn as a PNG (ECharts
// SVG → resvg) and built as an XLSX (exceljs). Times are medians of several rounds after a
// warm-up; memory is the process's RSS and heap before and after (the first chart loads ECharts).
import { zipSync } from "fflate";
import {
  buildReportXlsx,
  readReportTable,
  renderReportChart,
  renderReportChartSvg,
  reportChartData,
  svgToPng,
} from "../src/services/reports/index.ts";

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

console.log(
  `Report charts and XLSX: ${DAYS} days × ${CAMPAIGNS} campaigns (ZIP ${(zip.length / 1024).toFixed(0)} KB)\n`,
);
globalThis.gc?.();
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
const afterXlsx = process.memoryUsage();

const row = (name: string, value: string) => console.log(`${name.padEnd(44)} ${value}`);
row("read ZIP into typed sheets (median)", `${read.ms.toFixed(1)} ms`);
row("first chart, ECharts loaded on demand", `${firstMs.toFixed(0)} ms`);
row(
  "chart: ECharts SVG (median)",
  `${svg.ms.toFixed(1)} ms, ${(svg.result.length / 1024).toFixed(0)} KB`,
);
row("chart: resvg SVG → PNG (median)", `${png.ms.toFixed(1)} ms`);
row(
  "chart: whole renderReportChart (median)",
  `${chart.ms.toFixed(1)} ms, PNG ${(chart.result.length / 1024).toFixed(0)} KB (first ${(firstPng.length / 1024).toFixed(0)} KB)`,
);
row(
  "XLSX: buildReportXlsx (median)",
  `${xlsx.ms.toFixed(1)} ms, ${(xlsx.result.length / 1024).toFixed(0)} KB, ${table.sheets.length} sheets`,
);
console.log("");
row(
  "RSS before → after first chart",
  `${mb(before.rss)} → ${mb(afterFirst.rss)} (+${mb(afterFirst.rss - before.rss)})`,
);
row(
  "heap before → after first chart",
  `${mb(before.heapUsed)} → ${mb(afterFirst.heapUsed)} (+${mb(afterFirst.heapUsed - before.heapUsed)})`,
);
row(
  `RSS after ${ROUNDS * 3 + 3} more charts`,
  `${mb(afterCharts.rss)} (+${mb(afterCharts.rss - afterFirst.rss)} since the first)`,
);
row(
  `RSS after ${ROUNDS + 1} workbooks`,
  `${mb(afterXlsx.rss)} (+${mb(afterXlsx.rss - afterCharts.rss)})`,
);
globalThis.gc?.();
row("heap after all (after GC when --expose-gc)", `${mb(process.memoryUsage().heapUsed)}`);
