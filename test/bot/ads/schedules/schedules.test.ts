/**
 * /schedule end to end: the dialog over the fake Bot API, the schedule in the store, the
 * scheduler on a manual clock turning its slot into an ordinary report job, the runner against
 * the sandbox over HTTP, and the file delivered as a Telegram document — once, across restarts.
 */
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import type { ReportSchedule } from "../../../../src/services/ads/schedules/schedules.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import { command, group } from "../../../support/updates.ts";
import { waitFor } from "../../../support/wait.ts";
import { buttonsOf, press } from "../../harness.ts";
import {
  closeWorlds,
  jobsOf,
  labels,
  MANAGER,
  MANAGER_EN,
  say,
  screen,
  screenText,
  slash,
  startWorld,
  tap,
  WAREHOUSE,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 08:00 in Moscow on Monday 15 June 2026. */
const MORNING = Date.parse("2026-06-15T05:00:00Z");

function worldOn(clock: ManualClock, env: Record<string, string> = {}) {
  return startWorld({
    schedules: { now: clock.now, runLoop: false },
    env: { SCHEDULE_RETRY_MINUTES: "10", ...env },
  });
}

interface Plan {
  campaigns?: string[];
  period?: string;
  format?: string;
  every?: string;
  weekday?: string;
  day?: string;
  time?: string;
}

/**
 * Goes through a new schedule in the person's private chat (with none yet, /schedule shows the
 * campaigns at once; else through "New schedule"); returns the saved schedule. The summary comes
 * with every day at 09:00 chosen: how often and the time are switched there when the plan says.
 */
async function saveSchedule(w: World, user: User, plan: Plan = {}): Promise<ReportSchedule> {
  const before = new Set((await w.schedules.schedules.of(user.id)).map((s) => s.id));
  await slash(w, user, "schedule");
  if (labels(w, user.id).some((l) => /Новое расписание|New schedule/.test(l))) {
    await tap(w, user, /Новое расписание|New schedule/);
  }
  const campaigns = plan.campaigns ?? ["Кроссовки"];
  if (campaigns.length === 1)
    await tap(w, user, campaigns[0] ?? ""); // straight on
  else {
    await tap(w, user, /Несколько кампаний|More campaigns/);
    for (const label of campaigns) await tap(w, user, label);
    await tap(w, user, /^(Готово|Done)/);
  }
  // The summary at once: every day at 09:00, yesterday, by day, CSV; each switched here.
  expect(screenText(w, user.id)).toContain("Сохранить расписание?");
  expect(labels(w, user.id)).toEqual(expect.arrayContaining(["● Каждый день", "● 09:00"]));
  if (plan.every && plan.every !== "Каждый день") await tap(w, user, plan.every);
  if (plan.weekday) await tap(w, user, plan.weekday);
  if (plan.day) await say(w, user, plan.day);
  const time = plan.time ?? "09:00";
  if (["08:00", "10:00"].includes(time)) await tap(w, user, time);
  else if (time !== "09:00") {
    await tap(w, user, "Другое время");
    await say(w, user, time);
  }
  expect(screenText(w, user.id)).toContain("Сохранить расписание?");
  if (plan.period) await tap(w, user, plan.period);
  if (plan.format) await tap(w, user, plan.format);
  await tap(w, user, "Сохранить");
  expect(screenText(w, user.id)).toContain("✅ Расписание сохранено.");
  const saved = (await w.schedules.schedules.of(user.id)).find((s) => !before.has(s.id));
  if (!saved) throw new Error("nothing saved");
  return saved;
}

const documentsTo = (w: World, chatId: number) =>
  w.fake
    .callsTo("sendDocument")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);

const waitForDocuments = (w: World, chatId: number, count: number) =>
  waitFor(() => documentsTo(w, chatId).length >= count && documentsTo(w, chatId), {
    timeoutMs: 15_000,
    message: `${count} documents`,
  });

