/** Tests: test/bot/money/money.test.ts */
export { createMoneyModule, type MoneyBotModule, type MoneyModuleOptions } from "./module.ts";
