/**
 * Ozon keys typed into Telegram. Two guards run before any dialog (so no dialog, relay or reply
 * ever sees a key in plain text):
 *
 * - Key intake: while the add-store dialog waits for a key (a marker it sets in the store), the
 *   person's next text in that private chat is read, sealed (AES-256-GCM, src/shops/secrets.ts),
 *   and deleted from the chat at once; the dialog gets only the sealed text. The dialog's saved
 *   state (the conversation replays its updates from the store) never holds a key in plain text,
 *   and the key is masked in the logs from that moment. At the dialog's other steps (the name,
 *   the Client-Id, the Performance client id) a text that is key-shaped (`keysIn`) is sealed and
 *   deleted the same way, and the dialog refuses it as an answer without opening it (the rename dialog's
 *   name too).
 * - Group guard: a message in a group that looks like a key (an Api-Key is a UUID; a Performance
 *   secret a long random word), or any one-word message of someone who is in the middle of adding
 *   a store, is deleted at once if the bot can, and the sender is warned. Nothing of it is kept,
 *   and nothing else in the bot sees it.
 * Tests: test/bot/stores/add.test.ts
 */
import { Composer } from "grammy";
import { type Logger, maskAlso } from "../../logger.ts";
import type { SecretBox } from "../../shops/secrets.ts";
import type { Store } from "../../store/port.ts";
import type { BotContext } from "../core/context.ts";
import { DEFAULT_WAIT_MS } from "../core/dialog/conversations.ts";
import { openDialogRun } from "../core/dialog/person-places.ts";
import type { FeatureFactory } from "../core/module.ts";
import { displayName, profileOf } from "../core/screen-text.ts";

/*
 * Key-shaped, precisely: the text holds a UUID (8-4-4-4-12 hex digits, anywhere: an Api-Key), or
 * a word of 32 or more of A-Z a-z 0-9 _ + / = - with at least one letter and one digit (a
 * Performance client secret). Names, Client-Ids (digits) and Performance client ids
 * ("123-456@advertising.performance.ozon.ru") are not.
 */
/** A Seller Api-Key: a UUID. */
const API_KEY = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** A Performance client secret: one long random word of letters and digits. */
const SECRET_WORD = /^[A-Za-z0-9_+/=-]{32,}$/;

/** What in `text` looks like an Ozon key (empty when nothing does). */
export function keysIn(text: string): string[] {
  const secrets = text
    .split(/\s+/)
    .filter((word) => SECRET_WORD.test(word) && /[A-Za-z]/.test(word) && /\d/.test(word));
  return [...(text.match(API_KEY) ?? []), ...secrets];
}

/** What the sealed text of a key starts with, so the dialog can tell it from a plain answer. */
export const SEALED_KEY_PREFIX = "sealed-key:";

const keyStepKey = (userId: number) => `stores:key-step:${userId}`;

/** What the add-store dialog waits for: a key (every text is one) or another answer. */
export type ExpectedAnswer = "key" | "answer";

interface KeyStep {
  chatId: number;
  /** Absent in a marker written before other answers were guarded too: a key. */
  expects?: ExpectedAnswer;
  /** The run of the add-store dialog that waits: a marker of an abandoned run does nothing. */
  run: string;
}

/** The sealing context: a sealed key opens only for the same person and dialog run. */
function sealContext(userId: number, run: string): string {
  return `key-intake:${userId}:${run}`;
}

export interface KeyGuardDeps {
  store: Store;
  secrets: SecretBox;
  logger: Logger;
}

/** The add-store dialog's side: it waits for a key, it is done waiting, it opens what came. */
export class KeyIntake {
  readonly #deps: KeyGuardDeps;

  constructor(deps: KeyGuardDeps) {
    this.#deps = deps;
  }

  /**
   * The next text of `userId` in `chatId` answers the add-store dialog's run `run` (until the
   * dialog asks again or ends): sealed whatever it is when a key is expected, else if key-shaped.
   */
  async expect(
    userId: number,
    chatId: number,
    run: string,
    expects: ExpectedAnswer,
  ): Promise<void> {
    const step: KeyStep = { chatId, run, expects };
    await this.#deps.store.set(keyStepKey(userId), step, { ttlMs: DEFAULT_WAIT_MS });
  }

