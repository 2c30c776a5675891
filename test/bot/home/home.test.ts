/**
 * Home (issue 40): /start, /help and 🔄 show what needs the person now, for their roles and
 * stores, through the fake Bot API and the sandbox over HTTP (two stores).
 */
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { createHomeModule } from "../../../src/bot/home/index.ts";
import { createBot } from "../../../src/bot/index.ts";
import { loadConfig } from "../../../src/config.ts";
import type { Container } from "../../../src/container.ts";
import type { SellerClient } from "../../../src/ozon/index.ts";
import { createSellerClient } from "../../../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { AccessService } from "../../../src/services/access/index.ts";
import { HOME_READ_TTL_MS } from "../../../src/services/home/shop-reads.ts";
import { SubscriptionService } from "../../../src/services/subscriptions.ts";
import type { ShopRegistry } from "../../../src/shops/registry.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { FakeBotApi } from "../../support/fake-bot-api.ts";
import { unlimitedSender } from "../../support/sender.ts";
import { testShops } from "../../support/shops.ts";
import { command, group, person } from "../../support/updates.ts";
import { buttonsOf, captureLogger, press, sentMessage, textOf } from "../harness.ts";

const ADMIN = person(7001, { first_name: "Ada", language_code: "en" });
const ADMIN_RU = person(7002, { first_name: "Аня", language_code: "ru" });
const KEEPER = person(7003, { first_name: "Kim", language_code: "en" });
const MANAGER = person(7004, { first_name: "Max", language_code: "en" });
const GROUP = group(-1007005);
const HOUR = 3_600_000;

interface World {
  sandbox: Sandbox;
  fake: FakeBotApi;
  shops: ShopRegistry;
  sellers: SellerClient[];
  access: AccessService;
  store: MemoryStore;
  bot: ReturnType<typeof createBot>;
}

let world: World | undefined;
afterEach(async () => {
  if (!world) return;
  for (const seller of world.sellers) await seller.close();
  await world.sandbox.close();
  await world.fake.close();
  await world.store.close();
  world = undefined;
});

/** The counts' clock: real time, moved on by a test past the kept reads. */
const clock = { shiftMs: 0, now: () => Date.now() + clock.shiftMs };

async function start(): Promise<World> {
  clock.shiftMs = 0;
  const sandbox = await startSandbox({
    stores: 2,
    initialPostings: 0,
    historyPostings: 0,
    initialChats: 0,
  });
  const fake = await FakeBotApi.start();
  const store = new MemoryStore();
  const config = loadConfig({
    BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    ADMIN_IDS: `${ADMIN.id},${ADMIN_RU.id}`,
    STORE: "memory",
    DEFAULT_LOCALE: "ru",
    TIMEZONE: "Europe/Moscow",
  });
  const { logger } = captureLogger();
  const access = new AccessService({ store, adminIds: config.adminIds });
  const sellers = sandbox.stores.map(({ credentials }) =>
    createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: credentials.sellerClientId,
      apiKey: credentials.sellerApiKey,
      limiter: null,
      retry: { maxAttempts: 1 },
    }),
  );
  const shops = await testShops(
    store,
    sandbox.stores.map((one, i) => ({
      id: one.credentials.sellerClientId,
      name: i === 0 ? "North" : "South",
      seller: sellers[i] as SellerClient,
    })),
  );
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);
  const container = {
    config,
    logger,
    store,
    access,
    shops,
    close: async () => {},
  } satisfies Container;
  const home = createHomeModule(
    { container, i18n, codec, sender: unlimitedSender() },
    { now: clock.now },
  );
  const bot = createBot({
    config,
    logger,
    store,
    access,
    i18n,
    codec,
    shops,
    botInfo: fake.botInfo,
    client: { apiRoot: fake.apiRoot },
    modules: [home],
  });
  world = { sandbox, fake, shops, sellers, access, store, bot };
  return world;
}

/** Store 1 (North): one posting late, one due within 2 h, one later; store 2 (South): two later. */
function seedPostings(w: World): void {
  const [north, south] = w.sandbox.stores;
  const now = Date.now();
  north?.control.addPosting({ shipmentDate: now - HOUR });
  north?.control.addPosting({ shipmentDate: now + HOUR });
  north?.control.addPosting({ shipmentDate: now + 10 * HOUR });
  south?.control.addPosting({ shipmentDate: now + 10 * HOUR });
  south?.control.addPosting({ shipmentDate: now + 12 * HOUR });
}

async function open(w: World, from: User, name = "start", chat?: ReturnType<typeof group>) {
  const since = w.fake.calls.length;
  await w.bot.handleUpdate(command(name, { from, ...(chat ? { chat } : {}) }));
  return w.fake.waitForCall("sendMessage", () => true, 5_000, { since });
}

const ozonCalls = (w: World) => w.sandbox.requests.length;

