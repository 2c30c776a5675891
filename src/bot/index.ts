/**
 * createBot(deps): the whole bot as grammY middleware, built without any side effect (no network,
 * no timers); main.ts decides how updates arrive (runner or webhook) and registers commands.
 *
 * Order matters:
 *   in-flight counter → error boundary → sequentialize per chat → [chat lock across processes]
 *   → session → error boundary →
 *   who acts (person, locale) → i18n → callback signature check → a press or a command ends
 *   the typed wait →
 *   [conversations plugin → /cancel → conversations]  (only when a dialog is saved or entered)
 *   → commands and buttons (the router; each feature file registers its own there) →
 *   features' other middleware → modules' `unhandled` → fallback.
 *
 * Auto-retry is an API transformer (Telegram 429s waited out); inside conversations, where
 * transformers of bot.api do not reach, i18n and a replay-safe 429 retry are plugins.
 * Tests: test/bot/core/bot-removed.test.ts, test/bot/core/button-registry.test.ts and 2 more
 */
import type { I18n } from "@grammyjs/i18n";
import { sequentialize } from "@grammyjs/runner";
import { type ApiClientOptions, Bot, Composer, type Middleware, type StorageAdapter } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AccessService } from "../services/access/index.ts";
import type { Store } from "../store/port.ts";
import { alertPausesFeature } from "./core/alert-pauses.ts";
import { type CallbackCodec, createCallbackCodec } from "./core/callback-data.ts";
import { chain } from "./core/chain.ts";
import { type ChatLockOptions, chatLock, chatOf } from "./core/chat-lock.ts";
import { chatMovedFeature } from "./core/chat-moved.ts";
import { comingSoonFeature } from "./core/coming-soon.ts";
import type { BotContext, SessionData } from "./core/context.ts";
import { type BotShops, type FeatureDeps, NO_SHOPS } from "./core/deps.ts";
import {
  BUILT_IN_CONVERSATIONS,
  type ConversationSpec,
  conversationsPlugin,
  hasSavedDialog,
  NO_DIALOG,
  registerConversations,
} from "./core/dialog/conversations.ts";
import { cancelFeature } from "./core/dialog/leave.ts";
import { errorBoundary, lastResort } from "./core/error-boundary.ts";
import { FrontDoor } from "./core/front-door.ts";
import { createI18n, type LocalizedContext } from "./core/i18n.ts";
import { identify, personReadAlong } from "./core/identify.ts";
import type { InflightUpdates } from "./core/inflight.ts";
import { markupAsJson } from "./core/markup-json.ts";
import type { BotModule, FeatureFactory } from "./core/module.ts";
import { PersonMenus } from "./core/person-menus.ts";
import { ReadAhead } from "./core/read-ahead.ts";
import { telegramAutoRetry } from "./core/retry.ts";
import { Router } from "./core/router.ts";
import { chatSession, SessionPrefetch } from "./core/session.ts";
import { storeAdapter } from "./core/session-storage.ts";
import { telegramFetch } from "./core/telegram-fetch.ts";
import { TypedWaits } from "./core/typed-wait.ts";
import { verifyCallbacks } from "./core/verify-callback.ts";
import { createPeopleModule } from "./people/index.ts";

export type { BotContext } from "./core/context.ts";

/**
 * Longest time one Bot API call may take, upload or long poll included (grammY's default is
 * 500 s): polling asks for 30 s, and a 50 MB upload needs about this much on a slow link.
 */
export const TELEGRAM_TIMEOUT_SECONDS = 60;

/** The updates the bot asks Telegram for (polling and setWebhook). */
export const ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"] as const;

export interface BotDeps {
  config: Config;
  logger: Logger;
  store: Store;
  access: AccessService;
  /** The bot's own user; given, no getMe is needed (tests, benchmarks). */
  botInfo?: UserFromGetMe;
  /** grammY client options over `{ apiRoot: config.telegramApiRoot }` (a fake Bot API in tests). */
  client?: ApiClientOptions;
  /** Counts updates in flight so main can drain them on shutdown. */
  inflight?: InflightUpdates;
  /** Translations; one is made from locales/ when absent. */
  i18n?: I18n<LocalizedContext>;
  /** Signs and checks button data; one is made from the bot token when absent. The modules' own. */
  codec?: CallbackCodec;
  /** Where commands and buttons are routed; a new one when absent (a test may look inside). */
  router?: Router;
  /** Session storage; default: the store under `session:<chat id>`. */
  sessionStorage?: StorageAdapter<SessionData>;
  /** Extra conversations (registered after /cancel with the built-in ones). */
  conversations?: readonly ConversationSpec[];
  /** Extra features, installed after the built-in ones and before "coming soon". */
  features?: readonly FeatureFactory[];
  /** Per-person command menus; one is made over the store when absent. */
  menus?: PersonMenus;
  /** Product areas (posting alerts, buyer chats, advertising): see module.ts. */
  modules?: readonly BotModule[];
  /** The Ozon stores (container.shops); none when absent. */
  shops?: BotShops;
  /**
   * Several processes share the store (Redis): a chat's updates also wait for each other across
   * processes (chat-lock.ts), behind the per-process `sequentialize`. Options, or true for the
   * defaults over `store`.
   */
  chatLock?: boolean | Omit<ChatLockOptions, "store" | "keyOf">;
}

