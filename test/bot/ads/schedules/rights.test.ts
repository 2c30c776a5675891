/**
 * A group schedule follows its owner's rights at every run, not the moment it was saved: over
 * the fake Bot API (getChatMember answered per person, refused, or too slow) and the sandbox over
 * HTTP, with the scheduler on a manual clock — on the memory store and on real Redis. A definite
 * "no" pauses it and tells the owner privately once; the group hears nothing of it.
 */
import type { Chat, User } from "grammy/types";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { ReportSchedule } from "../../../../src/services/ads/schedules/schedules.ts";
import type { Store } from "../../../../src/store/port.ts";
import { RedisStore } from "../../../../src/store/redis.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../../support/redis.ts";
import { command, group, myChatMember } from "../../../support/updates.ts";
import { waitFor } from "../../../support/wait.ts";
import { press } from "../../harness.ts";
import {
  closeWorlds,
  jobsOf,
  MANAGER,
  MANAGER_EN,
  screen,
  screenText,
  slash,
  startWorld,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 08:00 in Moscow on Monday 15 June 2026. */
const MORNING = Date.parse("2026-06-15T05:00:00Z");
const team = group(-100777, { title: "Отдел рекламы" });

/** A world whose getChatMember answers each person's status from `statuses` (default member). */
async function groupWorld(clock: ManualClock, store?: Store) {
  const w = await startWorld({
    schedules: { now: clock.now, runLoop: false, groupCheckTimeoutMs: 300 },
    env: { SCHEDULE_RETRY_MINUTES: "10" },
    ...(store ? { store } : {}),
  });
  const statuses = new Map<number, string>([
    [MANAGER.id, "administrator"],
    [MANAGER_EN.id, "administrator"],
  ]);
  w.fake.respond("getChatMember", (payload) => ({
    status: statuses.get(Number(payload.user_id)) ?? "member",
    user: { id: Number(payload.user_id), is_bot: false, first_name: "x" },
  }));
  await w.start();
  return { w, statuses };
}

/** MANAGER saves a daily 09:00 CSV report to `chat` through /schedule there. */
async function saveGroupSchedule(w: World, chat: Chat = team): Promise<ReportSchedule> {
  const at = (label: string | RegExp) => w.send(press(screen(w, chat.id), label, MANAGER));
  await w.send(command("schedule", { from: MANAGER, chat }));
  // With none aimed at the chat the campaigns come at once; else through New.
  const markup = JSON.stringify(screen(w, chat.id).payload.reply_markup);
  if (markup.includes("Новое расписание")) await at("Новое расписание");
  await at("Кроссовки"); // one campaign goes straight on
  await at("Сохранить"); // every day at 09:00, yesterday, by day, CSV: chosen on the summary
  const [saved] = await w.schedules.schedules.aimedAt(chat.id);
  if (!saved) throw new Error("nothing saved");
  return saved;
}

const sentTo = (w: World, chatId: number, since = 0) =>
  w.fake.calls
    .slice(since)
    .filter((c) => Number(c.payload.chat_id) === chatId && c.method.startsWith("send"));
const pauseNotices = (w: World) =>
  w.fake
    .callsTo("sendMessage")
    .filter((c) => String(c.payload.text).startsWith("⏸ Я приостановил"));
const checks = (w: World) => w.fake.callsTo("getChatMember").length;

/** After the demotion, the schedule's next slot pauses it; the owner alone is told, once. */
async function demotedOwner(store?: Store) {
  const clock = new ManualClock(MORNING);
  const { w, statuses } = await groupWorld(clock, store);
  const saved = await saveGroupSchedule(w);
  statuses.set(MANAGER.id, "member");
  const since = w.fake.calls.length;
  const asked = checks(w);
  await clock.advance(HOUR);
  expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1, paused: 1 });
  expect(checks(w) - asked).toBe(1);
  for (let day = 0; day < 2; day++) {
    await clock.advance(10 * MINUTE);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ retried: 0, paused: 0 });
    await clock.advance(24 * HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
  }
  expect(sentTo(w, team.id, since)).toEqual([]);
  const [notice, ...more] = pauseNotices(w);
  expect(more).toEqual([]);
  expect(Number(notice?.payload.chat_id)).toBe(MANAGER.id);
  expect(String(notice?.payload.text)).toContain("📬 В группу «Отдел рекламы»");
  expect(String(notice?.payload.text)).toContain(
    "Причина: вы больше не администратор этой группы.",
  );
  expect(await w.schedules.schedules.get(saved.id)).toMatchObject({
    paused: true,
    pausedFor: "not_admin",
  });
  expect(await jobsOf(w)).toEqual([]);
  // The list says why, and the owner may resume it once they are an administrator again.
  await slash(w, MANAGER, "schedule");
  expect(screenText(w, MANAGER.id)).toContain("⏸ Приостановлено: вы больше не администратор");
}

