/** Tests: none directly (reached through test/bot/money/world.ts, test/bot/postings/find/harness.ts) */

export { earnedLine, maySeeMoney, withEarnedButton } from "./earned.ts";
export { yesterdayMoney } from "./home-line.ts";
export { createMoneyModule, type MoneyBotModule, type MoneyModuleOptions } from "./module.ts";
