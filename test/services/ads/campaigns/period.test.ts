import { describe, expect, it } from "vitest";
import { bidRefusal, toggleOf } from "../../../../src/services/ads/campaigns/desk.ts";
import { parseCampaignPeriod } from "../../../../src/services/ads/campaigns/period.ts";
import type { BudgetCampaign } from "../../../../src/services/ads/index.ts";

// 21:30 UTC on the 24th is already 00:30 on the 25th in Moscow.
const clock = { now: Date.parse("2026-11-24T21:30:00Z"), zone: "Europe/Moscow" };

describe("a campaign period as typed", () => {
  it("takes a range, or one end date keeping the start (today when there was none)", () => {
    expect(parseCampaignPeriod("01.12.2026-31.12.2026", clock, "2026-10-01")).toEqual({
      ok: true,
      fromDate: "2026-12-01",
      toDate: "2026-12-31",
    });
    expect(parseCampaignPeriod("31.12.2026", clock, "2026-10-01")).toEqual({
      ok: true,
      fromDate: "2026-10-01",
      toDate: "2026-12-31",
    });
    expect(parseCampaignPeriod("1.1.2027", clock, undefined)).toEqual({
      ok: true,
      fromDate: "2026-11-25",
      toDate: "2027-01-01",
    });
  });

  it("refuses an end before today (in TIMEZONE), a reversed range, bad dates and other text", () => {
    expect(parseCampaignPeriod("24.11.2026", clock, undefined)).toEqual({
      ok: false,
      reason: "past",
    });
    expect(parseCampaignPeriod("25.11.2026", clock, undefined).ok).toBe(true);
    expect(parseCampaignPeriod("31.12.2026-01.12.2026", clock, undefined)).toEqual({
      ok: false,
      reason: "order",
    });
    expect(parseCampaignPeriod("31.02.2027", clock, undefined)).toEqual({
      ok: false,
      reason: "invalid_date",
    });
    expect(parseCampaignPeriod("завтра", clock, undefined)).toEqual({
      ok: false,
      reason: "format",
    });
  });
});

const campaign = (over: Partial<BudgetCampaign>): BudgetCampaign => ({
  id: "1",
  title: "t",
  state: "CAMPAIGN_STATE_RUNNING",
  stateKey: "running",
  kind: "daily",
  budget: 0n,
  dailyBudget: 0n,
  weeklyBudget: 0n,
  advObjectType: "SKU",
  paymentType: "CPC",
  ...over,
});

describe("what a card offers", () => {
  it("pauses running, planned and stopped campaigns, resumes inactive ones, else neither", () => {
    expect(toggleOf(campaign({ stateKey: "running" }))).toBe("pause");
    expect(toggleOf(campaign({ stateKey: "planned" }))).toBe("pause");
    expect(toggleOf(campaign({ stateKey: "stopped" }))).toBe("pause");
    expect(toggleOf(campaign({ stateKey: "inactive" }))).toBe("resume");
    expect(toggleOf(campaign({ stateKey: "archived" }))).toBeUndefined();
    expect(toggleOf(campaign({ stateKey: "moderation" }))).toBeUndefined();
  });

  it("takes bids by hand only for manual pay-per-click product campaigns", () => {
    expect(bidRefusal(campaign({}))).toBeUndefined();
    expect(bidRefusal(campaign({ strategy: "NO_AUTO_STRATEGY" }))).toBeUndefined();
    expect(bidRefusal(campaign({ strategy: "TARGET_BIDS" }))).toBeUndefined();
    expect(bidRefusal(campaign({ strategy: "MAX_CLICKS" }))).toBe("auto_strategy");
    expect(bidRefusal(campaign({ advObjectType: "BANNER", paymentType: "CPM" }))).toBe(
      "not_products",
    );
    expect(bidRefusal(campaign({ advObjectType: "SEARCH_PROMO", paymentType: "CPO" }))).toBe(
      "pay_per_order",
    );
  });
});
