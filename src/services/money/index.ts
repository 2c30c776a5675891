/** Tests: test/bot/postings/find/earned.test.ts, test/bot/stock/workbook-cost.test.ts */

export { type CostChange, type CostPrice, CostPrices } from "./costs.ts";
export {
  BATCH_WAIT_MS,
  type EarningsShop,
  keptEarned,
  PENDING_RECHECK_MS,
  type PostingEarned,
  PostingEarnings,
} from "./earnings.ts";
export { type DayRange, MONEY_PERIODS, type MoneyPeriodKind, moneyPeriod } from "./periods.ts";
export {
  type AccruedDays,
  MONEY_READ_TTL_MS,
  type MoneyFigures,
  MoneyReader,
  type MoneyReaderOptions,
  type MoneyShop,
} from "./reader.ts";