describe("Home", () => {
  it("an admin of two stores sees what needs them, most urgent first, in English and Russian", async () => {
    const w = await start();
    seedPostings(w);
    const home = await open(w, ADMIN);
    const text = textOf(home);
    expect(text).toContain("🏠 Home");
    expect(text).toContain("📦 To pack: 5 (1 late, 1 due within 2 h)");
    expect(text).toMatch(/as of \d\d:\d\d/);
    expect(text).not.toContain("Buyers waiting");
    const labels = buttonsOf(home).map((b) => b.text);
    expect(labels[0]).toBe("📦 To pack: 5");
    expect(labels).toContain("🔄 Refresh");
    expect(labels).toContain("☰ All jobs");

    // /help: Home on top, then what Home does not show, typed; at most 1 200 characters.
    const help = textOf(await open(w, ADMIN, "help"));
    expect(help).toContain("📦 To pack: 5");
    expect(help).toContain("/invite");
    expect(help).not.toContain("/today");
    expect(help.length).toBeLessThanOrEqual(1200);
    console.info(`/help for an admin: ${help.length} characters\n${help}`);

    const ru = textOf(await open(w, ADMIN_RU));
    expect(ru).toContain("🏠 Главная");
    expect(ru).toContain("📦 Собрать: 5 (просрочено: 1, срок в ближайшие 2 ч: 1)");
    expect(ru).toMatch(/данные на \d\d:\d\d/);
  });

  it("a warehouse person limited to one store sees nothing of the other", async () => {
    const w = await start();
    seedPostings(w);
    const south = w.shops.all()[1];
    await w.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    await w.access.setScope(KEEPER.id, "warehouse", [south?.id ?? ""]);
    const text = textOf(await open(w, KEEPER));
    expect(text).toContain("📦 To pack: 2");
    expect(text).not.toContain("late");
    expect(text).not.toContain("Stores whose keys");
  });

  it("a manager with nothing to do is told so in one line and offered the jobs to start", async () => {
    const w = await start();
    seedPostings(w);
    await w.access.grant(MANAGER.id, "manager", ADMIN.id);
    const home = await open(w, MANAGER);
    const text = textOf(home);
    expect(text).toContain("✅ Nothing needs you now.");
    expect(text).not.toContain("To pack");
    const labels = buttonsOf(home).map((b) => b.text);
    expect(labels.some((l) => l.includes("Campaigns"))).toBe(true);
    // No Ozon call reads what a manager's Home does not show (postings, chats, returns).
    expect(w.sandbox.requests.filter((r) => r.path.includes("posting"))).toHaveLength(0);
  });

  it("in a group shows the postings of the stores it is subscribed to, nothing private", async () => {
    const w = await start();
    seedPostings(w);
    const north = w.shops.all()[0];
    await new SubscriptionService(w.store).subscribe({
      chatId: GROUP.id,
      kind: "group",
      subscribedBy: ADMIN.id,
    });
    await new SubscriptionService(w.store).setShops(GROUP.id, [north?.id ?? ""]);
    const text = textOf(await open(w, ADMIN, "start", GROUP));
    expect(text).toContain("🏠 This group's work");
    expect(text).toContain("📦 To pack: 3");
    expect(text).not.toContain("Stores whose keys");
    expect(text).not.toContain("Returns");
  });

  it("🔄 redraws the screen in place with the new counts", async () => {
    const w = await start();
    seedPostings(w);
    const home = await open(w, ADMIN);
    expect(textOf(home)).toContain("📦 To pack: 5");
    w.sandbox.stores[1]?.control.addPosting({ shipmentDate: Date.now() + 20 * HOUR });
    // Within the kept reads' time, 🔄 shows the count read then (as "as of" says): nothing to edit.
    let since = w.fake.calls.length;
    await w.bot.handleUpdate(press(home, "🔄", ADMIN));
    expect(w.fake.calls.slice(since).some((c) => /📦 To pack: 6/.test(textOf(c)))).toBe(false);
    // Past it, the redraw shows the new posting, in the same message.
    clock.shiftMs = HOME_READ_TTL_MS + 1_000;
    since = w.fake.calls.length;
    await w.bot.handleUpdate(press(home, "🔄", ADMIN));
    const edit = await w.fake.waitForCall("editMessageText", () => true, 5_000, { since });
    expect(edit.payload.message_id).toBe(sentMessage(home).message_id);
    expect(w.fake.calls.slice(since).filter((c) => c.method === "sendMessage")).toHaveLength(0);
    expect(textOf(edit)).toContain("📦 To pack: 6");
  });

  it("20 opens in a minute make the Ozon calls of one", async () => {
    const w = await start();
    seedPostings(w);
    const before = ozonCalls(w);
    await open(w, ADMIN);
    const one = ozonCalls(w) - before;
    expect(one).toBeGreaterThan(0);
    const people: User[] = [];
    for (let i = 0; i < 19; i++) people.push(person(7100 + i, { language_code: "en" }));
    for (const someone of people) await w.access.grant(someone.id, "warehouse", ADMIN.id);
    await Promise.all(people.map((someone) => open(w, someone)));
    expect(ozonCalls(w) - before).toBe(one);
    console.info(`Home: Ozon calls for 1 open = ${one}, for 20 opens = ${ozonCalls(w) - before}`);
  });
});
