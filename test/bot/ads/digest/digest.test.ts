/**
 * The managers' daily digest end to end: turned on and timed in /schedule over the fake Bot API,
 * sent by the digest scheduler on a manual clock, with each store's numbers read from the
 * sandbox over HTTP (Seller `/v1/analytics/data`, Performance daily statistics) — and equal to
 * the sandbox's own.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatRoubles } from "../../../../src/services/ads/index.ts";
import { ManualClock } from "../../../support/manual-clock.ts";
import {
  closeWorlds,
  limitManager,
  MANAGER,
  MANAGER_EN,
  say,
  screen,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "../world.ts";

afterEach(closeWorlds);

const HOUR = 60 * 60 * 1000;
/** 08:00 in Moscow on Monday 15 June 2026. */
const MORNING = Date.parse("2026-06-15T05:00:00Z");
const YESTERDAY = "2026-06-14";

const rub = (roubles: number) => formatRoubles(BigInt(Math.round(roubles * 100)) * 10_000n);

const digestsTo = (w: World, chatId: number) =>
  w.fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok)
    .map((c) => String(c.payload.text))
    .filter((text) => text.startsWith("🗞 Сводка за"));

/** The notices that a digest was given up, accepted by Telegram. */
const noticesTo = (w: World, chatId: number) =>
  w.fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok)
    .map((c) => String(c.payload.text))
    .filter((text) => text.startsWith("⚠️"));

/** The lines the sandbox's numbers make for one store. */
function expectedLines(w: World, index: number): string[] {
  const store = w.sandbox.stores[index];
  if (!store) throw new Error("no such sandbox store");
  const sales = store.control.salesTotals(YESTERDAY, YESTERDAY);
  const ads = store.control.adTotals(YESTERDAY, YESTERDAY);
  const units = new Intl.NumberFormat("ru").format(sales.orderedUnits);
  const orders = new Intl.NumberFormat("ru").format(ads.orders);
  return [
    `🛒 Заказано: ${units} шт. на ${rub(sales.revenue)}`,
    `📣 Реклама: расход ${rub(ads.spend)}; заказы с рекламы: ${orders} на ${rub(ads.revenue)}`,
  ];
}

