/** Advertising services free of Telegram: daily or weekly budgets and statistics report jobs. */
export type { AdsAccount } from "./account.ts";
export {
  type BudgetCampaign,
  type BudgetCampaignsApi,
  type BudgetChange,
  BudgetError,
  type BudgetErrorCode,
  type BudgetKind,
  type BudgetLimitsByKind,
  BudgetService,
  type BudgetServiceOptions,
  budgetCampaignOf,
  type CampaignPage,
  type CampaignStateKey,
  campaignStateKey,
  isBudgetError,
  type ListOptions,
} from "./budget.ts";
export {
  type AmountLocale,
  type BudgetInputReason,
  type BudgetInputResult,
  type BudgetLimits,
  DEFAULT_BUDGET_LIMITS,
  DEFAULT_WEEKLY_BUDGET_LIMITS,
  type FormatRoublesOptions,
  formatRoubles,
  parseBudgetInput,
} from "./budget-input.ts";
export {
  type BidRefusal,
  bidRefusal,
  CampaignDesk,
  type CampaignDeskApi,
  type CampaignDeskOptions,
  type Change,
  DeskError,
  type DeskErrorCode,
  isDeskError,
  type ProductPage,
  toggleOf,
} from "./campaign-desk.ts";
export {
  type CampaignPeriodInput,
  type CampaignPeriodReason,
  parseCampaignPeriod,
} from "./campaign-period.ts";
export {
  checkPeriod,
  formatPeriod,
  LIVE_MAX_PERIOD_DAYS,
  PERIOD_PRESETS,
  type PeriodCheck,
  type PeriodClock,
  type PeriodInputReason,
  type PeriodInputResult,
  type PeriodPreset,
  parsePeriodInput,
  periodDays,
  presetPeriod,
  type ReportPeriod,
  SPEC_MAX_PERIOD_DAYS,
} from "./periods.ts";
export { type CancelShopJobsOptions, cancelShopJobs } from "./report-cancel.ts";
export { metricOfColumn, REPORT_METRICS, type ReportMetric } from "./report-csv.ts";
export {
  isReportFileError,
  ReportFileError,
  type ReportFileErrorCode,
} from "./report-file.ts";
export {
  checkReportRequest,
  DEFAULT_REPORT_LIMITS,
  FINISHED_JOB_TTL_MS,
  isReportRequestError,
  MAX_CAMPAIGNS_PER_REPORT,
  REPORT_FORMATS,
  REPORT_GROUPINGS,
  REPORT_KINDS,
  type ReportCampaignRef,
  type ReportFailure,
  type ReportFormat,
  type ReportGroupBy,
  type ReportJob,
  ReportJobRepository,
  type ReportJobState,
  ReportJobs,
  type ReportJobsOptions,
  type ReportKind,
  type ReportLimits,
  type ReportRequest,
  ReportRequestError,
  type ReportRequester,
  type ReportRequestProblem,
  type RetryClaim,
} from "./report-jobs.ts";
export { reportFileName, safeShopName } from "./report-name.ts";
export { type ReportPreset, ReportPresets } from "./report-presets.ts";
export {
  type ReportFile,
  type ReportNotifier,
  type ReportProgress,
  ReportRunner,
  type ReportRunnerOptions,
  type ReportStatisticsApi,
  type RoundResult,
} from "./report-runner.ts";
export {
  type MetricTotals,
  type ReportFileSummary,
  type ReportSummary,
  summarizeCsv,
  summarizeReport,
  titleFacts,
} from "./report-summary.ts";
export { formatReportSummary, type SummaryLabels } from "./report-summary-text.ts";
