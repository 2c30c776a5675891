/**
 * Advertising services free of Telegram: daily or weekly budgets and statistics report jobs.
 * Tests: test/services/ads/reports/jobs-format.test.ts and 11 more
 */
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
} from "./campaigns/budget.ts";
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
} from "./campaigns/budget-input.ts";
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
} from "./campaigns/desk.ts";
export {
  type CampaignPeriodInput,
  type CampaignPeriodReason,
  parseCampaignPeriod,
} from "./campaigns/period.ts";
export { type CancelShopJobsOptions, cancelShopJobs } from "./reports/cancel.ts";
export { metricOfColumn, REPORT_METRICS, type ReportMetric } from "./reports/csv.ts";
export {
  isReportFileError,
  ReportFileError,
  type ReportFileErrorCode,
} from "./reports/file.ts";
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
} from "./reports/jobs.ts";
export { reportFileName, safeShopName } from "./reports/name.ts";
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
} from "./reports/periods.ts";
export { type ReportPreset, ReportPresets } from "./reports/presets.ts";
export {
  type ReportFile,
  type ReportNotifier,
  type ReportProgress,
  ReportRunner,
  type ReportRunnerOptions,
  type ReportStatisticsApi,
  type RoundResult,
} from "./reports/runner.ts";
export {
  type MetricTotals,
  type ReportFileSummary,
  type ReportSummary,
  summarizeCsv,
  summarizeReport,
  titleFacts,
} from "./reports/summary.ts";
export { formatReportSummary, type SummaryLabels } from "./reports/summary-text.ts";
