import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CampaignSnapshot, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { getToken, perf } from "./helpers.ts";

let sb: Sandbox;
let token: string;
/** The seed's documents: the seed's PUT forms (the bot's fall-back) answer there. */
let seedSb: Sandbox;
let seedToken: string;
beforeAll(async () => {
  sb = await startSandbox({ seed: 21 });
  token = await getToken(sb);
  seedSb = await startSandbox({ seed: 21, rules: "seed" });
  seedToken = await getToken(seedSb);
});
afterAll(async () => {
  await sb.close();
  await seedSb.close();
});

const byState = (state: string): CampaignSnapshot => {
  const c = sb.control.campaigns().find((x) => x.state === state);
  if (!c) throw new Error(`no campaign in ${state}`);
  return c;
};
const listed = async (id: string) =>
  (await perf(sb, "GET", `/api/client/campaign?campaignIds=${id}`, { token })).json.list[0];
const seedListed = async (id: string) =>
  (await perf(seedSb, "GET", `/api/client/campaign?campaignIds=${id}`, { token: seedToken })).json
    .list[0];
const seedCampaign = (pick: (c: CampaignSnapshot) => boolean): CampaignSnapshot => {
  const c = seedSb.control.campaigns().find(pick);
  if (!c) throw new Error("no such campaign in the seed sandbox");
  return c;
};

describe("campaign list", () => {
  it("answers {list} with ids and budgets as JSON strings, mixed states and types", async () => {
    const res = await perf(sb, "GET", "/api/client/campaign", { token });
    expect(res.status).toBe(200);
    const list = res.json.list as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const c of list) {
      expect(c.id).toMatch(/^\d+$/);
      expect(c.dailyBudget).toMatch(/^\d+$/);
      expect(c.title).toMatch(/[А-Яа-я]/);
    }
    expect(res.text).toMatch(/"id":"\d+"/);
    expect(new Set(list.map((c) => c.state)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(list.map((c) => c.advObjectType))).toEqual(
      new Set(["SKU", "BANNER", "SEARCH_PROMO"]),
    );
  });

  it("filters by campaignIds, advObjectType and state", async () => {
    const [a, b] = sb.control.campaigns();
    const res = await perf(
      sb,
      "GET",
      `/api/client/campaign?campaignIds=${a?.id}&campaignIds=${b?.id}`,
      { token },
    );
    expect(res.json.list.map((c: { id: string }) => c.id)).toEqual([a?.id, b?.id]);
    const banners = await perf(sb, "GET", "/api/client/campaign?advObjectType=BANNER", { token });
    expect(banners.json.list.length).toBeGreaterThan(0);
    for (const c of banners.json.list) expect(c.advObjectType).toBe("BANNER");
    const running = await perf(sb, "GET", "/api/client/campaign?state=CAMPAIGN_STATE_RUNNING", {
      token,
    });
    expect(running.json.list.length).toBeGreaterThan(0);
    for (const c of running.json.list) expect(c.state).toBe("CAMPAIGN_STATE_RUNNING");
  });
});

