// The world of bench/walkthrough.ts: one sandbox store over HTTP (Seller and Performance APIs),
// the fake Bot API over HTTP, a memory store, and the bot built with the postings, buyer chats and
// advertising modules as main builds them (their loops driven by the script, not by timers).
// Only the admin is known at start; everyone else joins through an invite link, as a new person.
import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { DateTime } from "luxon";
import { createCallbackCodec } from "../src/bot/callback-data.ts";
import type { BotContext } from "../src/bot/context.ts";
import { createI18n } from "../src/bot/i18n.ts";
import { createBot } from "../src/bot/index.ts";
import type { BotModule } from "../src/bot/module.ts";
import { createAdsModule } from "../src/bot/modules/ads.ts";
import { createPostingsModule, type PostingsModule } from "../src/bot/modules/postings.ts";
import { createQuestionsModule, type QuestionsBotModule } from "../src/bot/modules/questions.ts";
import { createRelayModule, type RelayBotModule } from "../src/bot/modules/relay.ts";
import { createSchedulesModule, type SchedulesModule } from "../src/bot/modules/schedules.ts";
import { loadConfig } from "../src/config.ts";
import type { Container } from "../src/container.ts";
import { createLogger } from "../src/logger.ts";
import { createPerformanceClient } from "../src/ozon/performance/client.ts";
import { createSellerClient } from "../src/ozon/seller/client.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/index.ts";
import { AccessService } from "../src/services/access.ts";
import type { PostingWatcher } from "../src/services/postings/index.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { FakeBotApi, type RecordedCall } from "../test/support/fake-bot-api.ts";
import { unlimitedSender } from "../test/support/sender.ts";
import { testShops } from "../test/support/shops.ts";
import { callback, command, person, text } from "../test/support/updates.ts";
import { waitFor } from "../test/support/wait.ts";

type Lang = "ru" | "en";
type Role = "warehouse" | "seller" | "manager";
type Label = string | RegExp;

interface Button {
  text: string;
  callback_data?: string;
}

export interface JobResult {
  job: string;
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
  readonly schedules: SchedulesModule;
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
    schedules: SchedulesModule;
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
    this.schedules = parts.schedules;
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
    const postings = createPostingsModule(deps, { poll: false });
    const ads = createAdsModule(deps, { pollCapSeconds: 0.1 });
    const schedules = createSchedulesModule(deps, ads, {
      runLoop: false,
      now: clock.now,
    });
    clock.shiftMs = 0;
    const questions = createQuestionsModule(deps, { poll: false });
    // In main's order: questions after the relay (a reply to a relayed chat message is its own).
    const modules: BotModule[] = [ads, schedules, relay, questions, postings];
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
      schedules,
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
    let screen = await job.command("invite");
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

export class Job {
  readonly #w: WalkWorld;
  readonly #name: string;
  #who: User;
  readonly #print: boolean;
  #taps = 0;
  #typed = 0;
  #messages = 0;
  #edits = 0;
  #unavailable = false;

  constructor(w: WalkWorld, name: string, who: User, print: boolean) {
    this.#w = w;
    this.#name = name;
    this.#who = who;
    this.#print = print;
    this.#say(`\n## ${name} — ${who.first_name}`);
  }

  switchTo(who: User): void {
    this.#who = who;
    this.#say(`   (now ${who.first_name})`);
  }

  /** A message already on screen when the job starts. */
  shows(call: RecordedCall): void {
    this.#say(`   on screen:`);
    this.#show(call, "🤖");
  }

  /** A message the bot sent by itself during the job (a digest, a scheduled report). */
  arrives(call: RecordedCall): void {
    this.#messages += 1;
    this.#show(call, "🤖");
  }

  /**
   * Waits until a report's file reached the person; shows what came meanwhile by itself (the
   * progress message edited, the chart, the file with its buttons). Counts them as the bot's.
   */
  async awaitReport(): Promise<void> {
    const since = this.#w.fake.calls.length;
    const chatId = this.#who.id;
    const mine = (c: RecordedCall) => c.seq >= since && Number(c.payload.chat_id) === chatId;
    // The chart follows the file on its own.
    for (const method of ["sendDocument", "sendPhoto"]) {
      await waitFor(() => this.#w.fake.calls.find((c) => mine(c) && c.method === method), {
        timeoutMs: 20_000,
        message: `the report's ${method === "sendPhoto" ? "chart" : "file"}`,
      });
    }
    for (const call of this.#w.fake.calls.filter(mine)) {
      if (call.method === "editMessageText") {
        this.#edits += 1;
        this.#show(call, "🤖✎");
      } else if (["sendMessage", "sendPhoto", "sendDocument"].includes(call.method)) {
        this.#messages += 1;
        if (call.method !== "sendMessage") this.#say(`   📎 ${call.files[0]?.fileName ?? "file"}`);
        this.#show(call, call.method === "sendMessage" ? "🤖" : "   ");
      }
    }
  }

  async command(name: string, args?: string): Promise<RecordedCall> {
    this.#taps += 1;
    this.#say(`👆 /${name}${args ? ` ${args.slice(0, 12)}…` : ""}`);
    return this.#exchange(command(name, { from: this.#who, ...(args ? { args } : {}) }));
  }

