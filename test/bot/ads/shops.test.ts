/**
 * Advertising with two shops: the multi-store sandbox over HTTP (each store its own campaigns and
 * keys), one Performance client and one report runner per shop, the fake Bot API.
 */
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { presetPeriod, type ReportJob } from "../../../src/services/ads/index.ts";
import { driveUntil } from "../../services/ads/support.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf } from "../harness.ts";
import {
  closeWorlds,
  limitManager,
  MANAGER,
  MANAGER_EN,
  progressTexts,
  say,
  screen,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "./world.ts";

afterEach(closeWorlds);

const SOUTH = "sandbox-client-2";
const NORTH = "sandbox-client";
const SHOES = "Кроссовки и ботинки — поиск";

const storeOf = (w: World, shopId: string) =>
  w.sandbox.stores.find((s) => s.credentials.sellerClientId === shopId) ??
  (() => {
    throw new Error(`no sandbox store ${shopId}`);
  })();

function shoesOf(w: World, shopId: string) {
  const found = storeOf(w, shopId)
    .control.campaigns()
    .find((c) => c.title === SHOES);
  if (!found) throw new Error("no shoes campaign");
  return found;
}

const jobsOf = async (w: World, shopId: string): Promise<ReportJob[]> =>
  (await w.module.accountOf(shopId)?.jobs.repository.all()) ?? [];

const documentsTo = (w: World, chatId: number) =>
  w.fake
    .callsTo("sendDocument")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);

/** /report for the shoes campaign of `shop` (chosen when asked), ordered; the progress message. */
async function orderShoes(w: World, user: User, shop?: string): Promise<RecordedCall> {
  await slash(w, user, "report");
  if (shop) await tap(w, user, shop);
  await tap(w, user, "Кроссовки");
  await tap(w, user, "Последние 7 дней");
  await tap(w, user, "По дням");
  await tap(w, user, "Сформировать");
  const progress = screen(w, user.id);
  expect(String(progress.payload.text)).toContain("Отчёт формируется");
  return progress;
}

