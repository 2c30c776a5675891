/**
 * "Your next message in this chat is the answer": a person's typed wait, outside any dialog —
 * 🔢's tracking number (deliveries), `/find` alone, `/products` alone. One wait per person and
 * chat: starting one replaces the other (the next message can answer only one question).
 *
 * A wait ends when answered, after its TTL, or as soon as the person does anything else in that
 * chat: presses any button (the button that starts a wait starts it again after) or sends a
 * command. A dialog is only ever entered by a button or a command, so a dialog's question always
 * gets its answer: a stock amount "1500" is never taken for a tracking number, a refund "150,50"
 * never told it "does not look like a tracking number".
 *
 * Store layout: `typed-wait:<chat>:<person>` → TypedWait, TTL as started. On Redis the key is read
 * along with the chat lock (read-ahead.ts), so a press or a command of someone with no wait costs
 * no store call at all; elsewhere one read, and a delete only when there is a wait.
 * Tests: test/bot/deliveries/tracking-typed.test.ts
 */
import type { Context, MiddlewareFn } from "grammy";
import type { Store } from "../../store/port.ts";
import type { BotContext } from "./context.ts";
import type { ReadAhead } from "./read-ahead.ts";

/** What is waited for: `kind` names the feature that takes the answer, `data` is its own. */
export interface TypedWait<T = unknown> {
  kind: string;
  data: T;
}

export const typedWaitKey = (chatId: number, userId: number) => `typed-wait:${chatId}:${userId}`;

/** The wait's key for this update: a message or a press by someone in a chat. */
function keyOf(ctx: Context): string | undefined {
  const chat = ctx.chat;
  const from = ctx.from;
  if (!chat || !from || !(ctx.message || ctx.callbackQuery)) return undefined;
  return typedWaitKey(chat.id, from.id);
}

export class TypedWaits {
  readonly #store: Store;
  readonly #readAhead: ReadAhead | undefined;

  constructor(deps: { store: Store; readAhead?: ReadAhead }) {
    this.#store = deps.store;
    this.#readAhead = deps.readAhead;
  }

  /** Read along with the chat lock (once per bot: createBot calls it). */
  static readAlong(readAhead: ReadAhead): void {
    readAhead.register(keyOf);
  }

  /** This person's next message in this chat answers `kind`, for `ttlMs`; any other wait ends. */
  async start(ctx: Context, kind: string, data: unknown, ttlMs: number): Promise<void> {
    const key = keyOf(ctx);
    if (key === undefined) return;
    const wait: TypedWait = { kind, data };
    await this.#store.set(key, wait, { ttlMs });
  }

  /** The person's wait in this chat if it is of `kind`; it goes on waiting. */
  async peek<T>(ctx: Context, kind: string): Promise<T | undefined> {
    const wait = await this.#current(ctx);
    return wait?.kind === kind ? (wait.data as T) : undefined;
  }

  /** The person's wait in this chat if it is of `kind`, ended (this message is its answer). */
  async take<T>(ctx: Context, kind: string): Promise<T | undefined> {
    const wait = await this.#current(ctx);
    if (wait?.kind !== kind) return undefined;
    await this.end(ctx);
    return wait.data as T;
  }

  /** Ends the person's wait in this chat, whatever it is. */
  async end(ctx: Context): Promise<void> {
    const key = keyOf(ctx);
    if (key !== undefined) await this.#store.delete(key);
  }

  /**
   * Ends the wait of whoever presses a button or sends a command: installed before the dialogs
   * and every feature (createBot), so what the press or the command opens gets the next answer.
   */
  middleware(): MiddlewareFn<BotContext> {
    return async (ctx, next) => {
      const acts = ctx.callbackQuery !== undefined || ctx.message?.text?.startsWith("/") === true;
      if (acts && (await this.#current(ctx)) !== undefined) await this.end(ctx);
      return next();
    };
  }

  async #current(ctx: Context): Promise<TypedWait | undefined> {
    const key = keyOf(ctx);
    if (key === undefined) return undefined;
    const ahead = this.#readAhead?.take(key);
    const value = ahead ? ahead.value : await this.#store.get<TypedWait>(key);
    return isWait(value) ? value : undefined;
  }
}

function isWait(value: unknown): value is TypedWait {
  return (
    typeof value === "object" && value !== null && typeof (value as TypedWait).kind === "string"
  );
}
