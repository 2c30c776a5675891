import { afterEach, describe, expect, it } from "vitest";
import { OzonFileTooLargeError } from "../../../src/ozon/download.ts";
import {
  isOzonApiError,
  isOzonAuthError,
  isOzonInputError,
  isOzonRateLimitError,
  type OzonApiError,
} from "../../../src/ozon/errors.ts";
import {
  createPerformanceClient,
  type PerformanceClient,
} from "../../../src/ozon/performance/client.ts";
import { MAX_REPORT_BYTES } from "../../../src/ozon/performance/statistics.ts";
import type { Campaign } from "../../../src/ozon/performance/types.ts";
import { ManualClock } from "../../support/manual-clock.ts";
import { waitFor } from "../../support/wait.ts";
import { captureLogger } from "../support/logger.ts";
import {
  type Handler,
  type Recorded,
  routes,
  send,
  startServer,
  type TestServer,
} from "../support/server.ts";

const CLIENT_ID = "1234567-1700000000000@advertising.performance.ozon.ru";
const SECRET = "s3cr3t-performance-client-secret-xyz";

interface Setup {
  perf: PerformanceClient;
  server: TestServer;
  clock: ManualClock;
  lines: Record<string, unknown>[];
  tokens: string[];
}

let current: Setup | undefined;
afterEach(async () => {
  await current?.perf.close();
  await current?.server.close();
  current = undefined;
});

const authorized = (req: Recorded, tokens: string[]) => {
  const token = req.headers.token;
  return (
    typeof token === "string" &&
    tokens.at(-1) === token &&
    req.headers.authorization === `Bearer ${token}`
  );
};

async function performanceAgainst(
  table: Record<string, Handler>,
  options: { expiresIn?: number; tokenHandler?: Handler } = {},
): Promise<Setup> {
  const tokens: string[] = [];
  let issued = 0;
  const server = await startServer(
    routes({
      "POST /api/client/token":
        options.tokenHandler ??
        ((req, res) => {
          const body = req.body as Record<string, string>;
          if (body.client_secret !== SECRET || body.grant_type !== "client_credentials") {
            return send(res, 401, { error: "invalid client" });
          }
          tokens.push(`token-${++issued}`);
          send(res, 200, {
            access_token: tokens.at(-1),
            expires_in: options.expiresIn ?? 1800,
            token_type: "Bearer",
          });
        }),
      ...Object.fromEntries(
        Object.entries(table).map(([key, handler]) => [
          key,
          ((req, res, nth) =>
            authorized(req, tokens)
              ? handler(req, res, nth)
              : send(res, 401, { error: "unauthorized" })) as Handler,
        ]),
      ),
    }),
  );
  const clock = ManualClock.instant();
  const { logger, lines } = captureLogger();
  const perf = createPerformanceClient({
    baseUrl: server.url,
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    logger,
    clock,
    random: () => 0.5,
  });
  current = { perf, server, clock, lines, tokens };
  return current;
}

const campaignsAnswer = `{"list":[
  {"id":"14275771","title":"Чайники — поиск","state":"CAMPAIGN_STATE_RUNNING","advObjectType":"SKU","fromDate":"2026-04-01","toDate":"","dailyBudget":"202000000","placement":["PLACEMENT_SEARCH_AND_CATEGORY"]},
  {"id":9876543,"title":"Баннер лето","state":"CAMPAIGN_STATE_INACTIVE","advObjectType":"BANNER","fromDate":"","toDate":"","dailyBudget":500000000,"paymentType":"CPM"},
  {"id":"3000000000817031942","title":"Без бюджета","state":"CAMPAIGN_STATE_PLANNED"},
  {"id":"15550001","title":"Неделя","state":"CAMPAIGN_STATE_RUNNING","paymentType":"CPC","dailyBudget":"0","weeklyBudget":"7000000000","budget":"0"}
]}`;

