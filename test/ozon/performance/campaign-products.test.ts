/**
 * The Performance client's campaign read-back, period, activation and product bids against the
 * sandbox over HTTP, in the live shapes (`GET …/v2/products`, `PUT …/products {bids}`,
 * competitive bids), and the sandbox's refusals of what Ozon refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOzonApiError, isOzonInputError } from "../../../src/ozon/errors.ts";
import {
  createPerformanceClient,
  type PerformanceClient,
} from "../../../src/ozon/performance/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { getToken, perf } from "../../sandbox/helpers.ts";
import { captureLogger } from "../support/logger.ts";

let sb: Sandbox;
let client: PerformanceClient;
beforeAll(async () => {
  sb = await startSandbox({ seed: 5 });
  client = createPerformanceClient({
    baseUrl: sb.performanceUrl,
    clientId: sb.credentials.performanceClientId,
    clientSecret: sb.credentials.performanceClientSecret,
    random: () => 0,
  });
});
afterAll(async () => {
  await client.close();
  await sb.close();
});

const byTitle = (title: string) => {
  const found = sb.control.campaigns().find((c) => c.title === title);
  if (!found) throw new Error(`no campaign ${title}`);
  return found;
};
const MANUAL = "Кроссовки и ботинки — поиск";
const AUTO = "Новинки для кухни";

describe("campaign read-back, activation and period", () => {
  it("reads one campaign with one call, its strategy included", async () => {
    const id = byTitle(AUTO).id;
    sb.resetCounters();
    const campaign = await client.campaigns.get(id);
    expect(campaign).toMatchObject({ id, title: AUTO, strategy: "TOP_MAX_CLICKS" });
    expect(sb.counters()["GET /api/client/campaign"]).toBe(1);
    await expect(client.campaigns.get("1")).resolves.toBeUndefined();
  });

  it("deactivates and activates, and the read-back shows it", async () => {
    const id = byTitle(MANUAL).id;
    await client.campaigns.deactivate(id);
    expect((await client.campaigns.get(id))?.state).toBe("CAMPAIGN_STATE_INACTIVE");
    await client.campaigns.activate(id);
    expect((await client.campaigns.get(id))?.state).toBe("CAMPAIGN_STATE_RUNNING");
  });

  it("changes the period through today's PATCH; the seed's PUT is never asked", async () => {
    const id = byTitle("Одежда весна-лето").id;
    const before = sb.requests.length;
    await client.campaigns.setPeriod(id, "2026-12-01", "2026-12-31");
    expect(await client.campaigns.get(id)).toMatchObject({
      fromDate: "2026-12-01",
      toDate: "2026-12-31",
    });
    const changes = sb.requests
      .slice(before)
      .filter((r) => r.path.startsWith(`/api/client/campaign/${id}`));
    expect(changes.map((r) => `${r.method} ${r.status}`)).toEqual(["PATCH 200"]);
    expect(client.fellBackToSeed()).toEqual([]);
  });

  it("falls back to the seed's PUT period where a store lacks the PATCH, says so once and stays there", async () => {
    const seed = await startSandbox({ seed: 5, rules: "seed" });
    seed.contract.withdraw("PATCH /api/client/campaign/{campaignId}");
    const { logger, lines } = captureLogger();
    const old = createPerformanceClient({
      baseUrl: seed.performanceUrl,
      clientId: seed.credentials.performanceClientId,
      clientSecret: seed.credentials.performanceClientSecret,
      random: () => 0,
      logger,
    });
    try {
      const found = seed.control.campaigns().find((c) => c.title === "Одежда весна-лето");
      const id = found?.id ?? "";
      await old.campaigns.setPeriod(id, "2026-12-01", "2026-12-31");
      await old.campaigns.setPeriod(id, "2026-12-02", "2026-12-31");
      expect(await old.campaigns.get(id)).toMatchObject({
        fromDate: "2026-12-02",
        toDate: "2026-12-31",
      });
      const changes = seed.requests.filter(
        (r) => r.method !== "GET" && r.path.startsWith(`/api/client/campaign/${id}`),
      );
      expect(changes.map((r) => `${r.method} ${r.path.split("/").at(-1)} ${r.status}`)).toEqual([
        `PATCH ${id} 404`,
        "PUT period 200",
        "PUT period 200",
      ]);
      expect(old.fellBackToSeed()).toEqual(["campaigns.period"]);
      expect(lines.filter((l) => l.capability === "campaigns.period")).toHaveLength(1);
    } finally {
      await old.close();
      await seed.close();
    }
  });
});

describe("product bids", () => {
  it("lists a manual campaign's products with bids, page by page", async () => {
    const c = byTitle(MANUAL);
    const all = await client.products.list(c.id, 1, 100);
    expect(all.map((p) => p.sku)).toEqual(c.objects);
    for (const p of all) {
      expect(typeof p.bid).toBe("bigint");
      expect(p.title).not.toBe("");
    }
    const second = await client.products.list(c.id, 2, 1);
    expect(second.map((p) => p.sku)).toEqual([c.objects[1]]);
  });

  it("changes one SKU's bid with PUT {bids:[{sku, bid}]} and leaves the others", async () => {
    const c = byTitle(MANUAL);
    const [sku, other] = c.objects as [string, string];
    const before = await client.products.list(c.id);
    await client.products.setBid(c.id, sku, 12_340_000n);
    const after = await client.products.list(c.id);
    expect(after.find((p) => p.sku === sku)?.bid).toBe(12_340_000n);
    expect(after.find((p) => p.sku === other)?.bid).toBe(before.find((p) => p.sku === other)?.bid);
    const put = sb.requests.filter((r) => r.method === "PUT" && r.path.endsWith("/products"));
    expect(put.at(-1)?.status).toBe(200);
  });

  it("refuses, as Ozon does, bids of an auto strategy, a foreign SKU, below the minimum", async () => {
    const manual = byTitle(MANUAL);
    const auto = byTitle(AUTO);
    const failures = [
      await client.products.setBid(auto.id, auto.objects[0] as string, 10_000_000n).catch((e) => e),
      await client.products.setBid(manual.id, "1", 10_000_000n).catch((e) => e),
      await client.products
        .setBid(manual.id, manual.objects[0] as string, 1_000_000n)
        .catch((e) => e),
    ];
    for (const failure of failures) {
      expect(isOzonApiError(failure)).toBe(true);
      expect((failure as { status: number }).status).toBe(400);
    }
    expect(String(failures[0])).toContain("average click cost strategy");
    expect(String(failures[1])).toContain("not in campaign");
    // Not whole kopecks never leaves the client.
    const odd = await client.products.setBid(manual.id, "1", 10_000_001n).catch((e) => e);
    expect(isOzonInputError(odd)).toBe(true);
  });

  it("an auto-strategy campaign lists products without bids; a banner has no products", async () => {
    const auto = await client.products.list(byTitle(AUTO).id);
    expect(auto.length).toBeGreaterThan(0);
    for (const p of auto) expect(p.bid).toBeUndefined();
    const banner = await client.products
      .list(byTitle("Баннер на главной — распродажа").id)
      .catch((e) => e);
    expect(isOzonApiError(banner)).toBe(true);
  });

  it("reads competitive bids, 0 for a SKU outside the campaign", async () => {
    const c = byTitle(MANUAL);
    const bids = await client.products.competitive(c.id, [c.objects[0] as string, "42"]);
    expect(bids.get(c.objects[0] as string)).toBeGreaterThan(0n);
    expect(bids.get("42")).toBe(0n);
    const token = await getToken(sb);
    const raw = await perf(
      sb,
      "GET",
      `/api/client/campaign/${c.id}/products/bids/competitive?skus=${c.objects[0]}&skus=42`,
      { token },
    );
    expect(raw.text).toMatch(/"bid":"\d+"/);
  });
});

describe("spend per campaign (daily statistics)", () => {
  it("reads one day's spend of every campaign, banners included, with one call", async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    sb.resetCounters();
    const daily = await client.daily.byCampaign({ from: day, to: day });
    expect(sb.counters()["GET /api/client/statistics/daily/json"]).toBe(1);
    const spendOf = (title: string) => daily.get(byTitle(title).id)?.spendKopecks;
    expect(spendOf(MANUAL)).toBeGreaterThan(0);
    expect(Number.isInteger(spendOf(MANUAL))).toBe(true); // whole kopecks
    expect(spendOf("Баннер на главной — распродажа")).toBeGreaterThan(0);
    expect(spendOf(AUTO)).toBe(0); // planned, starts in 5 days: spent nothing
    const token = await getToken(sb);
    const raw = await perf(
      sb,
      "GET",
      `/api/client/statistics/daily/json?dateFrom=${day}&dateTo=${day}`,
      { token },
    );
    expect(raw.text).toMatch(/"moneySpent":"\d+\.\d\d"/);
  });

  it("refuses a day that is not YYYY-MM-DD before asking Ozon", async () => {
    sb.resetCounters();
    const error = await client.daily
      .byCampaign({ from: "24.11.2026", to: "2026-11-24" })
      .catch((e) => e);
    expect(isOzonInputError(error)).toBe(true);
    expect(sb.counters()["GET /api/client/statistics/daily/json"]).toBeUndefined();
  });
});
