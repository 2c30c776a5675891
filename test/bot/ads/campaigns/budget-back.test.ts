/**
 * Going back in /budget (the plugin's rewind, core/dialog/dialog.ts checkpoint/rewind): Back on the
 * amount returns to the list it was chosen from, with its search and page, on the same message;
 * "another amount" and an amount Ozon refused return to the amount question on the message
 * pressed, the reason heading it; a wrong amount typed on the confirmation asks the amount again
 * below it, a good one is confirmed in turn.
 * And a budget dialog saved by older code ends with a sentence, not a crash.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../../../src/store/sqlite.ts";
import type { RecordedCall } from "../../../support/fake-bot-api.ts";
import { savedByOlderCode } from "../../../support/older-dialog.ts";
import { press, sentMessage } from "../../harness.ts";
import {
  alerts,
  closeWorlds,
  labels,
  MANAGER,
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

const SHOES = "Кроссовки и ботинки — поиск";
const NBSP = "\u00A0";

const budgetOf = (w: World) =>
  String(w.sandbox.control.campaigns().find((c) => c.title === SHOES)?.dailyBudget);

/** The message a screen is on (a sent one, or the one an edit changed). */
const messageOf = (call: RecordedCall) => Number(sentMessage(call).message_id);

/** /budget, search by part of the title, choose the shoes campaign: its amount question. */
async function chooseShoes(w: World): Promise<void> {
  await slash(w, MANAGER, "budget");
  await say(w, MANAGER, "кросс");
  await tap(w, MANAGER, "Кроссовки");
}

