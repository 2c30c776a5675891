/**
 * Reports people look at, free of Telegram: the typed report (table.ts), its PNG chart
 * (chart.ts), its XLSX workbook (xlsx.ts) and the copy kept for the XLSX button
 * (table-store.ts). /report deliveries and scheduled reports both use these.
 * Tests: test/services/ads/reports/chart-renderer.test.ts and 4 more
 */

export {
  type ReportChartData,
  ReportChartEmptyError,
  type ReportChartLabels,
  type ReportChartOptions,
  renderReportChart,
  renderReportChartSvg,
  reportChartData,
  svgToPng,
} from "./chart.ts";
export {
  CHART_FONT_FAMILY,
  type ChartFonts,
  chartFonts,
} from "./chart-fonts.ts";
export {
  ChartRenderer,
  type ChartRendererOptions,
  sharedChartRenderer,
} from "./chart-renderer.ts";
export {
  columnIndex,
  type ReportCell,
  type ReportColumnType,
  type ReportSheet,
  type ReportTable,
  type ReportTableColumn,
  readReportSheet,
  readReportTable,
  tableRows,
} from "./table.ts";
export {
  type KeptReportTable,
  MAX_KEPT_TABLE_CHARS,
  REPORT_TABLE_TTL_MS,
  ReportTableStore,
} from "./table-store.ts";
export {
  buildReportXlsx,
  DEFAULT_MAX_XLSX_ROWS,
  type ReportXlsxLabels,
  type ReportXlsxOptions,
  ReportXlsxTooLargeError,
} from "./xlsx.ts";
