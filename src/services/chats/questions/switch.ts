/**
 * Whether a shop's product questions (and reviews) are polled. Off after Ozon refused them for
 * want of a subscription (questions: Premium Plus; reviews: «Управление отзывами» or Premium
 * Pro; which feed Ozon refused is kept), until an admin turns them back on. Turning off is compare-and-set, so of
 * several processes (or passes) only one is told "you turned it off" and tells the admins.
 * Tests: none directly
 */
import type { Store } from "../../../store/port.ts";

const KEY = "questions:off";

export interface QuestionsOff {
  reason: "premium";
  at: string;
  /** The feed Ozon refused (unset in a record from before reviews were told apart: questions). */
  feed?: "question" | "review";
}

export class QuestionSwitch {
  readonly #store: Store;

  /** `store`: the shop's part of the store. */
  constructor(store: Store) {
    this.#store = store;
  }

  async isOff(): Promise<boolean> {
    return (await this.#store.get(KEY)) !== undefined;
  }

  async offSince(): Promise<QuestionsOff | undefined> {
    return this.#store.get<QuestionsOff>(KEY);
  }

  /** True when this call turned it off (it was on). */
  turnOff(
    reason: QuestionsOff["reason"],
    at: Date,
    feed: NonNullable<QuestionsOff["feed"]> = "question",
  ): Promise<boolean> {
    const off: QuestionsOff = { reason, at: at.toISOString(), feed };
    return this.#store.setIfAbsent(KEY, off);
  }

  /** True when it was off. */
  turnOn(): Promise<boolean> {
    return this.#store.delete(KEY);
  }
}
