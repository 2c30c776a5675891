/**
 * What lets an answer the bot could not place still reach a buyer: the buyer chat each person
 * opened last (answered, pressed Reply, opened in /chats), and the typed text kept a short while
 * under a random id, so a button can send it there after a confirmation. The text itself never
 * goes into callback data (64 bytes, and shown to every client of the chat); only its owner's
 * press finds it. Both live in the shared store: looked up without knowing the shop.
 * Tests: none directly
 */
import { randomBytes } from "node:crypto";
import type { Store } from "../../../store/port.ts";

/** A person's last chat counts as "the likely one" for a day. */
const LAST_CHAT_TTL_MS = 24 * 60 * 60 * 1000;
/** An unsent answer waits this long for its owner's confirmation. */
export const UNSENT_TTL_MS = 15 * 60 * 1000;
/** Telegram's message limit: a text longer than that never came from one message. */
const UNSENT_TEXT_LIMIT = 4096;
/** What keep() gives: 9 random bytes in base64url (a button carries it). */
export const UNSENT_ANSWER_ID = /^[A-Za-z0-9_-]{12}$/;

const lastKey = (userId: number) => `relay:last-chat:${userId}`;
const unsentKey = (id: string) => `relay:unsent:${id}`;

export interface BuyerChatRef {
  ozonChatId: string;
  shopId: string;
}

export interface UnsentAnswer extends BuyerChatRef {
  /** The Telegram user who typed it: the only one whose press acts on it. */
  userId: number;
  text: string;
}

export class UnsentAnswers {
  readonly #store: Store;

  /** `store`: the shared (unprefixed) store. */
  constructor(store: Store) {
    this.#store = store;
  }

  /** The person opened or answered this buyer chat just now. */
  async opened(userId: number, chat: BuyerChatRef): Promise<void> {
    const value: BuyerChatRef = { ozonChatId: chat.ozonChatId, shopId: chat.shopId };
    await this.#store.set(lastKey(userId), value, { ttlMs: LAST_CHAT_TTL_MS });
  }

  async lastOpened(userId: number): Promise<BuyerChatRef | undefined> {
    const chat = await this.#store.get<BuyerChatRef>(lastKey(userId));
    if (typeof chat?.ozonChatId !== "string" || typeof chat.shopId !== "string") return undefined;
    return chat;
  }

  /** Keeps the text for its owner; the id a button carries. */
  async keep(answer: UnsentAnswer): Promise<string> {
    const id = randomBytes(9).toString("base64url");
    const value: UnsentAnswer = { ...answer, text: answer.text.slice(0, UNSENT_TEXT_LIMIT) };
    await this.#store.set(unsentKey(id), value, { ttlMs: UNSENT_TTL_MS });
    return id;
  }

  /** The answer behind a button while it is kept; whose it is, the caller checks. */
  async get(id: string): Promise<UnsentAnswer | undefined> {
    if (!UNSENT_ANSWER_ID.test(id)) return undefined;
    const answer = await this.#store.get<UnsentAnswer>(unsentKey(id));
    return typeof answer?.text === "string" && typeof answer.userId === "number"
      ? answer
      : undefined;
  }

  /**
   * Takes the answer out for sending: of two presses (two taps, two processes) exactly one gets
   * it, so the buyer never gets it twice. Someone else's press leaves it where it is.
   */
  async take(id: string, userId: number): Promise<UnsentAnswer | undefined> {
    if ((await this.get(id))?.userId !== userId) return undefined;
    return this.#store.take<UnsentAnswer>(unsentKey(id));
  }

  async drop(id: string, userId: number): Promise<void> {
    if ((await this.get(id))?.userId === userId) await this.#store.delete(unsentKey(id));
  }
}