export function createBot(deps: BotDeps): Bot<BotContext> {
  const { config, logger, access } = deps;
  const bot = new Bot<BotContext>(config.botToken, {
    botInfo: deps.botInfo,
    client: {
      apiRoot: config.telegramApiRoot,
      timeoutSeconds: TELEGRAM_TIMEOUT_SECONDS,
      fetch: telegramFetch(deps.client?.timeoutSeconds ?? TELEGRAM_TIMEOUT_SECONDS),
      ...deps.client,
    },
  });
  // First: the transformers installed after it see reply_markup as the object it was given.
  bot.api.config.use(markupAsJson);
  bot.api.config.use(telegramAutoRetry());
  bot.catch(lastResort(logger));

  const i18n = deps.i18n ?? createI18n({ defaultLocale: config.defaultLocale, logger });
  const featureDeps: FeatureDeps = {
    config,
    logger,
    access,
    store: deps.store,
    codec: deps.codec ?? createCallbackCodec(config.botToken),
    router: deps.router ?? new Router(),
    i18n,
    menus:
      deps.menus ??
      new PersonMenus({
        access,
        store: deps.store,
        i18n,
        defaultLocale: config.defaultLocale,
        logger,
      }),
    shops: deps.shops ?? NO_SHOPS,
    frontDoor: new FrontDoor(),
  };

  const boundary = errorBoundary(logger, i18n, config.defaultLocale);
  // Every update passes these in order; one chain (core/chain.ts), not one bot.use each.
  const steps: Middleware<BotContext>[] = [];
  if (deps.inflight) steps.push(deps.inflight.middleware());
  steps.push(boundary); // failures of the store itself (session read or write)
  steps.push(sequentialize<BotContext>(chatOf));
  // Across processes: the session below is read only once another process wrote it back. With
  // the store's session, the lock reads it in the same round trip (SessionPrefetch).
  const prefetch = deps.chatLock && !deps.sessionStorage ? new SessionPrefetch() : undefined;
  if (deps.chatLock) {
    const options = deps.chatLock === true ? {} : deps.chatLock;
    // The person acting too, unless the access cache knows them, and what features asked for
    // (featureDeps.readAhead, filled as they are built below): one round trip for all.
    const readAhead = new ReadAhead();
    featureDeps.readAhead = readAhead;
    if (prefetch) readAhead.add(prefetch.readAlong);
    readAhead.add(personReadAlong(access));
    TypedWaits.readAlong(readAhead);
    const readAlong = readAhead.readers;
    steps.push(chatLock<BotContext>({ logger, readAlong, ...options, store: deps.store }));
  }
  const storage = deps.sessionStorage ?? storeAdapter<SessionData>(deps.store);
  steps.push(chatSession(prefetch ? prefetch.wrap(storage) : storage));
  // Inside the session: after a failure the session is still written, so a conversation that
  // threw is really left (grammY does not write a session back when an error passes through).
  steps.push(boundary);
  steps.push(identify(access, config.defaultLocale));
  steps.push(i18n.middleware());
  steps.push(verifyCallbacks(featureDeps.codec, logger));
  // A press or a command ends the person's typed wait (🔢, /find or /products alone) before
  // anything runs: what it opens, a dialog say, gets the next answer (core/typed-wait.ts).
  steps.push(new TypedWaits(featureDeps).middleware());
  // People is the module every bot has: first in (it greets and identifies before the others),
  // last out (its `unhandled` answers what no other module took).
  const people = createPeopleModule();
  const modules = [people, ...(deps.modules ?? [])];
  // A group that became a supergroup: every area's records follow it before anything else runs.
  steps.push(chatMovedFeature(featureDeps));
  // Alerts paused where the bot could not post come back once it may (or /subscribe is sent).
  steps.push(alertPausesFeature(featureDeps));
  // Before any dialog could swallow them (a reply to a buyer, say).
  for (const early of modules.flatMap((m) => m.beforeConversations ?? [])) {
    const composer = early(featureDeps);
    if (composer) steps.push(composer);
  }

  const features: FeatureFactory[] = [
    ...modules.flatMap((m) => m.features ?? []),
    ...(deps.features ?? []),
    comingSoonFeature,
  ];
  const unhandled = [...modules.slice(1), people].flatMap((m) => m.unhandled ?? []);
  const composers = [...features, ...unhandled].map((feature) => feature(featureDeps));
  // The router first: a command or button it handles enters none of the features' composers.
  const handlers = chain<BotContext>([
    featureDeps.router.middleware(),
    ...composers.filter((composer) => composer !== undefined),
  ]);

  // The conversations plugin costs a few microseconds per update, so it runs only for updates
  // that may need it: the person has a dialog saved in this chat, or the route enters one.
  // Elsewhere ctx.conversation says that nothing is active (NO_DIALOG).
  const dialogs = [
    ...BUILT_IN_CONVERSATIONS,
    ...(deps.conversations ?? []),
    ...modules.flatMap((m) => m.conversations ?? []),
  ];
  const withDialogs = new Composer<BotContext>(conversationsPlugin(i18n));
  withDialogs.use(cancelFeature(dialogs)); // before the dialogs, which would swallow /cancel
  if (dialogs.length > 0) withDialogs.use(registerConversations(dialogs, featureDeps.router));
  withDialogs.use(handlers);
  const withoutDialogs = chain<BotContext>([
    (ctx, next) => {
      ctx.conversation = NO_DIALOG;
      return next();
    },
    cancelFeature(),
    handlers,
  ]);
  // As bot.branch, without the Composer that grammY's branch makes for every update.
  steps.push((ctx, next) =>
    hasSavedDialog(ctx) || featureDeps.router.entersConversation(ctx)
      ? withDialogs.middleware()(ctx, next)
      : withoutDialogs(ctx, next),
  );
  bot.use(chain(steps));
  return bot;
}
