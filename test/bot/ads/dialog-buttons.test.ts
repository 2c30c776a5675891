/**
 * Every button of /budget and /report belongs to its dialog and its owner: the Change or Order
 * button of an earlier, abandoned dialog does not act on the dialog open now, and in a group one
 * manager's button does not act on another manager's dialog. Each refusal is a sentence.
 */
import type { Chat, User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, group, privateChat, text } from "../../support/updates.ts";
import { press } from "../harness.ts";
import {
  alerts,
  closeWorlds,
  jobsOf,
  MANAGER,
  MANAGER_EN,
  performanceCalls,
  say,
  screen,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "./world.ts";

afterEach(closeWorlds);

const SHOES = "Кроссовки и ботинки — поиск";
const EARLIER = "Эта кнопка из прошлого диалога, он уже закончен. Ответьте на последний вопрос.";
const NOT_YOURS = "This question was asked to someone else.";

function budgetOf(w: World): string {
  const shoes = w.sandbox.control.campaigns().find((c) => c.title === SHOES);
  return String(shoes?.dailyBudget);
}

/** /budget in `chat` up to the confirm screen for the shoes campaign at `roubles`. */
async function budgetConfirm(
  w: World,
  user: User,
  roubles: string,
  chat: Chat = privateChat(user),
): Promise<RecordedCall> {
  await w.send(command("budget", { from: user, chat }));
  await w.send(text("кросс", { from: user, chat }));
  await w.send(press(screen(w, chat.id), "Кроссовки", user));
  await w.send(text(roubles, { from: user, chat }));
  const confirm = screen(w, chat.id);
  expect(String(confirm.payload.text)).toContain("→");
  return confirm;
}

/** /report in `chat` up to the confirm screen for one campaign. */
async function reportConfirm(
  w: World,
  user: User,
  campaign: string,
  chat: Chat = privateChat(user),
): Promise<RecordedCall> {
  const next = (label: string | RegExp) => w.send(press(screen(w, chat.id), label, user));
  await w.send(command("report", { from: user, chat }));
  await next(campaign); // one campaign goes straight on, to the summary: 7 days, by day
  return screen(w, chat.id);
}

describe("dialog buttons of /budget", () => {
  it("the Change button of an abandoned dialog does not apply the change pending now", async () => {
    const w = await startWorld();
    const abandoned = await budgetConfirm(w, MANAGER, "1600");
    await budgetConfirm(w, MANAGER, "1700");
    const since = w.fake.calls.length;
    await w.send(press(abandoned, "Изменить", MANAGER));
    expect(alerts(w, since)).toEqual([EARLIER]);
    expect(performanceCalls(w.sandbox).budget).toBe(0);
    expect(budgetOf(w)).toBe("1500000000");
    // The dialog open now still takes its own button.
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain("Готово");
    expect(budgetOf(w)).toBe("1700000000");
  });

  it("in a group, one manager's Change button does not confirm another manager's change", async () => {
    const w = await startWorld();
    const team = group(-100720);
    const marinas = await budgetConfirm(w, MANAGER, "1600", team);
    await budgetConfirm(w, MANAGER_EN, "1700", team);
    const since = w.fake.calls.length;
    await w.send(press(marinas, "Изменить", MANAGER_EN));
    expect(alerts(w, since)).toEqual([NOT_YOURS]);
    expect(performanceCalls(w.sandbox).budget).toBe(0);
    // Marina's own press applies her change.
    await w.send(press(marinas, "Изменить", MANAGER));
    expect(budgetOf(w)).toBe("1600000000");
  });

  it("a button of an earlier step of the same dialog is refused and changes nothing", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "budget");
    await say(w, MANAGER, "кросс");
    await tap(w, MANAGER, "Кроссовки");
    const question = screen(w, MANAGER.id); // the amount question, with Back
    await say(w, MANAGER, "1600");
    const since = w.fake.calls.length;
    await w.send(press(question, "Назад", MANAGER));
    expect(alerts(w, since)).toEqual([
      "Эта кнопка от прошлого шага; ответьте на последний вопрос.",
    ]);
    await tap(w, MANAGER, "Изменить");
    expect(budgetOf(w)).toBe("1600000000");
  });
});

describe("dialog buttons of /report", () => {
  it("the Order button of an abandoned dialog does not order the report pending now", async () => {
    const w = await startWorld();
    const abandoned = await reportConfirm(w, MANAGER, "Кроссовки");
    await reportConfirm(w, MANAGER, "Баннер");
    const since = w.fake.calls.length;
    await w.send(press(abandoned, "Сформировать", MANAGER));
    expect(alerts(w, since)).toEqual([EARLIER]);
    expect(await jobsOf(w)).toEqual([]);
    await tap(w, MANAGER, "Сформировать");
    const [job] = await jobsOf(w);
    expect(job?.campaigns.map((c) => c.title)).toEqual([expect.stringMatching(/^Баннер/)]);
  });

  it("in a group, one manager's Order button does not order another manager's report", async () => {
    const w = await startWorld();
    const team = group(-100721);
    const marinas = await reportConfirm(w, MANAGER, "Кроссовки", team);
    await reportConfirm(w, MANAGER_EN, "Баннер", team);
    const since = w.fake.calls.length;
    await w.send(press(marinas, "Сформировать", MANAGER_EN));
    expect(alerts(w, since)).toEqual([NOT_YOURS]);
    expect(await jobsOf(w)).toEqual([]);
    await w.send(press(marinas, "Сформировать", MANAGER));
    const [job] = await jobsOf(w);
    expect(job?.campaigns.map((c) => c.title)).toEqual([SHOES]);
    expect(job?.requestedBy.userId).toBe(MANAGER.id);
  });
});
