/**
 * Saved report schedules: what to report (a shop's campaigns, a period kind, a grouping, a
 * format), when (slots.ts) and where (the person's private chat, or a group they manage). Kept in
 * the bot's store under `schedule:<id>`, so every process sees the same list; at most
 * `maxPerPerson` per person.
 * Tests: test/bot/chats/relay/group-gone.test.ts, test/services/chat-moves.test.ts and 1 more
 */
import { randomBytes } from "node:crypto";
import type { Store } from "../../../store/port.ts";
import type { ReportCampaignRef, ReportFormat, ReportGroupBy } from "../reports/jobs.ts";
import type { PeriodPreset } from "../reports/periods.ts";
import type { ScheduleRule } from "./slots.ts";

/** Period kinds a schedule can have: whole days that have ended by the time it runs. */
export const SCHEDULE_PERIODS = [
  "yesterday",
  "last_7_days",
  "last_30_days",
  "last_month",
] as const satisfies readonly PeriodPreset[];
export type SchedulePeriod = (typeof SCHEDULE_PERIODS)[number];

/**
 * Why the scheduler paused a schedule at a run: the owner lost the manager role for its store,
 * is no longer an administrator of its group, or the bot is no longer in the group.
 */
export type PauseReason = "no_access" | "not_admin" | "bot_gone";

export interface ReportSchedule {
  id: string;
  /** Telegram id of the person who saved it (and whose role is checked at each run). */
  owner: number;
  /** Where the report goes: the owner's private chat or a group they manage. */
  chatId: number;
  /** The group's title, for the list (private chat: none). */
  chatTitle?: string;
  locale: string;
  shop: string;
  campaigns: ReportCampaignRef[];
  period: SchedulePeriod;
  groupBy: ReportGroupBy;
  format: ReportFormat;
  rule: ScheduleRule;
  paused: boolean;
  /** Set when the scheduler (not a person) paused it; cleared when it is resumed. */
  pausedFor?: PauseReason;
  createdAt: number;
  /** The last slot that was run (claimed), epoch ms. */
  lastSlot?: number;
  /** When it was last resumed: slots missed while paused are not run. */
  resumedAt?: number;
}

export type NewSchedule = Omit<
  ReportSchedule,
  "id" | "paused" | "pausedFor" | "createdAt" | "lastSlot"
>;

const PREFIX = "schedule:";

export class ScheduleLimitError extends Error {
  override name = "ScheduleLimitError";
  readonly max: number;
  constructor(max: number) {
    super(`at most ${max} schedules per person`);
    this.max = max;
  }
}

export class ScheduleRepository {
  readonly #store: Store;
  readonly #now: () => number;
  readonly maxPerPerson: number;

  constructor(store: Store, options: { maxPerPerson: number; now?: () => number }) {
    this.#store = store;
    this.maxPerPerson = options.maxPerPerson;
    this.#now = options.now ?? Date.now;
  }

  async all(): Promise<ReportSchedule[]> {
    const entries = await this.#store.list<ReportSchedule>(PREFIX);
    return entries
      .map((e) => e.value)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async of(owner: number): Promise<ReportSchedule[]> {
    return (await this.all()).filter((s) => s.owner === owner);
  }

  get(id: string): Promise<ReportSchedule | undefined> {
    return this.#store.get<ReportSchedule>(PREFIX + id);
  }

  /** Saves a new schedule; throws ScheduleLimitError when the person has `maxPerPerson`. */
  async add(schedule: NewSchedule): Promise<ReportSchedule> {
    if ((await this.of(schedule.owner)).length >= this.maxPerPerson) {
      throw new ScheduleLimitError(this.maxPerPerson);
    }
    const saved: ReportSchedule = {
      ...schedule,
      id: randomBytes(6).toString("hex"),
      paused: false,
      createdAt: this.#now(),
    };
    await this.#store.set(PREFIX + saved.id, saved);
    return saved;
  }

  /**
   * Changes a schedule with `change` applied to its current value (compare-and-set, so a pause
   * and a run's bookkeeping never undo each other); undefined when it is gone.
   */
  async update(
    id: string,
    change: (schedule: ReportSchedule) => ReportSchedule,
  ): Promise<ReportSchedule | undefined> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.get(id);
      if (!current) return undefined;
      const next = change(structuredClone(current));
      if (await this.#store.compareAndSet(PREFIX + id, current, next)) return next;
    }
    throw new Error(`schedule ${id}: too many concurrent changes`);
  }

  /** Pauses or resumes; a resumed schedule waits for its next slot. Undefined when it is gone. */
  setPaused(id: string, paused: boolean): Promise<ReportSchedule | undefined> {
    const now = this.#now();
    return this.update(id, ({ pausedFor: _why, ...s }) =>
      paused ? { ...s, paused } : { ...s, paused, resumedAt: now },
    );
  }

  /**
   * Pauses it for `reason` (the scheduler found the owner's rights gone); true only for the call
   * that paused it, so its owner is told once however many processes find the same.
   */
  async pauseFor(id: string, reason: PauseReason): Promise<boolean> {
    let pausedNow = false;
    await this.update(id, (s) => {
      pausedNow = !s.paused;
      return pausedNow ? { ...s, paused: true, pausedFor: reason } : s;
    });
    return pausedNow;
  }

  /** The schedules that post to `chatId` (a group), whoever saved them. */
  async aimedAt(chatId: number): Promise<ReportSchedule[]> {
    return (await this.all()).filter((s) => s.chatId === chatId);
  }

  /**
   * Points the schedules aimed at a group that became a supergroup at its new id; how many this
   * call moved.
   * No index by chat: every schedule is read, as each scheduler round does (at most
   * `maxPerPerson` per person).
   */
  async moveChat(fromChatId: number, toChatId: number): Promise<number> {
    let moved = 0;
    for (const schedule of await this.all()) {
      if (schedule.chatId !== fromChatId) continue;
      // Another process may move it first: only the change written here counts.
      let mine = false;
      await this.update(schedule.id, (s) => {
        mine = s.chatId === fromChatId;
        return mine ? { ...s, chatId: toChatId } : s;
      });
      if (mine) moved += 1;
    }
    return moved;
  }

  delete(id: string): Promise<boolean> {
    return this.#store.delete(PREFIX + id);
  }
}
