/**
 * What a dialog's script goes back to (Dialog.checkpoint, Dialog.rewind: the plugin's checkpoint
 * and rewind, named as the plugin names them) and what going back hands over past the rewind.
 * Tests: none directly
 */
import type { BotConversation } from "../context.ts";

export interface MessageRef {
  chatId: number;
  messageId: number;
}

/**
 * A point a dialog's script may come back to (`Dialog.checkpoint`, `Dialog.rewind`): the plugin's
 * checkpoint (`at`), whether the script came back to it, the sentence that heads its screen then,
 * and what the script handed back to it (`carried`, JSON-safe: a list's page, an amount typed
 * anew).
 */
export interface Checkpoint<T = unknown> {
  readonly at: ReturnType<BotConversation["checkpoint"]>;
  readonly returned: boolean;
  readonly notice: string;
  readonly carried: T | undefined;
}

/** What going back carries past the rewind: the message pressed (if any), why, and `value`. */
export interface Carried {
  screen: MessageRef | null;
  notice: string;
  value?: unknown;
}

/**
 * A rewind forgets the update that asked for it, so what the screen after it needs (the message
 * Back was pressed on, the reason, the value carried) is handed over here, keyed by the outside
 * context of that update: the replay right after the rewind reads it once, live, and records it.
 * Nothing is saved here.
 */
const carriedBack = new WeakMap<object, Carried>();

/** Hands `carried` to the checkpoint the rewind of this update goes back to. */
export function handBack(outside: object, carried: Carried): void {
  carriedBack.set(outside, carried);
}

/** What going back handed over with this update (once), or null when the script did not go back. */
export function takeBack(outside: object): Carried | null {
  const found = carriedBack.get(outside);
  carriedBack.delete(outside);
  return found ?? null;
}
