/**
 * /campaigns end to end: the fake Bot API and the sandbox over HTTP. The list (a button per
 * campaign: state, budget of its kind, yesterday's spend), pages, the card, pause and resume asked first and read
 * back, a stale confirmation, someone else's button, a weekly campaign's budget from its card,
 * the period dialog and the report dialog entered at the campaign.
 */
import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { periodText } from "../../../../src/bot/core/numbers.ts";
import { kopecksToMillionths } from "../../../../src/ozon/performance/money.ts";
import { formatRoubles } from "../../../../src/services/ads/index.ts";
import { press } from "../../harness.ts";
import {
  alerts,
  closeWorlds,
  jobsOf,
  labels,
  limitManager,
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

const RUNNING = "Кроссовки и ботинки — поиск"; // daily 1 500 ₽, no dates
const WEEKLY = "Одежда весна-лето"; // inactive, 4 900 ₽ a week
const BANNER = "Баннер на главной — распродажа"; // running, 5 000 ₽ a day
const NBSP = "\u00A0";
const NONE_FOR_YOU =
  "У вас нет доступа ни к одному магазину для этого действия. Попросите администратора.";

function campaignOf(w: World, title: string, store = 0) {
  const control = w.sandbox.stores[store]?.control ?? w.sandbox.control;
  const found = control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return found;
}

/** Requests the sandbox received, as "METHOD path status store". */
function requests(w: World, match: RegExp): string[] {
  return w.sandbox.requests
    .filter((r) => match.test(`${r.method} ${r.path}`))
    .map((r) => `${r.method} ${r.path} ${r.status}`);
}

const moscow = () => DateTime.now().setZone("Europe/Moscow");
const ru = (d: DateTime) => d.toFormat("dd.LL.yyyy");
/** A period as the bot shows it (bot/core/numbers.ts). */
const shown = (from: DateTime, to: DateTime) =>
  periodText("ru", { from: from.toISODate() as string, to: to.toISODate() as string });

describe("/campaigns with one store", () => {
  it("lists campaigns as buttons with state, budget of their kind and yesterday's spend, for two Ozon calls", async () => {
    const w = await startWorld();
    w.sandbox.resetCounters();
    await slash(w, MANAGER, "campaigns");
    // The message says what to do; each campaign is a button carrying what matters for choosing.
    expect(screenText(w, MANAGER.id)).toBe(
      "📣 Кампании: 7\nВыберите кампанию — откроется её карточка.\n" +
        "На кнопке: состояние, бюджет в день («/нед» — в неделю), расход за вчера. ⚠️ — Ozon не пропустил кампанию.",
    );
    const buttons = labels(w, MANAGER.id);
    const spent = `вчера [\\d${NBSP}]+(,\\d\\d)?${NBSP}₽`;
    expect(buttons).toContainEqual(
      expect.stringMatching(new RegExp(`^${RUNNING} · ▶️ 1${NBSP}500${NBSP}₽ · ${spent}$`)),
    );
    // Weekly stays weekly on the button.
    expect(buttons).toContainEqual(
      expect.stringMatching(new RegExp(`^${WEEKLY} · ⏸ 4${NBSP}900${NBSP}₽/нед · ${spent}$`)),
    );
    // Daily statistics cover every campaign type: the banner's spend is shown too.
    expect(buttons).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Баннер на главной[^·]* · ▶️ 5${NBSP}000${NBSP}₽ · ${spent}$`),
      ),
    );
    expect(buttons.join("\n")).not.toContain("Новогодняя"); // archived
    // What a phone shows of a button: none is longer.
    expect(buttons.filter((label) => label.length > 64)).toEqual([]);
    expect(w.sandbox.counters()).toMatchObject({
      "GET /api/client/campaign": 1,
      "GET /api/client/statistics/daily/json": 1,
    });
    // The spend shown is yesterday's (in TIMEZONE), as Ozon gives it for that day.
    const yesterday = moscow().minus({ days: 1 }).toISODate() as string;
    const daily = await w.client.daily.byCampaign({ from: yesterday, to: yesterday });
    const spendOf = (title: string) =>
      formatRoubles(kopecksToMillionths(daily.get(campaignOf(w, title).id)?.spendKopecks ?? -1));
    const buttonOf = (title: string) =>
      buttons.find((label) => label.startsWith(title.slice(0, 12)));
    expect(buttonOf(RUNNING)).toMatch(new RegExp(` · вчера ${spendOf(RUNNING)}$`));
    expect(buttonOf(BANNER)).toMatch(new RegExp(` · вчера ${spendOf(BANNER)}$`));

    // A second look within 10 minutes costs no spend call.
    await slash(w, MANAGER, "campaigns");
    expect(w.sandbox.counters()["GET /api/client/statistics/daily/json"]).toBe(2);
  });

  it("leaves the spend out, and says so, when Ozon does not give it", async () => {
    const w = await startWorld();
    w.sandbox.control.setFault("GET /api/client/statistics/daily/json", { rate5xx: 1 });
    await slash(w, MANAGER, "campaigns");
    expect(screenText(w, MANAGER.id)).toContain("Расход за вчера Ozon сейчас не отдал.");
    const buttons = labels(w, MANAGER.id);
    expect(buttons.join("\n")).not.toContain("· вчера");
    expect(buttons).toContain(`${RUNNING} · ▶️ 1${NBSP}500${NBSP}₽`);
  });

  it("pages through many campaigns", async () => {
    const w = await startWorld();
    for (let i = 1; i <= 12; i++)
      w.sandbox.control.addCampaign(`Тест ${String(i).padStart(2, "0")}`);
    await slash(w, MANAGER, "campaigns");
    expect(screenText(w, MANAGER.id)).toContain("📣 Кампании: 19, страница 1 из 3");
    const campaignsOn = () => labels(w, MANAGER.id).filter((label) => label.includes(" · "));
    const first = campaignsOn();
    expect(first).toHaveLength(8);
    await tap(w, MANAGER, "»");
    expect(screenText(w, MANAGER.id)).toContain("страница 2 из 3");
    const second = campaignsOn();
    expect(second).toHaveLength(8);
    expect(second.filter((label) => first.includes(label))).toEqual([]);
    await tap(w, MANAGER, "»");
    expect(screenText(w, MANAGER.id)).toContain("страница 3 из 3");
  });

  it("🔄 on a card that has not changed: Telegram's 'message is not modified' is taken as shown, nothing else is said", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    const card = screenText(w, MANAGER.id);
    const since = w.fake.calls.length;
    await tap(w, MANAGER, "🔄 Обновить");
    const after = w.fake.calls.slice(since);
    const edits = after.filter((c) => c.method === "editMessageText");
    expect(edits).toHaveLength(1);
    expect(edits[0]?.response).toMatchObject({
      ok: false,
      description: expect.stringMatching(/message is not modified/),
    });
    expect(after.filter((c) => c.method === "sendMessage")).toEqual([]);
    expect(after.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(alerts(w, since)).toEqual([]);
    expect(screenText(w, MANAGER.id)).toBe(card);
  });

  it("pauses from the card in one tap, reads it back as old → new, and resumes", async () => {
    const w = await startWorld();
    const id = campaignOf(w, RUNNING).id;
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    const card = screenText(w, MANAGER.id);
    expect(card).toContain(`📣 «${RUNNING}» (№ ${id})`);
    expect(card).toContain("Статус: ▶️ работает");
    expect(card).toContain(`Бюджет: 1${NBSP}500${NBSP}₽ в день`);
    expect(card).toContain("Период: без срока");
    expect(card).toMatch(/Потрачено вчера: [\d\u00A0]+,\d\d\u00A0₽/);

    expect(requests(w, /\/deactivate$/)).toEqual([]); // the card alone sends nothing
    w.sandbox.resetCounters();
    await tap(w, MANAGER, "⏸ Приостановить"); // the card is the question: one tap acts
    // Read before (it may have changed since the question), the change, read back: 3 calls.
    const calls = Object.entries(w.sandbox.counters()).filter(([k]) => !k.includes("token"));
    expect(calls.reduce((n, [, v]) => n + v, 0)).toBe(3);
    expect(w.sandbox.counters()["GET /api/client/campaign"]).toBe(2);
    // The card in place: its state line says what changed; the title is there once.
    const paused = screenText(w, MANAGER.id);
    expect(paused).toContain("Статус: ⏸ на паузе ✅ (было: ▶️ работает)");
    expect(paused.split(RUNNING)).toHaveLength(2);
    expect(campaignOf(w, RUNNING).state).toBe("CAMPAIGN_STATE_INACTIVE");
    expect(requests(w, /\/deactivate$/)).toEqual([
      `POST /api/client/campaign/${id}/deactivate 200`,
    ]);

    await tap(w, MANAGER, "▶️ Запустить");
    expect(screenText(w, MANAGER.id)).toContain("Статус: ▶️ работает ✅ (было: ⏸ на паузе)");
    expect(campaignOf(w, RUNNING).state).toBe("CAMPAIGN_STATE_RUNNING");
  });

  it("a stale card re-reads the campaign and sends nothing when it changed meanwhile", async () => {
    const w = await startWorld();
    const id = campaignOf(w, RUNNING).id;
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    const card = screen(w, MANAGER.id);
    await w.client.campaigns.deactivate(id); // paused in Ozon's cabinet meanwhile
    await w.send(press(card, "⏸ Приостановить", MANAGER));
    const text = screenText(w, MANAGER.id);
    expect(text).toContain(
      "Кампания изменилась, пока вы решали: сейчас ⏸ на паузе. Я ничего не менял.",
    );
    expect(text).toContain("Статус: ⏸ на паузе");
    expect(requests(w, /\/deactivate$/)).toHaveLength(1); // ours above, none from the bot
  });

  it("a card's buttons act only for their owner and for managers", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    const card = screen(w, MANAGER.id);
    const since = w.fake.calls.length;
    await w.send(press(card, "⏸ Приостановить", MANAGER_EN));
    await w.send(press(card, "⏸ Приостановить", WAREHOUSE));
    const told = alerts(w, since);
    expect(told[0]).toContain("Someone else opened these buttons");
    expect(told).toHaveLength(2);
    expect(screenText(w, MANAGER.id)).toContain("Статус: ▶️ работает");
    expect(requests(w, /\/(de)?activate$/)).toEqual([]);
  });

  it("a weekly campaign's budget from its card: the /budget dialog at that campaign, weeklyBudget sent", async () => {
    const w = await startWorld();
    const id = campaignOf(w, WEEKLY).id;
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Одежда весна-лето/);
    expect(screenText(w, MANAGER.id)).toContain(`Бюджет: 4${NBSP}900${NBSP}₽ в неделю`);
    await tap(w, MANAGER, "💰 Бюджет");
    const ask = screenText(w, MANAGER.id);
    expect(ask).toContain(`недельный бюджет сейчас: 4${NBSP}900${NBSP}₽`);
    await say(w, MANAGER, "6300");
    expect(screenText(w, MANAGER.id)).toContain(`4${NBSP}900${NBSP}₽ → 6${NBSP}300${NBSP}₽`);
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain(
      `Готово: недельный бюджет кампании «${WEEKLY}» теперь 6${NBSP}300${NBSP}₽ (было 4${NBSP}900${NBSP}₽)`,
    );
    expect(campaignOf(w, WEEKLY)).toMatchObject({ weeklyBudget: "6300000000", dailyBudget: "0" });
    const changes = w.sandbox.requests.filter(
      (r) => /^(PUT|PATCH)$/.test(r.method) && r.path.startsWith(`/api/client/campaign/${id}`),
    );
    expect(changes.map((r) => `${r.method} ${r.status}`)).toEqual(["PATCH 200"]);
    // The card, refreshed, shows the new budget (the list cache was dropped).
    await slash(w, MANAGER, "campaigns");
    expect(labels(w, MANAGER.id)).toContainEqual(
      expect.stringContaining(`${WEEKLY} · ⏸ 6${NBSP}300${NBSP}₽/нед`),
    );
  });

  it("changes the period after asking, refusing an end in the past, and reads it back", async () => {
    const w = await startWorld();
    const before = campaignOf(w, WEEKLY);
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Одежда весна-лето/);
    await tap(w, MANAGER, "📅 Период");
    expect(screenText(w, MANAGER.id)).toContain(`Кампания «${WEEKLY}», период сейчас:`);
    await say(w, MANAGER, ru(moscow().minus({ days: 2 })));
    expect(screenText(w, MANAGER.id)).toContain("Дата окончания уже прошла");
    await say(w, MANAGER, "когда-нибудь");
    expect(screenText(w, MANAGER.id)).toContain("не похоже на период");
    const from = moscow().plus({ days: 3 });
    const to = moscow().plus({ days: 33 });
    await say(w, MANAGER, `${ru(from)}-${ru(to)}`);
    const confirm = screenText(w, MANAGER.id);
    expect(confirm).toContain(`Изменить период кампании «${WEEKLY}»?`);
    expect(confirm).toContain(`→ ${shown(from, to)}`);
    expect(campaignOf(w, WEEKLY).toDate).toBe(before.toDate); // nothing sent yet
    // "Other dates" asks again: the dates typed are forgotten and nothing is sent.
    await tap(w, MANAGER, "✏️ Другие даты");
    expect(screenText(w, MANAGER.id)).toContain(`Кампания «${WEEKLY}», период сейчас:`);
    await say(w, MANAGER, `${ru(from)}-${ru(to)}`);
    expect(screenText(w, MANAGER.id)).toContain(`→ ${shown(from, to)}`);
    expect(campaignOf(w, WEEKLY).toDate).toBe(before.toDate);
    const confirmScreen = screen(w, MANAGER.id);
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain(
      `Готово: период кампании «${WEEKLY}» теперь ${shown(from, to)} (было`,
    );
    expect(campaignOf(w, WEEKLY)).toMatchObject({
      fromDate: from.toISODate(),
      toDate: to.toISODate(),
    });
    // The confirmation pressed again after the dialog ended changes nothing and says so.
    const patches = requests(w, /^(PUT|PATCH) /).length;
    const since = w.fake.calls.length;
    await w.send(press(confirmScreen, "✅ Изменить", MANAGER));
    expect(alerts(w, since)).toEqual([
      "Этот диалог уже закончен. Откройте кампанию заново: /campaigns",
    ]);
    expect(requests(w, /^(PUT|PATCH) /)).toHaveLength(patches);

    // "No dates" makes it unlimited in time.
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /Одежда весна-лето/);
    await tap(w, MANAGER, "📅 Период");
    await tap(w, MANAGER, "♾ Без срока");
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain("теперь без срока");
    expect(campaignOf(w, WEEKLY)).toMatchObject({ fromDate: "", toDate: "" });
  });

  it("opens the report dialog with the campaign chosen", async () => {
    const w = await startWorld();
    const id = campaignOf(w, RUNNING).id;
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, /^Кроссовки/);
    await tap(w, MANAGER, "📊 Отчёт");
    // The summary at once, of that campaign (issue 40: the period is switched on it).
    expect(screenText(w, MANAGER.id)).toContain("Сформировать отчёт?");
    await tap(w, MANAGER, /^Вчера$/);
    await tap(w, MANAGER, /Сформировать/);
    const [job] = await jobsOf(w);
    expect(job?.campaigns.map((c) => c.id)).toEqual([id]);
  });
});

describe("/campaigns with two stores", () => {
  it("asks which store, names it on every screen, and pauses only that store's campaign", async () => {
    const w = await startWorld({ stores: 2 });
    await slash(w, MANAGER, "campaigns");
    expect(screenText(w, MANAGER.id)).toBe("Кампании какого магазина показать?");
    await tap(w, MANAGER, "Южный");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\n📣 Кампании: 7/);
    await tap(w, MANAGER, /^Баннер/);
    const title = screenText(w, MANAGER.id).match(/📣 «(.+)» \(№/)?.[1] ?? "";
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\n📣 «/);
    await tap(w, MANAGER, "⏸ Приостановить");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\n📣 «[^\n]+\nСтатус: [^\n]+✅ \(было/);
    expect(campaignOf(w, title, 1).state).toBe("CAMPAIGN_STATE_INACTIVE");
    expect(campaignOf(w, title, 0).state).toBe("CAMPAIGN_STATE_RUNNING");
    const stores = w.sandbox.requests
      .filter((r) => r.path.endsWith("/deactivate"))
      .map((r) => r.store);
    expect(stores).toEqual(["sandbox-client-2"]);
    await tap(w, MANAGER, "« К списку");
    await tap(w, MANAGER, "« Магазины");
    expect(screenText(w, MANAGER.id)).toBe("Кампании какого магазина показать?");
  });

  it("a weekly campaign's budget from a card of the second store", async () => {
    const w = await startWorld({ stores: 2 });
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, "Южный");
    await tap(w, MANAGER, /Одежда весна-лето/);
    await tap(w, MANAGER, "💰 Бюджет");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\nКампания «Одежда[^\n]*недельный бюджет/);
    await say(w, MANAGER, "7000");
    await tap(w, MANAGER, "Изменить");
    expect(campaignOf(w, WEEKLY, 1)).toMatchObject({
      weeklyBudget: "7000000000",
      dailyBudget: "0",
    });
    expect(campaignOf(w, WEEKLY, 0).weeklyBudget).toBe("4900000000");
  });

  it("a manager limited to one store sees its list at once, and no other store's card acts for them", async () => {
    const w = await startWorld({ stores: 2 });
    const [north, south] = w.sandbox.stores;
    if (!north || !south) throw new Error("two sandbox stores expected");
    // Before the limit, the manager opens a card of the northern store.
    await slash(w, MANAGER, "campaigns");
    await tap(w, MANAGER, "Северный");
    await tap(w, MANAGER, /^Кроссовки/);
    const northCard = screen(w, MANAGER.id);

    await limitManager(w, MANAGER.id, [south.credentials.sellerClientId]);
    await w.restart({ start: false }); // a new process reads the limited role
    await slash(w, MANAGER, "campaigns");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\n📣 Кампании: 7/);
    expect(JSON.stringify(screen(w, MANAGER.id).payload.reply_markup)).not.toContain("Магазины");

    // Their own old card of the northern store no longer acts: that store is out of reach.
    const since = w.fake.calls.length;
    await w.send(press(northCard, "⏸ Приостановить", MANAGER));
    expect(alerts(w, since)).toEqual([NONE_FOR_YOU]);
    expect(requests(w, /\/deactivate$/)).toEqual([]);
  });
});
