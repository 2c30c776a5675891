/**
 * What a test makes the fake Bot API (fake-bot-api.ts) do wrong, as Telegram sometimes does:
 * refuse the next calls of a method (429 and the like), hold their answers, refuse every call
 * naming a group that became a supergroup, or go silent altogether until told to answer again.
 */
import type { TelegramError } from "./bot-api-calls.ts";

interface Injection {
  remaining: number;
  error?: TelegramError;
  delayMs?: number;
}

export class BotApiFaults {
  readonly #failures = new Map<string, Injection[]>();
  /** Groups upgraded to supergroups: old chat id → new one. */
  readonly #migrated = new Map<number, number>();
  /** Chats every call naming them is refused in (the bot may not post there, say). */
  readonly #refusedChats = new Map<number, TelegramError>();
  readonly #delays = new Map<string, Injection[]>();
  /** Set while the fake does not answer: resolves when it answers again. */
  #silence: { over: Promise<void>; end: () => void } | undefined;

  /** The next `times` calls of `method` fail with this Telegram error. */
  failNext(method: string, error: TelegramError, times: number): void {
    add(this.#failures, method, { remaining: times, error });
  }

  /** Every later call naming `fromChatId` is refused with `migrate_to_chat_id`. */
  migrateChat(fromChatId: number, toChatId: number): void {
    this.#migrated.set(fromChatId, toChatId);
  }

  /** Every later call naming `chatId` is refused with `error`; undefined: answered again. */
  refuseChat(chatId: number, error: TelegramError | undefined): void {
    if (error) this.#refusedChats.set(chatId, error);
    else this.#refusedChats.delete(chatId);
  }

  /** The next `times` answers to `method` are held for `ms`. */
  delay(method: string, ms: number, times: number): void {
    add(this.#delays, method, { remaining: times, delayMs: ms });
  }

  /** Calls from now on are held without an answer until `answerAgain`. */
  stopAnswering(): void {
    if (this.#silence) return;
    let end: () => void = () => {};
    const over = new Promise<void>((resolve) => (end = resolve));
    this.#silence = { over, end };
  }

  answerAgain(): void {
    this.#silence?.end();
    this.#silence = undefined;
  }

  /**
   * While the fake is silent: resolves when it answers again; otherwise undefined, so the caller
   * goes on in the same tick (a test that arms a fault on seeing call k-1 must reach call k, not k-1).
   */
  answering(): Promise<void> | undefined {
    return this.#silence?.over;
  }

  /** A delay set for this call of `method`, if any, to wait out; undefined (same tick) otherwise. */
  held(method: string): Promise<void> | undefined {
    const held = take(this.#delays, method);
    if (!held?.delayMs) return undefined;
    return new Promise((r) => setTimeout(r, held.delayMs));
  }

  /** The error this call of `method` (naming `chatId`) is refused with, if any. */
  refusal(method: string, chatId: unknown): TelegramError | undefined {
    const failure = take(this.#failures, method)?.error;
    if (failure) return failure;
    const refused = this.#refusedChats.get(Number(chatId));
    if (refused) return refused;
    const movedTo = this.#migrated.get(Number(chatId));
    if (movedTo === undefined) return undefined;
    return {
      error_code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: movedTo },
    };
  }

  /** Forgets the injected failures, delays and moves (silence is ended by `answerAgain`). */
  clear(): void {
    this.#failures.clear();
    this.#migrated.clear();
    this.#refusedChats.clear();
    this.#delays.clear();
  }
}

function add(map: Map<string, Injection[]>, method: string, injection: Injection): void {
  const list = map.get(method) ?? [];
  list.push(injection);
  map.set(method, list);
}

function take(map: Map<string, Injection[]>, method: string): Injection | undefined {
  const list = map.get(method);
  const first = list?.[0];
  if (!list || !first) return undefined;
  first.remaining--;
  if (first.remaining <= 0) list.shift();
  return first;
}