describe("Performance token", () => {
  it("fetches one token and sends it as Token and as Bearer", async () => {
    const { perf, server } = await performanceAgainst({
      "GET /api/client/campaign": (_req, res) => send(res, 200, { list: [] }),
    });
    await perf.campaigns.list();
    await perf.campaigns.list();
    expect(server.to("POST /api/client/token")).toHaveLength(1);
    expect(server.to("POST /api/client/token")[0]?.body).toEqual({
      client_id: CLIENT_ID,
      client_secret: SECRET,
      grant_type: "client_credentials",
    });
    const [first, second] = server.to("GET /api/client/campaign");
    expect(first?.headers.token).toBe("token-1");
    expect(first?.headers.authorization).toBe("Bearer token-1");
    expect(second?.headers.token).toBe("token-1");
  });

  it("lets concurrent callers share one token request", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tokens: string[] = [];
    const { perf, server } = await performanceAgainst(
      { "GET /api/client/campaign": (_req, res) => send(res, 200, { list: [] }) },
      {
        tokenHandler: async (_req, res) => {
          await gate;
          tokens.push("token-1");
          send(res, 200, { access_token: "token-1", expires_in: 1800 });
        },
      },
    );
    // The default handler's token list is what the routes check; keep it in step.
    current?.tokens.push("token-1");
    const calls = Array.from({ length: 5 }, () => perf.campaigns.list());
    await waitFor(() => server.to("POST /api/client/token").length === 1);
    release();
    await Promise.all(calls);
    expect(server.to("POST /api/client/token")).toHaveLength(1);
    expect(server.to("GET /api/client/campaign")).toHaveLength(5);
    expect(tokens).toEqual(["token-1"]);
  });

  it("renews shortly before expires_in runs out", async () => {
    const { perf, server, clock } = await performanceAgainst(
      { "GET /api/client/campaign": (_req, res) => send(res, 200, { list: [] }) },
      { expiresIn: 1800 },
    );
    await perf.campaigns.list();
    await clock.advance((1800 - 61) * 1000);
    await perf.campaigns.list();
    expect(server.to("POST /api/client/token")).toHaveLength(1);
    await clock.advance(2000); // now within the last minute of the token's life
    await perf.campaigns.list();
    expect(server.to("POST /api/client/token")).toHaveLength(2);
    expect(server.to("GET /api/client/campaign").map((r) => r.headers.token)).toEqual([
      "token-1",
      "token-1",
      "token-2",
    ]);
  });

  it("renews once on a 401 and repeats the request once", async () => {
    const { perf, server, tokens } = await performanceAgainst({
      "GET /api/client/campaign": (_req, res) => send(res, 200, { list: [] }),
    });
    await perf.campaigns.list();
    tokens.push("revoked"); // the server forgets token-1
    await perf.campaigns.list();
    expect(server.to("POST /api/client/token")).toHaveLength(2);
    expect(server.to("GET /api/client/campaign").map((r) => r.headers.token)).toEqual([
      "token-1",
      "token-1",
      "token-2",
    ]);
  });

  it("gives up with an auth error when the renewed token is refused too", async () => {
    const { perf, server } = await performanceAgainst({
      "GET /api/client/campaign": (_req, res) => send(res, 401, { error: "token expired" }),
    });
    const error = (await perf.campaigns.list().catch((e: unknown) => e)) as OzonApiError;
    expect(isOzonAuthError(error)).toBe(true);
    expect(error.apiMessage).toBe("token expired");
    expect(server.to("POST /api/client/token")).toHaveLength(2);
    expect(server.to("GET /api/client/campaign")).toHaveLength(2);
    expect(error.message).not.toContain("token-2");
  });

  it("reports bad credentials without the secret", async () => {
    const { server } = await performanceAgainst({});
    const perf = createPerformanceClient({
      baseUrl: server.url,
      clientId: CLIENT_ID,
      clientSecret: "wrong-secret-value",
      clock: ManualClock.instant(),
    });
    const error = await perf.campaigns.list().catch((e: unknown) => e);
    await perf.close();
    expect(isOzonAuthError(error)).toBe(true);
    expect(String(error)).not.toContain("wrong-secret-value");
    expect(String(error)).toContain("/api/client/token");
  });
});

describe("Performance token errors", () => {
  it("masks the client secret when the token answer echoes it", async () => {
    const { perf, server } = await performanceAgainst(
      {},
      {
        tokenHandler: (req, res) => {
          const body = req.body as Record<string, string>;
          send(res, 400, { error: `bad request: client_secret=${body.client_secret} rejected` });
        },
      },
    );
    const error = (await perf.campaigns.list().catch((e: unknown) => e)) as OzonApiError;
    expect(isOzonApiError(error)).toBe(true);
    expect(server.to("POST /api/client/token")).toHaveLength(1);
    expect(error.message).toContain("client_secret=[secret] rejected");
    expect(error.message).not.toContain(SECRET);
    expect(error.apiMessage).not.toContain(SECRET);
  });
});

