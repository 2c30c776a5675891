/**
 * What the scheduler tests share: the clock's morning, a scheduler over a store with a notifier
 * that records what it was told, a daily schedule, and two connections to one Redis prefix.
 */
import { afterEach } from "vitest";
import type { DigestSource } from "../../../../src/services/ads/digest/digest.ts";
import { ReportJobs } from "../../../../src/services/ads/reports/jobs.ts";
import {
  type GroupStanding,
  ReportScheduler,
  type ScheduleFailure,
  type ScheduleNotifier,
} from "../../../../src/services/ads/schedules/scheduler.ts";
import {
  type PauseReason,
  type ReportSchedule,
  ScheduleRepository,
} from "../../../../src/services/ads/schedules/schedules.ts";
import type { Store } from "../../../../src/store/port.ts";
import { RedisStore } from "../../../../src/store/redis.ts";
import type { ManualClock } from "../../../support/manual-clock.ts";

export const ZONE = "Europe/Moscow";
export const HOUR = 60 * 60 * 1000;
/** 08:00 in Moscow. */
export const MORNING = Date.parse("2026-06-15T05:00:00Z");

/** A digest source of one store that has nothing to read (the digest is about the sending). */
export const ONE_STORE: DigestSource = {
  entitled: async () => true,
  storesFor: async () => [{ id: "s1", name: "Север" }],
};

/** Closed after each test, last first. */
export const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (closing.length > 0) await closing.pop()?.();
});

/** Two processes' worth of connections to one Redis prefix, closed after the test. */
export async function twoConnections(url: string, prefix: string): Promise<[Store, Store]> {
  const first = await RedisStore.open({ url, prefix });
  const second = await RedisStore.open({ url, prefix });
  closing.push(
    () => first.close(),
    () => second.close(),
  );
  return [first, second];
}

export class Told implements ScheduleNotifier {
  readonly failures: Array<{ failure: ScheduleFailure; retrying: boolean }> = [];
  readonly pauses: Array<{ schedule: string; reason: PauseReason }> = [];
  async failed(_schedule: unknown, failure: ScheduleFailure, retrying: boolean) {
    this.failures.push({ failure, retrying });
  }
  async paused(schedule: ReportSchedule, reason: PauseReason) {
    this.pauses.push({ schedule: schedule.id, reason });
  }
}

export function instance(
  store: Store,
  clock: ManualClock,
  options: { leaseTtlMs?: number; standing?: () => GroupStanding } = {},
) {
  const { standing = () => "admin" as const, ...loop } = options;
  const schedules = new ScheduleRepository(store, { maxPerPerson: 10, now: clock.now });
  const jobs = new ReportJobs({ store, account: "acc", shop: "shop-1", zone: ZONE });
  const told = new Told();
  const scheduler = new ReportScheduler({
    store,
    schedules,
    notifier: told,
    zone: ZONE,
    now: clock.now,
    targets: {
      jobsOf: (shop) => (shop === "shop-1" ? jobs : undefined),
      mayReport: async () => true,
      ownerInGroup: async () => standing(),
    },
    ...loop,
  });
  closing.push(() => scheduler.stop());
  return { schedules, jobs, scheduler, told };
}

export async function saveDaily(repository: ScheduleRepository, chatId = 1) {
  return repository.add({
    owner: 1,
    chatId,
    locale: "ru",
    shop: "shop-1",
    campaigns: [{ id: "101", title: "A" }],
    period: "yesterday",
    groupBy: "DATE",
    format: "xlsx",
    rule: { every: "day", time: "09:00" },
  });
}

/** Both instances run rounds at the same moments, several times over. */
export async function raceRounds(a: ReportScheduler, b: ReportScheduler, rounds = 5) {
  for (let i = 0; i < rounds; i++) await Promise.all([a.runOnce(), b.runOnce()]);
}
