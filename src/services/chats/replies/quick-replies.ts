/**
 * Quick replies: answers a shop's sellers save once and send to buyers with two taps. Kept per
 * shop (in the shop's part of the store) as one record, changed with compare-and-set so two
 * sellers editing at once never lose each other's templates.
 *
 * Placeholders, filled at send time from what Ozon gives about the buyer:
 * - `{order}` (or `{заказ}`): the order number of the chat (else its posting number);
 * - `{name}` (or `{имя}`): the buyer's name, which Ozon gives with product questions only.
 * Any other `{word}` is refused when saving. A placeholder without a value at send time is left
 * out together with the comma or space before it ("Здравствуйте, {name}!" → "Здравствуйте!"),
 * and the preview says so.
 * Tests: test/services/chats/replies/quick-replies.test.ts and 2 more
 */
import type { Store } from "../../../store/port.ts";
import { OZON_TEXT_LIMIT } from "../relay/split-text.ts";

/** Templates per shop: enough for the common answers, few enough for one screen of buttons. */
export const MAX_QUICK_REPLIES = 30;
/** One Ozon chat message; the longest placeholder value still fits (see PLACEHOLDER_ROOM). */
export const MAX_QUICK_REPLY_LENGTH = OZON_TEXT_LIMIT;

export type PlaceholderName = "order" | "name";

/** Every spelling a placeholder may be written in, to its name. */
const SPELLINGS: Record<string, PlaceholderName> = {
  order: "order",
  заказ: "order",
  name: "name",
  имя: "name",
};
export const PLACEHOLDERS: readonly PlaceholderName[] = ["order", "name"];

const TOKEN = /\{([^{}\s]{1,30})\}/gu;

export interface QuickReply {
  /** Short and never reused within a shop (base 36): buttons carry it. */
  id: string;
  text: string;
  /** Grows with every edit, so a preview of an older text is not sent as the new one. */
  rev: number;
}

interface Record_ {
  next: number;
  items: QuickReply[];
}

export type QuickReplyProblem =
  | { kind: "empty" }
  | { kind: "too_long"; length: number; max: number }
  | { kind: "unknown_placeholder"; token: string }
  | { kind: "full"; max: number }
  | { kind: "gone" };

export type SaveResult =
  | { ok: true; reply: QuickReply }
  | { ok: false; problem: QuickReplyProblem };

/** Values the chat or question offers; absent ones are left out of the text. */
export interface PlaceholderValues {
  order?: string | undefined;
  name?: string | undefined;
}

export interface FilledReply {
  text: string;
  /** Placeholders the template has that had no value here (left out). */
  missing: PlaceholderName[];
}

const KEY = "quick-replies";

/** What is wrong with a template's text, or undefined when it may be saved. */
export function checkQuickReply(text: string): QuickReplyProblem | undefined {
  const trimmed = text.trim();
  if (!trimmed) return { kind: "empty" };
  if (trimmed.length > MAX_QUICK_REPLY_LENGTH) {
    return { kind: "too_long", length: trimmed.length, max: MAX_QUICK_REPLY_LENGTH };
  }
  for (const match of trimmed.matchAll(TOKEN)) {
    const word = (match[1] ?? "").toLowerCase();
    if (!SPELLINGS[word]) return { kind: "unknown_placeholder", token: match[0] };
  }
  return undefined;
}

/** The template with the values put in; what had no value is left out (see the file comment). */
export function fillQuickReply(text: string, values: PlaceholderValues): FilledReply {
  const missing = new Set<PlaceholderName>();
  const filled = text.replace(
    /([,;:]?[ \t]*)\{([^{}\s]{1,30})\}([,;:]?[ \t]*)/gu,
    (whole, before: string, word: string, after: string) => {
      const name = SPELLINGS[word.toLowerCase()];
      if (!name) return whole;
      const value = values[name]?.trim();
      if (value) return `${before}${value}${after}`;
      missing.add(name);
      // "Hello, {name}!" → "Hello!"; "Order {order} is on its way" → "Order is on its way";
      // "{name}, hello" → "hello".
      return before ? after : "";
    },
  );
  const tidy = filled.trim();
  return { text: tidy, missing: PLACEHOLDERS.filter((p) => missing.has(p)) };
}

export class QuickReplies {
  readonly #store: Store;

  /** `store`: the shop's part of the store. */
  constructor(store: Store) {
    this.#store = store;
  }

  async list(): Promise<QuickReply[]> {
    return (await this.#read()).items;
  }

  async get(id: string): Promise<QuickReply | undefined> {
    return (await this.list()).find((reply) => reply.id === id);
  }

  async add(text: string): Promise<SaveResult> {
    const problem = checkQuickReply(text);
    if (problem) return { ok: false, problem };
    return this.#change((record) => {
      if (record.items.length >= MAX_QUICK_REPLIES) {
        return { kind: "full", max: MAX_QUICK_REPLIES } as const;
      }
      const reply: QuickReply = { id: record.next.toString(36), text: text.trim(), rev: 1 };
      return { record: { next: record.next + 1, items: [...record.items, reply] }, reply };
    });
  }

  async edit(id: string, text: string): Promise<SaveResult> {
    const problem = checkQuickReply(text);
    if (problem) return { ok: false, problem };
    return this.#change((record) => {
      const old = record.items.find((r) => r.id === id);
      if (!old) return { kind: "gone" } as const;
      const reply: QuickReply = { id, text: text.trim(), rev: old.rev + 1 };
      const items = record.items.map((r) => (r.id === id ? reply : r));
      return { record: { ...record, items }, reply };
    });
  }

  /** True when it was there. */
  async remove(id: string): Promise<boolean> {
    const result = await this.#change((record) => {
      const reply = record.items.find((r) => r.id === id);
      if (!reply) return { kind: "gone" } as const;
      return { record: { ...record, items: record.items.filter((r) => r.id !== id) }, reply };
    });
    return result.ok;
  }

  async #read(): Promise<Record_> {
    return valid(await this.#store.get<Record_>(KEY));
  }

  async #change(
    step: (record: Record_) => { record: Record_; reply: QuickReply } | QuickReplyProblem,
  ): Promise<SaveResult> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const stored = await this.#store.get<Record_>(KEY);
      const record = valid(stored);
      const outcome = step(record);
      if ("kind" in outcome) return { ok: false, problem: outcome };
      const written =
        stored === undefined
          ? await this.#store.setIfAbsent(KEY, outcome.record)
          : await this.#store.compareAndSet(KEY, stored, outcome.record);
      if (written) return { ok: true, reply: outcome.reply };
    }
    throw new Error("quick replies keep changing: could not save");
  }
}

function valid(value: Record_ | undefined): Record_ {
  if (!value || !Array.isArray(value.items) || typeof value.next !== "number") {
    return { next: 1, items: [] };
  }
  return value;
}
