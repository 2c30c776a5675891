/**
 * A manager's daily digest setting, one record per person at `digest:<user>`: whether it is on,
 * when (HH:MM in TIMEZONE), and the last day's slot the round sent. The person and the round
 * (digest.ts) change it only by compare-and-set, so neither undoes the other.
 * Tests: test/services/ads/digest/settings.test.ts, test/services/ads/schedules/scheduler.test.ts
 */
import type { Store } from "../../../store/port.ts";

export interface DigestSetting {
  userId: number;
  /** The person's private chat. */
  chatId: number;
  locale: string;
  enabled: boolean;
  /** HH:MM in TIMEZONE. */
  time: string;
  /** When it was last turned on or its time changed: slots before it are not sent. */
  since: number;
  lastSlot?: number;
}

const SETTING_PREFIX = "digest:";

export class DigestSettings {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }
  get(userId: number): Promise<DigestSetting | undefined> {
    return this.#store.get<DigestSetting>(SETTING_PREFIX + userId);
  }
  async all(): Promise<DigestSetting[]> {
    return (await this.#store.list<DigestSetting>(SETTING_PREFIX)).map((e) => e.value);
  }
  /** Writes a whole setting (a first one); changes go through update. */
  set(setting: DigestSetting): Promise<void> {
    return this.#store.set(SETTING_PREFIX + setting.userId, setting);
  }

  /**
   * Changes the person's setting with `change` applied to its current value (compare-and-set, as
   * ScheduleRepository.update): the round's bookkeeping and the person's own change never undo
   * each other. `change` answers undefined to leave it as it is. Resolves with the value stored.
   */
  async update(
    userId: number,
    change: (setting: DigestSetting | undefined) => DigestSetting | undefined,
  ): Promise<DigestSetting | undefined> {
    const key = SETTING_PREFIX + userId;
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.get(userId);
      const next = change(current === undefined ? undefined : structuredClone(current));
      if (next === undefined) return current;
      const written =
        current === undefined
          ? await this.#store.setIfAbsent(key, next)
          : await this.#store.compareAndSet(key, current, next);
      if (written) return next;
    }
    throw new Error(`digest setting of ${userId}: too many concurrent changes`);
  }
}
