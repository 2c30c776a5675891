/**
 * What a manager reads about a report, in their language: an Ozon ERROR without a text, and the
 * summary under the file, come from the locale files, never from English strings in the code.
 */
import type { User } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { driveUntil } from "../../services/ads/support.ts";
import { buttonsOf, captureLogger } from "../harness.ts";
import {
  closeWorlds,
  jobsOf,
  MANAGER,
  MANAGER_EN,
  progressEdits,
  progressTexts,
  screen,
  slash,
  startWorld,
  tap,
  type World,
} from "./world.ts";

afterEach(closeWorlds);

const { logger } = captureLogger();
const i18n = createI18n({ defaultLocale: "ru", logger });

async function orderOne(
  w: World,
  user: User,
  labels: { period: string; group: string; order: string },
) {
  await slash(w, user, "report");
  await tap(w, user, "Кроссовки");
  await tap(w, user, labels.period);
  await tap(w, user, labels.group);
  await tap(w, user, labels.order);
  return Number(screen(w, user.id).payload.message_id);
}

const RU = {
  period: "Последние 7 дней",
  group: "По дням",
  order: "Сформировать",
};
const EN = {
  period: "Last 7 days",
  group: "By day",
  order: "Create",
};

describe("report texts come from the locales", () => {
  it("an Ozon ERROR without any text is told in the person's language", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    w.sandbox.control.failNextReport("next", " ");
    const progress = await orderOne(w, MANAGER, RU);
    await driveUntil(
      async () => (await jobsOf(w))[0]?.failureNotified === true,
      () => w.module.runner.runOnce(),
    );
    const last = progressTexts(w, MANAGER.id, progress).at(-1) ?? "";
    expect(last).toContain("❌ Ozon не смог подготовить отчёт");
    expect(last).not.toMatch(/[A-Za-z]{4,} (could|report)|: \n|:\s*$/m);
  });

  it("the Retry under a failed report speaks the person's language (ru and en)", async () => {
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    const orders = [
      { user: MANAGER, labels: RU, retry: "🔁 Повторить" },
      { user: MANAGER_EN, labels: EN, retry: "🔁 Retry" },
    ];
    for (const [index, { user, labels, retry }] of orders.entries()) {
      w.sandbox.control.failNextReport("next", "limit");
      const progress = await orderOne(w, user, labels);
      await driveUntil(
        async () => (await jobsOf(w))[index]?.failureNotified === true,
        () => w.module.runner.runOnce(),
      );
      const failure = progressEdits(w, user.id, progress).at(-1);
      if (!failure) throw new Error("no failure message");
      expect(buttonsOf(failure).map((b) => b.text)).toEqual([retry]);
    }
  });

  it("the summary under the file uses the locale's words (ru and en)", async () => {
    for (const locale of ["ru", "en"] as const) {
      const t = translatorFor(i18n, locale);
      for (const key of ["impressions", "clicks", "ctr", "spend", "orders", "revenue", "nothing"]) {
        expect(t(`ads-summary-${key}`)).not.toContain("ads-summary");
      }
    }
    const w = await startWorld({ module: { runLoop: false } });
    await w.start();
    await orderOne(w, MANAGER_EN, EN);
    await driveUntil(
      async () => (await jobsOf(w))[0]?.state === "delivered",
      () => w.module.runner.runOnce(),
    );
    const caption = String(w.fake.callsTo("sendDocument").at(-1)?.payload.caption);
    const en = translatorFor(i18n, "en");
    expect(caption).toContain(`${en("ads-summary-impressions")}: `);
    expect(caption).toContain(`${en("ads-summary-spend")}: `);
    // Campaign names quoted the English way, as on the English campaign card.
    expect(caption).toMatch(/ · "Кроссовки[^"]*" · /);
    expect(caption).not.toContain("«");
    // English numbers: "Spend: RUB 37,085.85", "CTR: 2.22%", as the English posting cards.
    expect(caption).toMatch(/^Spend: RUB\u00A0[\d,]+\.\d\d$/m);
    expect(caption).toMatch(/^CTR: \d+\.\d\d%$/m);
    expect(caption).not.toContain("₽");
  });
});
