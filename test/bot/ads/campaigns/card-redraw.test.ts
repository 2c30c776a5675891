/**
 * A campaign's card after its budget, period or bid dialog changed something: the message the
 * dialog was entered from is edited with the campaign as Ozon shows it now (daily and weekly
 * budgets, the period, the bids page), before the dialog's own "done" screen; a card Telegram
 * refuses to edit stays as it was and the change still goes through once.
 */
import { DateTime } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { periodText } from "../../../../src/bot/core/numbers.ts";
import { formatRoubles } from "../../../../src/services/ads/index.ts";
import {
  closeWorlds,
  MANAGER,
  progressEdits,
  say,
  screen,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const RUNNING = "Кроссовки и ботинки — поиск"; // daily 1 500 ₽, no dates
const WEEKLY = "Одежда весна-лето"; // inactive, 4 900 ₽ a week
const NBSP = "\u00A0";
const BACK = "« Назад";

const moscow = () => DateTime.now().setZone("Europe/Moscow");
const ru = (d: DateTime) => d.toFormat("dd.LL.yyyy");
/** A period as the bot shows it (bot/core/numbers.ts). */
const shown = (from: DateTime, to: DateTime) =>
  periodText("ru", { from: from.toISODate() as string, to: to.toISODate() as string });

function campaignOf(w: World, title: string) {
  const found = w.sandbox.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return found;
}

const changes = (w: World) =>
  w.sandbox.requests
    .filter((r) => /^(PUT|PATCH)$/.test(r.method))
    .map((r) => `${r.method} ${r.status}`);

/** Opens a campaign's card from /campaigns; its message id. */
async function openCard(w: World, title: RegExp): Promise<number> {
  await slash(w, MANAGER, "campaigns");
  await tap(w, MANAGER, title);
  return Number(screen(w, MANAGER.id).payload.message_id);
}

/** The latest text and button labels of one message (edits Telegram accepted). */
function shownAt(w: World, messageId: number) {
  const last = progressEdits(w, MANAGER.id, messageId)
    .filter((c) => c.response?.ok)
    .at(-1);
  const markup = last?.payload.reply_markup as
    | { inline_keyboard: { text: string }[][] }
    | undefined;
  const buttons = (markup?.inline_keyboard ?? []).flat().map((b) => b.text);
  return { text: String(last?.payload.text ?? ""), buttons };
}

describe("a campaign card redrawn after its dialogs", () => {
  it("shows the new daily and weekly budget once the budget dialog changed it", async () => {
    const w = await startWorld();
    const daily = await openCard(w, /Кроссовки и ботинки/);
    expect(shownAt(w, daily).text).toContain(`Бюджет: 1${NBSP}500${NBSP}₽ в день`);
    await tap(w, MANAGER, "💰 Бюджет");
    await say(w, MANAGER, "2100");
    await tap(w, MANAGER, "Изменить");
    // The dialog's own last screen is still the latest one; the card above it is fresh.
    expect(screenText(w, MANAGER.id)).toContain(`теперь 2${NBSP}100${NBSP}₽`);
    const card = shownAt(w, daily);
    expect(card.text).toContain(`Бюджет: 2${NBSP}100${NBSP}₽ в день`);
    expect(card.text).toContain(RUNNING);
    expect(card.buttons).toContain("🔄 Обновить");

    const weekly = await openCard(w, /Одежда весна-лето/);
    expect(shownAt(w, weekly).text).toContain(`Бюджет: 4${NBSP}900${NBSP}₽ в неделю`);
    await tap(w, MANAGER, "💰 Бюджет");
    await say(w, MANAGER, "6300");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`теперь 6${NBSP}300${NBSP}₽`);
    expect(shownAt(w, weekly).text).toContain(`Бюджет: 6${NBSP}300${NBSP}₽ в неделю`);
    expect(shownAt(w, weekly).text).toContain(WEEKLY);
    // Both budgets go through today's PATCH: one each.
    expect(changes(w)).toEqual(["PATCH 200", "PATCH 200"]);
  });

  it("shows the new period once the period dialog changed it", async () => {
    const w = await startWorld();
    const card = await openCard(w, /Одежда весна-лето/);
    const from = moscow().plus({ days: 3 });
    const to = moscow().plus({ days: 33 });
    await tap(w, MANAGER, "📅 Период");
    await say(w, MANAGER, `${ru(from)}-${ru(to)}`);
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`теперь ${shown(from, to)}`);
    expect(shownAt(w, card).text).toContain(`Период: ${shown(from, to)}`);
    expect(shownAt(w, card).text).toContain(`в неделю`);
  });

  it("shows the new bid on the bids page the bid dialog was entered from", async () => {
    const w = await startWorld({ env: { BID_MIN_ROUBLES: "1", BID_MAX_ROUBLES: "100" } });
    const campaign = campaignOf(w, RUNNING);
    const [sku] = campaign.objects as [string];
    const old = (await w.client.products.list(campaign.id)).find((p) => p.sku === sku)?.bid;
    const page = await openCard(w, /Кроссовки и ботинки/);
    await tap(w, MANAGER, "🎯 Ставки");
    const bidOf = (buttons: string[]) => buttons.find((label) => label.includes(`SKU ${sku} · `));
    expect(bidOf(shownAt(w, page).buttons)).toMatch(new RegExp(` · ${formatRoubles(old ?? 0n)}$`));
    await tap(w, MANAGER, ` · SKU ${sku} · `);
    await say(w, MANAGER, "15,50");
    await tap(w, MANAGER, "✅ Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`(SKU ${sku}) теперь 15,50${NBSP}₽`);
    expect(bidOf(shownAt(w, page).buttons)).toMatch(new RegExp(` · 15,50${NBSP}₽$`));
  });

  it("keeps the card on its own campaign when the budget dialog went on to change another", async () => {
    const w = await startWorld();
    const card = await openCard(w, /Кроссовки и ботинки/);
    const before = shownAt(w, card).text;
    await tap(w, MANAGER, "💰 Бюджет");
    await tap(w, MANAGER, BACK);
    await tap(w, MANAGER, /Одежда весна-лето/);
    await say(w, MANAGER, "6300");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`теперь 6${NBSP}300${NBSP}₽`);
    expect(campaignOf(w, WEEKLY).weeklyBudget).toBe("6300000000");
    expect(shownAt(w, card).text).toBe(before);
  });

  it("a card Telegram refuses to edit stays as it was; the change is done once and said", async () => {
    const w = await startWorld();
    const card = await openCard(w, /Кроссовки и ботинки/);
    const before = shownAt(w, card).text;
    await tap(w, MANAGER, "💰 Бюджет");
    await say(w, MANAGER, "2200");
    // The first edit after the confirmation is the card's: Telegram refuses it.
    w.fake.failNext("editMessageText", {
      error_code: 400,
      description: "Bad Request: message can't be edited",
    });
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toContain(`теперь 2${NBSP}200${NBSP}₽`);
    expect(shownAt(w, card).text).toBe(before);
    expect(progressEdits(w, MANAGER.id, card).filter((c) => !c.response?.ok)).toHaveLength(1);
    expect(changes(w)).toEqual(["PATCH 200"]);
    expect(campaignOf(w, RUNNING).dailyBudget).toBe("2200000000");
  });
});