describe("campaign changes", () => {
  it("activates and deactivates", async () => {
    const c = byState("CAMPAIGN_STATE_INACTIVE");
    const activated = await perf(sb, "POST", `/api/client/campaign/${c.id}/activate`, {
      token,
      body: {},
    });
    expect(activated.status).toBe(200);
    expect((await listed(c.id)).state).toBe("CAMPAIGN_STATE_RUNNING");
    const deactivated = await perf(sb, "POST", `/api/client/campaign/${c.id}/deactivate`, {
      token,
      body: {},
    });
    expect(deactivated.status).toBe(200);
    expect((await listed(c.id)).state).toBe("CAMPAIGN_STATE_INACTIVE");
  });

  it("refuses to activate a campaign whose period has ended", async () => {
    const stopped = byState("CAMPAIGN_STATE_STOPPED");
    const res = await perf(sb, "POST", `/api/client/campaign/${stopped.id}/activate`, {
      token,
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/period/);
  });

  it("refuses changes to an archived campaign; unknown ids are 404", async () => {
    const archived = byState("CAMPAIGN_STATE_ARCHIVED");
    const res = await perf(sb, "POST", `/api/client/campaign/${archived.id}/activate`, {
      token,
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.json).toHaveProperty("error");
    const missing = await perf(sb, "POST", "/api/client/campaign/1/activate", { token, body: {} });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ error: "campaign not found" });
    expect(
      (await perf(sb, "POST", "/api/client/campaign/abc/activate", { token, body: {} })).status,
    ).toBe(400);
  });

  it("the seed's PUT period and PUT daily_budget answer 404 obsolete method as today's documents have it", async () => {
    const c = byState("CAMPAIGN_STATE_RUNNING");
    for (const [path, body] of [
      [`/api/client/campaign/${c.id}/period`, { fromDate: "2026-05-01", toDate: "2026-05-31" }],
      [`/api/client/campaign/${c.id}/daily_budget`, { dailyBudget: "2500000000" }],
    ] as const) {
      const gone = await perf(sb, "PUT", path, { token, body });
      expect([gone.status, gone.json.error]).toEqual([404, "obsolete method"]);
    }
    expect(await listed(c.id)).toMatchObject({ dailyBudget: c.dailyBudget });
  });

  it("PUT period (seed) sets dates; toDate is required with fromDate and must not precede it", async () => {
    const c = seedCampaign((x) => x.state === "CAMPAIGN_STATE_INACTIVE");
    const path = `/api/client/campaign/${c.id}/period`;
    const put = (body: object) => perf(seedSb, "PUT", path, { token: seedToken, body });
    const ok = await put({ fromDate: "2026-05-01", toDate: "2026-05-31" });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({});
    expect(await seedListed(c.id)).toMatchObject({ fromDate: "2026-05-01", toDate: "2026-05-31" });
    expect((await put({ fromDate: "2026-05-01" })).status).toBe(400);
    expect((await put({ fromDate: "2026-06-01", toDate: "2026-05-01" })).status).toBe(400);
    expect((await put({ fromDate: "", toDate: "" })).status).toBe(200);
  });

  it("PUT daily_budget (seed) takes strings or numbers of millionths, kopeck-rounded, at least 100 ₽", async () => {
    const c = seedCampaign((x) => x.state === "CAMPAIGN_STATE_RUNNING");
    const path = `/api/client/campaign/${c.id}/daily_budget`;
    const put = (dailyBudget: unknown) =>
      perf(seedSb, "PUT", path, { token: seedToken, body: { dailyBudget } });
    const asString = await put("2500000000");
    expect(asString.status).toBe(200);
    expect(asString.json).toEqual({});
    expect((await seedListed(c.id)).dailyBudget).toBe("2500000000");
    expect((await put(3_000_000_000)).status).toBe(200);
    expect((await seedListed(c.id)).dailyBudget).toBe("3000000000");
    expect((await put("1000001")).status).toBe(400);
    expect((await put("50000000")).status).toBe(400);
    expect((await put("много")).status).toBe(400);
  });

  it("PUT daily_budget (seed) refuses a weekly campaign, changing nothing", async () => {
    const weekly = seedCampaign(
      (c) => c.weeklyBudget !== "0" && c.state !== "CAMPAIGN_STATE_ARCHIVED",
    );
    const put = await perf(seedSb, "PUT", `/api/client/campaign/${weekly.id}/daily_budget`, {
      token: seedToken,
      body: { dailyBudget: "1000000000" },
    });
    expect(put.status).toBe(400);
    expect(await seedListed(weekly.id)).toMatchObject({
      dailyBudget: "0",
      weeklyBudget: weekly.weeklyBudget,
    });
  });

  it("PATCH (today's) changes dailyBudget and answers {campaignId}", async () => {
    const c = byState("CAMPAIGN_STATE_RUNNING");
    const res = await perf(sb, "PATCH", `/api/client/campaign/${c.id}`, {
      token,
      body: { dailyBudget: "1200000000" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ campaignId: c.id });
    expect((await listed(c.id)).dailyBudget).toBe("1200000000");
  });

  it("serves weekly campaigns in the live shape and refuses the wrong budget kind", async () => {
    const weekly = sb.control
      .campaigns()
      .find((c) => c.weeklyBudget !== "0" && c.state !== "CAMPAIGN_STATE_ARCHIVED");
    const daily = byState("CAMPAIGN_STATE_RUNNING");
    if (!weekly) throw new Error("no weekly campaign");
    expect(await listed(weekly.id)).toMatchObject({ dailyBudget: "0", paymentType: "CPC" });
    expect((await listed(weekly.id)).weeklyBudget).toMatch(/^[1-9]\d*$/);
    expect((await listed(daily.id)).weeklyBudget).toBe("0");

    const patch = (id: string, body: object) =>
      perf(sb, "PATCH", `/api/client/campaign/${id}`, { token, body });
    const before = (await listed(weekly.id)).weeklyBudget;
    const wrong = await patch(weekly.id, { dailyBudget: "1000000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toContain("weekly budget: send weeklyBudget, not dailyBudget");
    expect((await patch(daily.id, { weeklyBudget: "9000000000" })).status).toBe(400);
    expect(await listed(weekly.id)).toMatchObject({ dailyBudget: "0", weeklyBudget: before });

    expect((await patch(weekly.id, { weeklyBudget: "6500500000" })).status).toBe(200);
    expect((await listed(weekly.id)).weeklyBudget).toBe("6500500000");
    expect((await patch(weekly.id, { weeklyBudget: "600000000" })).status).toBe(400); // < 700 ₽
    expect((await patch(weekly.id, { weeklyBudget: "7000000001" })).status).toBe(400); // kopecks
  });

  it("lists advertised objects with string ids", async () => {
    expect(sb.control.campaigns().length).toBeGreaterThan(0);
    for (const c of sb.control.campaigns()) {
      const res = await perf(sb, "GET", `/api/client/campaign/${c.id}/objects`, { token });
      expect(res.json).toEqual({ list: c.objects.map((id) => ({ id })) });
    }
  });
});