describe("daily digest", () => {
  it("turned on at a chosen time in /schedule; comes once at that time with each store's numbers", async () => {
    const clock = new ManualClock(MORNING);
    const w = await startWorld({
      stores: 2,
      seller: true,
      schedules: { now: clock.now, runLoop: false },
    });
    await w.start();
    await slash(w, MANAGER, "schedule");
    expect(JSON.stringify(screen(w, MANAGER.id).payload.reply_markup)).toContain(
      "🗞 Сводка в 09:00 — выкл.",
    );
    await tap(w, MANAGER, "🕘 Время сводки");
    expect(screenText(w, MANAGER.id)).toContain("Сейчас: выключена.");
    await tap(w, MANAGER, "Изменить время");
    await say(w, MANAGER, "25:00");
    await say(w, MANAGER, "9:30");
    expect(screenText(w, MANAGER.id)).toContain("✅ Сводка будет приходить каждый день в 09:30.");
    await tap(w, MANAGER, "Назад");
    expect(JSON.stringify(w.fake.calls.at(-1)?.payload.reply_markup)).toContain(
      "🗞 Сводка в 09:30 — вкл.",
    );

    expect(await w.schedules.digests.runOnce()).toBe(0);
    await clock.advance(HOUR + 29 * 60_000);
    expect(await w.schedules.digests.runOnce()).toBe(0);
    await clock.advance(60_000);
    expect(await w.schedules.digests.runOnce()).toBe(1);
    expect(await w.schedules.digests.runOnce()).toBe(0);

    const [digest] = digestsTo(w, MANAGER.id);
    expect(digest).toBeDefined();
    const text = String(digest);
    expect(text.split("\n")[0]).toMatch(/^🗞 Сводка за 14 июн\.( 2026)?$/);
    for (const [index, store] of w.sandbox.stores.entries()) {
      expect(text).toContain(`🏬 ${store.name}\n${expectedLines(w, index).join("\n")}`);
    }
    // The numbers are real: both Ozon APIs were asked, for yesterday.
    const asked = w.sandbox.requests.map((r) => `${r.method} ${r.path}`);
    expect(asked.filter((r) => r === "POST /v1/analytics/data")).toHaveLength(2);
    expect(asked.filter((r) => r === "GET /api/client/statistics/daily/json")).toHaveLength(2);
    // And yesterday's net and balance (issue 42): one balance read per store.
    expect(asked.filter((r) => r === "POST /v1/finance/balance")).toHaveLength(2);
    expect(text).toContain("💰 Итого: ");
    expect(text).toContain("🏦 Баланс на конец дня: ");

    // Not again after a restart the same day; the next day once more.
    await w.restart();
    expect(await w.schedules.digests.runOnce()).toBe(0);
    await clock.advance(24 * HOUR);
    expect(await w.schedules.digests.runOnce()).toBe(1);
    expect(digestsTo(w, MANAGER.id)).toHaveLength(2);
  });

  it("names only the stores the manager's role reaches; turned off, nothing comes", async () => {
    const clock = new ManualClock(MORNING);
    const w = await startWorld({
      stores: 2,
      seller: true,
      schedules: { now: clock.now, runLoop: false },
    });
    await w.start();
    const [first, second] = w.shops.all();
    if (!first || !second) throw new Error("two shops expected");
    await limitManager(w, MANAGER.id, [second.id]);
    await slash(w, MANAGER, "schedule");
    // No schedules, one store reached: /schedule opens on that store's campaigns, the digest's
    // row under them.
    await tap(w, MANAGER, "🗞 Сводка в 09:00 — выкл."); // one tap turns it on
    expect(screenText(w, MANAGER.id)).toMatch(
      new RegExp(`^🏬 ${second.name}\n✅ Сводка будет приходить каждый день в 09:00.\n\n🗓`),
    );
    await clock.advance(2 * HOUR);
    expect(await w.schedules.digests.runOnce()).toBe(1);
    const [digest] = digestsTo(w, MANAGER.id);
    expect(digest).toContain(expectedLines(w, 1).join("\n"));
    expect(digest).not.toContain(first.name);

    await slash(w, MANAGER, "schedule");
    await tap(w, MANAGER, "🗞 Сводка в 09:00 — вкл."); // and one tap off
    expect(screenText(w, MANAGER.id)).toMatch(
      new RegExp(`^🏬 ${second.name}\n🔕 Сводка выключена.\n\n🗓`),
    );
    await clock.advance(24 * HOUR);
    expect(await w.schedules.digests.runOnce()).toBe(0);
    expect(digestsTo(w, MANAGER.id)).toHaveLength(1);
  });

  /** MANAGER's digest turned on for 09:00 (Moscow); the clock at 10:00, the day's slot due. */
  async function dueDigest(clock: ManualClock): Promise<World> {
    const w = await startWorld({ seller: true, schedules: { now: clock.now, runLoop: false } });
    await w.start();
    await slash(w, MANAGER, "schedule");
    await tap(w, MANAGER, "🗞 Сводка в 09:00 — выкл.");
    await clock.advance(2 * HOUR);
    return w;
  }

  it("a manager who lost the role gets no digest, not even an empty one, and theirs is turned off", async () => {
    const clock = new ManualClock(MORNING);
    const w = await dueDigest(clock);
    await w.access.revoke(MANAGER.id, "manager");
    const asked = w.sandbox.requests.length;
    expect(await w.schedules.digests.runOnce()).toBe(0);
    await clock.advance(24 * HOUR);
    expect(await w.schedules.digests.runOnce()).toBe(0);
    expect(digestsTo(w, MANAGER.id)).toEqual([]);
    expect(w.sandbox.requests.length).toBe(asked); // no store was read for them
    expect(await w.schedules.digestSettings.get(MANAGER.id)).toMatchObject({ enabled: false });
  });

  it("a send Telegram fails (500) is tried again later and arrives once, across a restart", async () => {
    const clock = new ManualClock(MORNING);
    const w = await dueDigest(clock);
    w.fake.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" });
    expect(await w.schedules.digests.runOnce()).toBe(0);
    expect(digestsTo(w, MANAGER.id)).toHaveLength(0);
    // Not before its pause; a new bot on the same store picks the claim up.
    expect(await w.schedules.digests.runOnce()).toBe(0);
    await w.restart();
    await clock.advance(4 * 60_000);
    expect(await w.schedules.digests.runOnce()).toBe(0);
    await clock.advance(60_000);
    expect(await w.schedules.digests.runOnce()).toBe(1);
    expect(digestsTo(w, MANAGER.id)).toHaveLength(1);
    await clock.advance(2 * HOUR);
    expect(await w.schedules.digests.runOnce()).toBe(0);
    expect(digestsTo(w, MANAGER.id)).toHaveLength(1);
  });

  it("keeps failing: four tries within about an hour, then given up and the manager told once why", async () => {
    const clock = new ManualClock(MORNING);
    const w = await dueDigest(clock);
    // Every try of the digest fails; the notice after the last one is accepted.
    w.fake.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" }, 4);
    const attempts = () =>
      w.fake
        .callsTo("sendMessage")
        .filter((c) => Number(c.payload.chat_id) === MANAGER.id && !c.response?.ok).length;
    for (let minute = 0; minute <= 3 * 60; minute += 5) {
      expect(await w.schedules.digests.runOnce()).toBe(0);
      await clock.advance(5 * 60_000);
    }
    expect(attempts()).toBe(4);
    expect(digestsTo(w, MANAGER.id)).toHaveLength(0);
    expect(noticesTo(w, MANAGER.id)).toEqual([
      "⚠️ Сводка за 14 июн. не пришла: Telegram не принимал сообщение (502: Bad Gateway). " +
        "Я пробовал около часа и больше не пытаюсь. Следующая придёт как обычно, в 09:00.",
    ]);
    // A new process on the same store does not tell it again.
    await w.restart();
    for (let i = 0; i < 6; i++) {
      expect(await w.schedules.digests.runOnce()).toBe(0);
      await clock.advance(10 * 60_000);
    }
    expect(noticesTo(w, MANAGER.id)).toHaveLength(1);
  });

  it("given up in English: the notice is in the manager's language", async () => {
    const clock = new ManualClock(MORNING);
    const w = await startWorld({ seller: true, schedules: { now: clock.now, runLoop: false } });
    await w.start();
    await slash(w, MANAGER_EN, "schedule");
    await tap(w, MANAGER_EN, "🗞 Digest at 09:00 — off");
    await clock.advance(2 * HOUR);
    w.fake.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" }, 4);
    for (let minute = 0; minute <= 2 * 60; minute += 5) {
      await w.schedules.digests.runOnce();
      await clock.advance(5 * 60_000);
    }
    expect(noticesTo(w, MANAGER_EN.id)).toEqual([
      "⚠️ The digest for 14 Jun did not come: Telegram did not accept the message " +
        "(500: Internal Server Error). I tried for about an hour and gave up. " +
        "The next one comes as usual, at 09:00.",
    ]);
  });

  it("a person who blocked the bot (403) is not tried again", async () => {
    const clock = new ManualClock(MORNING);
    const w = await dueDigest(clock);
    w.fake.failNext("sendMessage", {
      error_code: 403,
      description: "Forbidden: bot was blocked by the user",
    });
    const tries = () =>
      w.fake.callsTo("sendMessage").filter((c) => Number(c.payload.chat_id) === MANAGER.id).length;
    expect(await w.schedules.digests.runOnce()).toBe(0);
    const after = tries();
    for (let i = 0; i < 12; i++) {
      await clock.advance(10 * 60_000);
      expect(await w.schedules.digests.runOnce()).toBe(0);
    }
    expect(tries()).toBe(after);
    expect(digestsTo(w, MANAGER.id)).toHaveLength(0);
  });
});
