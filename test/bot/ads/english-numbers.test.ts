/**
 * English screens of the ads module write English numbers (issue 27): every screen a manager who
 * speaks English sees in /budget, /campaigns (list, card, bids, the bid dialog) and the texts the
 * digest, a report's summary and its refusals are made of, with four-digit amounts, and none may
 * hold a Russian-formatted number: a space (or a no-break or narrow no-break space) grouping
 * thousands, a decimal comma, or "₽" after the amount.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  bidText,
  campaignBudgetText,
  campaignCardText,
  campaignPeriodText,
} from "../../../src/bot/ads/campaigns/format.ts";
import { digestTexts } from "../../../src/bot/ads/digest/notifier.ts";
import {
  budgetText,
  campaignButton,
  reportAbout,
  reportProblemText,
} from "../../../src/bot/ads/format.ts";
import { createI18n, translatorFor } from "../../../src/bot/core/i18n.ts";
import { formatReportSummary } from "../../../src/services/ads/reports/summary-text.ts";
import { captureLogger } from "../harness.ts";
import {
  closeWorlds,
  labels,
  MANAGER_EN,
  say,
  screenText,
  slash,
  startWorld,
  tap,
  type World,
} from "./world.ts";

afterEach(closeWorlds);

/** "1 500", "1\u00A0500", "1\u202F500", "1500,50", "12,3", "1 500 ₽". */
const RUSSIAN_NUMBER = /\d[ \u00A0\u202F]\d{3}(?!\d)|\d,\d{1,2}(?!\d)|\d[ \u00A0\u202F]?₽/u;

const { logger } = captureLogger();
const t = translatorFor(createI18n({ defaultLocale: "ru", logger }), "en");

function expectEnglish(texts: readonly string[]): void {
  const russian = texts.filter((text) => RUSSIAN_NUMBER.test(text));
  expect(russian).toEqual([]);
}

describe("the check itself", () => {
  it("catches each Russian habit and lets English ones pass", () => {
    for (const bad of [
      "1 500",
      "1\u00A0500 RUB",
      "RUB 1\u202F500",
      "1500,50",
      "0,5",
      "1 500 ₽",
      "12₽",
    ]) {
      expect(RUSSIAN_NUMBER.test(bad), bad).toBe(true);
    }
    for (const good of [
      "RUB\u00A01,500.50",
      "RUB 12,345,678",
      "5 Dec 2026 – 31 Dec 2026",
      "SKU 1234",
      "09:00",
    ]) {
      expect(RUSSIAN_NUMBER.test(good), good).toBe(false);
    }
  });
});

describe("English texts of the ads module, four-digit amounts", () => {
  const M = 1_234_567_890n; // RUB 1,234.57 (millionths of a rouble)
  const card = {
    id: "9007199254740993",
    title: "Sneakers",
    stateKey: "running" as const,
    kind: "weekly" as const,
    budget: "4900000000",
    fromDate: "2026-12-05",
    toDate: "2026-12-31",
  };

  it("money, budgets, bids, periods and the card", () => {
    const texts = [
      budgetText(t, M),
      budgetText(t, "1500000000"),
      campaignButton(t, {
        id: "1",
        title: "A",
        stateKey: "running",
        budget: "1500500000",
        kind: "daily",
      }),
      campaignBudgetText(t, card),
      campaignPeriodText(t, card.fromDate, card.toDate),
      campaignButton(t, card),
      campaignCardText(t, card, "2345670000"),
      bidText(t, "1234500000"),
      reportAbout(t, {
        kind: "campaigns",
        campaigns: [{ id: "1", title: "A" }],
        period: { from: "2026-10-01", to: "2026-10-15" },
      }),
      reportProblemText(t, {
        ok: false,
        reason: "too_long",
        days: 1200,
        maxDays: 62,
        earliestFrom: "2026-09-01",
      }),
    ];
    expectEnglish(texts);
    expect(texts.join("\n")).toContain("RUB\u00A01,234.57");
    expect(campaignCardText(t, card, "2345670000")).toContain("RUB\u00A02,345.67");
    // The year shows only when the (fixed) dates are not in the current one.
    expect(campaignCardText(t, card, "2345670000")).toMatch(/5 Dec( 2026)? – 31 Dec( 2026)?/);
  });

  it("the digest", () => {
    const texts = digestTexts(t, {
      period: { from: "2026-11-26", to: "2026-11-26" },
      stores: [
        {
          shopId: "a",
          name: "North",
          sales: { orderedUnits: 1234, revenueKopecks: 123_456_789 },
          ads: { spendKopecks: 234_567, orders: 1234, revenueKopecks: 9_876_543, campaigns: 3 },
        },
        {
          shopId: "b",
          name: "South",
          sales: { orderedUnits: 1, revenueKopecks: 100_050 },
          ads: undefined,
        },
      ],
    });
    expectEnglish(texts);
    const all = texts.join("\n");
    expect(all).toContain("RUB\u00A01,234,567.89");
    expect(all).toContain("1,234 pcs");
    expect(all).toContain("1 pc ");
    expect(all).toMatch(/26 Nov( 2026)?\n/);
  });

  it("a report's summary", () => {
    const text = formatReportSummary(
      {
        files: [],
        totals: {
          impressions: 1_234_567,
          clicks: 12_345,
          ctrBasisPoints: 100,
          spendKopecks: 123_456,
          orders: 1234,
          revenueKopecks: 98_765_432,
        },
      },
      "en",
    );
    expectEnglish([text]);
    expect(text).toContain("1,234,567");
  });
});