describe("/budget going back", () => {
  it("Back returns to the searched list on the same message, and its buttons go on", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "budget");
    await say(w, MANAGER, "кросс");
    const list = messageOf(screen(w, MANAGER.id));
    await tap(w, MANAGER, "Кроссовки");
    await tap(w, MANAGER, "« Назад");
    const back = screen(w, MANAGER.id);
    expect(back.method).toBe("editMessageText");
    expect(messageOf(back)).toBe(list);
    expect(screenText(w, MANAGER.id)).toContain("по запросу «кросс»");
    expect(labels(w, MANAGER.id)).toContainEqual(expect.stringMatching(new RegExp(`^${SHOES} · `)));

    await tap(w, MANAGER, "Кроссовки");
    expect(screenText(w, MANAGER.id)).toContain(`дневной бюджет сейчас: 1${NBSP}500${NBSP}₽`);
    await say(w, MANAGER, "1800");
    await tap(w, MANAGER, "Изменить");
    expect(budgetOf(w)).toBe("1800000000");
    expect(performanceCalls(w.sandbox).budget).toBe(1);
  });

  it("Back returns to the page the campaign was chosen on, and its pager goes on", async () => {
    const w = await startWorld();
    await slash(w, MANAGER, "budget");
    await tap(w, MANAGER, "»");
    expect(labels(w, MANAGER.id)).toContain("2 / 2");
    const list = messageOf(screen(w, MANAGER.id));
    const onPage2 = labels(w, MANAGER.id).find((label) => / · /.test(label)) ?? "";
    await tap(w, MANAGER, onPage2);
    expect(screenText(w, MANAGER.id)).toContain("бюджет сейчас");
    await tap(w, MANAGER, "« Назад");
    const back = screen(w, MANAGER.id);
    expect(messageOf(back)).toBe(list);
    expect(labels(w, MANAGER.id)).toContain("2 / 2");
    expect(labels(w, MANAGER.id)).toContain(onPage2);
    await tap(w, MANAGER, "«");
    expect(labels(w, MANAGER.id)).toContain("1 / 2");
  });

  it("a page turned in a searched list keeps the search; Back returns to that page of it", async () => {
    const w = await startWorld();
    // Eight bags and the store's own campaigns: the search finds two pages (six a page).
    const bags = Array.from({ length: 8 }, (_, i) => `Сумки ${i + 1} — поиск`);
    for (const title of bags) w.sandbox.control.addCampaign(title);
    const campaignsShown = () => labels(w, MANAGER.id).filter((label) => / · /.test(label));
    await slash(w, MANAGER, "budget");
    await say(w, MANAGER, "сумк");
    expect(labels(w, MANAGER.id)).toContain("1 / 2");
    const firstPage = campaignsShown();
    expect(firstPage).toHaveLength(6);
    await tap(w, MANAGER, "»");
    const list = messageOf(screen(w, MANAGER.id));
    expect(screenText(w, MANAGER.id)).toContain("по запросу «сумк»");
    expect(labels(w, MANAGER.id)).toContain("2 / 2");
    const secondPage = campaignsShown();
    // The rest of the search, and nothing it does not find.
    expect(secondPage).toHaveLength(2);
    expect([...firstPage, ...secondPage].map((label) => label.split(" · ")[0]).sort()).toEqual(
      [...bags].sort(),
    );

    await tap(w, MANAGER, secondPage[0] ?? "");
    expect(screenText(w, MANAGER.id)).toContain("бюджет сейчас");
    await tap(w, MANAGER, "« Назад");
    expect(messageOf(screen(w, MANAGER.id))).toBe(list);
    expect(screenText(w, MANAGER.id)).toContain("по запросу «сумк»");
    expect(labels(w, MANAGER.id)).toContain("2 / 2");
    expect(campaignsShown()).toEqual(secondPage);
    // The pager goes on over the search.
    await tap(w, MANAGER, "«");
    expect(screenText(w, MANAGER.id)).toContain("по запросу «сумк»");
    expect(labels(w, MANAGER.id)).toContain("1 / 2");
    expect(campaignsShown()).toEqual(firstPage);
  });

  it("an amount typed on the confirmation is confirmed in turn; that one is sent", async () => {
    const w = await startWorld();
    await chooseShoes(w);
    await say(w, MANAGER, "1600");
    expect(screenText(w, MANAGER.id)).toContain(`→ 1${NBSP}600${NBSP}₽`);
    await say(w, MANAGER, "1650");
    expect(screen(w, MANAGER.id).method).toBe("sendMessage"); // below the typed text
    expect(screenText(w, MANAGER.id)).toContain(`→ 1${NBSP}650${NBSP}₽`);
    expect(performanceCalls(w.sandbox).budget).toBe(0);
    await tap(w, MANAGER, "Изменить");
    expect(budgetOf(w)).toBe("1650000000");
    expect(performanceCalls(w.sandbox).budget).toBe(1);
  });

  it("another amount edits the confirmation into the question; the next amount is the one sent", async () => {
    const w = await startWorld();
    await chooseShoes(w);
    await say(w, MANAGER, "1600");
    const confirm = messageOf(screen(w, MANAGER.id));
    await tap(w, MANAGER, "Ввести вручную");
    const asked = screen(w, MANAGER.id);
    expect(asked.method).toBe("editMessageText");
    expect(messageOf(asked)).toBe(confirm);
    expect(screenText(w, MANAGER.id)).toMatch(/^Кампания «Кроссовки/);

    // A wrong amount typed on the confirmation: the question again, below the typed text.
    await say(w, MANAGER, "1700");
    await say(w, MANAGER, "0");
    const again = screen(w, MANAGER.id);
    expect(again.method).toBe("sendMessage");
    expect(screenText(w, MANAGER.id)).toContain("должен быть больше нуля");
    expect(screenText(w, MANAGER.id)).toContain("Напишите новый дневной бюджет в рублях");

    await say(w, MANAGER, "1750");
    expect(screenText(w, MANAGER.id)).toContain(`→ 1${NBSP}750${NBSP}₽`);
    await tap(w, MANAGER, "Изменить");
    expect(budgetOf(w)).toBe("1750000000");
    expect(performanceCalls(w.sandbox).budget).toBe(1);
  });

  it("an amount Ozon refuses is asked again on the same message with Ozon's words", async () => {
    // Our limit lets 50 ₽ through; the sandbox, like Ozon, wants at least 100 ₽ a day.
    const w = await startWorld({ env: { BUDGET_MIN_ROUBLES: "10" } });
    await chooseShoes(w);
    await say(w, MANAGER, "50");
    const confirm = messageOf(screen(w, MANAGER.id));
    await tap(w, MANAGER, "Изменить");
    const asked = screen(w, MANAGER.id);
    expect(messageOf(asked)).toBe(confirm);
    expect(screenText(w, MANAGER.id)).toMatch(/^Ozon не принял сумму: /);
    expect(screenText(w, MANAGER.id)).toContain("Напишите новый дневной бюджет в рублях");
    expect(budgetOf(w)).toBe("1500000000");

    await say(w, MANAGER, "150");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`теперь 150${NBSP}₽`);
    expect(budgetOf(w)).toBe("150000000");
  });

  it("a dialog that went back replays the same after a restart (file store)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ads-budget-back-restart-"));
    try {
      const w = await startWorld({
        store: await SqliteStore.open({ dataDir }),
        reopen: () => SqliteStore.open({ dataDir }),
      });
      await chooseShoes(w);
      await tap(w, MANAGER, "« Назад");
      await tap(w, MANAGER, "Кроссовки");
      await say(w, MANAGER, "0");
      await w.restart({ start: false });
      const before = w.fake.calls.length;
      await say(w, MANAGER, "1650");
      // The replay sent nothing again: only the confirmation is new.
      const sent = w.fake.calls.slice(before).filter((c) => c.method !== "getMe");
      expect(sent.map((c) => c.method)).toEqual(["sendMessage"]);
      expect(screenText(w, MANAGER.id)).toContain(`→ 1${NBSP}650${NBSP}₽`);
      await tap(w, MANAGER, "Изменить");
      expect(budgetOf(w)).toBe("1650000000");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a budget dialog saved by older code is over: its button says so and changes nothing", async () => {
    const w = await startWorld();
    await chooseShoes(w);
    await say(w, MANAGER, "1600");
    const confirm = screen(w, MANAGER.id);
    await savedByOlderCode(w.store, MANAGER.id);

    const since = w.fake.calls.length;
    await w.send(press(confirm, "Изменить", MANAGER));
    expect(alerts(w, since)).toEqual([
      "Этот диалог уже закончен. Начните заново: /budget или /report",
    ]);
    expect(performanceCalls(w.sandbox).budget).toBe(0);
    expect(budgetOf(w)).toBe("1500000000");
  });
});
