/**
 * /budget end to end: the sandbox over HTTP, the real Performance client, the fake Bot API.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BUDGET_LIMITS } from "../../../../src/services/ads/index.ts";
import { SqliteStore } from "../../../../src/store/sqlite.ts";
import { callback, command, group } from "../../../support/updates.ts";
import { findButton, press, sentMessage, textOf } from "../../harness.ts";
import {
  alerts,
  closeWorlds,
  labels,
  MANAGER,
  MANAGER_EN,
  performanceCalls,
  STRANGER,
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

const SHOES = "Кроссовки и ботинки — поиск";

function campaignId(w: World, title: string): string {
  const found = w.sandbox.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return String(found.id);
}

const budgetOf = (w: World, id: string) => String(w.sandbox.control.campaign(id)?.dailyBudget);

/** /budget, search by part of the title, choose the shoes campaign. */
async function chooseShoes(w: World) {
  await slash(w, MANAGER, "budget");
  await say(w, MANAGER, "кросс");
  await tap(w, MANAGER, "Кроссовки");
}

describe("/budget", () => {
  it("lists campaigns as buttons with state and budget, searches, changes the budget in exact millionths", async () => {
    const w = await startWorld();
    const id = campaignId(w, SHOES);
    expect(budgetOf(w, id)).toBe("1500000000");

    await slash(w, MANAGER, "budget");
    // A short heading; the campaigns are the buttons, each with its state and budget.
    expect(screenText(w, MANAGER.id)).toBe(
      "Выберите кампанию, чтобы изменить её бюджет — дневной или недельный, какой у неё есть. Можно написать часть названия — покажу подходящие.",
    );
    expect(labels(w, MANAGER.id)).toContain("1 / 2");
    const list = labels(w, MANAGER.id);
    expect(list).toContain(`${SHOES} · ▶️ 1\u00A0500\u00A0₽`);
    expect(list).toContain("Новинки для кухни · 🕓 1\u00A0000\u00A0₽");
    // The pay-per-order campaign has no daily budget.
    expect(list).toContainEqual(expect.stringMatching(/ · ▶️ без ограничения$/));
    expect(list.join("\n")).not.toContain("Новогодняя"); // archived

    await say(w, MANAGER, "кросс");
    expect(screenText(w, MANAGER.id)).toContain("по запросу «кросс»");
    const found = labels(w, MANAGER.id);
    expect(found).toContain(`${SHOES} · ▶️ 1\u00A0500\u00A0₽`);
    expect(found.join("\n")).not.toContain("Баннер");

    await tap(w, MANAGER, "Кроссовки");
    const ask = screen(w, MANAGER.id);
    expect(ask.method).toBe("editMessageText"); // the list became the question
    expect(textOf(ask)).toContain("дневной бюджет сейчас: 1\u00A0500\u00A0₽");

    await say(w, MANAGER, "1 500,50 ₽");
    expect(screenText(w, MANAGER.id)).toContain("1\u00A0500\u00A0₽ → 1\u00A0500,50\u00A0₽");
    expect(performanceCalls(w.sandbox).budget).toBe(0); // nothing changed before the confirmation

    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain(
      `Готово: дневной бюджет кампании «${SHOES}» теперь 1\u00A0500,50\u00A0₽ (было 1\u00A0500\u00A0₽)`,
    );
    expect(budgetOf(w, id)).toBe("1500500000");
    const calls = performanceCalls(w.sandbox);
    expect(calls.budget).toBe(1);
    // The token is fetched once for the whole dialog, not per request.
    expect(calls.token).toBe(1);
    expect(w.client.tokenFetches()).toBe(1);

    // The dialog is over: a text is handled as usual again.
    await say(w, MANAGER, "2000");
    expect(budgetOf(w, id)).toBe("1500500000");
  });

  it("a search that finds nothing keeps the list shown before it and says so, in both languages", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "budget");
    await say(w, MANAGER, "кросс");
    await say(w, MANAGER, "нет такой");
    const missed = screenText(w, MANAGER.id);
    expect(missed).toContain("Не нашёл кампаний по запросу «нет такой» — список прежний");
    expect(missed).toContain("по запросу «кросс»"); // the earlier search's list, as it was
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^Кроссовки/));
    expect(findButton(screen(w, MANAGER.id), "Кроссовки")).toBeDefined();
    // Its buttons still work.
    await tap(w, MANAGER, "Кроссовки");
    expect(screenText(w, MANAGER.id)).toContain("дневной бюджет сейчас: 1\u00A0500\u00A0₽");

    await slash(w, MANAGER_EN, "budget");
    await say(w, MANAGER_EN, "nothing like it");
    const english = screenText(w, MANAGER_EN.id);
    expect(english).toContain('No campaigns match "nothing like it"; the list is as it was.');
    expect(english).toContain("Choose a campaign to change its budget, daily or weekly");
    expect(labels(w, MANAGER_EN.id)).toContainEqual(expect.stringMatching(/^Кроссовки/));
  });

  it("each bad amount is asked again with its reason; nothing reaches Ozon", async () => {
    const w = await startWorld({
      module: { budgetLimits: { ...DEFAULT_BUDGET_LIMITS, fraction: "reject" } },
    });
    const id = campaignId(w, SHOES);
    await chooseShoes(w);
    const cases: Array<[string, string]> = [
      ["полторы тысячи", "не похоже на сумму"],
      ["0", "должен быть больше нуля"],
      ["-500", "должен быть больше нуля"],
      ["1500,555", "Не больше двух знаков после запятой"],
      ["99,99", "не может быть меньше 100\u00A0₽"],
      ["20 000 000", "не может быть больше 10\u00A0000\u00A0000\u00A0₽"],
    ];
    for (const [input, reason] of cases) {
      await say(w, MANAGER, input);
      const answer = screenText(w, MANAGER.id);
      expect(answer, input).toContain(reason);
      expect(answer, input).toContain("Напишите новый дневной бюджет в рублях"); // asked again
      expect(screen(w, MANAGER.id).method).toBe("sendMessage");
    }
    expect(performanceCalls(w.sandbox).budget).toBe(0);
    expect(budgetOf(w, id)).toBe("1500000000");

    // A good answer still works after all that.
    await say(w, MANAGER, "1500 ₽");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain("Готово");
  });

  it("takes its limits from BUDGET_MIN_ROUBLES and BUDGET_MAX_ROUBLES", async () => {
    const w = await startWorld({ env: { BUDGET_MIN_ROUBLES: "500", BUDGET_MAX_ROUBLES: "2000" } });
    await chooseShoes(w);
    await say(w, MANAGER, "400");
    expect(screenText(w, MANAGER.id)).toContain("не может быть меньше 500\u00A0₽");
    await say(w, MANAGER, "2500");
    expect(screenText(w, MANAGER.id)).toContain("не может быть больше 2\u00A0000\u00A0₽");
    expect(performanceCalls(w.sandbox).budget).toBe(0);
  });

  it("changes the budget through today's PATCH; the seed's PUT is never asked", async () => {
    const w = await startWorld();
    const id = campaignId(w, SHOES);
    await chooseShoes(w);
    await say(w, MANAGER, "2 345,665"); // rounded half-up to kopecks, and the person is told
    expect(screenText(w, MANAGER.id)).toContain(
      "→ 2\u00A0345,67\u00A0₽\nСумма округлена до копеек.",
    );
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain("теперь 2\u00A0345,67\u00A0₽");
    expect(budgetOf(w, id)).toBe("2345670000");
    const tried = w.sandbox.requests
      .filter((r) => r.path.startsWith(`/api/client/campaign/${id}`))
      .map((r) => `${r.method} ${r.status}`);
    expect(tried).toEqual(["PATCH 200"]);
    expect(w.client.fellBackToSeed()).toEqual([]);
  });

  it("falls back to the seed's PUT where the store lacks the PATCH (410): the person sees the same, the log says it once", async () => {
    const w = await startWorld({ sandbox: { rules: "seed" } });
    w.sandbox.contract.withdrawAs(410, "PATCH /api/client/campaign/{campaignId}");
    const id = campaignId(w, SHOES);
    await chooseShoes(w);
    await say(w, MANAGER, "2 345,665");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain("теперь 2\u00A0345,67\u00A0₽");
    expect(budgetOf(w, id)).toBe("2345670000");
    await chooseShoes(w);
    await say(w, MANAGER, "2000");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain("теперь 2\u00A0000\u00A0₽");
    expect(budgetOf(w, id)).toBe("2000000000");
    const tried = w.sandbox.requests
      .filter((r) => r.method !== "GET" && r.path.startsWith(`/api/client/campaign/${id}`))
      .map((r) => `${r.method} ${r.status}`);
    expect(tried).toEqual(["PATCH 410", "PUT 200", "PUT 200"]);
    expect(w.client.fellBackToSeed()).toEqual(["campaigns.dailyBudget"]);
    expect(w.logs.filter((l) => l.capability === "campaigns.dailyBudget")).toHaveLength(1);
  });

  it("a dialog survives a restart (file store): the amount typed after it still changes the budget", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ads-budget-restart-"));
    try {
      const w = await startWorld({
        store: await SqliteStore.open({ dataDir }),
        reopen: () => SqliteStore.open({ dataDir }),
      });
      const id = campaignId(w, SHOES);
      await chooseShoes(w);
      await w.restart({ start: false });
      await say(w, MANAGER, "1750");
      expect(screenText(w, MANAGER.id)).toContain("→ 1\u00A0750\u00A0₽");
      await tap(w, MANAGER, "Изменить");
      expect(budgetOf(w, id)).toBe("1750000000");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("speaks the person's language and answers Ozon's refusal in plain words", async () => {
    const w = await startWorld();
    w.sandbox.control.setFault("GET /api/client/campaign", { rate5xx: 1, status5xx: 503 });
    await slash(w, MANAGER_EN, "budget");
    expect(screenText(w, MANAGER_EN.id)).toBe("Ozon does not answer. Try again a little later.");
    w.sandbox.control.clearFaults();
    await slash(w, MANAGER_EN, "budget");
    expect(screenText(w, MANAGER_EN.id)).toContain(
      "Choose a campaign to change its budget, daily or weekly",
    );
    expect(labels(w, MANAGER_EN.id)).toContainEqual(expect.stringMatching(/ · ▶️ no limit$/));
  });

  it("Cancel on every step and /cancel leave the dialog", async () => {
    const w = await startWorld();
    await chooseShoes(w);
    await tap(w, MANAGER, "Закрыть");
    expect(screenText(w, MANAGER.id)).toBe("Вы вышли из диалога. Ничего не изменено.");
    await say(w, MANAGER, "1500");
    expect(performanceCalls(w.sandbox).budget).toBe(0);

    await chooseShoes(w);
    await say(w, MANAGER, "1600");
    expect(screenText(w, MANAGER.id)).toContain("→");
    await slash(w, MANAGER, "cancel");
    expect(screenText(w, MANAGER.id)).toBe("Вы вышли из диалога. Ничего не изменено.");
    // The confirm button of the finished dialog no longer changes anything.
    const since = w.fake.calls.length;
    const confirm = w.fake
      .callsTo("sendMessage")
      .filter((c) => textOf(c).includes("→"))
      .at(-1);
    if (!confirm) throw new Error("no confirm screen");
    await w.send(press(confirm, "Изменить", MANAGER));
    expect(alerts(w, since)).toEqual([
      "Этот диалог уже закончен. Начните заново: /budget или /report",
    ]);
    expect(performanceCalls(w.sandbox).budget).toBe(0);
  });

  it("is refused to people without the manager role, commands and buttons alike", async () => {
    const w = await startWorld();
    await slash(w, WAREHOUSE, "budget");
    expect(screenText(w, WAREHOUSE.id)).toContain("только для ролей: менеджер");
    await slash(w, STRANGER, "budget");
    expect(screenText(w, STRANGER.id)).toContain(String(STRANGER.id));

    // In a group, a warehouse worker presses the manager's campaign button.
    const team = group(-100710);
    await w.send(command("budget", { from: MANAGER, chat: team }));
    const list = screen(w, team.id);
    const since = w.fake.calls.length;
    const data = findButton(list, "Кроссовки").callback_data ?? "";
    await w.send(callback(data, { from: WAREHOUSE, message: sentMessage(list) }));
    const [refusal] = alerts(w, since);
    expect(refusal).toContain("только для ролей: менеджер");
    // The manager's dialog is untouched: their own press still works.
    await w.send(callback(data, { from: MANAGER, message: sentMessage(list) }));
    expect(screenText(w, team.id)).toContain("дневной бюджет сейчас");
    expect(performanceCalls(w.sandbox).budget).toBe(0);
  });

  it("in a group, another manager's Cancel leaves someone else's question alone", async () => {
    const w = await startWorld();
    const team = group(-100711);
    await w.send(command("budget", { from: MANAGER, chat: team }));
    const list = screen(w, team.id);
    const since = w.fake.calls.length;
    const cancel = findButton(list, "Закрыть").callback_data ?? "";
    await w.send(callback(cancel, { from: MANAGER_EN, message: sentMessage(list) }));
    expect(alerts(w, since)).toEqual(["This Close button belongs to someone else's question."]);
    expect(w.fake.calls.slice(since).map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    // The owner's own Cancel still leaves the dialog.
    await w.send(callback(cancel, { from: MANAGER, message: sentMessage(list) }));
    expect(screenText(w, team.id)).toContain("Вы вышли из диалога. Ничего не изменено.");
  });
});
