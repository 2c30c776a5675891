// The world of bench/walkthrough.ts: one sandbox store over HTTP (Seller and Performance APIs),
// the fake Bot API over HTTP, a memory store, and the bot built with the postings, buyer chats and
// advertising modules as main builds them (their loops driven by the script, not by timers).
// Only the admin is known at start; everyone else joins through an invite link, as a new person.
import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { DateTime } from "luxon";
import { createAdsModule } from "../src/bot/ads/module.ts";
import { createSchedulesModule, type SchedulesModule } from "../src/bot/ads/schedules/module.ts";
import { createRelayModule, type RelayBotModule } from "../src/bot/chats/module.ts";
import {
  createQuestionsModule,
  type QuestionsBotModule,
} from "../src/bot/chats/questions/module.ts";
import { createCallbackCodec } from "../src/bot/core/callback-data.ts";
import type { BotContext } from "../src/bot/core/context.ts";
import { createI18n } from "../src/bot/core/i18n.ts";
import type { BotModule } from "../src/bot/core/module.ts";
import { createDeliveriesModule } from "../src/bot/deliveries/index.ts";
import { createHomeModule } from "../src/bot/home/index.ts";
import { createBot } from "../src/bot/index.ts";
import { createPostingsModule, type PostingsModule } from "../src/bot/postings/module.ts";
import { createProductsModule } from "../src/bot/products/index.ts";
import { createReturnsModule, type ReturnsBotModule } from "../src/bot/returns/index.ts";
import { createStockModule, type StockBotModule } from "../src/bot/stock/index.ts";
import { loadConfig } from "../src/config.ts";
import type { Container } from "../src/container.ts";
import { createLogger } from "../src/logger.ts";
import { createPerformanceClient } from "../src/ozon/performance/client.ts";
import { createSellerClient } from "../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/index.ts";
import { AccessService } from "../src/services/access/index.ts";
import type { PostingWatcher } from "../src/services/postings/index.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { FakeBotApi, type RecordedCall } from "../test/support/fake-bot-api.ts";
import { unlimitedSender } from "../test/support/sender.ts";
import { testShops } from "../test/support/shops.ts";
import { person } from "../test/support/updates.ts";
import { buttonsOf, Job, matches, textOf } from "./walkthrough-job.ts";

type Lang = "ru" | "en";
type Role = "warehouse" | "seller" | "manager";
export type Label = string | RegExp;

export interface JobResult {
  job: string;
  /** Where the person starts it: Home, a message the bot sent (an alert), or typing anywhere. */
  start: "Home" | "message" | "typed";
  taps: number | undefined;
  typed: number;
  messages: number;
  edits: number;
}

let nextId = 70_100;

/** The schedules' clock: real time moved on by the script (the digest's hour comes at once). */
const clock = { shiftMs: 0, now: () => Date.now() + clock.shiftMs };

export class WalkWorld {
  readonly lang: Lang;
  readonly sandbox: Sandbox;
  readonly fake: FakeBotApi;
  readonly admin: User;
  readonly #bot: Bot<BotContext>;
  readonly #modules: BotModule[];
  readonly #postings: PostingsModule;
  readonly relay: RelayBotModule;
  readonly questions: QuestionsBotModule;
  readonly returns: ReturnsBotModule;
  readonly schedules: SchedulesModule;
  /** Stock alerts and the workbook (absent in versions before them). */
  readonly stock: StockBotModule;
  /** The sandbox store's id in the bot. */
  readonly shopId: string;
  readonly #t: (key: string, variables?: Record<string, string | number>) => string;
  readonly #print: boolean;
  readonly #close: () => Promise<void>;
  /** The last invite job (printed with the first person who joins). */
  lastInvite: JobResult | undefined;

  private constructor(parts: {
    lang: Lang;
    sandbox: Sandbox;
    fake: FakeBotApi;
    admin: User;
    bot: Bot<BotContext>;
    modules: BotModule[];
    postings: PostingsModule;
    relay: RelayBotModule;
    questions: QuestionsBotModule;
    returns: ReturnsBotModule;
    schedules: SchedulesModule;
    stock: StockBotModule;
    shopId: string;
    t: WalkWorld["t"];
    print: boolean;
    close: () => Promise<void>;
  }) {
    this.lang = parts.lang;
    this.sandbox = parts.sandbox;
    this.fake = parts.fake;
    this.admin = parts.admin;
    this.#bot = parts.bot;
    this.#modules = parts.modules;
    this.#postings = parts.postings;
    this.relay = parts.relay;
    this.questions = parts.questions;
    this.returns = parts.returns;
    this.schedules = parts.schedules;
    this.stock = parts.stock;
    this.shopId = parts.shopId;
    this.#t = parts.t;
    this.#print = parts.print;
    this.#close = parts.close;
  }

  get t() {
    return this.#t;
  }

