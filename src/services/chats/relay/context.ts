/**
 * What each buyer chat is about (order, posting, product), merged from the context Ozon puts on
 * messages, so a later message without context still gets the "who wrote about what" header.
 * Tests: test/services/chats/relay/chat-relay.test.ts and 2 more
 */
import type { Store } from "../../../store/port.ts";
import type { ChatContext, ChatMessage } from "./types.ts";

const CONTEXT_TTL_MS = 180 * 24 * 60 * 60 * 1000;
const contextKey = (ozonChatId: string) => `relay:context:${ozonChatId}`;
const soughtKey = (ozonChatId: string) => `relay:context-sought:${ozonChatId}`;
const FIELDS = ["orderNumber", "sku", "postingNumber"] as const;

export class ChatContexts {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async get(ozonChatId: string): Promise<ChatContext> {
    return (await this.#store.get<ChatContext>(contextKey(ozonChatId))) ?? {};
  }

  /** Adds what `update` knows; newer values win. Writes only when something changed. */
  async merge(ozonChatId: string, update: ChatContext, known?: ChatContext): Promise<ChatContext> {
    const current = known ?? (await this.get(ozonChatId));
    const merged: ChatContext = { ...current };
    let changed = false;
    for (const field of FIELDS) {
      const value = update[field];
      if (value && merged[field] !== value) {
        merged[field] = value;
        changed = true;
      }
    }
    if (changed) await this.#store.set(contextKey(ozonChatId), merged, { ttlMs: CONTEXT_TTL_MS });
    return merged;
  }

  /** True once the chat's older history was searched for context (done once per chat). */
  async wasSought(ozonChatId: string): Promise<boolean> {
    return (await this.#store.get(soughtKey(ozonChatId))) !== undefined;
  }

  async markSought(ozonChatId: string): Promise<void> {
    await this.#store.set(soughtKey(ozonChatId), true, { ttlMs: CONTEXT_TTL_MS });
  }

  static isEmpty(context: ChatContext): boolean {
    return !FIELDS.some((field) => context[field]);
  }

  /** The context a message carries, as ChatContext. */
  static of(message: ChatMessage): ChatContext {
    const context: ChatContext = {};
    for (const field of FIELDS) {
      const value = message.context[field];
      if (value) context[field] = value;
    }
    return context;
  }
}
