/**
 * Home stays true by itself: every LIVE_PASS_MS one process (a lease, when processes share Redis)
 * looks at each chat's open Home (services/home/open-screens.ts), counts it again — through
 * Home's kept reads, so the Ozon calls stay one per store and source a minute whatever the number
 * of screens — and, when a count it shows changed and it was drawn at least REDRAW_GAP_MS ago,
 * edits it in place through the one sender at the lowest priority (bulk: Telegram's limits and
 * everyone else's messages first). A screen older than OPEN_SCREEN_MS, replaced by a newer Home
 * or shown something else is not redrawn; "message is not modified" is nothing to do, and a
 * message (or chat) that is gone is forgotten, quietly.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import { type Api, GrammyError } from "grammy";
import type { Logger } from "../../logger.ts";
import type { AccessService } from "../../services/access/index.ts";
import { BackgroundLoop } from "../../services/background-loop.ts";
import {
  countsSignature,
  OPEN_SCREEN_MS,
  type OpenScreen,
  type OpenScreens,
  REDRAW_GAP_MS,
} from "../../services/home/open-screens.ts";
import { ttlLoopLease } from "../../store/lease.ts";
import type { Store } from "../../store/port.ts";
import { type Locale, type LocalizedContext, translatorOr } from "../core/i18n.ts";
import { isNotModified } from "../core/screen-text.ts";
import { chatKindOf, type TelegramSender } from "../core/sender/index.ts";
import { isChatUnreachable } from "../core/telegram-errors.ts";
import { type HomeRenderDeps, renderHome } from "./render.ts";

/** How often open screens are looked at (the reads behind them are kept 45 s). */
export const LIVE_PASS_MS = 30_000;
/**
 * Open screens looked at per pass at most (one store page); with more, the next pass goes on
 * from where this one stopped, so every screen has its turn.
 */
const MAX_SCREENS = 1000;
const LEASE_NAME = "home-live";

const MESSAGE_GONE = /message to edit not found|message can't be edited|MESSAGE_ID_INVALID/i;

/** The message cannot be edited any more: deleted, too old, or the chat is gone for the bot. */
function screenGone(error: unknown): boolean {
  if (error instanceof GrammyError && MESSAGE_GONE.test(error.description)) return true;
  return isChatUnreachable(error);
}

export interface HomeLiveOptions {
  screens: OpenScreens;
  render: HomeRenderDeps;
  access: Pick<AccessService, "find">;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  sender: TelegramSender;
  /** The shared store (the lease between processes). */
  store: Store;
  logger: Pick<Logger, "warn" | "error">;
  now: () => number;
  passMs?: number;
}

export interface LivePassReport {
  redrawn: number;
  forgotten: number;
}

export class HomeLive {
  readonly #o: HomeLiveOptions;
  readonly #loop: BackgroundLoop<LivePassReport>;
  #api: Api | undefined;
  /** Where the next pass starts (this process's; another one taking over starts at the top). */
  #after: string | undefined;

  constructor(options: HomeLiveOptions) {
    this.#o = options;
    this.#loop = new BackgroundLoop({
      name: "home redraws",
      round: (signal) => this.#pass(signal),
      pauseMs: () => options.passMs ?? LIVE_PASS_MS,
      lease: ttlLoopLease(options.store, LEASE_NAME),
      logger: options.logger,
    });
  }

  /** `api`: the sender's (apiForSender), used for every edit. */
  start(api: Api, poll: boolean): void {
    this.#api = api;
    if (poll) this.#loop.start();
  }

  stop(deadline?: AbortSignal): Promise<boolean> {
    return this.#loop.stop(deadline);
  }

  async runOnce(): Promise<LivePassReport> {
    const outcome = await this.#loop.runOnce();
    return outcome.leader ? outcome.result : { redrawn: 0, forgotten: 0 };
  }

  async #pass(signal: AbortSignal): Promise<LivePassReport> {
    const report: LivePassReport = { redrawn: 0, forgotten: 0 };
    const api = this.#api;
    if (!api) return report;
    const { screens, next } = await this.#o.screens.page(MAX_SCREENS, this.#after);
    this.#after = next;
    for (const seen of screens) {
      if (signal.aborted) break;
      try {
        await this.#one(api, seen, report);
      } catch (error) {
        this.#o.logger.warn(
          { err: error, telegramChatId: seen.chatId },
          "An open Home could not be redrawn",
        );
      }
    }
    return report;
  }

  async #one(api: Api, seen: OpenScreen, report: LivePassReport): Promise<void> {
    const { screens, access, i18n, defaultLocale, sender } = this.#o;
    const now = this.#o.now();
    if (now - seen.drawnAt < REDRAW_GAP_MS) return;
    const person =
      now - seen.openedAt < OPEN_SCREEN_MS ? await access.find(seen.personId) : undefined;
    if (!person || person.roles.length === 0) {
      await screens.forget(seen.chatId, seen.messageId);
      report.forgotten += 1;
      return;
    }
    const t = translatorOr(i18n, seen.locale, defaultLocale);
    const drawn = await renderHome(this.#o.render, {
      person,
      chatId: seen.chatId,
      group: seen.group,
      help: seen.help,
      t,
      locale: seen.locale,
    });
    const counts = countsSignature(drawn.view.lines);
    if (counts === seen.counts) return;
    const next: OpenScreen = { ...seen, drawnAt: now, counts };
    // Another process, or a newer Home, got there first: theirs is the screen now.
    if (!(await screens.claim(seen, next, now))) return;
    const target = {
      chatId: seen.chatId,
      kind: chatKindOf(seen.chatId),
      priority: "bulk",
    } as const;
    try {
      // The edit may wait in the sender's queue: a press on the screen meanwhile (another
      // screen drawn in its place, a dialog's question) forgets the record, and then the edit
      // must not bring Home back over it.
      const edited = await sender.schedule(target, async () => {
        if (!(await screens.still(next))) return false;
        await api.editMessageText(seen.chatId, seen.messageId, drawn.text, {
          reply_markup: drawn.keyboard,
          link_preview_options: { is_disabled: true },
        });
        return true;
      });
      if (edited) report.redrawn += 1;
    } catch (error) {
      if (isNotModified(error)) return;
      if (screenGone(error)) {
        await screens.forget(seen.chatId, seen.messageId);
        report.forgotten += 1;
        return;
      }
      // Not drawn after all: tried again a minute on, with the counts it still shows.
      await screens.claim(next, { ...next, counts: seen.counts }, now);
      throw error;
    }
  }
}