  static async start(lang: Lang, print: boolean): Promise<WalkWorld> {
    const sandbox = await startSandbox({
      initialPostings: 0,
      historyPostings: 0,
      reportStepMs: 40,
    });
    const fake = await FakeBotApi.start();
    const store = new MemoryStore();
    const admin = person(nextId++, {
      first_name: lang === "ru" ? "Ада" : "Ada",
      language_code: lang,
    });
    const config = loadConfig({
      BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      ADMIN_IDS: String(admin.id),
      STORE: "memory",
      OZON_SANDBOX: "1",
      OZON_PERFORMANCE_URL: sandbox.performanceUrl,
      REPORT_POLL_SECONDS: "0.02",
      DEFAULT_LOCALE: lang,
      TIMEZONE: "Europe/Moscow",
    });
    const logger = createLogger({ level: "silent" });
    const access = new AccessService({ store, adminIds: config.adminIds });
    const first = sandbox.stores[0];
    if (!first) throw new Error("the sandbox has no store");
    const { credentials } = first;
    const seller = createSellerClient({
      baseUrl: sandbox.sellerUrl,
      clientId: credentials.sellerClientId,
      apiKey: credentials.sellerApiKey,
      limiter: null,
      retry: { maxAttempts: 1 },
    });
    const performance = createPerformanceClient({
      baseUrl: sandbox.performanceUrl,
      clientId: credentials.performanceClientId,
      clientSecret: credentials.performanceClientSecret,
      random: () => 0,
      logger,
    });
    const shops = await testShops(store, [
      {
        id: credentials.sellerClientId,
        name: first.name,
        seller,
        performance,
        performanceAccount: credentials.performanceClientId,
      },
    ]);
    const container = {
      config,
      logger,
      store,
      access,
      shops,
      close: async () => {},
    } satisfies Container;
    const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
    const codec = createCallbackCodec(config.botToken);
    const sender = unlimitedSender();
    const deps = { container, i18n, codec, sender };
    const relay = createRelayModule(deps, { poll: false });
    const stock = createStockModule(deps, { poll: false });
    const postings = createPostingsModule(deps, {
      poll: false,
      subscribeRow: (ctx) => stock.subscribeRow(ctx),
    });
    const ads = createAdsModule(deps, { pollCapSeconds: 0.1 });
    const schedules = createSchedulesModule(deps, ads, {
      runLoop: false,
      now: clock.now,
    });
    clock.shiftMs = 0;
    const questions = createQuestionsModule(deps, { poll: false });
    // In main's order: questions after the relay (a reply to a relayed chat message is its own).
    const returns = createReturnsModule(deps, { poll: false });
    const products = createProductsModule(deps);
    const deliveries = createDeliveriesModule(deps);
    const home = createHomeModule(deps, { poll: false });
    const modules: BotModule[] = [
      ads,
      schedules,
      relay,
      questions,
      products,
      postings,
      deliveries,
      returns,
      stock,
      // As in main: after the areas whose counts it shows.
      home,
    ];
    const bot = createBot({
      config,
      logger,
      store,
      access,
      i18n,
      codec,
      botInfo: fake.botInfo,
      client: { apiRoot: fake.apiRoot },
      modules,
      shops,
    });
    for (const module of modules) await module.start?.(bot.api);
    const t = (key: string, variables?: Record<string, string | number>) =>
      i18n.t(lang, key, variables);
    if (print) console.log(`\n# Walkthrough in ${lang === "ru" ? "Russian" : "English"}`);
    return new WalkWorld({
      lang,
      sandbox,
      fake,
      admin,
      bot,
      modules,
      postings,
      relay,
      questions,
      returns,
      schedules,
      stock,
      shopId: shops.all()[0]?.id ?? "",
      t,
      print,
      close: async () => {
        for (const module of [...modules].reverse()) await module.stop?.();
        await sender.close();
        await seller.close();
        await performance.close();
        await sandbox.close();
        await fake.close();
        await store.close();
      },
    });
  }

  close(): Promise<void> {
    return this.#close();
  }

  watcher(): PostingWatcher {
    const watcher = this.#postings.watcher;
    if (!watcher) throw new Error("postings module not started");
    return watcher;
  }

  async send(update: Update): Promise<void> {
    await this.#bot.handleUpdate(update);
  }

  /** Moves the schedules' clock to the next hour:minute of the bot's time zone. */
  shiftClockToNext(hour: number, minute: number): void {
    const now = DateTime.fromMillis(clock.now(), { zone: "Europe/Moscow" });
    let next = now.set({ hour, minute, second: 0, millisecond: 0 });
    if (next <= now) next = next.plus({ days: 1 });
    clock.shiftMs += next.toMillis() - now.toMillis();
  }

  /** The text of a locale key in this walk's language (a button's label). */
  label(key: string, variables?: Record<string, string | number>): string {
    return this.#t(key, variables);
  }

  /** The label, or undefined when this version of the bot has no such text. */
  labelIfAny(key: string): string | undefined {
    const text = this.#t(key);
    return text === key || text.includes(key) ? undefined : text;
  }

  hasButton(call: RecordedCall, label: Label): boolean {
    return buttonsOf(call).some((b) => matches(b.text, label));
  }

  /** Messages the bot sent to a chat since call `since`. */
  sentTo(chatId: number, since: number): RecordedCall[] {
    return this.fake.calls.filter(
      (c) => c.seq >= since && c.method === "sendMessage" && Number(c.payload.chat_id) === chatId,
    );
  }

  /** The admin invites a person for `role`; the person opens the link. */
  async join(name: string, role: Role): Promise<User> {
    const who = person(nextId++, { first_name: name, language_code: this.lang });
    const job = this.job(`invite a person (${role}) and join`, this.admin);
    let screen = await job.fromHome("invite");
    screen = await job.tap(screen, this.label(`role-${role}`));
    const link = /start=([A-Za-z0-9_-]+)/.exec(textOf(screen))?.[1];
    if (!link) throw new Error(`no invite link in: ${textOf(screen)}`);
    job.switchTo(who);
    await job.command("start", link);
    this.lastInvite = job.end();
    return who;
  }

  job(name: string, who: User): Job {
    return new Job(this, name, who, this.#print);
  }
}
