/**
 * The chart drawn in a worker thread (chart-renderer.ts starts it): drawing takes a few hundred
 * milliseconds of CPU that the bot's event loop should not wait out, and resvg keeps each
 * picture's native memory (~5 MB) until V8 happens to collect its small JS wrapper — ending the
 * worker after a few charts gives all of it back at once.
 * Tests: none directly
 */
import { parentPort } from "node:worker_threads";
import {
  type ReportChartData,
  type ReportChartOptions,
  renderReportChartSvg,
  svgToPng,
} from "./chart.ts";
import { chartFonts } from "./chart-fonts.ts";

export interface ChartJob {
  id: number;
  data: ReportChartData;
  options: Omit<ReportChartOptions, "fonts">;
}

export type ChartAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (port) {
  port.on("message", async (job: ChartJob) => {
    try {
      const fonts = chartFonts();
      const svg = await renderReportChartSvg(job.data, { ...job.options, fonts });
      const png = svgToPng(svg, fonts);
      const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
      port.postMessage({ id: job.id, png: bytes } satisfies ChartAnswer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id: job.id, error: message } satisfies ChartAnswer);
    }
  });
}