describe("advertising with two shops", () => {
  it("asks which store when the manager reaches both, and not when their role reaches one", async () => {
    const w = await startWorld({ stores: 2 });
    await slash(w, MANAGER, "budget");
    expect(screenText(w, MANAGER.id)).toContain("Какой магазин?");
    expect(buttonsOf(screen(w, MANAGER.id)).map((b) => b.text)).toEqual([
      "Северный",
      "Южный",
      "Закрыть",
    ]);

    await limitManager(w, MANAGER_EN.id, [SOUTH]);
    await w.restart({ start: false }); // a new process reads the limited role
    await slash(w, MANAGER_EN, "report");
    const list = screenText(w, MANAGER_EN.id);
    expect(list).not.toContain("Which store?");
    expect(list.split("\n")[0]).toBe("🏬 Южный");
  });

  it("a budget change on Южный reaches Южный's sandbox store only", async () => {
    const w = await startWorld({ stores: 2 });
    await slash(w, MANAGER, "budget");
    await tap(w, MANAGER, "Южный");
    expect(screenText(w, MANAGER.id).split("\n")[0]).toBe("🏬 Южный");
    await say(w, MANAGER, "кросс");
    await tap(w, MANAGER, "Кроссовки");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\nКампания «Кроссовки/);
    await say(w, MANAGER, "2345");
    await tap(w, MANAGER, "Изменить");
    expect(screenText(w, MANAGER.id)).toMatch(/^🏬 Южный\nГотово/);

    expect(String(shoesOf(w, SOUTH).dailyBudget)).toBe("2345000000");
    expect(String(shoesOf(w, NORTH).dailyBudget)).toBe("1500000000");
    const changes = w.sandbox.requests.filter((r) => /^(PUT|PATCH)$/.test(r.method));
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((r) => r.store === SOUTH)).toBe(true);
  });

  it("reports of both shops arrive, each named by its shop in the file name and the message", async () => {
    const w = await startWorld({ stores: 2, module: { runLoop: false } });
    await w.start();
    await orderShoes(w, MANAGER, "Северный");
    await orderShoes(w, MANAGER, "Южный");
    const runners = [NORTH, SOUTH].map((id) => w.module.accountOf(id)?.runner);
    await driveUntil(
      () => documentsTo(w, MANAGER.id).length >= 2,
      () => Promise.all(runners.map((runner) => runner?.runOnce())),
      { what: "two reports" },
    );
    const documents = documentsTo(w, MANAGER.id);
    const period = presetPeriod("last_7_days", { now: Date.now(), zone: "Europe/Moscow" });
    const byName = documents.map((d) => ({
      file: d.files[0]?.fileName,
      caption: String(d.payload.caption),
    }));
    expect(byName).toEqual(
      expect.arrayContaining([
        {
          file: `ozon-ads_Северный_${shoesOf(w, NORTH).id}_${period.from}_${period.to}.csv`,
          caption: expect.stringMatching(/^🏬 Северный\n📊 Статистика кампаний/),
        },
        {
          file: `ozon-ads_Южный_${shoesOf(w, SOUTH).id}_${period.from}_${period.to}.csv`,
          caption: expect.stringMatching(/^🏬 Южный\n📊 Статистика кампаний/),
        },
      ]),
    );
    // Each shop's report went to its own store at Ozon, from its own queue.
    const submits = w.sandbox.requests.filter(
      (r) => r.method === "POST" && r.path === "/api/client/statistics",
    );
    expect(submits.map((r) => r.store).sort()).toEqual([NORTH, SOUTH]);
    expect((await jobsOf(w, NORTH)).map((j) => j.shop)).toEqual([NORTH]);
    expect((await jobsOf(w, SOUTH)).map((j) => j.shop)).toEqual([SOUTH]);
  });

  it("one account's slow Ozon does not delay the other's report", async () => {
    const w = await startWorld({ stores: 2 });
    await w.start();
    // Every report request of Северный hangs for 4 s at Ozon.
    w.sandbox.control.setFault("POST /api/client/statistics", {
      latencyMs: 4_000,
      store: storeOf(w, NORTH).credentials.performanceClientId,
    });
    await orderShoes(w, MANAGER, "Северный");
    const started = Date.now();
    await orderShoes(w, MANAGER, "Южный");
    const [document] = await waitFor(
      () => documentsTo(w, MANAGER.id).length >= 1 && documentsTo(w, MANAGER.id),
      {
        timeoutMs: 3_500,
        message: "Южный's report while Северный's Ozon hangs",
      },
    );
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(document?.files[0]?.fileName).toContain("Южный");
    expect((await jobsOf(w, NORTH))[0]?.state).toBe("queued");
  });

  it("a shop removed while its report waits: the job is cancelled and the person told", async () => {
    const w = await startWorld({ stores: 2, addedInBot: true, module: { runLoop: false } });
    await w.start();
    const progress = await orderShoes(w, MANAGER, "Южный");
    expect((await jobsOf(w, SOUTH))[0]?.state).toBe("queued");
    const account = w.module.accountOf(SOUTH);

    await w.shops.remove(SOUTH);
    await w.module.settled();
    const last = progressTexts(w, MANAGER.id, Number(progress.payload.message_id)).at(-1) ?? "";
    expect(last).toContain("Отчёт отменён: магазин «Южный» отключён");
    expect(buttonsOf(screen(w, MANAGER.id))).toEqual([]); // no Retry for a shop that is gone
    const [job] = (await account?.jobs.repository.all()) ?? [];
    expect(job).toMatchObject({ state: "failed", failure: { code: "shop_removed" } });
    expect(w.module.accountOf(SOUTH)).toBeUndefined();
    expect(w.sandbox.requests.filter((r) => r.path === "/api/client/statistics")).toEqual([]);
  });

  it("a paused shop's report waits while the other shop's is delivered, and goes out on resume", async () => {
    const w = await startWorld({ stores: 2 });
    await w.start();
    await w.shops.setPaused(SOUTH, true);
    const waiting = await w.module.accountOf(SOUTH)?.jobs.enqueue({
      requestedBy: { chatId: MANAGER.id, userId: MANAGER.id, locale: "ru" },
      campaigns: [{ id: String(shoesOf(w, SOUTH).id), title: SHOES }],
      period: presetPeriod("last_7_days", { now: Date.now(), zone: "Europe/Moscow" }),
      kind: "campaigns",
    });
    await orderShoes(w, MANAGER, "Северный");
    await waitFor(() => documentsTo(w, MANAGER.id).length === 1, {
      timeoutMs: 10_000,
      message: "Северный's report",
    });
    expect((await jobsOf(w, SOUTH)).map((j) => j.state)).toEqual(["queued"]);
    expect(w.sandbox.requests.filter((r) => r.store === SOUTH)).toEqual([]);

    await w.shops.setPaused(SOUTH, false);
    await waitFor(() => documentsTo(w, MANAGER.id).length === 2, {
      timeoutMs: 10_000,
      message: "Южный's report after the resume",
    });
    expect(documentsTo(w, MANAGER.id)[1]?.files[0]?.fileName).toContain("Южный");
    expect((await w.module.accountOf(SOUTH)?.jobs.get(waiting?.id ?? ""))?.shop).toBe(SOUTH);
  });

  it("a shop removed or paused while a dialog is open ends the dialog at its next step", async () => {
    const w = await startWorld({ stores: 3, addedInBot: true });
    await slash(w, MANAGER, "budget");
    await tap(w, MANAGER, "Южный");
    await w.shops.remove(SOUTH);
    await tap(w, MANAGER, "Кроссовки");
    expect(screenText(w, MANAGER.id)).toBe(
      "Магазин «Южный» отключён, пока шёл диалог. Диалог закрыт, ничего не изменено.",
    );

    await slash(w, MANAGER, "report");
    expect(buttonsOf(screen(w, MANAGER.id)).map((b) => b.text)).toEqual([
      "Северный",
      "Восточный",
      "Закрыть",
    ]);
    await tap(w, MANAGER, "Восточный");
    await tap(w, MANAGER, "Кроссовки"); // straight on to the period
    await w.shops.setPaused("sandbox-client-3", true);
    await tap(w, MANAGER, "Последние 7 дней");
    expect(screenText(w, MANAGER.id)).toContain("Магазин «Восточный» на паузе");
    expect(w.sandbox.requests.filter((r) => r.store !== NORTH && r.method === "PUT")).toEqual([]);
  });
});
