/**
 * Start: configuration → container → bot → polling (grammY runner) or webhook (node:http).
 * GET /healthz answers in both modes. SIGTERM/SIGINT: stop taking updates, finish those in
 * flight, stop the modules, close the store and the sandbox, exit 0 — within the bounds of
 * shutdown.ts, and a watchdog ends the process with exit code 1 should the stop ever hang.
 * Tests: none directly
 */
import { run } from "@grammyjs/runner";
import { GrammyError } from "grammy";
import { createCallbackCodec } from "./bot/core/callback-data.ts";
import { createI18n } from "./bot/core/i18n.ts";
import { InflightUpdates } from "./bot/core/inflight.ts";
import { PersonMenus } from "./bot/core/person-menus.ts";
import type { RedisSendBudget } from "./bot/core/sender/redis-send-budget.ts";
import { registerCommands } from "./bot/core/set-commands.ts";
import { ALLOWED_UPDATES, createBot } from "./bot/index.ts";
import { createModules } from "./bot/modules.ts";
import { deepLink } from "./bot/people/invite.ts";
import { type Config, ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { type Container, createContainer } from "./container.ts";
import { createLogger } from "./logger.ts";
import { healthRoute } from "./server/health.ts";
import { createHttpServer, listen, type Route } from "./server/http.ts";
import { countedPushRoute, METRICS_PATH, metricsRoute } from "./server/metrics.ts";
import { ozonPushRoute } from "./server/ozon-push.ts";
import { webhookEndpoint, webhookRoute, webhookSecret } from "./server/webhook.ts";
import { processLoops } from "./services/health/loop-board.ts";
import { PushDispatcher } from "./services/push/dispatcher.ts";
import { PushQueue } from "./services/push/queue.ts";
import { PUSH_WINDOW_MS as STOCK_PUSH_WINDOW_MS } from "./services/stock/watcher.ts";
import { secretsOf } from "./shops/entry.ts";
import { STOP_WATCHDOG_MS, shutdown, withWatchdog } from "./shutdown.ts";
import { isStoreOpenError, type RedisStore } from "./store/index.ts";
import { sharedByProcesses } from "./store/lease.ts";
import { BOT_VERSION } from "./version.ts";

function readConfig(): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // The message names each variable and holds no secret value; no stack trace needed.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const secretToken = webhookSecret(config.bot.webhookSecret, config.botToken);
  const logger = createLogger({
    level: config.logLevel,
    secrets: [
      config.botToken,
      ...config.ozon.shops.flatMap(secretsOf),
      secretToken,
      ...(config.metricsToken ? [config.metricsToken] : []),
    ],
  });
  process.on("unhandledRejection", (error) => logger.error({ err: error }, "unhandled rejection"));

  let container: Container;
  try {
    container = await createContainer(config, logger);
  } catch (error) {
    if (isStoreOpenError(error)) {
      // The message names the file (or Redis) and what to do; a stack trace would only hide it.
      logger.fatal({ store: error.location }, `Could not start: ${error.message}`);
    } else {
      logger.fatal({ err: error }, "Could not start");
    }
    process.exit(1);
  }
  const { store, access, shops } = container;

  const inflight = new InflightUpdates();
  const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
  const codec = createCallbackCodec(config.botToken);
  // Several processes on one Redis: one Telegram send budget for all of them, and a chat's updates
  // wait for each other across processes (bot/core/chat-lock.ts).
  const shared = sharedByProcesses(store);
  let sendBudget: RedisSendBudget | undefined;
  if (store.kind === "redis" && config.store.redisUrl) {
    const redisStore = store as RedisStore;
    try {
      // Loaded with Redis only (memory at idle on the file store).
      const { RedisSendBudget } = await import("./bot/core/sender/redis-send-budget.ts");
      sendBudget = await RedisSendBudget.open({
        url: config.store.redisUrl,
        prefix: redisStore.prefix,
        logger,
      });
    } catch {
      // No driver message: it could name the URL with its password.
      logger.fatal(
        { redis: redisStore.safeUrl },
        "Could not start: Redis refused the send budget's connection",
      );
      await container.close();
      process.exit(1);
    }
  }
  const modules = createModules({ container, i18n, codec, ...(sendBudget ? { sendBudget } : {}) });
  const menus = new PersonMenus({
    access,
    store,
    i18n,
    defaultLocale: config.defaultLocale,
    logger,
  });
  const bot = createBot({
    config,
    logger,
    store,
    access,
    shops,
    inflight,
    i18n,
    codec,
    modules,
    menus,
    chatLock: shared,
  });
  try {
    await bot.init();
  } catch (error) {
    const refused = error instanceof GrammyError && error.error_code === 401;
    logger.fatal(
      { err: error },
      refused
        ? "Telegram did not accept the bot token (getMe failed): check BOT_TOKEN"
        : "Telegram could not be reached (getMe failed): check the network or TELEGRAM_API_ROOT",
    );
    await container.close();
    process.exit(1);
  }
  const username = bot.botInfo.username;

  const owner = await access.ensureOwnerLink();
  if (owner) {
    const link = deepLink(username, owner.payload);
    const until = owner.expiresAt.toISOString();
    logger.warn(
      { ownerLink: link, ownerLinkExpiresAt: until },
      `No admin yet. Open this link in Telegram to become the bot's admin (it works once, until ${until}; after that the next start writes a new one): ${link}`,
    );
  }

  try {
    await registerCommands(bot.api, i18n, config.defaultLocale);
  } catch (error) {
    logger.warn({ err: error }, "Could not register the command list with Telegram");
  }
  // ADMIN_IDS and everyone already in the store; unchanged menus are not sent again.
  await menus.refreshAll(bot.api);

  const pushQueue = new PushQueue(store);
  const dispatcher = new PushDispatcher({
    queue: pushQueue,
    knows: (shopId) => container.shops.get(shopId) !== undefined,
    // Every module that acts on the area (a new posting also wakes the stock watcher).
    passFor: (shopId, area) => {
      const passes = modules.flatMap((module) => module.passAfterPush?.(shopId, area) ?? []);
      if (passes.length <= 1) return passes[0];
      return async (hints) => (await Promise.all(passes.map((pass) => pass(hints)))).every(Boolean);
    },
    // Stock pushes within a few seconds are answered by one read of the SKUs they named.
    minGapMs: (area) => (area === "stocks" ? STOCK_PUSH_WINDOW_MS : 1_000),
    logger: logger.child({ module: "ozon-push" }),
  });
  const pushRoute = ozonPushRoute({
    path: config.push.path,
    queue: pushQueue,
    shopOf: (sellerId) => container.shops.get(sellerId),
    onQueued: (shopId, area) => {
      container.loopHealth?.pushArrived(shopId);
      dispatcher.wake(shopId, area);
    },
    allow: config.push.allow,
    trustProxy: config.push.trustProxy,
    name: `@${username}`,
    version: BOT_VERSION,
    logger,
  });
  const { vitals } = container;
  const routes: Route[] = [
    healthRoute(store),
    vitals ? countedPushRoute(pushRoute, vitals) : pushRoute,
  ];
  // GET /metrics only with METRICS_TOKEN (prom-client is loaded only then).
  if (config.metricsToken && vitals) {
    routes.push(
      await metricsRoute(config.metricsToken, {
        vitals,
        board: processLoops,
        shops: container.shops,
      }),
    );
  }
  const mode = config.bot.mode;
  const webhook =
    mode === "webhook" && config.bot.webhookUrl
      ? webhookEndpoint(config.bot.webhookUrl)
      : undefined;
  if (webhook) routes.push(webhookRoute(bot, { path: webhook.path, secretToken, logger }));
  const server = createHttpServer(routes, logger);
  let port: number;
  try {
    port = await listen(server, config.bot.port);
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    logger.fatal(
      inUse ? {} : { err: error },
      inUse
        ? `Could not start: port ${config.bot.port} is already in use; set PORT to a free one`
        : `Could not start: cannot listen on port ${config.bot.port}`,
    );
    await container.close();
    process.exit(1);
  }
  logger.info(
    { port, ozonPush: config.push.path },
    `HTTP server listening (GET /healthz${config.metricsToken ? `, GET ${METRICS_PATH}` : ""}, Ozon push at POST ${config.push.path})`,
  );

  let runner: ReturnType<typeof run> | undefined;
  if (webhook) {
    // The URL registered is the one whose path is served above.
    await bot.api.setWebhook(webhook.url, {
      secret_token: secretToken,
      allowed_updates: [...ALLOWED_UPDATES],
    });
    logger.info({ path: webhook.path }, "Webhook set");
  } else {
    await bot.api.deleteWebhook();
    runner = run(bot, { runner: { fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
    runner.task()?.catch((error: unknown) => {
      logger.fatal({ err: error }, "Polling stopped: Telegram refused getUpdates");
      void stop("polling failure", 1);
    });
  }
  for (const module of modules) {
    await module.start?.(bot.api);
    logger.info({ module: module.name }, "Module started");
  }
  dispatcher.start();
  // The built-in sandbox pushes its events as Ozon would, so a trial run is real-time too.
  container.sandbox?.setPushTarget(`http://127.0.0.1:${port}${config.push.path}`);
  logger.info(
    { bot: username, mode, store: store.kind, sandbox: container.sandbox?.url },
    `Bot @${username} started (${mode}, ${store.kind} store${container.sandbox ? ", Ozon sandbox" : ""})`,
  );

  let stopping = false;
  async function stop(reason: string, code = 0): Promise<void> {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    logger.info(
      { reason, inFlight: inflight.size },
      "Stopping: no new updates, finishing those in flight",
    );
    const confirm = (offset: number, signal: AbortSignal) =>
      bot.api.getUpdates(
        { offset, limit: 1, timeout: 0 },
        signal as Parameters<typeof bot.api.getUpdates>[1],
      );
    try {
      await withWatchdog(
        () =>
          shutdown({
            logger,
            runner,
            server,
            inflight,
            modules: [pushModule(dispatcher), ...modules],
            container,
            confirm: runner ? confirm : undefined,
          }),
        STOP_WATCHDOG_MS,
        () => {
          logger.fatal(
            { reason, watchdogMs: STOP_WATCHDOG_MS },
            `Stopping took longer than ${STOP_WATCHDOG_MS / 1000} s; exiting anyway`,
          );
          process.exit(1);
        },
      );
    } catch (error) {
      logger.error({ err: error }, "Stopping failed");
      code = 1;
    }
    logger.info({ tookMs: Date.now() - started }, "Stopped");
    process.exit(code);
  }
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

/** The push dispatcher stops with the modules (first: it only starts their passes). */
function pushModule(dispatcher: PushDispatcher) {
  return {
    name: "ozon-push",
    stop: (deadline?: AbortSignal) => dispatcher.stop(deadline).then(() => undefined),
  };
}

await main();