  async type(body: string, replyTo?: RecordedCall): Promise<RecordedCall> {
    this.#typed += 1;
    this.#say(`⌨️ ${body}`);
    const reply = resultOf(replyTo) as Parameters<typeof text>[1]["replyTo"];
    return this.#exchange(text(body, { from: this.#who, ...(reply ? { replyTo: reply } : {}) }));
  }

  async tap(screen: RecordedCall, label: Label): Promise<RecordedCall> {
    const button = buttonsOf(screen).find((b) => b.callback_data && matches(b.text, label));
    if (!button) {
      const all = buttonsOf(screen)
        .map((b) => b.text)
        .join(" | ");
      throw new Error(`${this.#name}: no button ${String(label)} among: ${all}`);
    }
    this.#taps += 1;
    this.#say(`👆 [${button.text}]`);
    const message = resultOf(screen);
    return this.#exchange(
      callback(button.callback_data ?? "", {
        from: this.#who,
        message: message as never,
      }),
    );
  }

  /** Taps the first button matching any of `labels` (undefined ones skipped). */
  async tapAny(
    screen: RecordedCall,
    labels: Array<Label | undefined>,
    last = false,
  ): Promise<RecordedCall> {
    for (const label of labels) {
      if (label === undefined) continue;
      if (buttonsOf(screen).some((b) => b.callback_data && matches(b.text, label))) {
        return this.tap(screen, label);
      }
    }
    if (last) return screen;
    throw new Error(`${this.#name}: none of ${labels.map(String).join(", ")} on screen`);
  }

  /** The job could not be done the way the script does it (an older version of the bot). */
  failed(error: unknown): JobResult {
    this.#unavailable = true;
    this.#say(`   ✗ ${error instanceof Error ? error.message : String(error)}`);
    return this.end();
  }

  unavailable(): JobResult {
    this.#unavailable = true;
    this.#say("   (this version has no such button)");
    return this.end();
  }

  end(): JobResult {
    return {
      job: this.#name,
      taps: this.#unavailable ? undefined : this.#taps,
      typed: this.#typed,
      messages: this.#messages,
      edits: this.#edits,
    };
  }

  /** Sends the update; prints what the bot did in this person's chat; returns the last screen. */
  async #exchange(update: Update): Promise<RecordedCall> {
    const since = this.#w.fake.calls.length;
    await this.#w.send(update);
    const mine = this.#w.fake.calls
      .slice(since)
      .filter((c) => Number(c.payload.chat_id ?? this.#who.id) === this.#who.id);
    let screen: RecordedCall | undefined;
    let other: RecordedCall | undefined;
    let file: RecordedCall | undefined; // the screen when nothing but a file came
    for (const call of mine) {
      other = call;
      if (call.method === "sendMessage") {
        this.#messages += 1;
        this.#show(call, "🤖");
        screen = call;
      } else if (call.method === "editMessageText") {
        this.#edits += 1;
        this.#show(call, "🤖✎");
        screen = call;
      } else if (call.method === "sendDocument" || call.method === "sendPhoto") {
        this.#messages += 1;
        this.#say(`   📎 ${call.files[0]?.fileName ?? "file"}`);
        if (call.payload.caption || call.payload.reply_markup) this.#show(call, "   ");
        file = call;
      } else if (call.method === "answerCallbackQuery") {
        if (call.payload.text) this.#say(`   💬 ${String(call.payload.text)}`);
      } else if (call.method === "setMessageReaction") {
        this.#say(`   ${JSON.stringify(call.payload.reaction)} (a reaction on the message)`);
      } else if (call.method !== "sendChatAction") {
        this.#say(`   (${call.method})`);
      }
    }
    const shown = screen ?? file ?? other;
    if (!shown) throw new Error(`${this.#name}: the bot showed nothing`);
    return shown;
  }

  #show(call: RecordedCall, mark: string): void {
    const lines = textOf(call).split("\n");
    this.#say(`   ${mark} ${lines.join("\n      ")}`);
    const rows = (call.payload.reply_markup as { inline_keyboard?: Button[][] } | undefined)
      ?.inline_keyboard;
    for (const row of rows ?? []) this.#say(`      ${row.map((b) => `[${b.text}]`).join(" ")}`);
  }

  #say(line: string): void {
    if (this.#print) console.log(line);
  }
}

function buttonsOf(call: RecordedCall): Button[] {
  const markup = call.payload.reply_markup as { inline_keyboard?: Button[][] } | undefined;
  return (markup?.inline_keyboard ?? []).flat();
}

/** The message Telegram answered a call with. */
function resultOf(call: RecordedCall | undefined): Record<string, unknown> | undefined {
  const response = call?.response as { ok: boolean; result?: unknown } | undefined;
  return response?.ok ? (response.result as Record<string, unknown>) : undefined;
}

function textOf(call: RecordedCall): string {
  return String(call.payload.text ?? call.payload.caption ?? "");
}

function matches(text: string, label: Label): boolean {
  return typeof label === "string" ? text.includes(label) : label.test(text);
}
