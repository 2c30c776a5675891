/**
 * Reports people look at, free of Telegram: the typed report (report-table.ts), its PNG chart
 * (report-chart.ts), its XLSX workbook (report-xlsx.ts) and the copy kept for the XLSX button
 * (report-table-store.ts). /report deliveries and scheduled reports both use these.
 */
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
  type ReportChartData,
  ReportChartEmptyError,
  type ReportChartLabels,
  type ReportChartOptions,
  renderReportChart,
  renderReportChartSvg,
  reportChartData,
  svgToPng,
} from "./report-chart.ts";
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
} from "./report-table.ts";
export {
  type KeptReportTable,
  MAX_KEPT_TABLE_CHARS,
  REPORT_TABLE_TTL_MS,
  ReportTableStore,
} from "./report-table-store.ts";
export {
  buildReportXlsx,
  DEFAULT_MAX_XLSX_ROWS,
  type ReportXlsxLabels,
  type ReportXlsxOptions,
  ReportXlsxTooLargeError,
} from "./report-xlsx.ts";