  async waiting(userId: number): Promise<KeyStep | undefined> {
    return this.#deps.store.get<KeyStep>(keyStepKey(userId));
  }

  /** Whether the dialog is waiting for a key itself (not a name or an id) from this person. */
  async waitingForKey(userId: number): Promise<boolean> {
    const step = await this.waiting(userId);
    return step !== undefined && (step.expects ?? "key") === "key";
  }

  /** Whether an answer is a sealed key (typed at a step that wanted something else, say). */
  isSealed(answer: string): boolean {
    return answer.startsWith(SEALED_KEY_PREFIX);
  }

  seal(text: string, userId: number, run: string): string {
    return SEALED_KEY_PREFIX + this.#deps.secrets.seal(text, sealContext(userId, run));
  }

  /** The key in a sealed answer; undefined for anything else (a text typed before the marker). */
  open(answer: string, userId: number, run: string): string | undefined {
    if (!this.isSealed(answer)) return undefined;
    try {
      return this.#deps.secrets.open(
        answer.slice(SEALED_KEY_PREFIX.length),
        sealContext(userId, run),
      );
    } catch {
      return undefined;
    }
  }
}

/** Deletes the message of this update; false when Telegram would not (too old, no rights). */
async function deleteIt(ctx: BotContext, logger: Logger): Promise<boolean> {
  try {
    await ctx.deleteMessage();
    return true;
  } catch (error) {
    logger.warn({ err: error, chat_id: ctx.chatId }, "could not delete a message with an Ozon key");
    return false;
  }
}

/**
 * Seals the key the add-store dialog waits for, or a key-shaped text at any of its other steps,
 * and deletes its message, before the dialog (and its saved state) gets the update.
 */
export function keyIntakeGuard(intake: KeyIntake, logger: Logger): FeatureFactory {
  return () =>
    new Composer<BotContext>(async (ctx, next) => {
      const message = ctx.message;
      const from = ctx.from;
      if (!message?.text || !from || ctx.chat?.type !== "private" || message.text.startsWith("/")) {
        return next();
      }
      const step = await intake.waiting(from.id);
      const run = openDialogRun(ctx);
      if (!step || step.chatId !== ctx.chat.id || run === undefined || step.run !== run) {
        return next();
      }
      const typed = message.text.trim();
      if ((step.expects ?? "key") !== "key" && keysIn(typed).length === 0) return next();
      maskAlso(logger, [typed, ...keysIn(typed)]);
      message.text = intake.seal(typed, from.id, run);
      message.entities = undefined;
      if (!(await deleteIt(ctx, logger))) await ctx.reply(ctx.t("stores-key-not-deleted"));
      return next();
    });
}

/** Deletes keys pasted in groups and warns the sender; such a message goes no further. */
export function groupKeyGuard(intake: KeyIntake, logger: Logger): FeatureFactory {
  return () =>
    new Composer<BotContext>(async (ctx, next) => {
      const message = ctx.message;
      const text = message?.text ?? message?.caption;
      const from = ctx.from;
      const inGroup = ctx.chat?.type === "group" || ctx.chat?.type === "supergroup";
      if (!inGroup || !text || !from || text.startsWith("/")) return next();
      const word = text.trim();
      const found = keysIn(text);
      // Someone adding a store who pastes one long word in a group: most likely a key too.
      if (found.length === 0 && word.length >= 8 && !/\s/.test(word)) {
        if (await intake.waitingForKey(from.id)) found.push(word);
      }
      if (found.length === 0) return next();
      maskAlso(logger, found);
      const deleted = await deleteIt(ctx, logger);
      const name = displayName(profileOf(from));
      const thread = message?.is_topic_message ? message.message_thread_id : undefined;
      await ctx.reply(
        ctx.t(deleted ? "stores-key-in-group-deleted" : "stores-key-in-group-kept", { name }),
        thread === undefined ? {} : { message_thread_id: thread },
      );
      logger.warn(
        { chat_id: ctx.chatId, user_id: from.id, deleted },
        "An Ozon key was pasted in a group",
      );
    });
}
