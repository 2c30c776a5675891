/**
 * Who a store's 🛒 Sales alerts reach: each store of a chat is judged by whoever turned it on
 * there; when that person no longer reaches it, an admin of the bot stands in — an admin removed
 * after turning one store on silences neither that store nor the chat's others.
 */

import type { Api } from "grammy";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { TelegramSalesNotifier } from "../../../src/bot/sales/notifier.ts";
import { createLogger } from "../../../src/logger.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import { SalesSubscribers } from "../../../src/services/sales/index.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { unlimitedSender } from "../../support/sender.ts";

const A = 501;
const B = 502;
const CHAT = -100777;

describe("sales audience", () => {
  it("A (admin) turns X on, A is removed, B (admin) turns Y on: the chat hears both", async () => {
    const store = new MemoryStore();
    const logger = createLogger({ level: "silent" });
    const access = new AccessService({ store, adminIds: [] });
    await access.grant(A, "admin");
    await access.grant(B, "admin", A);
    const subscribers = new SalesSubscribers(store);
    const notifier = new TelegramSalesNotifier({
      api: {} as Api,
      shops: {} as ShopRegistry,
      shared: store,
      subscribers,
      access,
      i18n: createI18n({ defaultLocale: "ru", logger }),
      defaultLocale: "ru",
      sender: unlimitedSender(),
      logger,
    });
    await subscribers.toggle(CHAT, A, "X");
    await access.revoke(A, "admin");
    await subscribers.toggle(CHAT, B, "Y");
    const of = async (shop: string) => (await notifier.audience(shop)).map((c) => c.chatId);
    expect(await of("Y")).toEqual([CHAT]);
    expect(await of("X")).toEqual([CHAT]);
    // Y was turned on by B, who still reaches it: judged (and spoken to) as B.
    expect((await notifier.audience("Y"))[0]?.by).toBe(B);
    // X's stand-in is an admin of the bot now (B), in whose language the chat is told.
    expect((await notifier.audience("X"))[0]?.by).toBe(B);
  });
});