describe("/schedule dialog", () => {
  it("saves a daily report, lists it with its next run, pauses, resumes and deletes it after confirmation", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    const saved = await saveSchedule(w, MANAGER, { period: "Последние 7 дней", format: "XLSX" });
    expect(saved).toMatchObject({
      owner: MANAGER.id,
      chatId: MANAGER.id,
      period: "last_7_days",
      groupBy: "DATE",
      format: "xlsx",
      rule: { every: "day", time: "09:00" },
      paused: false,
    });
    expect(saved.campaigns.map((c) => c.title)).toEqual([expect.stringMatching(/^Кроссовки/)]);
    const list = screenText(w, MANAGER.id);
    expect(list).toContain("Отчёты по расписанию: 1 из 10");
    expect(list).toContain("каждый день в 09:00");
    expect(list).toContain("последние 7 дней · по дням · XLSX");
    expect(list).toContain("Вам в личные сообщения");
    // The zone said once, in the person's words: not Europe/Moscow on every schedule.
    expect(list).toMatch(/Следующий отчёт: \d{1,2} [а-я]+\.( \d{4})?, 09:00$/m);
    expect(list.match(/по Москве/g)).toHaveLength(1);
    expect(list).not.toContain("Europe/Moscow");

    await tap(w, MANAGER, "1.");
    // The card alone says it with the next report.
    expect(screenText(w, MANAGER.id)).toMatch(/Следующий отчёт: .+ 09:00 \(по Москве\)/);
    await tap(w, MANAGER, "Приостановить");
    expect(screenText(w, MANAGER.id)).toContain("⏸ Расписание приостановлено");
    expect((await w.schedules.schedules.get(saved.id))?.paused).toBe(true);
    await tap(w, MANAGER, "Возобновить");
    expect((await w.schedules.schedules.get(saved.id))?.paused).toBe(false);

    await tap(w, MANAGER, "Удалить");
    expect(screenText(w, MANAGER.id)).toContain("Удалить это расписание?");
    await tap(w, MANAGER, "Назад");
    expect(await w.schedules.schedules.get(saved.id)).toBeDefined();
    await tap(w, MANAGER, "Удалить");
    await tap(w, MANAGER, "Да, удалить");
    expect(screenText(w, MANAGER.id)).toContain("🗑 Расписание удалено.");
    expect(await w.schedules.schedules.of(MANAGER.id)).toEqual([]);
  });

  it("the list, a card and its delete question: a text is told to use the buttons, the screen stays; Back goes one screen up", async () => {
    const w = await worldOn(new ManualClock(MORNING));
    await saveSchedule(w, MANAGER);
    const USE = "Выберите кнопкой под вопросом.\n\n";
    await say(w, MANAGER, "первое");
    expect(screenText(w, MANAGER.id)).toMatch(new RegExp(`^${USE}🗓 Отчёты по расписанию: 1 из 10`));
    await tap(w, MANAGER, "1.");
    await say(w, MANAGER, "удалить");
    const card = screenText(w, MANAGER.id);
    expect(card.startsWith(USE)).toBe(true);
    expect(card).toContain("каждый день в 09:00");
    await tap(w, MANAGER, "Удалить");
    await say(w, MANAGER, "да");
    expect(screenText(w, MANAGER.id).startsWith(`${USE}Удалить это расписание?`)).toBe(true);
    await tap(w, MANAGER, "Назад"); // to the card
    expect(screenText(w, MANAGER.id)).not.toContain("Удалить это расписание?");
    expect(screenText(w, MANAGER.id)).toContain("каждый день в 09:00");
    await tap(w, MANAGER, "Назад"); // to the list
    expect(screenText(w, MANAGER.id)).toMatch(/^🗓 Отчёты по расписанию: 1 из 10/);
    expect(await w.schedules.schedules.of(MANAGER.id)).toHaveLength(1);

    // The digest's screen: the same, and turning it on and off is said above it.
    await tap(w, MANAGER, "🕘 Время сводки");
    await say(w, MANAGER, "включить");
    expect(screenText(w, MANAGER.id)).toMatch(new RegExp(`^${USE.trim()}\n🗞 Ежедневная сводка`));
    await tap(w, MANAGER, "Включить");
    expect(screenText(w, MANAGER.id)).toMatch(
      /^✅ Сводка будет приходить каждый день в 09:00\.\n🗞/,
    );
    expect(screenText(w, MANAGER.id)).toContain("Сейчас: включена");
    await tap(w, MANAGER, "Выключить");
    expect(screenText(w, MANAGER.id)).toMatch(/^🔕 Сводка выключена\.\n🗞/);
    await tap(w, MANAGER, "Назад");
    expect(screenText(w, MANAGER.id)).toMatch(/^🗓 Отчёты по расписанию: 1 из 10/);
  });

  it("a text where a button is asked for is told to use the buttons; the question stays", async () => {
    const w = await worldOn(new ManualClock(MORNING));
    await w.start();
    await slash(w, MANAGER, "schedule");
    await tap(w, MANAGER, "Кроссовки");
    const chosen = () =>
      buttonsOf(screen(w, MANAGER.id))
        .map((b) => b.text)
        .filter((label) => label.startsWith("● "));
    // The summary at once: every day at 09:00 on yesterday, by day, as CSV.
    expect(chosen()).toEqual(["● Каждый день", "● 09:00", "● Вчера", "● По дням", "● CSV"]);
    await say(w, MANAGER, "каждый день");
    expect(screenText(w, MANAGER.id)).toMatch(
      /^Выберите кнопкой под вопросом\.\n\nСохранить расписание\?/,
    );
    await tap(w, MANAGER, "Раз в неделю");
    await say(w, MANAGER, "пятница");
    expect(screenText(w, MANAGER.id)).toMatch(
      /^Выберите кнопкой под вопросом\.\n\nВ какой день недели\?/,
    );
    await tap(w, MANAGER, "Пт");
    await tap(w, MANAGER, "10:00");
    // Weekly brings the last 7 days; the time kept through the weekday's question.
    expect(screenText(w, MANAGER.id)).toContain("🗓 по пятницам в 10:00 (по Москве)");
    expect(chosen()).toEqual([
      "● Раз в неделю",
      "● 10:00",
      "● Последние 7 дней",
      "● По дням",
      "● CSV",
    ]);
    await say(w, MANAGER, "по неделям");
    expect(screenText(w, MANAGER.id)).toMatch(
      /^Выберите кнопкой под вопросом\.\n\nСохранить расписание\?/,
    );
    await tap(w, MANAGER, "По неделям");
    await tap(w, MANAGER, "XLSX");
    expect(chosen()).toEqual([
      "● Раз в неделю",
      "● 10:00",
      "● Последние 7 дней",
      "● По неделям",
      "● XLSX",
    ]);
    expect(await w.schedules.schedules.of(MANAGER.id)).toEqual([]); // nothing saved before Save
    await tap(w, MANAGER, "Сохранить");
    const [saved] = await w.schedules.schedules.of(MANAGER.id);
    expect(saved).toMatchObject({
      period: "last_7_days",
      groupBy: "START_OF_WEEK",
      format: "xlsx",
      rule: { every: "week", weekday: 5, time: "10:00" },
    });
  });

  it("weekly and monthly rules; a bad time or day is refused with the reason and the step stays", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    await slash(w, MANAGER, "schedule");
    await tap(w, MANAGER, "Кроссовки");
    await tap(w, MANAGER, "Раз в месяц");
    await say(w, MANAGER, "32");
    expect(screenText(w, MANAGER.id)).toContain("Нужно число от 1 до 31");
    await say(w, MANAGER, "31");
    expect(screenText(w, MANAGER.id)).toContain("Сохранить расписание?");
    await tap(w, MANAGER, "Другое время");
    await say(w, MANAGER, "25:00");
    expect(screenText(w, MANAGER.id)).toContain("Не понял время");
    await say(w, MANAGER, "7.30");
    expect(screenText(w, MANAGER.id)).toContain(
      "каждый месяц 31-го числа в 07:30 (в коротких месяцах — в последний день)",
    );
    await tap(w, MANAGER, "Сохранить");
    const weekly = await saveSchedule(w, MANAGER, {
      every: "Раз в неделю",
      weekday: "Пт",
      time: "18:30",
    });
    expect(weekly.rule).toEqual({ every: "week", weekday: 5, time: "18:30" });
    const all = await w.schedules.schedules.of(MANAGER.id);
    expect(all.map((s) => s.rule)).toEqual(
      expect.arrayContaining([
        { every: "month", day: 31, time: "07:30" },
        { every: "week", weekday: 5, time: "18:30" },
      ]),
    );
    expect(all.find((s) => s.rule.every === "month")?.period).toBe("last_month");
  });

  it("one campaign goes straight on; several are toggled after «➕ Несколько кампаний»", async () => {
    const w = await worldOn(new ManualClock(MORNING));
    await w.start();
    await slash(w, MANAGER, "schedule");
    // None yet, one store: the campaigns at once, under the list's heading.
    expect(screenText(w, MANAGER.id)).toMatch(
      /^🗓 Отчёты по расписанию: 0 из 10\.[^\n]*\n\nПока ни одного — начнём первое\.\n\nПо какой кампании присылать отчёт\?/,
    );
    const saved = await saveSchedule(w, MANAGER, { campaigns: ["Кроссовки", "Баннер"] });
    expect(saved.campaigns.map((c) => c.title)).toEqual([
      expect.stringMatching(/^Кроссовки/),
      expect.stringMatching(/^Баннер/),
    ]);
  });

  it("none yet: the campaigns at once, the digest's row under them; Save makes the usual daily report (issue 40)", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    await slash(w, MANAGER, "schedule");
    const shown = labels(w, MANAGER.id);
    expect(shown.some((l) => l.includes("Новое расписание"))).toBe(false);
    expect(shown).toEqual(expect.arrayContaining(["🕘 Время сводки"]));
    expect(shown.some((l) => l.startsWith("🗞 Сводка в"))).toBe(true);
    // The digest switched from here: said above the campaigns, which stay.
    await tap(w, MANAGER, /^🗞 Сводка в .* — выкл\.$/);
    expect(screenText(w, MANAGER.id)).toMatch(/^✅ Сводка будет приходить каждый день в/);
    expect(screenText(w, MANAGER.id)).toContain("По какой кампании присылать отчёт?");
    expect(labels(w, MANAGER.id).some((l) => /^🗞 Сводка в .* — вкл\.$/.test(l))).toBe(true);
    // A campaign, then Save: three taps from /schedule's button to a daily 09:00 report.
    await tap(w, MANAGER, "Кроссовки");
    await tap(w, MANAGER, "Сохранить");
    const [saved] = await w.schedules.schedules.of(MANAGER.id);
    expect(saved).toMatchObject({
      rule: { every: "day", time: "09:00" },
      period: "yesterday",
      groupBy: "DATE",
      format: "csv",
    });
    // One there: /schedule lists it, with New.
    expect(screenText(w, MANAGER.id)).toMatch(
      /^✅ Расписание сохранено\.\n\n🗓 Отчёты по расписанию: 1 из 10/,
    );
    expect(labels(w, MANAGER.id)).toEqual(expect.arrayContaining(["➕ Новое расписание"]));
    // At 09:00 the report on yesterday comes.
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    await waitForDocuments(w, MANAGER.id, 1);
  });

  it("at most SCHEDULES_PER_PERSON: New is no longer offered", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock, { SCHEDULES_PER_PERSON: "1" });
    await w.start();
    await saveSchedule(w, MANAGER);
    expect(screenText(w, MANAGER.id)).toContain("1 из 1");
    expect(JSON.stringify(screen(w, MANAGER.id).payload.reply_markup)).not.toContain(
      "Новое расписание",
    );
  });

  it("in a group: only a group administrator may schedule, and the report goes to the group", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    const team = group(-100777, { title: "Отдел рекламы" });
    let status = "member";
    w.fake.respond("getChatMember", (payload) => ({
      status,
      user: { id: Number(payload.user_id), is_bot: false, first_name: "x" },
    }));
    await w.send(command("schedule", { from: MANAGER, chat: team }));
    expect(screenText(w, team.id)).toContain("только администратор этой группы");

    status = "administrator";
    await w.send(command("schedule", { from: MANAGER, chat: team }));
    const at = (label: string | RegExp) => w.send(press(screen(w, team.id), label, MANAGER));
    await at("Кроссовки"); // none aimed at the group yet: the campaigns at once
    expect(screenText(w, team.id)).toContain("В группу «Отдел рекламы»");
    // Someone else's press in the group does nothing to the dialog.
    await w.send(press(screen(w, team.id), "Сохранить", MANAGER_EN));
    expect(await w.schedules.schedules.of(MANAGER_EN.id)).toEqual([]);
    await at("Сохранить");
    const [saved] = await w.schedules.schedules.of(MANAGER.id);
    expect(saved).toMatchObject({ chatId: team.id, chatTitle: "Отдел рекламы" });
    // At its time the report goes to the group.
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    await waitForDocuments(w, team.id, 1);
    expect(documentsTo(w, MANAGER.id)).toEqual([]);
  });

  it("with several stores: asks which one, names it in the list, and queues the report in that store", async () => {
    const clock = new ManualClock(MORNING);
    const w = await startWorld({ stores: 2, schedules: { now: clock.now, runLoop: false } });
    await w.start();
    const second = w.shops.all()[1];
    if (!second) throw new Error("two shops expected");
    await slash(w, MANAGER, "schedule");
    await tap(w, MANAGER, "Новое расписание");
    await tap(w, MANAGER, second.name);
    expect(screenText(w, MANAGER.id)).toContain(`🏬 ${second.name}`);
    await tap(w, MANAGER, "Кроссовки");
    await tap(w, MANAGER, "Сохранить");
    expect(screenText(w, MANAGER.id)).toContain(`🏬 ${second.name}`);
    const [saved] = await w.schedules.schedules.of(MANAGER.id);
    expect(saved?.shop).toBe(second.id);
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    const jobs = await w.module.accountOf(second.id)?.jobs.repository.all();
    expect(jobs?.map((j) => j.shop)).toEqual([second.id]);
    await waitForDocuments(w, MANAGER.id, 1);
  });

  it("is for managers: a warehouse worker is refused", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    const before = w.fake.calls.length;
    await slash(w, WAREHOUSE, "schedule");
    const said = w.fake.calls.slice(before).map((c) => String(c.payload.text ?? ""));
    expect(said.join("\n")).not.toContain("Отчёты по расписанию");
    expect(await w.schedules.schedules.of(WAREHOUSE.id)).toEqual([]);
  });
});

