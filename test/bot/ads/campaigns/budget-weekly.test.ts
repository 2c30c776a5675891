/**
 * /budget with weekly campaigns: the kind fixed at creation is what the texts say, what the
 * limits are and what Ozon is sent. The sandbox refuses the other kind with a 400, so any
 * dailyBudget sent to a weekly campaign shows up as a refused request here.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buttonsOf } from "../../harness.ts";
import {
  closeWorlds,
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
} from "../world.ts";

afterEach(closeWorlds);

const WEEKLY = "Одежда весна-лето"; // 4 900 ₽ a week in the sandbox
const DAILY = "Кроссовки и ботинки — поиск"; // 1 500 ₽ a day

type Control = World["sandbox"]["control"];
function campaignOf(control: Control, title: string) {
  const found = control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return found;
}

/** Every budget change the sandbox received for the campaign, as "METHOD status". */
function changesOf(w: World, id: string): string[] {
  return w.sandbox.requests
    .filter(
      (r) => /^(PUT|PATCH)$/.test(r.method) && r.path.startsWith(`/api/client/campaign/${id}`),
    )
    .map((r) => `${r.method} ${r.status}`);
}

describe("/budget of a weekly campaign", () => {
  it("says weekly everywhere, and the sandbox receives weeklyBudget (never dailyBudget)", async () => {
    const w = await startWorld();
    const id = campaignOf(w.sandbox.control, WEEKLY).id;

    await slash(w, MANAGER, "budget");
    // The buttons say it: a weekly budget never reads as daily.
    const buttons = buttonsOf(screen(w, MANAGER.id)).map((b) => b.text);
    expect(buttons).toContain(`${WEEKLY} · ⏸ 4\u00A0900\u00A0₽/нед`);
    expect(buttons).toContain(`${DAILY} · ▶️ 1\u00A0500\u00A0₽`); // daily: as before

    await say(w, MANAGER, "одежда");
    await tap(w, MANAGER, "Одежда");
    const ask = screenText(w, MANAGER.id);
    expect(ask).toContain("недельный бюджет сейчас: 4\u00A0900\u00A0₽");
    expect(ask).toContain("Напишите новый недельный бюджет (на 7 дней)");
    expect(ask).not.toContain("дневн");

    await say(w, MANAGER, "6 300,50");
    const confirm = screenText(w, MANAGER.id);
    expect(confirm).toContain("Изменить недельный бюджет кампании");
    expect(confirm).toContain("4\u00A0900\u00A0₽ → 6\u00A0300,50\u00A0₽");

    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain(
      `Готово: недельный бюджет кампании «${WEEKLY}» теперь 6\u00A0300,50\u00A0₽ (было 4\u00A0900\u00A0₽)`,
    );
    expect(campaignOf(w.sandbox.control, WEEKLY)).toMatchObject({
      weeklyBudget: "6300500000",
      dailyBudget: "0",
    });
    // One PATCH, accepted: a dailyBudget (PUT or PATCH) would have been refused with a 400.
    expect(changesOf(w, id)).toEqual(["PATCH 200"]);
  });

  it("a daily campaign still gets dailyBudget, and its texts say daily", async () => {
    const w = await startWorld();
    const id = campaignOf(w.sandbox.control, DAILY).id;
    await slash(w, MANAGER, "budget");
    await say(w, MANAGER, "кросс");
    await tap(w, MANAGER, "Кроссовки");
    expect(screenText(w, MANAGER.id)).toContain("дневной бюджет сейчас: 1\u00A0500\u00A0₽");
    await say(w, MANAGER, "1800");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain("Готово: дневной бюджет");
    expect(campaignOf(w.sandbox.control, DAILY)).toMatchObject({
      dailyBudget: "1800000000",
      weeklyBudget: "0",
    });
    // Today's PATCH sets either kind of budget.
    expect(changesOf(w, id)).toEqual(["PATCH 200"]);
  });

  it("weekly limits come from WEEKLY_BUDGET_MIN/MAX_ROUBLES, daily ones stay BUDGET_*", async () => {
    const w = await startWorld({
      env: {
        BUDGET_MIN_ROUBLES: "500",
        BUDGET_MAX_ROUBLES: "2000",
        WEEKLY_BUDGET_MIN_ROUBLES: "3500",
        WEEKLY_BUDGET_MAX_ROUBLES: "14000",
      },
    });
    await slash(w, MANAGER_EN, "budget");
    await say(w, MANAGER_EN, "одежда");
    await tap(w, MANAGER_EN, "Одежда");
    expect(screenText(w, MANAGER_EN.id)).toContain("weekly budget now: RUB\u00A04,900");
    await say(w, MANAGER_EN, "3000"); // a fine daily amount, too little for a week
    expect(screenText(w, MANAGER_EN.id)).toContain(
      "Too little: the weekly budget cannot be less than RUB\u00A03,500",
    );
    await say(w, MANAGER_EN, "15000");
    expect(screenText(w, MANAGER_EN.id)).toContain(
      "Too much: the weekly budget cannot be more than RUB\u00A014,000",
    );
    await say(w, MANAGER_EN, "14000");
    expect(screenText(w, MANAGER_EN.id)).toContain('Change the weekly budget of "Одежда');
    expect(performanceCalls(w.sandbox).budget).toBe(0);
    await tap(w, MANAGER_EN, "Change");
    expect(screenText(w, MANAGER_EN.id)).toContain("Done: the weekly budget");
    expect(campaignOf(w.sandbox.control, WEEKLY).weeklyBudget).toBe("14000000000");

    // The daily campaign keeps the daily limits: 3000 is too much for a day here.
    await slash(w, MANAGER, "budget");
    await say(w, MANAGER, "кросс");
    await tap(w, MANAGER, "Кроссовки");
    await say(w, MANAGER, "3000");
    expect(screenText(w, MANAGER.id)).toContain(
      "Слишком много: дневной бюджет не может быть больше 2\u00A0000\u00A0₽",
    );
  });

  it("with two stores, the weekly change reaches the chosen store's campaign only", async () => {
    const w = await startWorld({ stores: 2 });
    const [north, south] = w.sandbox.stores;
    if (!north || !south) throw new Error("two sandbox stores expected");
    await slash(w, MANAGER, "budget");
    await tap(w, MANAGER, "Южный");
    await say(w, MANAGER, "одежда");
    await tap(w, MANAGER, "Одежда");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\nКампания «Одежда[^\n]*недельный бюджет/);
    await say(w, MANAGER, "7000");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\nГотово: недельный бюджет/);
    expect(campaignOf(south.control, WEEKLY)).toMatchObject({
      weeklyBudget: "7000000000",
      dailyBudget: "0",
    });
    expect(campaignOf(north.control, WEEKLY).weeklyBudget).toBe("4900000000");
    const changes = w.sandbox.requests.filter((r) => /^(PUT|PATCH)$/.test(r.method));
    expect(changes.map((r) => `${r.method} ${r.status} ${r.store}`)).toEqual([
      "PATCH 200 sandbox-client-2",
    ]);
  });
});
