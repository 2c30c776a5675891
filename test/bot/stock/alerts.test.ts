/**
 * Stock alerts end to end: the sandbox's stock over HTTP, the watcher's passes, the fake Bot API.
 * A chat opts in from /subscribe; each crossing is told once per chat, in its language, with the
 * 📦 Set stock button (straight to the number for the alert's warehouse), and not again after a restart of the bot on the same (Redis) store.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { STOCK_THRESHOLD } from "../../../src/bot/stock/index.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { callback, command, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  IVAN,
  KEEPER,
  lastScreen,
  MANAGER,
  messagesTo,
  PACKER,
  type StockHarness,
  startStock,
} from "./harness.ts";

const OFFER = "SNK-NIMBUS-43-BLK";
const MOSCOW = 1020000092835000;

async function subscribeWithStock(h: StockHarness, who: typeof KEEPER, toggle: string) {
  const screen = lastScreen(await exchange(h, command("subscribe", { from: who })));
  const row = buttonsOf(screen).find((b) => b.text.includes(toggle));
  expect(row?.text.startsWith("○")).toBe(true);
  const pressed = await exchange(h, press(screen, toggle, who));
  const edit = pressed.find((c) => c.method === "editMessageReplyMarkup");
  const markup = edit?.payload.reply_markup as
    | { inline_keyboard: Array<Array<{ text: string }>> }
    | undefined;
  const after = markup?.inline_keyboard.flat().find((b) => b.text.includes(toggle));
  expect(after?.text.startsWith("●")).toBe(true);
}

const redis = await redisAvailability();
redis.describe("stock alerts (Redis)", () => {
  const prefix = uniquePrefix("stock-alerts");
  let h: StockHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  afterAll(() => removeKeys(redis.url, prefix));

  it("tells each crossing once per opted-in chat, in its language, across a restart", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    h = await startStock({ store, closeStore: true });
    await subscribeWithStock(h, KEEPER, "Stock alerts");
    await subscribeWithStock(h, IVAN, "Уведомления об остатках");
    await exchange(h, command("subscribe", { from: PACKER })); // subscribed, stock alerts off

    expect(await h.module.runOnce(h.shopId)).toMatchObject({ firstRun: true, sent: 0 });
    const since = h.fake.calls.length;
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 2);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 2 });
    const [en] = messagesTo(h, KEEPER.id, since);
    const [ru] = messagesTo(h, IVAN.id, since);
    expect(textOf(en as never)).toContain("🟠 Running low: 2 pcs left (below 3)");
    expect(textOf(en as never)).toContain(`item code ${OFFER}`);
    expect(textOf(en as never)).toContain("Склад Подольск (Москва)");
    expect(textOf(ru as never)).toContain("🟠 Заканчивается: осталось 2 шт. (меньше 3 шт.)");
    expect(buttonsOf(ru as never).map((b) => b.text)).toEqual(["📦 Изменить остаток"]);
    expect(messagesTo(h, PACKER.id, since)).toEqual([]);

    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 0, sent: 0 });
    await h.restart();
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ firstRun: false, crossings: 0 });
    expect(messagesTo(h, KEEPER.id, since)).toHaveLength(1);

    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 0);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 2 });
    const zero = messagesTo(h, KEEPER.id, since).at(-1);
    expect(textOf(zero as never)).toContain("🔴 Out of stock");
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 1);
    await h.module.runOnce(h.shopId);
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 3);
    await h.module.runOnce(h.shopId);
    expect(messagesTo(h, KEEPER.id, since)).toHaveLength(2);
    // Above the threshold, then below it again: a new crossing.
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 9);
    await h.module.runOnce(h.shopId);
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 1);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1, sent: 2 });
    expect(messagesTo(h, KEEPER.id, since)).toHaveLength(3);
    expect(messagesTo(h, IVAN.id, since)).toHaveLength(3);

    // The alert named its warehouse: its button asks the number for it, no warehouse to choose.
    const alert = messagesTo(h, KEEPER.id, since).at(-1) as never;
    const question = lastScreen(await exchange(h, press(alert, "📦 Set stock", KEEPER)));
    expect(textOf(question)).toContain("Warehouse: Склад Подольск (Москва). Present 1 pc,");
    expect(textOf(question)).toContain("Type the new number of units available");
  });
});

describe("stock alerts", () => {
  let h: StockHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("passes at once on a stock push; 📦 Set stock sets the stock in 2 taps and the number", async () => {
    h = await startStock();
    await subscribeWithStock(h, KEEPER, "Stock alerts");
    await h.module.runOnce(h.shopId);
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 0);
    const pass = h.module.passAfterPush?.(h.shopId, "stocks");
    expect(pass).toBeDefined();
    expect(h.module.passAfterPush?.(h.shopId, "chats")).toBeUndefined();
    // The push names the product's SKU (Ozon's TYPE_STOCKS_CHANGED `items[].sku`): it is read.
    const sku = String(h.sandbox.control.products().find((p) => p.offerId === OFFER)?.sku);
    expect(await pass?.([], { skus: [sku], every: false })).toBe(true);
    const alert = messagesTo(h, KEEPER.id).at(-1);
    expect(textOf(alert as never)).toContain("🔴 Out of stock");

    // Set the stock from the alert: 📦 Set stock → the number → ✅ (2 taps + typing): the alert
    // named its warehouse, so none is asked.
    const question = lastScreen(await exchange(h, press(alert as never, "📦 Set stock", KEEPER)));
    expect(textOf(question)).not.toContain("which warehouse?");
    expect(textOf(question)).toContain("Warehouse: Склад Подольск (Москва)");
    const confirm = lastScreen(await exchange(h, text("12", { from: KEEPER })));
    await exchange(h, press(confirm, "✅ Set stock", KEEPER));
    const units = h.sandbox.control.stock
      .units(OFFER)
      .warehouses.find((w) => w.warehouseId === MOSCOW);
    expect((units?.present ?? 0) - (units?.reserved ?? 0)).toBe(12);
    // Someone without the warehouse role gets no dialog.
    const refused = await exchange(h, press(alert as never, "📦 Set stock", MANAGER));
    expect(refused.some((c) => c.method === "sendMessage")).toBe(false);
  });

  it("uses the store's own threshold over LOW_STOCK, set by an admin with buttons", async () => {
    h = await startStock({ env: { LOW_STOCK: "3" } });
    await subscribeWithStock(h, KEEPER, "Stock alerts");
    const codec = createCallbackCodec(h.fake.token);
    const ref = h.shops.get(h.shopId)?.ref ?? "";
    const open = callback(codec.encode(STOCK_THRESHOLD.kind, ref), { from: ADMIN });
    const refused = await exchange(
      h,
      callback(codec.encode(STOCK_THRESHOLD.kind, ref), { from: KEEPER }),
    );
    expect(refused.some((c) => c.method === "sendMessage")).toBe(false);
    const screen = lastScreen(await exchange(h, open));
    expect(textOf(screen)).toContain("falls below 3");
    expect(buttonsOf(screen).map((b) => b.text)).toContain("● Default (3)");
    const chosen = lastScreen(await exchange(h, press(screen, /^10$/, ADMIN)));
    expect(textOf(chosen)).toContain("falls below 10");
    expect(buttonsOf(chosen).map((b) => b.text)).toContain("● 10");
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 20);
    await h.module.runOnce(h.shopId);
    h.sandbox.control.stock.setStock(OFFER, MOSCOW, 7);
    expect(await h.module.runOnce(h.shopId)).toMatchObject({ crossings: 1 });
    expect(textOf(messagesTo(h, KEEPER.id).at(-1) as never)).toContain("below 10");
  });
});
