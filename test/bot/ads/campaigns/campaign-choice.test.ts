/**
 * The campaign lists of /report and a new schedule as buttons only (issue 28): a short heading,
 * one button per campaign with its state and budget; after "More campaigns" a tick is on the
 * button, and a tick redraws only the buttons (editMessageReplyMarkup), never the text. A tick
 * pressed on an older list message draws that message anew, so text and buttons agree. An empty
 * list says so and offers no choice.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CampaignList } from "../../../../src/bot/ads/campaigns/picker.ts";
import { reportCampaignsKeyboard } from "../../../../src/bot/ads/keyboards.ts";
import { createI18n, translatorFor } from "../../../../src/bot/core/i18n.ts";
import { captureLogger, press, sentMessage } from "../../harness.ts";
import {
  closeWorlds,
  labels,
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

const NBSP = "\u00A0";

/** Methods the bot called in the chat since call `since`. */
function methodsSince(w: World, since: number): string[] {
  return w.fake.calls
    .slice(since)
    .filter((c) => c.method !== "answerCallbackQuery" && c.method !== "sendChatAction")
    .map((c) => c.method);
}

describe("a many-campaign choice", () => {
  it("/report: a tick redraws only the buttons, ● and Done's count on them; the text stays", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "report");
    // One pressed goes straight on: plain buttons with the state and the budget.
    expect(screenText(w, MANAGER.id)).toBe(
      "По какой кампании отчёт? Можно написать часть названия — покажу подходящие.",
    );
    // The page is said once, by the pager's middle button.
    expect(labels(w, MANAGER.id)).toContain("1 / 2");
    expect(labels(w, MANAGER.id)).toContain(`Одежда весна-лето · ⏸ 4${NBSP}900${NBSP}₽/нед`);
    await tap(w, MANAGER, "➕ Несколько кампаний");
    const heading = screenText(w, MANAGER.id);
    expect(heading).toBe(
      "Выберите кампании для отчёта (не больше 10) и нажмите «Готово». Можно написать часть названия — покажу подходящие.",
    );
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^○ Кроссовки/));
    expect(labels(w, MANAGER.id)).toContain("Готово (0)");
    const lists = performanceCalls(w.sandbox).list;

    const since = w.fake.calls.length;
    await tap(w, MANAGER, "Кроссовки");
    expect(methodsSince(w, since)).toEqual(["editMessageReplyMarkup"]);
    expect(screenText(w, MANAGER.id)).toBe(heading);
    const ticked = labels(w, MANAGER.id);
    expect(ticked).toContain(`● Кроссовки и ботинки — поиск · ▶️ 1${NBSP}500${NBSP}₽`);
    expect(ticked).toContain("Готово (1)");
    expect(ticked.at(-1)).toBe("Закрыть"); // the dialog's Close stays under the list

    // Another tick, and one taken back: still only the buttons, and Ozon is not asked again.
    await tap(w, MANAGER, "Баннер");
    await tap(w, MANAGER, "Кроссовки");
    expect(methodsSince(w, since)).toEqual([
      "editMessageReplyMarkup",
      "editMessageReplyMarkup",
      "editMessageReplyMarkup",
    ]);
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^○ Кроссовки/));
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(/^● Баннер/));
    expect(labels(w, MANAGER.id)).toContain("Готово (1)");
    expect(performanceCalls(w.sandbox).list).toBe(lists);

    // The page shown pressed again: the same screen, Telegram's "not modified" taken as shown.
    const again = w.fake.calls.length;
    await tap(w, MANAGER, "1 / 2");
    const redraws = w.fake.calls.slice(again).filter((c) => c.method.startsWith("edit"));
    expect(redraws.map((c) => c.response)).toEqual([
      expect.objectContaining({ ok: false, description: expect.stringMatching(/not modified/) }),
    ]);
    expect(methodsSince(w, again)).not.toContain("sendMessage");
    // A page draws the screen anew: the pager says which; the ticks are kept.
    await tap(w, MANAGER, "»");
    expect(labels(w, MANAGER.id)).toContain("2 / 2");
    expect(labels(w, MANAGER.id)).toContain("Готово (1)");
    await tap(w, MANAGER, /^Готово \(1\)/);
    expect(screenText(w, MANAGER.id)).toContain("Сформировать отчёт?");
  });

  it("in English, and for a new schedule", async () => {
    const w = await startWorld({ schedules: { runLoop: false } });
    await slash(w, MANAGER_EN, "report");
    await tap(w, MANAGER_EN, "➕ More campaigns");
    expect(screenText(w, MANAGER_EN.id)).toContain(
      "Choose campaigns for the report (at most 10), then press Done.",
    );
    await tap(w, MANAGER_EN, "Кроссовки");
    expect(labels(w, MANAGER_EN.id)).toContain(`● Кроссовки и ботинки — поиск · ▶️ RUB${NBSP}1,500`);
    expect(labels(w, MANAGER_EN.id)).toContain("Done (1)");

    // None yet: /schedule opens on the new schedule's campaigns, the digest's row under them.
    await slash(w, MANAGER, "schedule");
    expect(screenText(w, MANAGER.id)).toContain("По какой кампании присылать отчёт?");
    await tap(w, MANAGER, "➕ Несколько кампаний");
    const heading = screenText(w, MANAGER.id);
    expect(heading).toContain("Выберите их и нажмите «Готово»");
    const since = w.fake.calls.length;
    await tap(w, MANAGER, "Кроссовки");
    expect(methodsSince(w, since)).toEqual(["editMessageReplyMarkup"]);
    expect(screenText(w, MANAGER.id)).toBe(heading);
    expect(labels(w, MANAGER.id)).toContain("Готово (1)");
    expect(labels(w, MANAGER.id)).toContain("🕘 Время сводки"); // kept on a toggle
  });

  it("a tick on an older list message draws that message anew: its text and buttons agree", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "report");
    await tap(w, MANAGER, "➕ Несколько кампаний");
    const older = screen(w, MANAGER.id);
    await say(w, MANAGER, "кросс"); // the searched list is a new message
    expect(screenText(w, MANAGER.id)).toContain("Кампании по запросу «кросс».");
    const since = w.fake.calls.length;
    await w.send(press(older, "Баннер", MANAGER));
    expect(methodsSince(w, since)).toEqual(["editMessageText"]);
    const redrawn = screen(w, MANAGER.id);
    expect(Number(redrawn.payload.message_id)).toBe(sentMessage(older).message_id);
    expect(labels(w, MANAGER.id)).toContain("Готово (1)");
    // The search is what that message shows now, in its text and on its buttons.
    expect(screenText(w, MANAGER.id)).toContain("Кампании по запросу «кросс».");
    expect(labels(w, MANAGER.id).join("\n")).not.toContain("Баннер");
  });
});

describe("an empty campaign list", () => {
  const { logger } = captureLogger();
  const i18n = createI18n({ defaultLocale: "ru", logger });
  const button = (step: string, value: string | number = "") => `x:${step}:${value}`;

  it("says there are none, in both languages, and offers neither More nor Done", () => {
    const empty = { items: [], total: 0, page: 0, pages: 1 };
    const list = new CampaignList({} as never, false);
    expect(list.heading(translatorFor(i18n, "ru"), "?", empty)).toBe(
      "Рекламных кампаний пока нет.",
    );
    expect(list.heading(translatorFor(i18n, "en"), "?", empty)).toBe(
      "There are no ad campaigns yet.",
    );
    const t = translatorFor(i18n, "ru");
    for (const single of [true, false]) {
      const keyboard = reportCampaignsKeyboard(button, t, [], new Set(), 0, 1, undefined, single);
      expect(keyboard.inline_keyboard.flat()).toEqual([]);
    }
  });
});
