/** Tests: none directly */
export { type DayRange, MONEY_PERIODS, type MoneyPeriodKind, moneyPeriod } from "./periods.ts";
export {
  MONEY_READ_TTL_MS,
  type MoneyFigures,
  MoneyReader,
  type MoneyReaderOptions,
  type MoneyShop,
} from "./reader.ts";