describe("a group schedule at its run", () => {
  it("runs while its owner administers the group: one getChatMember, the report in the group", async () => {
    const clock = new ManualClock(MORNING);
    const { w } = await groupWorld(clock);
    await saveGroupSchedule(w);
    const asked = checks(w);
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1, paused: 0 });
    expect(checks(w) - asked).toBe(1);
    await waitFor(() => sentTo(w, team.id).some((c) => c.method === "sendDocument"), {
      timeoutMs: 15_000,
      message: "the report in the group",
    });
  });

  it("its owner no longer the group's administrator: paused, the owner told privately once", async () => {
    await demotedOwner();
  });

  it("the bot kicked from the group (403 at the check): paused, the owner told privately", async () => {
    const clock = new ManualClock(MORNING);
    const { w } = await groupWorld(clock);
    const saved = await saveGroupSchedule(w);
    w.fake.failNext("getChatMember", {
      error_code: 403,
      description: "Forbidden: bot was kicked from the supergroup chat",
    });
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ paused: 1 });
    expect(pauseNotices(w).map((c) => Number(c.payload.chat_id))).toEqual([MANAGER.id]);
    expect(String(pauseNotices(w)[0]?.payload.text)).toContain("меня больше нет в этой группе");
    expect((await w.schedules.schedules.get(saved.id))?.pausedFor).toBe("bot_gone");
  });

  it("a manager who lost the role: paused, told privately once, and never a word to the group", async () => {
    const clock = new ManualClock(MORNING);
    const { w } = await groupWorld(clock);
    await saveGroupSchedule(w);
    await w.access.revoke(MANAGER.id, "manager");
    const since = w.fake.calls.length;
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ paused: 1 });
    await clock.advance(24 * HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    expect(sentTo(w, team.id, since)).toEqual([]);
    expect(pauseNotices(w).map((c) => Number(c.payload.chat_id))).toEqual([MANAGER.id]);
  });

  it("Telegram cannot answer the check (502, then too slow): never paused, tried again once, silently", async () => {
    const clock = new ManualClock(MORNING);
    const { w } = await groupWorld(clock);
    const saved = await saveGroupSchedule(w);
    const since = w.fake.calls.length;
    w.fake.failNext("getChatMember", { error_code: 502, description: "Bad Gateway" });
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1, unverified: 1 });
    // The retry's check is slower than its 300 ms bound: unknown again, the slot is skipped.
    w.fake.delay("getChatMember", 2_000);
    await clock.advance(10 * MINUTE);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ retried: 1, unverified: 1 });
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ retried: 0 });
    expect(sentTo(w, team.id, since)).toEqual([]);
    expect(sentTo(w, MANAGER.id, since)).toEqual([]);
    expect((await w.schedules.schedules.get(saved.id))?.paused).toBe(false);
    expect(await jobsOf(w)).toEqual([]);
    // Telegram answers by the next slot: the report goes to the group.
    await clock.advance(24 * HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1, unverified: 0 });
    await waitFor(() => sentTo(w, team.id, since).some((c) => c.method === "sendDocument"), {
      timeoutMs: 15_000,
      message: "the report in the group",
    });
  });
});