describe("English screens through the bot", () => {
  /** Every text shown in the chat: sent or edited messages, and button labels. */
  function shownTo(w: World, chatId: number): string[] {
    return w.fake.calls
      .filter(
        (c) =>
          (c.method === "sendMessage" || c.method === "editMessageText") &&
          Number(c.payload.chat_id) === chatId &&
          c.response?.ok,
      )
      .flatMap((c) => [String(c.payload.text ?? ""), JSON.stringify(c.payload.reply_markup ?? {})]);
  }

  it("/budget and /campaigns with a bid, four-digit amounts, all in English numbers", async () => {
    const w: World = await startWorld({ env: { BID_MIN_ROUBLES: "1", BID_MAX_ROUBLES: "5000" } });
    await slash(w, MANAGER_EN, "budget");
    expect(labels(w, MANAGER_EN.id).join("\n")).toContain("RUB\u00A01,500");
    await say(w, MANAGER_EN, "кросс");
    await tap(w, MANAGER_EN, "Кроссовки");
    expect(screenText(w, MANAGER_EN.id)).toContain("RUB\u00A01,500");
    await say(w, MANAGER_EN, "20,000,000"); // several comma groups: twenty million, too much
    expect(screenText(w, MANAGER_EN.id)).toContain("RUB\u00A010,000,000");
    await say(w, MANAGER_EN, "2,345.67");
    expect(screenText(w, MANAGER_EN.id)).toContain("RUB\u00A01,500 → RUB\u00A02,345.67");
    await tap(w, MANAGER_EN, "✅ Change");
    expect(screenText(w, MANAGER_EN.id)).toContain("RUB\u00A02,345.67");

    await slash(w, MANAGER_EN, "campaigns");
    expect(labels(w, MANAGER_EN.id).join("\n")).toMatch(/yesterday RUB\u00A0[\d,]+(\.\d\d)?/);
    await tap(w, MANAGER_EN, /Кроссовки и ботинки/);
    expect(screenText(w, MANAGER_EN.id)).toContain("RUB\u00A02,345.67");
    expect(screenText(w, MANAGER_EN.id)).toContain("Status: ▶️ running"); // one word, as /status
    await tap(w, MANAGER_EN, "🎯 Bids");
    await tap(w, MANAGER_EN, / · SKU \d+ · /); // the first product
    expect(screenText(w, MANAGER_EN.id)).toContain("(from RUB\u00A01 to RUB\u00A05,000)");
    await say(w, MANAGER_EN, "1 234,50"); // the Russian habit is read too
    expect(screenText(w, MANAGER_EN.id)).toContain("→ RUB\u00A01,234.50");
    await tap(w, MANAGER_EN, "✅ Change");
    expect(screenText(w, MANAGER_EN.id)).toContain("is now RUB\u00A01,234.50");

    const texts = shownTo(w, MANAGER_EN.id);
    expect(texts.length).toBeGreaterThan(8);
    expectEnglish(texts);
  });
});
