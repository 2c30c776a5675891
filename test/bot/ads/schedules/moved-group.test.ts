/**
 * A schedule aimed at a group that became a supergroup: Telegram refuses the old id with
 * `migrate_to_chat_id`; the report (file and chart) arrives in the new chat once, and the
 * schedule itself follows, so the next slot goes straight there.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../support/manual-clock.ts";
import { waitFor } from "../../../support/wait.ts";
import { closeWorlds, jobsOf, MANAGER, startWorld, type World } from "../world.ts";

afterEach(closeWorlds);

const HOUR = 60 * 60_000;
/** 08:00 in Moscow on Monday 15 June 2026. */
const MORNING = Date.parse("2026-06-15T05:00:00Z");
const OLD = -4301;
const NEW = -1004301;

const sentTo = (w: World, method: string, chatId: number) =>
  w.fake.callsTo(method).filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);

async function groupSchedule(w: World) {
  const shop = w.shops.all()[0];
  const campaign = w.sandbox.control.campaigns()[0];
  if (!shop || !campaign) throw new Error("no shop or campaign");
  return w.schedules.schedules.add({
    owner: MANAGER.id,
    chatId: OLD,
    chatTitle: "Отдел рекламы",
    locale: "ru",
    shop: shop.id,
    campaigns: [{ id: campaign.id, title: campaign.title }],
    period: "yesterday",
    groupBy: "DATE",
    format: "csv",
    rule: { every: "day", time: "09:00" },
  });
}

describe("a scheduled report for a group that became a supergroup", () => {
  it("arrives in the new chat once with its chart; the schedule and the job follow it", async () => {
    const clock = new ManualClock(MORNING);
    const w = await startWorld({ schedules: { now: clock.now, runLoop: false } });
    await w.start();
    const schedule = await groupSchedule(w);
    // The owner administers the group: each run asks Telegram so (at the new id after the move).
    w.fake.respond("getChatMember", (payload) => ({
      status: "administrator",
      user: { id: Number(payload.user_id), is_bot: false, first_name: "x" },
    }));
    w.fake.migrateChat(OLD, NEW);

    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    await waitFor(() => sentTo(w, "sendPhoto", NEW).length === 1, {
      timeoutMs: 15_000,
      message: "the chart in the new chat",
    });
    await waitFor(async () => (await jobsOf(w))[0]?.state === "delivered", {
      timeoutMs: 15_000,
      message: "the job delivered",
    });
    expect(sentTo(w, "sendDocument", NEW)).toHaveLength(1);
    expect((await jobsOf(w))[0]?.requestedBy.chatId).toBe(NEW);
    expect((await w.schedules.schedules.get(schedule.id))?.chatId).toBe(NEW);
    expect(sentTo(w, "getChatMember", NEW)).toHaveLength(1);

    // The next day's slot goes straight to the new chat: nothing is tried at the old id.
    const since = w.fake.calls.length;
    await clock.advance(24 * HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    await waitFor(() => sentTo(w, "sendDocument", NEW).length === 2, {
      timeoutMs: 15_000,
      message: "the second report",
    });
    const toOld = w.fake.calls.filter((c) => c.seq >= since && Number(c.payload.chat_id) === OLD);
    expect(toOld).toEqual([]);
  });
});
