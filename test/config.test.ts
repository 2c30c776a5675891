import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

const TOKEN = "123456789:AAHsecretsecretsecretsecretsecret_xyz";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("runs with only a bot token: sandbox, file store, polling, defaults", () => {
    const config = loadConfig({ BOT_TOKEN: TOKEN });
    expect(config.ozon.sandbox).toBe(true);
    expect(config.ozon.shops).toEqual([]);
    expect(config.ozon.sandboxStores).toBe(1);
    expect(config.store).toEqual({ kind: "file", redisUrl: undefined, dataDir: "./data" });
    expect(config.bot.mode).toBe("polling");
    expect(config.bot.port).toBe(8080);
    expect(config.pollSeconds).toEqual({ postings: 30, chats: 15, reports: 5 });
    expect(config.timezone).toBe("Europe/Moscow");
    expect(config.defaultLocale).toBe("ru");
    expect(config.telegramApiRoot).toBe("https://api.telegram.org");
    expect(config.postings).toEqual({ burstThreshold: 5, reminderBeforeMinutes: 120 });
    expect(config.reports).toEqual({ concurrency: 1, maxPeriodDays: 62 });
    expect(config.chats).toEqual({ claimMinutes: 15 });
    expect(config.budget).toEqual({ minRoubles: 100, maxRoubles: 10_000_000 });
    expect(config.weeklyBudget).toEqual({ minRoubles: 700, maxRoubles: 70_000_000 });
  });

  it("checks the limits of alerts, reports and budgets", () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      POSTINGS_BURST_THRESHOLD: "10",
      REPORT_CONCURRENCY: "3",
      REPORT_MAX_PERIOD_DAYS: "366",
    });
    expect(config.postings.burstThreshold).toBe(10);
    expect(config.reports).toEqual({ concurrency: 3, maxPeriodDays: 366 });
    expect(
      loadConfig({ BOT_TOKEN: TOKEN, SCHEDULES_PER_PERSON: "3", SCHEDULE_RETRY_MINUTES: "15" })
        .schedules,
    ).toEqual({ perPerson: 3, retryMinutes: 15 });
    expect(loadConfig({ BOT_TOKEN: TOKEN }).schedules).toEqual({ perPerson: 10, retryMinutes: 5 });
    const problems = problemsOf({
      BOT_TOKEN: TOKEN,
      POSTINGS_REMINDER_MINUTES: "1.5",
      REPORT_MAX_PERIOD_DAYS: "400",
    });
    expect(problems).toEqual([
      "POSTINGS_REMINDER_MINUTES must be a whole number",
      "REPORT_MAX_PERIOD_DAYS must be at most 366",
    ]);
    expect(loadConfig({ BOT_TOKEN: TOKEN, CHAT_CLAIM_MINUTES: "30" }).chats.claimMinutes).toBe(30);
    expect(problemsOf({ BOT_TOKEN: TOKEN, REPORT_CHART_FONT: "/nonexistent/font.ttf" })).toEqual([
      "REPORT_CHART_FONT must be the path of a font file (.ttf) that exists",
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, CHAT_CLAIM_MINUTES: "0" })).toEqual([
      "CHAT_CLAIM_MINUTES must be at least 1",
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, CHAT_CLAIM_MINUTES: "2.5" })).toEqual([
      "CHAT_CLAIM_MINUTES must be a whole number",
    ]);
    expect(
      problemsOf({ BOT_TOKEN: TOKEN, BUDGET_MIN_ROUBLES: "500", BUDGET_MAX_ROUBLES: "500" }),
    ).toEqual(["BUDGET_MIN_ROUBLES must be below BUDGET_MAX_ROUBLES"]);
  });

  it("parses admins, fractions of seconds and Redis", () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      ADMIN_IDS: "1, 22;333",
      CHATS_POLL_SECONDS: "0.5",
      REDIS_URL: "redis://127.0.0.1:6379",
      TELEGRAM_API_ROOT: "http://127.0.0.1:9000/",
    });
    expect(config.adminIds).toEqual([1, 22, 333]);
    expect(config.pollSeconds.chats).toBe(0.5);
    expect(config.store.kind).toBe("redis");
    expect(config.telegramApiRoot).toBe("http://127.0.0.1:9000");
  });

  it("uses real credentials when given, and the sandbox only when asked", () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      OZON_CLIENT_ID: "42",
      OZON_API_KEY: "key-1234567",
    });
    expect(config.ozon.sandbox).toBe(false);
    expect(config.ozon.shops).toEqual([
      { id: "42", name: "Ozon 42", seller: { clientId: "42", apiKey: "key-1234567" } },
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, OZON_CLIENT_ID: "42" })).toEqual([
      "OZON_CLIENT_ID and OZON_API_KEY must be set together",
    ]);
    expect(
      loadConfig({ BOT_TOKEN: TOKEN, OZON_SANDBOX: "1", OZON_CLIENT_ID: "42" }).ozon.sandbox,
    ).toBe(true);
  });

  it("names every bad variable and never prints a secret", () => {
    const secretToken = "not-a-token-but-very-secret-value";
    const problems = problemsOf({
      BOT_TOKEN: secretToken,
      PORT: "99999",
      TIMEZONE: "Mars/Olympus",
      POSTINGS_POLL_SECONDS: "-1",
      BOT_MODE: "push",
      ADMIN_IDS: "12,abc",
      WEBHOOK_SECRET: "has spaces in it",
    });
    const text = problems.join("\n");
    for (const name of [
      "BOT_TOKEN",
      "PORT",
      "TIMEZONE",
      "POSTINGS_POLL_SECONDS",
      "BOT_MODE",
      "ADMIN_IDS",
      "WEBHOOK_SECRET",
    ]) {
      expect(text).toContain(name);
    }
    expect(text).not.toContain(secretToken);
    expect(text).not.toContain("has spaces in it");
  });

  it("treats a blank setting as unset: its default applies (docker compose passes VAR= on)", () => {
    const blanks = {
      TELEGRAM_API_ROOT: "",
      OZON_SELLER_URL: "",
      OZON_SELLER_RPS: "",
      DATA_DIR: " ",
      BOT_MODE: "",
      PORT: "",
      POSTINGS_POLL_SECONDS: "",
      CHATS_POLL_SECONDS: "  ",
      BUDGET_MIN_ROUBLES: "",
      TIMEZONE: "",
      DEFAULT_LOCALE: "",
      LOG_LEVEL: "",
    };
    const config = loadConfig({ BOT_TOKEN: TOKEN, ...blanks });
    expect(config).toEqual(loadConfig({ BOT_TOKEN: TOKEN }));
    expect(problemsOf({ BOT_TOKEN: "  " }).join()).toMatch(/BOT_TOKEN is required/);
  });

  it("says in plain words what a bad port, rate or sandbox switch should be", () => {
    const problems = problemsOf({
      BOT_TOKEN: TOKEN,
      PORT: "abc",
      OZON_SELLER_RPS: "0",
      OZON_SANDBOX: "maybe",
    });
    expect([...problems].sort()).toEqual([
      "OZON_SANDBOX must be 1 or 0 (true/false, yes/no, on/off also work)",
      "OZON_SELLER_RPS must be a number of requests per second above 0, at most 1000",
      "PORT must be a TCP port, 1 to 65535",
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, PORT: "70000", OZON_SELLER_RPS: "x" }).sort()).toEqual([
      "OZON_SELLER_RPS must be a number of requests per second above 0, at most 1000",
      "PORT must be a TCP port, 1 to 65535",
    ]);
  });

  it("requires a bot token and a webhook URL in webhook mode", () => {
    expect(problemsOf({}).join()).toMatch(/BOT_TOKEN is required/);
    expect(problemsOf({ BOT_TOKEN: TOKEN, BOT_MODE: "webhook" })).toEqual([
      "WEBHOOK_URL is required when BOT_MODE is webhook",
    ]);
    const webhook = { BOT_TOKEN: TOKEN, BOT_MODE: "webhook" };
    expect(problemsOf({ ...webhook, WEBHOOK_URL: "http://bot.example.com/tg" })).toEqual([
      "WEBHOOK_URL must be an https URL",
    ]);
    // The health check's path: updates would never reach the bot.
    expect(problemsOf({ ...webhook, WEBHOOK_URL: "https://bot.example.com/healthz" })).toEqual([
      "WEBHOOK_URL must not have the path /healthz (the health check)",
    ]);
  });
});

describe(".env.example", () => {
  const example = readFileSync(new URL("../.env.example", import.meta.url), "utf8");
  const documented = new Map(
    example
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

  it("documents every setting the configuration reads", () => {
    const source = readFileSync(new URL("../src/config.ts", import.meta.url), "utf8");
    const schemaBlock = source.slice(source.indexOf("const schema"), source.indexOf("export type"));
    const read = [...schemaBlock.matchAll(/^ {2}([A-Z][A-Z_]+):/gm)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(20);
    expect([...documented.keys()].sort()).toEqual([...read].sort());
  });

  it("is a valid configuration once a bot token is filled in", () => {
    const env = Object.fromEntries(documented);
    env.BOT_TOKEN = TOKEN;
    const config = loadConfig(env);
    expect(config.ozon.sandbox).toBe(true);
    expect(config.store.kind).toBe("file");
  });
});