describe("the bot removed from a group", () => {
  it("pauses the schedules aimed at it and tells each owner privately, the group nothing", async () => {
    const clock = new ManualClock(MORNING);
    const { w } = await groupWorld(clock);
    const saved = await saveGroupSchedule(w);
    const since = w.fake.calls.length;
    await w.send(myChatMember(team, MANAGER_EN, "kicked"));
    expect(await w.schedules.schedules.get(saved.id)).toMatchObject({
      paused: true,
      pausedFor: "bot_gone",
    });
    expect(sentTo(w, team.id, since)).toEqual([]);
    expect(pauseNotices(w).map((c) => Number(c.payload.chat_id))).toEqual([MANAGER.id]);
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    expect(w.logs.some((l) => String(l.msg).includes("report schedules (paused"))).toBe(true);
  });

  it("a person who blocked the bot in private is no group: their own schedules stay as they are", async () => {
    const clock = new ManualClock(MORNING);
    const { w } = await groupWorld(clock);
    const own = await w.schedules.schedules.add({
      owner: MANAGER.id,
      chatId: MANAGER.id,
      locale: "ru",
      shop: w.shops.all()[0]?.id ?? "",
      campaigns: [{ id: "1", title: "A" }],
      period: "yesterday",
      groupBy: "DATE",
      format: "csv",
      rule: { every: "day", time: "09:00" },
    });
    const chat = { id: MANAGER.id, type: "private" as const, first_name: MANAGER.first_name };
    await w.send(myChatMember(chat, MANAGER, "kicked"));
    expect((await w.schedules.schedules.get(own.id))?.paused).toBe(false);
    expect(pauseNotices(w)).toEqual([]);
  });
});

describe("/schedule in a group", () => {
  it("another administrator who is a manager sees the owner's schedule and may delete it, not resume it", async () => {
    const clock = new ManualClock(MORNING);
    const { w } = await groupWorld(clock);
    const saved = await saveGroupSchedule(w);
    await w.send(command("schedule", { from: MANAGER_EN, chat: team }));
    const list = screenText(w, team.id);
    expect(list).toContain("Scheduled reports to this group: 1");
    expect(list).toContain("👤 Set up by Marina");
    const by = (user: User, label: string | RegExp) =>
      w.send(press(screen(w, team.id), label, user));
    await by(MANAGER_EN, "1.");
    expect(JSON.stringify(screen(w, team.id).payload.reply_markup)).not.toMatch(/Pause|Resume/);
    await by(MANAGER_EN, "Delete");
    await by(MANAGER_EN, "Yes, delete");
    expect(screenText(w, team.id)).toContain("Schedule deleted.");
    expect(await w.schedules.schedules.get(saved.id)).toBeUndefined();
  });

  it("is refused to a member who is not the group's administrator", async () => {
    const clock = new ManualClock(MORNING);
    const { w, statuses } = await groupWorld(clock);
    const saved = await saveGroupSchedule(w);
    statuses.set(MANAGER_EN.id, "member");
    await w.send(command("schedule", { from: MANAGER_EN, chat: team }));
    expect(screenText(w, team.id)).toContain("Only an administrator of this group");
    expect(await w.schedules.schedules.get(saved.id)).toBeDefined();
  });
});

const redis = await redisAvailability();
redis.describe("a group schedule at its run, on real Redis", () => {
  const prefix = uniquePrefix("schedule-rights");
  afterAll(() => removeKeys(redis.url, prefix));
  it("its owner no longer the group's administrator: paused, the owner told privately once", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    try {
      await demotedOwner(store);
    } finally {
      await closeWorlds();
      await store.close();
    }
  });
});
