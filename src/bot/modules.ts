/** Tests: test/bot/core/bot-removed.test.ts, test/bot/core/button-registry.test.ts */
import { createAdsModule, createSchedulesModule } from "./ads/index.ts";
import { createAuditModule } from "./audit/index.ts";
import { createQuestionsModule, createRelayModule } from "./chats/index.ts";
import type { BotModule, ModuleDeps } from "./core/module.ts";
import { type SendBudget, TelegramSender } from "./core/sender/index.ts";
import { createDeliveriesModule } from "./deliveries/index.ts";
import { createFboStockModule } from "./fbo-stock/index.ts";
import { createHomeModule } from "./home/index.ts";
import { createMoneyModule, yesterdayMoney } from "./money/index.ts";
import { createPostingsModule } from "./postings/index.ts";
import { createProductsModule } from "./products/index.ts";
import { createRatingsModule } from "./ratings/index.ts";
import { createReturnsModule } from "./returns/index.ts";
import { createSalesModule } from "./sales/index.ts";
import { createStatusModule } from "./status/index.ts";
import { createStockModule } from "./stock/index.ts";
import { createStoresModule } from "./stores/index.ts";
import { createSuppliesModule } from "./supplies/index.ts";

export interface CreateModulesDeps extends Omit<ModuleDeps, "sender"> {
  /** Where the sender's limits live (default: this process); closed after the sender. */
  sendBudget?: SendBudget & { close?(): Promise<void> };
}

export function createModules(deps: CreateModulesDeps): BotModule[] {
  const { sendBudget, ...rest } = deps;
  const sender = new TelegramSender(sendBudget ? { sendBudget } : {});
  const shared: ModuleDeps = { ...rest, sender };
  const container = deps.container;
  const ads = createAdsModule(shared);
  const status = createStatusModule(shared);
  const stock = createStockModule(shared);
  const sales = createSalesModule(shared);
  const money = createMoneyModule(shared);
  // Every area, whatever the shops at start: an admin may add a shop with those keys later.
  return [
    // First: its key guards must see a group's messages before the relay could forward them.
    ...(container.health && container.ozonClients ? [createStoresModule(shared)] : []),
    ads,
    createSchedulesModule(shared, ads),
    createRelayModule(shared),
    // After the relay: a reply to a relayed chat message never reaches its reply handler.
    createQuestionsModule(shared),
    // Before postings: the text after `/products` alone is a product query, not a posting number.
    createProductsModule(shared),
    createPostingsModule(shared, {
      subscribeRow: async (ctx) => [await stock.subscribeRow(ctx), await sales.subscribeRow(ctx)],
    }),
    stock,
    sales,
    createFboStockModule(shared),
    createSuppliesModule(shared),
    createRatingsModule(shared),
    money,
    createReturnsModule(shared),
    createDeliveriesModule(shared),
    createAuditModule(shared),
    // What /start and /help open: the counts of every area above.
    createHomeModule(shared, { money: yesterdayMoney(money.reader, container.shops) }),
    // After the areas: their loops are running when it starts recording them.
    ...(status ? [status] : []),
    senderModule(sender, sendBudget),
  ];
}

/** The sender's stop: refuses what is queued, waits for the sends in flight. */
export function senderModule(
  sender: TelegramSender,
  sendBudget?: { close?(): Promise<void> },
): BotModule {
  return {
    name: "telegram-sender",
    async stop() {
      await sender.close();
      await sendBudget?.close?.();
    },
  };
}
