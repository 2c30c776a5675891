/**
 * /money end to end (sandbox over HTTP with two stores, fake Bot API): each store's sales,
 * charges, ads and net from the accruals of the postings the sandbox delivered and returned, the
 * balance of the period; periods and stores as buttons that redraw the message in place, pressed
 * only by whoever opened it; a store-limited manager sees only their store; with the beta balance
 * answering 500 or 404, the half-month statement stands in; twenty people in a minute cost the
 * Ozon calls of one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { createBot } from "../../../src/bot/index.ts";
import { createMoneyModule } from "../../../src/bot/money/index.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import {
  createPerformanceClient,
  createSellerClient,
  type PerformanceClient,
  type SellerClient,
} from "../../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import { formatRoubles } from "../../../src/services/ads/campaigns/budget-input.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { FakeBotApi } from "../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { callback, command, person } from "../../support/updates.ts";
import { captureLogger, findButton, sentMessage } from "../harness.ts";

const ADMIN = person(911, { first_name: "Анна", language_code: "ru" });
const MANAGER = person(912, { first_name: "Mike", language_code: "en" });
const LIMITED = person(913, { first_name: "Lena", language_code: "en" });
const WAREHOUSE = person(914, { first_name: "Wanda", language_code: "en" });

// 2026-12-08 12:00 Moscow: yesterday is the 7th (Monday), the week began on the 7th.
const NOW = Date.parse("2026-12-08T09:00:00Z");
const YESTERDAY = Date.parse("2026-12-07T10:00:00Z");

interface World {
  sandbox: Sandbox;
  fake: FakeBotApi;
  sellers: SellerClient[];
  performance: PerformanceClient;
  send(update: Parameters<ReturnType<typeof createBot>["handleUpdate"]>[0]): Promise<void>;
  close(): Promise<void>;
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function startWorld(): Promise<World> {
  let now = YESTERDAY;
  const sandbox = await startSandbox({
    stores: 2,
    initialPostings: 0,
    historyPostings: 0,
    initialChats: 0,
    now: () => now,
  });
  const creds = sandbox.stores.map((s) => s.credentials);
  const clients = creds.map((c) => createSellerFor(sandbox, c.sellerClientId, c.sellerApiKey));
  const first = sandbox.stores[0]?.credentials;
  const performance = createPerformanceClient({
    baseUrl: sandbox.performanceUrl,
    clientId: first?.performanceClientId ?? "",
    clientSecret: first?.performanceClientSecret ?? "",
    random: () => 0,
  });
  // Yesterday: store 1 delivers two postings (one returned the same day), store 2 one.
  const one = sandbox.stores[0]?.control;
  const two = sandbox.stores[1]?.control;
  const deliver = (control: typeof one, price: string) => {
    const p = control?.addPosting({ status: "awaiting_deliver", products: [{ price }] });
    control?.setPostingStatus(p?.postingNumber ?? "", "delivered");
    return p?.postingNumber ?? "";
  };
  const returned = deliver(one, "1000.10");
  deliver(one, "0.20");
  one?.afterSale.addReturn({ postingNumber: returned });
  deliver(two, "333.33");
  now = NOW;

  const fake = await FakeBotApi.start();
  const store = new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: String(ADMIN.id),
    STORE: "memory",
    DEFAULT_LOCALE: "ru",
    TIMEZONE: "Europe/Moscow",
  });
  const { logger } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  for (const p of [MANAGER, LIMITED]) {
    await access.grant(p.id, "manager", ADMIN.id);
    await access.setLocale({ id: p.id }, "en");
  }
  await access.grant(WAREHOUSE.id, "warehouse", ADMIN.id);
  const shops = await testShops(store, [
    {
      id: creds[0]?.sellerClientId ?? "",
      name: "Север",
      seller: clients[0] as SellerClient,
      performance,
    },
    { id: creds[1]?.sellerClientId ?? "", name: "Юг", seller: clients[1] as SellerClient },
  ]);
  await access.setScope(LIMITED.id, "manager", [creds[1]?.sellerClientId ?? ""]);
  const container: Container = { config, logger, store, access, shops, close: async () => {} };
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);
  const money = createMoneyModule(
    { container, i18n, codec, sender: unlimitedSender() },
    { now: () => now },
  );
  const bot = createBot({
    config,
    logger,
    store,
    access,
    i18n,
    codec,
    botInfo: fake.botInfo,
    client: { apiRoot: fake.apiRoot },
    modules: [money],
    shops,
  });
  return {
    sandbox,
    fake,
    sellers: clients,
    performance,
    send: (update) => bot.handleUpdate(update),
    async close() {
      await fake.close();
      for (const c of clients) await c.close();
      await performance.close();
      await sandbox.close();
      await store.close();
    },
  };
}

function createSellerFor(sandbox: Sandbox, clientId: string, apiKey: string): SellerClient {
  return createSellerClient({
    baseUrl: sandbox.sellerUrl,
    clientId,
    apiKey,
    limiter: null,
    stockLimiter: null,
    retry: { maxAttempts: 1 },
  });
}

const adsKopecks = (w: World, day: string): bigint =>
  BigInt(Math.round((w.sandbox.stores[0]?.control.adTotals(day, day).spend ?? 0) * 100));

const lastTo = (w: World, chatId: number, method = "sendMessage") =>
  w.fake
    .callsTo(method)
    .filter((c) => Number(c.payload.chat_id) === chatId)
    .at(-1);

const financeCalls = (w: World, path: string) =>
  w.sandbox.requests.filter((r) => r.path === path).length;

describe("/money", () => {
  it("shows each store's yesterday exactly, switches store and period in place", async () => {
    world = await startWorld();
    const w = world;
    await w.send(command("money", { from: ADMIN }));
    const first = lastTo(w, ADMIN.id);
    const text = String(first?.payload.text);
    expect(text).toContain("💰 Деньги · Север");
    expect(text).toContain("Вчера: 07.12.2026");
    // 1 000,10 + 0,20 sold; 1 000,10 returned; commission 150,02 + 0,03 − 150,02 back.
    expect(text).toContain("Продажи: 1\u00A0000,30\u00A0₽");
    expect(text).toContain("Возвраты: −1\u00A0000,10\u00A0₽");
    expect(text).toContain("Комиссия Ozon: −0,03\u00A0₽");
    // Two deliveries (63,37 each) and one way back (41,11).
    expect(text).toContain("Доставка: −167,85\u00A0₽");
    const accrued = 100_030n - 100_010n - 3n - 16_785n;
    expect(text).toContain("Начислено: −167,68\u00A0₽");
    // The ads of store 1 yesterday, as the sandbox's Performance statistics give them.
    const spend = adsKopecks(w, "2026-12-07");
    expect(spend).toBeGreaterThan(0n);
    expect(text).toContain(`Реклама: ${formatRoubles(-spend * 10_000n)}`);
    expect(text).toContain(`Итого: ${formatRoubles((accrued - spend) * 10_000n)}`);

    if (!first) throw new Error("no screen");
    // Store 2, same message edited.
    await w.send(
      callback(findButton(first, "Юг").callback_data ?? "", {
        from: ADMIN,
        message: sentMessage(first),
      }),
    );
    const edited = lastTo(w, ADMIN.id, "editMessageText");
    expect(String(edited?.payload.text)).toContain("💰 Деньги · Юг");
    expect(String(edited?.payload.text)).toContain("Продажи: 333,33\u00A0₽");
    expect(edited?.payload.message_id).toBe(sentMessage(first).message_id);
    if (!edited) throw new Error("no edit");
    await w.send(
      callback(findButton(edited, "Месяц").callback_data ?? "", {
        from: ADMIN,
        message: sentMessage(edited),
      }),
    );
    const month = String(lastTo(w, ADMIN.id, "editMessageText")?.payload.text);
    expect(month).toContain("Этот месяц: 01.12.2026 – 08.12.2026");
    expect(month).toContain("Продажи: 333,33\u00A0₽");

    // Someone else's press does nothing but say so.
    const before = w.fake.callsTo("editMessageText").length;
    await w.send(
      callback(findButton(first, "Юг").callback_data ?? "", {
        from: MANAGER,
        message: sentMessage(first),
      }),
    );
    expect(w.fake.callsTo("editMessageText")).toHaveLength(before);
  });

  it("a store-limited manager sees only their store; a warehouse worker nothing", async () => {
    world = await startWorld();
    const w = world;
    await w.send(command("money", { from: LIMITED }));
    const screen = lastTo(w, LIMITED.id);
    const text = String(screen?.payload.text);
    expect(text).toContain("💰 Money · Юг");
    expect(text).toContain("Sales: RUB\u00A0333.33");
    expect(text).not.toContain("Север");
    if (!screen) throw new Error("no screen");
    expect(() => findButton(screen, "Север")).toThrow();
    await w.send(command("money", { from: WAREHOUSE }));
    expect(String(lastTo(w, WAREHOUSE.id)?.payload.text)).not.toContain("Money");
  });

  it("shows the ads as the digest reads them and nets them out", async () => {
    world = await startWorld();
    const w = world;
    await w.send(command("money", { from: MANAGER }));
    const text = String(lastTo(w, MANAGER.id)?.payload.text);
    const spend = adsKopecks(w, "2026-12-07");
    expect(text).toContain(`Ads: ${formatRoubles(-spend * 10_000n, { locale: "en" })}`);
    expect(text).toContain(`Net: ${formatRoubles((-16_768n - spend) * 10_000n, { locale: "en" })}`);
  });

  it("falls back to the half-month statement when the beta balance answers 500 or 404", async () => {
    world = await startWorld();
    const w = world;
    w.sandbox.control.setFault("POST /v1/finance/balance", { rate5xx: 1, status5xx: 500 });
    await w.send(command("money", { from: LIMITED }));
    const text = String(lastTo(w, LIMITED.id)?.payload.text);
    expect(text).toContain("half-month statement for 1 Dec 2026 – 15 Dec 2026");
    expect(text).toContain("Sales: RUB\u00A0333.33");
    expect(financeCalls(w, "/v1/finance/cash-flow-statement/list")).toBe(1);

    w.sandbox.control.clearFaults();
    w.sandbox.contract.withdrawAs(404, "POST /v1/finance/balance");
    await w.send(command("money", { from: ADMIN }));
    const ru = String(lastTo(w, ADMIN.id)?.payload.text);
    expect(ru).toContain("финансовый отчёт Ozon за полмесяца 01.12.2026 – 15.12.2026");
    expect(ru).toContain("Продажи: 1\u00A0000,30\u00A0₽");
  });

  it("twenty people opening /money in a minute cost the Ozon calls of one", async () => {
    world = await startWorld();
    const w = world;
    const balanceBefore = financeCalls(w, "/v1/finance/balance");
    for (let i = 0; i < 20; i++) {
      await w.send(command("money", { from: i % 2 === 0 ? ADMIN : MANAGER }));
    }
    const balance = financeCalls(w, "/v1/finance/balance") - balanceBefore;
    const ads = w.sandbox.requests.filter((r) => r.path.includes("/statistics/daily")).length;
    expect(balance).toBe(1);
    expect(ads).toBe(1);
    console.log(`/money × 20 in a minute: ${balance} balance call(s), ${ads} ads call(s)`);
  });
});
