/**
 * The list of report requests made through the API (`/api/client/statistics/externallist`): the
 * Performance client against the sandbox over HTTP, newest first, page by page, in our words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPerformanceClient,
  type PerformanceClient,
} from "../../../src/ozon/performance/client.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { getToken, perf } from "../../sandbox/helpers.ts";

let sandbox: Sandbox;
let client: PerformanceClient;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5, reportStepMs: 60_000, maxConcurrentReports: 5 });
  client = createPerformanceClient({
    baseUrl: sandbox.performanceUrl,
    clientId: sandbox.credentials.performanceClientId,
    clientSecret: sandbox.credentials.performanceClientSecret,
  });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

describe("statistics.list", () => {
  it("lists what was submitted, newest first, a page at a time", async () => {
    const sku = sandbox.control.campaigns().find((c) => c.advObjectType === "SKU");
    if (!sku) throw new Error("no SKU campaign");
    const id = String(sku.id);
    const period = { dateFrom: "2026-04-01", dateTo: "2026-04-07" };
    const before = Date.now();
    const first = await client.statistics.submit({ kind: "campaigns", campaigns: [id], ...period });
    const second = await client.statistics.submit({
      kind: "phrases",
      campaigns: [id],
      objects: [String(sku.objects[0])],
      ...period,
    });
    const third = await client.statistics.submit({
      kind: "attribution",
      campaigns: [id],
      attributionDays: 7,
      ...period,
    });

    const page1 = await client.statistics.list({ page: 1, pageSize: 2 });
    const page2 = await client.statistics.list({ page: 2, pageSize: 2 });
    expect(await client.statistics.list({ page: 3, pageSize: 2 })).toEqual([]);
    expect([...page1, ...page2].map((r) => [r.uuid, r.kind])).toEqual([
      [third, "attribution"],
      [second, "phrases"],
      [first, "campaigns"],
    ]);
    expect(page2[0]).toEqual({
      uuid: first,
      state: "NOT_STARTED",
      createdAt: expect.any(Number),
      kind: "campaigns",
      campaigns: [id],
      dateFrom: "2026-04-01",
      dateTo: "2026-04-07",
    });
    expect(page2[0]?.createdAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it("refuses a page size beyond 1000 with a 400", async () => {
    const token = await getToken(sandbox);
    const path = "/api/client/statistics/externallist?page=1&pageSize=1001";
    const answer = await perf(sandbox, "GET", path, { token });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain("pageSize");
  });
});
