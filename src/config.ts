/** Tests: test/config.test.ts, test/shops/config-stores.test.ts and 12 more */
import { existsSync } from "node:fs";
import { z } from "zod";
import {
  flag,
  isCidr,
  optionalText,
  seconds,
  telegramIds,
  timezone,
  url,
  whole,
} from "./config-fields.ts";
import type { ShopEntry } from "./shops/entry.ts";
import { shopsFromEnv } from "./shops/env.ts";

const PORT_PROBLEM = "must be a TCP port, 1 to 65535";
const RPS_PROBLEM = "must be a number of requests per second above 0, at most 1000";

const schema = z.object({
  BOT_TOKEN: z
    .string({ error: "is required (get one from @BotFather)" })
    .trim()
    .regex(/^\d+:[\w-]{20,}$/, "does not look like a bot token (expected 123456:ABC...)"),
  TELEGRAM_API_ROOT: url("https://api.telegram.org"),
  ADMIN_IDS: telegramIds,
  OZON_STORES: z.string().optional(),
  OZON_STORE_NAME: z.string().optional(),
  OZON_CLIENT_ID: optionalText,
  OZON_API_KEY: optionalText,
  OZON_SELLER_URL: url("https://api-seller.ozon.ru"),
  OZON_PERFORMANCE_CLIENT_ID: optionalText,
  OZON_PERFORMANCE_CLIENT_SECRET: optionalText,
  OZON_PERFORMANCE_URL: url("https://api-performance.ozon.ru"),
  OZON_SANDBOX: flag,
  SANDBOX_STORES: whole(1, 1, 20),
  SECRETS_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, "base64").length === 32,
      "must be 32 bytes in base64 (make one with: openssl rand -base64 32)",
    )
    .optional(),
  OZON_SELLER_RPS: z.coerce
    .number({ error: RPS_PROBLEM })
    .positive(RPS_PROBLEM)
    .max(1000, RPS_PROBLEM)
    .default(50),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /** Key namespace in Redis: several bots (or test runs) on one Redis database. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:._-]{1,100}$/, "must be 1-100 letters, digits or : . _ -")
    .optional(),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  STORE: z.enum(["memory", "file", "redis"], { error: "must be memory, file or redis" }).optional(),
  BOT_MODE: z
    .enum(["polling", "webhook"], { error: "must be polling or webhook" })
    .default("polling"),
  WEBHOOK_URL: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https$/, error: "must be an https URL" }))
    // That path answers health checks; updates sent there would never reach the bot.
    .refine(
      (url) => new URL(url).pathname !== "/healthz",
      "must not have the path /healthz (the health check)",
    )
    .optional(),
  WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "may hold only A-Z, a-z, 0-9, _ and - (1 to 256 characters)")
    .optional(),
  PORT: z.coerce
    .number({ error: PORT_PROBLEM })
    .int(PORT_PROBLEM)
    .min(1, PORT_PROBLEM)
    .max(65_535, PORT_PROBLEM)
    .default(8080),
  OZON_PUSH_PATH: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9._~/-]{1,200}$/, "must be a path such as /ozon/push")
    .refine((path) => path !== "/healthz", "must not be /healthz (the health check)")
    .default("/ozon/push"),
  OZON_PUSH_ALLOW: z
    .string()
    .default("")
    .transform((raw, ctx) => {
      const networks = raw.split(/[\s,;]+/).filter(Boolean);
      for (const network of networks) {
        if (!isCidr(network)) {
          ctx.addIssue({
            code: "custom",
            message: `"${network.slice(0, 60)}" is not a network such as 195.34.21.0/24`,
          });
          return z.NEVER;
        }
      }
      return networks;
    }),
  TRUST_PROXY: flag,
  POSTINGS_POLL_SECONDS: seconds(30),
  CHATS_POLL_SECONDS: seconds(15),
  REPORT_POLL_SECONDS: seconds(5),
  STALL_AFTER_SECONDS: seconds(120),
  POSTINGS_BURST_THRESHOLD: whole(5, 1, 1000),
  POSTINGS_REMINDER_MINUTES: whole(120, 1, 10_080),
  CHAT_CLAIM_MINUTES: whole(15, 1, 1440),
  REPORT_CONCURRENCY: whole(1, 1, 10),
  REPORT_MAX_PERIOD_DAYS: whole(62, 1, 366),
  // The report charts' font. The chart worker reads it from the environment it inherits
  // (services/ads/reports/chart-fonts.ts); checked here so that a wrong path stops the start.
  REPORT_CHART_FONT: z
    .string()
    .trim()
    .refine((path) => existsSync(path), "must be the path of a font file (.ttf) that exists")
    .optional(),
  SCHEDULES_PER_PERSON: whole(10, 1, 100),
  SCHEDULE_RETRY_MINUTES: whole(5, 1, 1440),
  BUDGET_MIN_ROUBLES: whole(100, 0, 100_000_000),
  BUDGET_MAX_ROUBLES: whole(10_000_000, 1, 100_000_000),
  // Weekly budgets (most pay-per-click campaigns now): a week of the daily defaults.
  WEEKLY_BUDGET_MIN_ROUBLES: whole(700, 0, 700_000_000),
  WEEKLY_BUDGET_MAX_ROUBLES: whole(70_000_000, 1, 700_000_000),
  // Bids per click set from a campaign card; Ozon's own minimum (by category) still applies.
  BID_MIN_ROUBLES: whole(1, 0, 1_000_000),
  BID_MAX_ROUBLES: whole(5_000, 1, 1_000_000),
  STOCK_POLL_MINUTES: whole(10, 1, 1440),
  LOW_STOCK: whole(3, 0, 1_000_000),
  AUDIT_DAYS: whole(180, 1, 3650),
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  TIMEZONE: timezone,
  DEFAULT_LOCALE: z.enum(["ru", "en"], { error: "must be ru or en" }).default("ru"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

export type RawSettings = z.infer<typeof schema>;

export interface Config {
  botToken: string;
  telegramApiRoot: string;
  adminIds: number[];
  ozon: {
    sandbox: boolean;
    /** Stores the built-in sandbox simulates (with `sandbox`). */
    sandboxStores: number;
    /** Stores from the environment; empty with the sandbox (its stores are known once it runs). */
    shops: ShopEntry[];
    seller: { url: string; requestsPerSecond: number };
    performance: { url: string };
  };
  /** Encrypts keys added in the bot; unset: derived from the bot token (with a warning). */
  secretsKey?: Buffer;
  store: {
    kind: "memory" | "file" | "redis";
    redisUrl?: string;
    /** REDIS_PREFIX; the store's default when absent. */
    redisPrefix?: string;
    dataDir: string;
  };
  /** Ozon push notifications on the bot's HTTP server. */
  push: {
    path: string;
    /** Source networks allowed to push (CIDR); empty: any. */
    allow: string[];
    /** Take the client address from X-Forwarded-For (behind a proxy you run). */
    trustProxy: boolean;
  };
  bot: {
    mode: "polling" | "webhook";
    webhookUrl?: string;
    webhookSecret?: string;
    port: number;
  };
  pollSeconds: { postings: number; chats: number; reports: number };
  /**
   * A loop is stalled (⚠️, admins told) only after this long without a good pass, or three of its
   * intervals if longer, and only while its current pass makes no progress.
   */
  stallAfterSeconds: number;
  postings: {
    /** More new postings than this in one pass arrive as digests. */
    burstThreshold: number;
    /** A reminder goes this long before a posting's shipping deadline. */
    reminderBeforeMinutes: number;
  };
  chats: {
    /** "Take it" on a buyer chat lasts this long without an answer from its taker. */
    claimMinutes: number;
  };
  reports: {
    /** Report jobs at Ozon at once per Performance account (the live service allows 1). */
    concurrency: number;
    /** Longest report period (the live service allows 62 days, the spec a year). */
    maxPeriodDays: number;
  };
  /** Scheduled reports (/schedule). */
  schedules: {
    /** Schedules one person may keep. */
    perPerson: number;
    /** Pause before the one retry of a failed scheduled run, minutes. */
    retryMinutes: number;
  };
  /** Daily budgets a person may set, whole roubles. */
  budget: { minRoubles: number; maxRoubles: number };
  /** Weekly budgets a person may set, whole roubles. */
  weeklyBudget: { minRoubles: number; maxRoubles: number };
  /** Bids per click a person may set, whole roubles. */
  bid: { minRoubles: number; maxRoubles: number };
  /** Stock alerts: how often FBS stock is read, and the default low-stock threshold (a store may set its own). */
  stock: { pollMinutes: number; lowStock: number };
  /** Days the audit trail keeps a record. */
  auditDays: number;
  /** Bearer token for GET /metrics; unset: no metrics endpoint. */
  metricsToken?: string;
  timezone: string;
  defaultLocale: "ru" | "en";
  logLevel: RawSettings["LOG_LEVEL"];
}

