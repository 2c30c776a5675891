/** The budget service against the sandbox over HTTP with the real Performance client. */
import { afterEach, describe, expect, it } from "vitest";
import { createPerformanceClient } from "../../../../src/ozon/performance/client.ts";
import { type SandboxOptions, startSandbox } from "../../../../src/sandbox/index.ts";
import {
  BudgetService,
  campaignStateKey,
  isBudgetError,
} from "../../../../src/services/ads/campaigns/budget.ts";
import { formatRoubles } from "../../../../src/services/ads/campaigns/budget-input.ts";
import { ManualClock } from "../../../support/manual-clock.ts";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

async function setup(options: SandboxOptions = {}, now?: () => number) {
  const sandbox = await startSandbox(options);
  open.push(sandbox);
  const client = createPerformanceClient({
    baseUrl: sandbox.performanceUrl,
    clientId: sandbox.credentials.performanceClientId,
    clientSecret: sandbox.credentials.performanceClientSecret,
  });
  open.push(client);
  const service = new BudgetService({ campaigns: client.campaigns, now });
  const running = sandbox.control.campaigns().find((c) => c.state === "CAMPAIGN_STATE_RUNNING");
  sandbox.resetCounters();
  return { sandbox, client, service, campaignId: String(running?.id) };
}

describe("BudgetService listing", () => {
  it("lists campaigns with title, state and budget, running first, archived left out", async () => {
    const { sandbox, service } = await setup();
    const page = await service.list({ pageSize: 100 });
    const all = sandbox.control.campaigns();
    const archived = all.filter((c) => c.state === "CAMPAIGN_STATE_ARCHIVED").length;
    expect(archived).toBeGreaterThan(0);
    expect(page.total).toBe(all.length - archived);
    expect(page.items.every((c) => c.stateKey !== "archived")).toBe(true);
    expect(page.items[0]?.stateKey).toBe("running");
    for (const item of page.items) {
      const wire = all.find((c) => String(c.id) === item.id);
      expect(item.title).toBe(wire?.title);
      expect(item.dailyBudget).toBe(BigInt(wire?.dailyBudget ?? -1));
      expect(item.weeklyBudget).toBe(BigInt(wire?.weeklyBudget ?? -1));
      expect(item.kind).toBe(
        wire?.weeklyBudget !== "0" ? "weekly" : wire?.dailyBudget !== "0" ? "daily" : undefined,
      );
      expect(item.budget).toBe(item.kind === "weekly" ? item.weeklyBudget : item.dailyBudget);
    }
    expect((await service.list({ includeArchived: true, pageSize: 100 })).total).toBe(all.length);
  });

  it("searches by part of the title (any case, ё as е) or id, and pages", async () => {
    const { sandbox, service } = await setup();
    const target = sandbox.control.campaigns().find((c) => c.state !== "CAMPAIGN_STATE_ARCHIVED");
    const title = String(target?.title);
    const part = title.slice(2, 8).toUpperCase();
    const found = await service.list({ search: `  ${part} ` });
    expect(found.items.map((c) => c.id)).toContain(String(target?.id));
    expect(found.items.every((c) => c.title.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect((await service.list({ search: String(target?.id).slice(0, 6) })).total).toBeGreaterThan(
      0,
    );
    expect((await service.list({ search: "нет такой кампании" })).items).toEqual([]);

    const first = await service.list({ pageSize: 2, page: 0 });
    const second = await service.list({ pageSize: 2, page: 1 });
    const beyond = await service.list({ pageSize: 2, page: 99 });
    expect(first.pages).toBe(Math.ceil(first.total / 2));
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(beyond.page).toBe(first.pages - 1);
  });

  it("reuses the list for a moment instead of asking Ozon for every page", async () => {
    const clock = new ManualClock();
    const { sandbox, service } = await setup({}, clock.now);
    const asked = () => sandbox.counters()["GET /api/client/campaign"];
    await service.list({ page: 0 });
    await service.list({ page: 1 });
    await clock.advance(14_999); // just inside the 15 s the list is reused
    await service.list({ search: "а" });
    expect(asked()).toBe(1);
    // The moment is over: the next page asks Ozon again, and that list is reused in turn.
    await clock.advance(1);
    await service.list({ page: 0 });
    expect(asked()).toBe(2);
    await service.list({ page: 1 });
    expect(asked()).toBe(2);
  });

  it("maps Ozon's states to keys the bot can translate", () => {
    expect(campaignStateKey("CAMPAIGN_STATE_RUNNING")).toBe("running");
    expect(campaignStateKey("CAMPAIGN_STATE_MODERATION_IN_PROGRESS")).toBe("moderation");
    expect(campaignStateKey("SOMETHING_NEW")).toBe("other");
  });
});

describe("BudgetService.change", () => {
  it("sets the typed budget in exact millionths (today's PATCH) and reads it back", async () => {
    const { sandbox, service, campaignId } = await setup();
    const old = BigInt(String(sandbox.control.campaign(campaignId)?.dailyBudget));
    const typed = service.parseInput("1 500,50 ₽", "daily");
    expect(typed).toEqual({ ok: true, millionths: 1_500_500_000n, rounded: false });
    if (!typed.ok) return;

    const change = await service.change(campaignId, typed.millionths);
    expect(change).toMatchObject({
      oldMillionths: old,
      requestedMillionths: 1_500_500_000n,
      newMillionths: 1_500_500_000n,
      confirmed: true,
    });
    expect(String(sandbox.control.campaign(campaignId)?.dailyBudget)).toBe("1500500000");
    expect(formatRoubles(change.newMillionths, { space: " " })).toBe("1 500,50 ₽");
    const counters = sandbox.counters();
    expect(counters[`PATCH /api/client/campaign/${campaignId}`]).toBe(1);
    expect(counters[`PUT /api/client/campaign/${campaignId}/daily_budget`]).toBeUndefined();
    expect(counters["POST /api/client/token"]).toBe(1);
  });

  for (const status of [404, 410] as const) {
    it(`falls back to the seed's PUT where the store's PATCH answers ${status}, and stays there`, async () => {
      const { sandbox, client, service, campaignId } = await setup({ rules: "seed" });
      sandbox.contract.withdrawAs(status, "PATCH /api/client/campaign/{campaignId}");
      const first = await service.change(campaignId, 999_999_990_000n); // "999999,99"
      expect(first).toMatchObject({ newMillionths: 999_999_990_000n, confirmed: true });
      const second = await service.change(campaignId, 290_000_000n);
      expect(second).toMatchObject({
        oldMillionths: 999_999_990_000n,
        newMillionths: 290_000_000n,
      });
      expect(String(sandbox.control.campaign(campaignId)?.dailyBudget)).toBe("290000000");
      const counters = sandbox.counters();
      expect(counters[`PATCH /api/client/campaign/${campaignId}`]).toBe(1);
      expect(counters[`PUT /api/client/campaign/${campaignId}/daily_budget`]).toBe(2);
      expect(client.fellBackToSeed()).toEqual(["campaigns.dailyBudget"]);
    });
  }

  it("refuses amounts it would not have accepted as typed, without calling Ozon", async () => {
    const { sandbox, service, campaignId } = await setup();
    for (const amount of [0n, -1n, 1_500_500_001n, 50_000_000n, 10_000_000_010_000n]) {
      const error = await service.change(campaignId, amount).catch((e) => e);
      expect(isBudgetError(error) && error.code).toBe("invalid_amount");
    }
    const missing = await service.change("1", 1_000_000_000n).catch((e) => e);
    expect(isBudgetError(missing) && missing.code).toBe("campaign_not_found");
    expect(
      Object.keys(sandbox.counters()).filter((k) => k.startsWith("PUT") || k.startsWith("PATCH")),
    ).toEqual([]);
  });

  it("each bad typed budget gets its reason, with the configured limits", async () => {
    const { client } = await setup();
    const service = new BudgetService({
      campaigns: client.campaigns,
      limits: { minMillionths: 300_000_000n, maxMillionths: 50_000_000_000n, fraction: "reject" },
    });
    const reason = (text: string) => {
      const r = service.parseInput(text, "daily");
      return r.ok ? r.millionths : r.reason;
    };
    expect(reason("сто")).toBe("not_a_number");
    expect(reason("0")).toBe("not_positive");
    expect(reason("-300")).toBe("not_positive");
    expect(reason("299,99")).toBe("below_min");
    expect(reason("50 000,01")).toBe("above_max");
    expect(reason("300,001")).toBe("too_many_decimals");
    expect(reason("300")).toBe(300_000_000n);
  });

  it("a weekly campaign gets weeklyBudget (PATCH), within the weekly limits, never dailyBudget", async () => {
    const { sandbox, client } = await setup();
    const service = new BudgetService({
      campaigns: client.campaigns,
      weeklyLimits: { minMillionths: 2_000_000_000n, maxMillionths: 9_000_000_000n },
    });
    const weekly = sandbox.control
      .campaigns()
      .find((c) => c.weeklyBudget !== "0" && c.state !== "CAMPAIGN_STATE_ARCHIVED");
    if (!weekly) throw new Error("no weekly campaign");
    const old = BigInt(weekly.weeklyBudget);
    expect(service.parseInput("1999", "weekly")).toMatchObject({ reason: "below_min" });
    expect(service.parseInput("1999", "daily")).toMatchObject({ ok: true });
    expect(service.parseInput("9000,01", "weekly")).toMatchObject({ reason: "above_max" });

    for (const amount of [1_999_990_000n, 9_000_010_000n]) {
      const error = await service.change(weekly.id, amount).catch((e) => e);
      expect(isBudgetError(error) && error.code).toBe("invalid_amount");
    }
    // Shown as daily, Ozon says weekly: nothing is sent.
    const mismatch = await service.change(weekly.id, 5_000_000_000n, "daily").catch((e) => e);
    expect(isBudgetError(mismatch) && mismatch.code).toBe("kind_unknown");

    const change = await service.change(weekly.id, 6_000_500_000n, "weekly");
    expect(change).toMatchObject({
      kind: "weekly",
      oldMillionths: old,
      newMillionths: 6_000_500_000n,
      confirmed: true,
    });
    expect(sandbox.control.campaign(weekly.id)).toMatchObject({
      weeklyBudget: "6000500000",
      dailyBudget: "0",
    });
    const sent = sandbox.requests.filter((r) =>
      r.path.startsWith(`/api/client/campaign/${weekly.id}`),
    );
    expect(sent.map((r) => `${r.method} ${r.status}`)).toEqual(["PATCH 200"]);
  });
});