describe("campaigns", () => {
  it("lists campaigns with ids as strings and budgets as bigint millionths", async () => {
    const { perf } = await performanceAgainst({
      "GET /api/client/campaign": (_req, res) => send(res, 200, campaignsAnswer),
    });
    await expect(perf.campaigns.list()).resolves.toEqual([
      {
        id: "14275771",
        title: "Чайники — поиск",
        state: "CAMPAIGN_STATE_RUNNING",
        advObjectType: "SKU",
        fromDate: "2026-04-01",
        toDate: undefined,
        dailyBudget: 202_000_000n,
        weeklyBudget: 0n,
        totalBudget: 0n,
        budgetKind: "daily",
        placement: "PLACEMENT_SEARCH_AND_CATEGORY",
        paymentType: undefined,
      },
      {
        id: "9876543",
        title: "Баннер лето",
        state: "CAMPAIGN_STATE_INACTIVE",
        advObjectType: "BANNER",
        fromDate: undefined,
        toDate: undefined,
        dailyBudget: 500_000_000n,
        weeklyBudget: 0n,
        totalBudget: 0n,
        budgetKind: "daily",
        placement: undefined,
        paymentType: "CPM",
      },
      {
        id: "3000000000817031942",
        title: "Без бюджета",
        state: "CAMPAIGN_STATE_PLANNED",
        advObjectType: undefined,
        fromDate: undefined,
        toDate: undefined,
        dailyBudget: 0n,
        weeklyBudget: 0n,
        totalBudget: 0n,
        budgetKind: undefined,
        placement: undefined,
        paymentType: undefined,
      },
      {
        id: "15550001",
        title: "Неделя",
        state: "CAMPAIGN_STATE_RUNNING",
        advObjectType: undefined,
        fromDate: undefined,
        toDate: undefined,
        dailyBudget: 0n,
        weeklyBudget: 7_000_000_000n,
        totalBudget: 0n,
        budgetKind: "weekly",
        placement: undefined,
        paymentType: "CPC",
      },
    ] satisfies Campaign[]);
  });

  it("activates, deactivates and sets the period through today's PATCH; the seed's PUT never", async () => {
    const { perf, server } = await performanceAgainst({
      "POST /api/client/campaign/14275771/activate": (_req, res) => send(res, 200, {}),
      "POST /api/client/campaign/14275771/deactivate": (_req, res) =>
        send(res, 200, { id: "14275771", state: "CAMPAIGN_STATE_INACTIVE" }),
      "PATCH /api/client/campaign/14275771": (_req, res) =>
        send(res, 200, { campaignId: "14275771" }),
      "PUT /api/client/campaign/14275771/period": (_req, res) => send(res, 200, {}),
    });
    await perf.campaigns.activate("14275771");
    await perf.campaigns.deactivate(14275771);
    await perf.campaigns.setPeriod("14275771", "2026-07-01", "2026-07-31");
    const calls = server.requests.filter((r) => r.route !== "/api/client/token");
    expect(calls.map((r) => [r.method, r.route, r.body])).toEqual([
      ["POST", "/api/client/campaign/14275771/activate", {}],
      ["POST", "/api/client/campaign/14275771/deactivate", {}],
      ["PATCH", "/api/client/campaign/14275771", { fromDate: "2026-07-01", toDate: "2026-07-31" }],
    ]);
    expect(perf.fellBackToSeed()).toEqual([]);
    for (const [from, to] of [
      ["2026-07-01", ""],
      ["01.07.2026", "2026-07-31"],
      ["2026-08-01", "2026-07-01"],
    ]) {
      const error = await perf.campaigns
        .setPeriod("1", from as string, to as string)
        .catch((e: unknown) => e);
      expect(isOzonInputError(error)).toBe(true);
    }
  });

  it("sets the period with the seed's PUT where the PATCH answers 404, once said and remembered", async () => {
    const { perf, server, lines } = await performanceAgainst({
      "PATCH /api/client/campaign/14275771": (_req, res) => send(res, 404, { error: "not found" }),
      "PUT /api/client/campaign/14275771/period": (_req, res) => send(res, 200, {}),
    });
    await perf.campaigns.setPeriod("14275771", "2026-07-01", "2026-07-31");
    await perf.campaigns.setPeriod("14275771", "2026-07-02", "2026-07-31");
    const calls = server.requests.filter((r) => r.route !== "/api/client/token");
    expect(calls.map((r) => [r.method, r.route, r.body])).toEqual([
      ["PATCH", "/api/client/campaign/14275771", { fromDate: "2026-07-01", toDate: "2026-07-31" }],
      [
        "PUT",
        "/api/client/campaign/14275771/period",
        { fromDate: "2026-07-01", toDate: "2026-07-31" },
      ],
      [
        "PUT",
        "/api/client/campaign/14275771/period",
        { fromDate: "2026-07-02", toDate: "2026-07-31" },
      ],
    ]);
    expect(lines.filter((l) => l.capability === "campaigns.period")).toHaveLength(1);
    expect(perf.fellBackToSeed()).toEqual(["campaigns.period"]);
  });

  it("sets the daily budget with today's PATCH; the seed's PUT never", async () => {
    const { perf, server, lines } = await performanceAgainst({
      "PUT /api/client/campaign/14275771/daily_budget": (_req, res) => send(res, 200, {}),
      "PATCH /api/client/campaign/14275771": (_req, res) =>
        send(res, 200, { campaignId: "14275771" }),
    });
    await perf.campaigns.setDailyBudget("14275771", 202_000_000n);
    await perf.campaigns.setDailyBudget("14275771", 350_500_000n);
    const calls = server.requests.filter((r) => r.route !== "/api/client/token");
    expect(calls.map((r) => [r.method, r.route, r.body])).toEqual([
      ["PATCH", "/api/client/campaign/14275771", { dailyBudget: "202000000" }],
      ["PATCH", "/api/client/campaign/14275771", { dailyBudget: "350500000" }],
    ]);
    expect(lines.filter((l) => l.capability === "campaigns.dailyBudget")).toHaveLength(0);
    expect(perf.fellBackToSeed()).toEqual([]);
  });

  it("falls back to the seed's PUT daily_budget where the PATCH answers 404, once said and remembered", async () => {
    let patchMissing = false;
    const { perf, server, lines } = await performanceAgainst({
      "PUT /api/client/campaign/14275771/daily_budget": (_req, res) => send(res, 200, {}),
      "PATCH /api/client/campaign/14275771": (_req, res) =>
        patchMissing
          ? send(res, 404, { error: "not found" })
          : send(res, 200, { campaignId: "14275771" }),
    });
    await perf.campaigns.setDailyBudget("14275771", 202_000_000n);
    patchMissing = true;
    await perf.campaigns.setDailyBudget("14275771", 350_500_000n);
    await perf.campaigns.setDailyBudget("14275771", 400_000_000n);
    const calls = server.requests.filter((r) => r.route !== "/api/client/token");
    expect(calls.map((r) => [r.method, r.route, r.body])).toEqual([
      ["PATCH", "/api/client/campaign/14275771", { dailyBudget: "202000000" }],
      ["PATCH", "/api/client/campaign/14275771", { dailyBudget: "350500000" }],
      ["PUT", "/api/client/campaign/14275771/daily_budget", { dailyBudget: "350500000" }],
      ["PUT", "/api/client/campaign/14275771/daily_budget", { dailyBudget: "400000000" }],
    ]);
    expect(lines.filter((l) => l.capability === "campaigns.dailyBudget")).toHaveLength(1);
    expect(perf.fellBackToSeed()).toEqual(["campaigns.dailyBudget"]);
  });

  it("sets a weekly budget with PATCH {weeklyBudget} only, and setBudget sends the kind it is given", async () => {
    const { perf, server } = await performanceAgainst({
      "PATCH /api/client/campaign/15550001": (_req, res) =>
        send(res, 200, { campaignId: "15550001" }),
      "PATCH /api/client/campaign/14275771": (_req, res) =>
        send(res, 200, { campaignId: "14275771" }),
    });
    await perf.campaigns.setWeeklyBudget("15550001", 7_000_500_000n);
    await perf.campaigns.setBudget("15550001", "weekly", 8_000_000_000n);
    await perf.campaigns.setBudget("14275771", "daily", 300_000_000n);
    const calls = server.requests.filter((r) => r.route !== "/api/client/token");
    expect(calls.map((r) => [r.method, r.route, r.body])).toEqual([
      ["PATCH", "/api/client/campaign/15550001", { weeklyBudget: "7000500000" }],
      ["PATCH", "/api/client/campaign/15550001", { weeklyBudget: "8000000000" }],
      ["PATCH", "/api/client/campaign/14275771", { dailyBudget: "300000000" }],
    ]);
  });

  it("refuses budgets that are not whole kopecks", async () => {
    const { perf, server } = await performanceAgainst({});
    for (const amount of [202_000_001n, -10_000n]) {
      const error = await perf.campaigns.setDailyBudget("1", amount).catch((e: unknown) => e);
      expect(isOzonInputError(error)).toBe(true);
      const weekly = await perf.campaigns.setWeeklyBudget("1", amount).catch((e: unknown) => e);
      expect(isOzonInputError(weekly)).toBe(true);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("lists advertised objects", async () => {
    const { perf } = await performanceAgainst({
      "GET /api/client/campaign/14275771/objects": (_req, res) =>
        send(res, 200, '{"list":[{"id":"1456789012"},{"id":2000000001}]}'),
    });
    await expect(perf.campaigns.objects("14275771")).resolves.toEqual(["1456789012", "2000000001"]);
  });
});

describe("statistics", () => {
  it("submits each kind and reads the id under UUID or uuid", async () => {
    const { perf, server } = await performanceAgainst({
      "POST /api/client/statistics": (_req, res) =>
        send(res, 200, { UUID: "0d3bd5e9-1a8c-4b7a-9f0c-1f2e3d4c5b6a", vendor: false }),
      "POST /api/client/statistics/phrases": (_req, res) => send(res, 200, { uuid: "phr-1" }),
      "POST /api/client/statistics/attribution": (_req, res) => send(res, 200, { UUID: "att-1" }),
    });
    const period = { dateFrom: "2026-06-01", dateTo: "2026-06-14" };
    await expect(
      perf.statistics.submit({
        kind: "campaigns",
        campaigns: ["14275771", 9876543],
        ...period,
        groupBy: "DATE",
      }),
    ).resolves.toBe("0d3bd5e9-1a8c-4b7a-9f0c-1f2e3d4c5b6a");
    await expect(
      perf.statistics.submit({
        kind: "phrases",
        campaigns: ["14275771"],
        objects: [1456789012],
        ...period,
      }),
    ).resolves.toBe("phr-1");
    await expect(
      perf.statistics.submit({
        kind: "attribution",
        campaigns: ["14275771"],
        attributionDays: 7,
        ...period,
      }),
    ).resolves.toBe("att-1");
    const bodies = server.requests
      .filter((r) => r.route.startsWith("/api/client/statistics"))
      .map((r) => r.body);
    expect(bodies).toEqual([
      {
        campaigns: ["14275771", "9876543"],
        dateFrom: "2026-06-01",
        dateTo: "2026-06-14",
        groupBy: "DATE",
      },
      {
        campaigns: ["14275771"],
        dateFrom: "2026-06-01",
        dateTo: "2026-06-14",
        objects: ["1456789012"],
      },
      { campaigns: ["14275771"], dateFrom: "2026-06-01", dateTo: "2026-06-14", attributionDays: 7 },
    ]);
  });

  it("checks campaigns and objects locally", async () => {
    const { perf, server } = await performanceAgainst({});
    const period = { dateFrom: "2026-06-01", dateTo: "2026-06-14" };
    const tooMany = Array.from({ length: 11 }, (_, i) => String(i + 1));
    for (const request of [
      { kind: "campaigns" as const, campaigns: [], ...period },
      { kind: "campaigns" as const, campaigns: tooMany, ...period },
      { kind: "phrases" as const, campaigns: ["1"], ...period },
    ]) {
      const error = await perf.statistics.submit(request).catch((e: unknown) => e);
      expect(isOzonInputError(error)).toBe(true);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("never repeats a submit after a 5xx, and hands a busy queue (429) back at once", async () => {
    const { perf, server, clock } = await performanceAgainst({
      "POST /api/client/statistics": (_req, res, nth) => {
        if (nth === 1) return send(res, 500, { error: "internal" });
        if (nth === 2)
          return send(res, 429, { error: "limit of active requests" }, { "retry-after": "5" });
        send(res, 200, { UUID: "u-2" });
      },
    });
    const request = {
      kind: "campaigns" as const,
      campaigns: ["1"],
      dateFrom: "2026-06-01",
      dateTo: "2026-06-02",
    };
    const failed = await perf.statistics.submit(request).catch((e: unknown) => e);
    expect(isOzonApiError(failed) && failed.status).toBe(500);
    expect(server.to("POST /api/client/statistics")).toHaveLength(1);
    // The report queue is full: the caller (the report runner) queues the job and tries later,
    // so the client neither sleeps nor repeats.
    const busy = await perf.statistics.submit(request).catch((e: unknown) => e);
    expect(isOzonRateLimitError(busy) && busy.retryAfterMs).toBe(5000);
    expect(server.to("POST /api/client/statistics")).toHaveLength(2);
    expect(clock.sleeps).toEqual([]);
    await expect(perf.statistics.submit(request)).resolves.toBe("u-2");
    expect(server.to("POST /api/client/statistics")).toHaveLength(3);
  });

  it("hands a persistently busy queue back as a rate-limit error", async () => {
    const { perf } = await performanceAgainst({
      "POST /api/client/statistics": (_req, res) =>
        send(res, 429, { error: "limit of active requests" }),
    });
    const error = await perf.statistics
      .submit({ kind: "campaigns", campaigns: ["1"], dateFrom: "2026-06-01", dateTo: "2026-06-02" })
      .catch((e: unknown) => e);
    expect(isOzonRateLimitError(error)).toBe(true);
  });

  it("reads the status of a report", async () => {
    const { perf } = await performanceAgainst({
      "GET /api/client/statistics/u-1": (_req, res) =>
        send(res, 200, {
          UUID: "u-1",
          state: "OK",
          createdAt: "2026-06-15T09:00:00Z",
          updatedAt: "2026-06-15T09:00:30Z",
          link: "/api/client/statistics/report?UUID=u-1",
          request: { campaigns: ["1"] },
        }),
      "GET /api/client/statistics/u-2": (_req, res) =>
        send(res, 200, { uuid: "u-2", state: "ERROR", error: "campaign not found" }),
    });
    await expect(perf.statistics.status("u-1")).resolves.toEqual({
      uuid: "u-1",
      state: "OK",
      error: undefined,
      link: "/api/client/statistics/report?UUID=u-1",
      createdAt: "2026-06-15T09:00:00Z",
      updatedAt: "2026-06-15T09:00:30Z",
    });
    await expect(perf.statistics.status("u-2")).resolves.toMatchObject({
      state: "ERROR",
      error: "campaign not found",
    });
  });

  it("downloads CSV or ZIP as the Content-Type says", async () => {
    const csv = Buffer.from(
      "\uFEFF;Кампания по продвижению товаров № 14275771, период 17.04.2026-18.04.2026\n",
    );
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const { perf, server } = await performanceAgainst({
      "GET /api/client/statistics/report": (req, res) => {
        const uuid = req.query.get("UUID");
        if (uuid === "one") {
          res.writeHead(200, { "content-type": "text/csv; charset=UTF-8" });
          res.end(csv);
          return;
        }
        if (uuid === "many") {
          res.writeHead(200, { "content-type": "application/zip" });
          res.end(zip);
          return;
        }
        send(res, 404, { error: "report not found" });
      },
    });
    const one = await perf.statistics.download("one");
    expect(one.format).toBe("csv");
    expect(Buffer.from(one.bytes).equals(csv)).toBe(true);
    const many = await perf.statistics.download("many");
    expect(many.format).toBe("zip");
    expect(Buffer.from(many.bytes).equals(zip)).toBe(true);
    const missing = (await perf.statistics
      .download("gone")
      .catch((e: unknown) => e)) as OzonApiError;
    expect(missing.status).toBe(404);
    expect(missing.apiMessage).toBe("report not found");
    expect(server.to("GET /api/client/statistics/report").map((r) => r.path)).toEqual([
      "/api/client/statistics/report?UUID=one",
      "/api/client/statistics/report?UUID=many",
      "/api/client/statistics/report?UUID=gone",
    ]);
  });

  it("gives up a report file that says it is over 100 MB before reading it, and does not ask again", async () => {
    const { perf, server } = await performanceAgainst({
      "GET /api/client/statistics/report": (_req, res) => {
        const declared = String(MAX_REPORT_BYTES + 1);
        res.writeHead(200, { "content-type": "text/csv", "content-length": declared });
        res.write(";"); // and nothing more: a reader waiting for the rest would wait for ever
      },
    });
    const failure = await perf.statistics.download("huge").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OzonFileTooLargeError);
    expect(failure).toMatchObject({
      limitBytes: MAX_REPORT_BYTES,
      sizeBytes: MAX_REPORT_BYTES + 1,
    });
    expect(server.to("GET /api/client/statistics/report")).toHaveLength(1);
  });
});
