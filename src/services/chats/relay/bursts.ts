/**
 * One buyer's burst reads as one conversation: a buyer message written within a minute of the
 * buyer's message before it continues that burst, and its copies carry a short "the same buyer"
 * mark instead of the full header. The decision is kept per chat with the message it was made
 * for, so a retry of the same message (after a crash, or a recipient that failed) decides alike.
 * Tests: none directly
 */
import type { Store } from "../../../store/port.ts";

/** Messages closer than this to the one before belong to the same burst. */
export const BURST_WINDOW_MS = 60_000;
/** Long enough to outlive any retry of the last message; a day-old burst is over anyway. */
const RECORD_TTL_MS = 24 * 60 * 60 * 1000;

const burstKey = (ozonChatId: string) => `relay:burst:${ozonChatId}`;

interface BurstRecord {
  /** The last buyer message the decision was made for. */
  id: string;
  /** Its time at Ozon (epoch ms; 0 when Ozon gave none). */
  at: number;
  continues: boolean;
}

export class ChatBursts {
  readonly #store: Store;
  readonly #windowMs: number;

  constructor(store: Store, options: { windowMs?: number } = {}) {
    this.#store = store;
    this.#windowMs = options.windowMs ?? BURST_WINDOW_MS;
  }

  /** True when `message` continues its buyer's burst (the same answer again for a retry). */
  async continues(
    ozonChatId: string,
    message: { id: string; createdAt: string },
  ): Promise<boolean> {
    const last = await this.#store.get<BurstRecord>(burstKey(ozonChatId));
    if (last?.id === message.id) return last.continues === true;
    const parsed = Date.parse(message.createdAt);
    const at = Number.isFinite(parsed) ? parsed : 0;
    const gap = at - (typeof last?.at === "number" ? last.at : Number.NaN);
    // A time Ozon did not give starts a new burst: better a header too many than one missing.
    const continues = at > 0 && gap >= 0 && gap <= this.#windowMs;
    const record: BurstRecord = { id: message.id, at, continues };
    await this.#store.set(burstKey(ozonChatId), record, { ttlMs: RECORD_TTL_MS });
    return continues;
  }
}
