/** Tests: test/bot/money/money.test.ts */

export { earnedLine, maySeeMoney, withEarnedButton } from "./earned.ts";
export { createMoneyModule, type MoneyBotModule, type MoneyModuleOptions } from "./module.ts";