/** Raised for a bad configuration; the message names each variable and never holds a secret value. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Sandbox credentials: the built-in simulated Ozon accepts exactly these. */
export const SANDBOX_CREDENTIALS = {
  sellerClientId: "sandbox-client",
  sellerApiKey: "sandbox-api-key",
  performanceClientId: "sandbox-performance-client",
  performanceClientSecret: "sandbox-performance-secret",
} as const;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // `VAR=` (an .env line, docker compose passing an unset variable on) means "not set": default.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    // zod issues carry the path and our message, never the input value.
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "configuration");
      return `${name} ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const s = parsed.data;
  const problems: string[] = [];

  const credentialsGiven = Boolean(
    s.OZON_STORES ||
      s.OZON_CLIENT_ID ||
      s.OZON_API_KEY ||
      s.OZON_PERFORMANCE_CLIENT_ID ||
      s.OZON_PERFORMANCE_CLIENT_SECRET,
  );
  const sandbox = s.OZON_SANDBOX ?? !credentialsGiven;
  let shops: ShopEntry[] = [];
  if (!sandbox) {
    const fromEnv = shopsFromEnv(s);
    problems.push(...fromEnv.problems);
    shops = fromEnv.shops;
    if (fromEnv.problems.length === 0 && shops.length === 0) {
      problems.push("OZON_SANDBOX is off but no Ozon credentials are set");
    }
  }
  if (s.BOT_MODE === "webhook" && !s.WEBHOOK_URL) {
    problems.push("WEBHOOK_URL is required when BOT_MODE is webhook");
  }
  if (s.STORE === "redis" && !s.REDIS_URL) {
    problems.push("STORE is redis but REDIS_URL is not set");
  }
  if (s.WEBHOOK_URL && new URL(s.WEBHOOK_URL).pathname === s.OZON_PUSH_PATH) {
    problems.push("OZON_PUSH_PATH must differ from the path of WEBHOOK_URL");
  }
  if (s.BUDGET_MIN_ROUBLES >= s.BUDGET_MAX_ROUBLES) {
    problems.push("BUDGET_MIN_ROUBLES must be below BUDGET_MAX_ROUBLES");
  }
  if (s.BID_MIN_ROUBLES >= s.BID_MAX_ROUBLES) {
    problems.push("BID_MIN_ROUBLES must be below BID_MAX_ROUBLES");
  }
  if (s.WEEKLY_BUDGET_MIN_ROUBLES >= s.WEEKLY_BUDGET_MAX_ROUBLES) {
    problems.push("WEEKLY_BUDGET_MIN_ROUBLES must be below WEEKLY_BUDGET_MAX_ROUBLES");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const storeKind = s.STORE ?? (s.REDIS_URL ? "redis" : "file");
  return {
    botToken: s.BOT_TOKEN,
    telegramApiRoot: s.TELEGRAM_API_ROOT,
    adminIds: s.ADMIN_IDS,
    ozon: {
      sandbox,
      sandboxStores: s.SANDBOX_STORES,
      shops,
      seller: { url: s.OZON_SELLER_URL, requestsPerSecond: s.OZON_SELLER_RPS },
      performance: { url: s.OZON_PERFORMANCE_URL },
    },
    ...(s.SECRETS_KEY ? { secretsKey: Buffer.from(s.SECRETS_KEY, "base64") } : {}),
    store: {
      kind: storeKind,
      redisUrl: s.REDIS_URL,
      ...(s.REDIS_PREFIX ? { redisPrefix: s.REDIS_PREFIX } : {}),
      dataDir: s.DATA_DIR,
    },
    push: {
      path: s.OZON_PUSH_PATH,
      allow: s.OZON_PUSH_ALLOW,
      trustProxy: s.TRUST_PROXY ?? false,
    },
    bot: {
      mode: s.BOT_MODE,
      webhookUrl: s.WEBHOOK_URL,
      webhookSecret: s.WEBHOOK_SECRET,
      port: s.PORT,
    },
    pollSeconds: {
      postings: s.POSTINGS_POLL_SECONDS,
      chats: s.CHATS_POLL_SECONDS,
      reports: s.REPORT_POLL_SECONDS,
    },
    stallAfterSeconds: s.STALL_AFTER_SECONDS,
    postings: {
      burstThreshold: s.POSTINGS_BURST_THRESHOLD,
      reminderBeforeMinutes: s.POSTINGS_REMINDER_MINUTES,
    },
    chats: { claimMinutes: s.CHAT_CLAIM_MINUTES },
    reports: { concurrency: s.REPORT_CONCURRENCY, maxPeriodDays: s.REPORT_MAX_PERIOD_DAYS },
    schedules: { perPerson: s.SCHEDULES_PER_PERSON, retryMinutes: s.SCHEDULE_RETRY_MINUTES },
    budget: { minRoubles: s.BUDGET_MIN_ROUBLES, maxRoubles: s.BUDGET_MAX_ROUBLES },
    weeklyBudget: {
      minRoubles: s.WEEKLY_BUDGET_MIN_ROUBLES,
      maxRoubles: s.WEEKLY_BUDGET_MAX_ROUBLES,
    },
    bid: { minRoubles: s.BID_MIN_ROUBLES, maxRoubles: s.BID_MAX_ROUBLES },
    stock: { pollMinutes: s.STOCK_POLL_MINUTES, lowStock: s.LOW_STOCK },
    auditDays: s.AUDIT_DAYS,
    ...(s.METRICS_TOKEN ? { metricsToken: s.METRICS_TOKEN } : {}),
    timezone: s.TIMEZONE,
    defaultLocale: s.DEFAULT_LOCALE,
    logLevel: s.LOG_LEVEL,
  };
}

/** Reads `.env` when present (Node's own parser); variables already set win. */
export function loadDotEnv(path = ".env") {
  if (existsSync(path)) process.loadEnvFile(path);
}
