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

  /** Resolves when the fake answers (at once unless it went silent). */
  async answering(): Promise<void> {
    if (this.#silence) await this.#silence.over;
  }

  /** Waits out a delay set for this call of `method`, if any. */
  async held(method: string): Promise<void> {
    const held = take(this.#delays, method);
    if (held?.delayMs) await new Promise((r) => setTimeout(r, held.delayMs));
  }

  /** The error this call of `method` (naming `chatId`) is refused with, if any. */
  refusal(method: string, chatId: unknown): TelegramError | undefined {
    const failure = take(this.#failures, method)?.error;
    if (failure) return failure;
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
