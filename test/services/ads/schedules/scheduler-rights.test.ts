/**
 * The owner's rights checked at every run, over the store alone: a definite "no" found by two
 * processes at once pauses the schedule and tells its owner once (real Redis); a check Telegram
 * could not answer pauses nothing.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { GroupStanding } from "../../../../src/services/ads/schedules/scheduler.ts";
import { MemoryStore } from "../../../../src/store/memory.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";
import { HOUR, instance, MORNING, raceRounds, saveDaily, twoConnections } from "./support.ts";

const redis = await redisAvailability();
redis.describe("a group schedule's rights, two schedulers on real Redis", () => {
  const prefix = uniquePrefix("schedule-rights");
  afterAll(() => removeKeys(redis.url, prefix));

  it("an owner no longer the group's admin, found by both at once: paused once, told once, no job", async () => {
    const [first, second] = await twoConnections(redis.url, prefix);
    const clock = new ManualClock(MORNING);
    let standing: GroupStanding = "admin";
    const options = { leaseTtlMs: 0, standing: () => standing };
    const a = instance(first, clock, options);
    const b = instance(second, clock, options);
    const saved = await saveDaily(a.schedules, -100500);
    await clock.advance(HOUR);
    await raceRounds(a.scheduler, b.scheduler, 1);
    expect(await a.jobs.repository.all()).toHaveLength(1);
    // Demoted in the group: the next day's slot pauses it instead.
    standing = "not_admin";
    await clock.advance(24 * HOUR);
    await raceRounds(a.scheduler, b.scheduler);
    expect(await a.jobs.repository.all()).toHaveLength(1);
    expect([...a.told.pauses, ...b.told.pauses]).toEqual([
      { schedule: saved.id, reason: "not_admin" },
    ]);
    expect([...a.told.failures, ...b.told.failures]).toEqual([]);
    expect(await b.schedules.get(saved.id)).toMatchObject({ paused: true, pausedFor: "not_admin" });
    // Paused, it does not run (nor pause, nor tell) again.
    await clock.advance(24 * HOUR);
    await raceRounds(b.scheduler, a.scheduler);
    expect(await a.jobs.repository.all()).toHaveLength(1);
    expect(a.told.pauses.length + b.told.pauses.length).toBe(1);
  });
});

describe("a group's rights Telegram cannot confirm", () => {
  it("proves nothing: tried once more silently, then the slot is skipped; never paused", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(MORNING);
    let standing: GroupStanding = "unknown";
    const a = instance(store, clock, { standing: () => standing });
    const saved = await saveDaily(a.schedules, -100500);
    await clock.advance(HOUR);
    expect(await a.scheduler.runOnce()).toMatchObject({ started: 1, unverified: 1, paused: 0 });
    await clock.advance(5 * 60 * 1000);
    expect(await a.scheduler.runOnce()).toMatchObject({ retried: 1, unverified: 1, paused: 0 });
    expect(await a.scheduler.runOnce()).toMatchObject({ retried: 0, unverified: 0 });
    expect(await a.jobs.repository.all()).toEqual([]);
    expect(a.told).toMatchObject({ failures: [], pauses: [] });
    expect((await a.schedules.get(saved.id))?.paused).toBe(false);
    // Telegram answers again by the next slot: the report is made.
    standing = "admin";
    await clock.advance(24 * HOUR);
    expect(await a.scheduler.runOnce()).toMatchObject({ started: 1, unverified: 0 });
    expect(await a.jobs.repository.all()).toHaveLength(1);
  });
});