describe("the scheduler", () => {
  it("fires once at its time with a fake clock, and not again after a restart", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    const saved = await saveSchedule(w, MANAGER);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    await clock.advance(59 * MINUTE);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    await clock.advance(MINUTE);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    const [job] = await jobsOf(w);
    // A CSV job carries no format, exactly as jobs did before formats existed.
    expect(job?.format).toBeUndefined();
    expect(job).toMatchObject({
      kind: "campaigns",
      groupBy: "DATE",
      period: { from: "2026-06-14", to: "2026-06-14" },
      requestedBy: { chatId: MANAGER.id, userId: MANAGER.id },
    });
    await waitForDocuments(w, MANAGER.id, 1);

    // A new bot on the same store: the slot is not run again.
    await w.restart();
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    expect(await jobsOf(w)).toHaveLength(1);

    // The next day's slot runs, once, in the new bot.
    await clock.advance(23 * HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    await waitForDocuments(w, MANAGER.id, 2);
    expect((await jobsOf(w)).map((j) => j.period.from)).toEqual(["2026-06-14", "2026-06-15"]);
    const runs = await w.schedules.scheduler.runsOf(saved.id);
    expect(runs).toHaveLength(2);
  });

  it("a scheduled run leaves only the file and its chart in the chat: no progress message", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    await saveSchedule(w, MANAGER);
    const before = w.fake.calls.length;
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    await waitForDocuments(w, MANAGER.id, 1);
    const photos = () =>
      w.fake
        .callsTo("sendPhoto")
        .filter((c) => Number(c.payload.chat_id) === MANAGER.id && c.response?.ok);
    await waitFor(() => photos().length === 1, { timeoutMs: 15_000, message: "the chart" });
    await waitFor(async () => (await jobsOf(w))[0]?.state === "delivered", {
      timeoutMs: 15_000,
      message: "the job delivered",
    });
    const since = w.fake.calls.slice(before).filter((c) => c.response?.ok);
    const inChat = since.filter(
      (c) => Number(c.payload.chat_id) === MANAGER.id && c.method !== "sendChatAction",
    );
    expect(inChat.map((c) => c.method)).toEqual(["sendDocument", "sendPhoto"]);
    expect(since.some((c) => String(c.payload.text ?? "").startsWith("⏳"))).toBe(false);
  });

  it("an Excel schedule delivers the report as an XLSX workbook", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    await saveSchedule(w, MANAGER, { format: "XLSX" });
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    const [job] = await jobsOf(w);
    expect(job?.format).toBe("xlsx");
    const [document] = await waitForDocuments(w, MANAGER.id, 1);
    const file = document?.files[0];
    expect(file?.fileName).toMatch(/\.xlsx$/);
    // A real workbook: an XLSX is a ZIP ("PK").
    expect(
      Buffer.from(file?.bytes ?? [])
        .subarray(0, 2)
        .toString("latin1"),
    ).toBe("PK");
  });

  it("slots missed while the bot was down run once at start, for the latest slot", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    await saveSchedule(w, MANAGER);
    await w.restart({ start: false });
    await clock.advance(3 * 24 * HOUR + 2 * HOUR); // down through three 09:00 slots
    await w.start();
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    const jobs = await jobsOf(w);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.period).toEqual({ from: "2026-06-17", to: "2026-06-17" });
    await waitForDocuments(w, MANAGER.id, 1);
  });

  it("a paused schedule does not run; resumed, it waits for its next slot", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    await saveSchedule(w, MANAGER);
    await tap(w, MANAGER, "1.");
    await tap(w, MANAGER, "Приостановить");
    await clock.advance(2 * HOUR); // 10:00: the 09:00 slot passed while paused
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    await tap(w, MANAGER, "Возобновить");
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0 });
    expect(await jobsOf(w)).toEqual([]);
    await clock.advance(23 * HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    expect((await jobsOf(w))[0]?.period).toEqual({ from: "2026-06-15", to: "2026-06-15" });
  });

  it("Ozon's failure is told with the reason and retried once; a second failure waits for the next slot", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    await saveSchedule(w, MANAGER);
    w.sandbox.control.failNextReport("next", "Превышен лимит строк отчёта");
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1 });
    await waitFor(async () => (await jobsOf(w))[0]?.state === "failed", { timeoutMs: 15_000 });
    const told = () =>
      w.fake
        .callsTo("sendMessage")
        .map((c) => String(c.payload.text))
        .filter((text) => text.startsWith("⚠️ Отчёт по расписанию не получился."));
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ failed: 1 });
    expect(told()).toHaveLength(1);
    expect(told()[0]).toContain(
      "Причина: Ozon не смог построить отчёт: «Превышен лимит строк отчёта».",
    );
    expect(told()[0]).toContain("Попробую ещё раз через 10 мин.");
    // The scheduler retries by itself: no message offers a Retry that would make a second report.
    const buttons = [...w.fake.callsTo("sendMessage"), ...w.fake.callsTo("editMessageText")]
      .filter((c) => Number(c.payload.chat_id) === MANAGER.id)
      .flatMap((c) => JSON.stringify(c.payload.reply_markup ?? ""));
    expect(buttons.join("\n")).not.toMatch(/Повторить|Retry/);

    // Not before the pause; then once.
    await clock.advance(9 * MINUTE);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ retried: 0 });
    w.sandbox.control.failNextReport("next", "Снова ошибка");
    await clock.advance(MINUTE);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ retried: 1 });
    await waitFor(async () => (await jobsOf(w))[1]?.state === "failed", { timeoutMs: 15_000 });
    await w.schedules.scheduler.runOnce();
    expect(told()).toHaveLength(2);
    expect(told()[1]).toContain("«Снова ошибка»");
    expect(told()[1]).toContain("Следующая попытка — по расписанию, 16 июн., 09:00.");
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0, retried: 0 });
    expect(await jobsOf(w)).toHaveLength(2);
  });

  it("a manager who lost the role gets no report: the schedule is paused and they are told why, once", async () => {
    const clock = new ManualClock(MORNING);
    const w = await worldOn(clock);
    await w.start();
    const saved = await saveSchedule(w, MANAGER);
    await w.access.revoke(MANAGER.id, "manager");
    await clock.advance(HOUR);
    expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 1, paused: 1 });
    // No retry, and nothing the next days: paused until the owner resumes it.
    for (let day = 0; day < 3; day++) {
      await clock.advance(10 * MINUTE);
      expect(await w.schedules.scheduler.runOnce()).toMatchObject({ retried: 0, started: 0 });
      await clock.advance(24 * HOUR);
      expect(await w.schedules.scheduler.runOnce()).toMatchObject({ started: 0, paused: 0 });
    }
    const told = w.fake
      .callsTo("sendMessage")
      .filter((c) => String(c.payload.text).startsWith("⏸ Я приостановил"));
    expect(told).toHaveLength(1);
    expect(Number(told[0]?.payload.chat_id)).toBe(MANAGER.id);
    expect(String(told[0]?.payload.text)).toContain(
      "Причина: у вас больше нет доступа к отчётам этого магазина.",
    );
    expect(await w.schedules.schedules.get(saved.id)).toMatchObject({
      paused: true,
      pausedFor: "no_access",
    });
    expect(await jobsOf(w)).toEqual([]);
  });
});
