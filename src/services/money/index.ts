/** Tests: test/bot/money/money.test.ts, test/bot/postings/find/earned.test.ts and 1 more */

export { MoneyAlertSettings } from "./alert-settings.ts";
export {
  type LossDay,
  type MissedPayout,
  MONEY_ALERTS_LEASE_NAME,
  type MoneyAlertKind,
  type MoneyAlertsNotifier,
  type MoneyAlertsPass,
  MoneyAlertsWatcher,
} from "./alerts.ts";
export { type CostChange, type CostPrice, CostPrices } from "./costs.ts";
export {
  ACCRUED_RECHECK_MS,
  BATCH_WAIT_MS,
  type EarningsShop,
  keptEarned,
  PENDING_RECHECK_MS,
  type PostingEarned,
  PostingEarnings,
} from "./earnings.ts";
export {
  DAY_KEPT_MS,
  MarginReader,
  type MarginShop,
  type ProductMargin,
  TODAY_KEPT_MS,
} from "./margins.ts";
export { type MonthBookLabels, monthWorkbook } from "./month-book.ts";
export { type DayRange, MONEY_PERIODS, type MoneyPeriodKind, moneyPeriod } from "./periods.ts";
export {
  type AccruedDays,
  MONEY_READ_TTL_MS,
  type MoneyFigures,
  MoneyReader,
  type MoneyReaderOptions,
  type MoneyShop,
} from "./reader.ts";
