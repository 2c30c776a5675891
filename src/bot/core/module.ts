/**
 * A bot module: one product area (posting alerts, buyer chats, advertising) brought into the bot
 * as a whole — its buttons and commands, its dialogs, and the background work it runs (pollers,
 * report jobs) once the bot can send. main.ts builds the modules from the container, passes
 * them to createBot, starts them after the bot is initialised and stops them before the store
 * closes.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api, Composer } from "grammy";
import type { Container } from "../../container.ts";
import type { PushPass } from "../../services/push/dispatcher.ts";
import type { PushArea } from "../../services/push/events.ts";
import type { CallbackCodec } from "./callback-data.ts";
import type { BotContext } from "./context.ts";
import type { FeatureDeps } from "./deps.ts";
import type { ConversationSpec } from "./dialog/conversations.ts";
import type { LocalizedContext } from "./i18n.ts";
import type { TelegramSender } from "./sender/index.ts";

/**
 * A feature registers its commands and buttons on `deps.router`; it returns a Composer only when
 * it handles other updates too (plain messages, reactions...).
 */
export type FeatureFactory = (deps: FeatureDeps) => Composer<BotContext> | undefined;

/** What every module is built from (src/bot/modules.ts builds them once from the container). */
export interface ModuleDeps {
  container: Container;
  i18n: I18n<LocalizedContext>;
  /** The bot's one callback codec (createBot gets the same). */
  codec: CallbackCodec;
  /** The bot's one sender for everything sent outside an update. */
  sender: TelegramSender;
}

export interface BotModule {
  readonly name: string;
  /**
   * Installed before the conversations plugin: updates that must never be eaten by a dialog
   * open in the same chat (a reply to a buyer, say). They must call next() for anything else.
   */
  readonly beforeConversations?: readonly FeatureFactory[];
  /** Commands, buttons and other handlers, installed with the built-in features. */
  readonly features?: readonly FeatureFactory[];
  /**
   * Installed after every feature, just before the fallback: what no handler took (a reply the
   * relay could not place, say). They must call next() for anything else.
   */
  readonly unhandled?: readonly FeatureFactory[];
  readonly conversations?: readonly ConversationSpec[];
  /** Starts background work; `api` sends to Telegram (auto-retry installed). */
  start?(api: Api): void | Promise<void>;
  /**
   * Stops background work between two sends: a send in flight finishes; what was not sent (the
   * sender's module refuses its queued sends) goes out after the next start. Should resolve by
   * `deadline`; main stops waiting then anyway.
   */
  stop?(deadline?: AbortSignal): Promise<void>;
  /**
   * The pass an Ozon push about a shop's postings or chats calls for (src/services/push/), when
   * this module runs one for that shop in this process.
   */
  passAfterPush?(shopId: string, area: PushArea): PushPass | undefined;
}
