import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CREDENTIALS } from "../../src/config.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { waitFor } from "../support/wait.ts";
import { getToken, perf, SELLER_HEADERS, seller } from "./helpers.ts";

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: 11 });
});
afterAll(() => sb.close());

describe("Seller API auth", () => {
  it("refuses a request without Client-Id and Api-Key with 401 and a Seller error body", async () => {
    const res = await seller(
      sb,
      "/v2/warehouse/list",
      { limit: 200 },
      { "Content-Type": "application/json" },
    );
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 16, details: [] });
    expect(typeof res.json.message).toBe("string");
  });

  it("refuses a wrong Api-Key and never echoes it", async () => {
    const res = await seller(
      sb,
      "/v2/warehouse/list",
      { limit: 200 },
      { ...SELLER_HEADERS, "Api-Key": "wrong-key-123" },
    );
    expect(res.status).toBe(401);
    expect(res.json.code).toBe(16);
    expect(res.text).not.toContain("wrong-key-123");
  });

  it("refuses a wrong Client-Id", async () => {
    const res = await seller(
      sb,
      "/v2/warehouse/list",
      { limit: 200 },
      { ...SELLER_HEADERS, "Client-Id": "42" },
    );
    expect(res.status).toBe(401);
  });

  it("accepts the sandbox credentials", async () => {
    const res = await seller(sb, "/v2/warehouse/list", { limit: 200 });
    expect(res.status).toBe(200);
    expect(res.json.warehouses.length).toBeGreaterThanOrEqual(2);
  });

  it("answers an unknown Seller path with 404 in the Seller form", async () => {
    const res = await seller(sb, "/v9/nothing/here", {});
    expect(res.status).toBe(404);
    expect(res.json.code).toBe(5);
  });

  it("answers invalid JSON with 400", async () => {
    const res = await seller(sb, "/v3/posting/fbs/get", "{not json");
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(3);
  });
});

describe("Performance API auth", () => {
  it("issues a Bearer token for the sandbox client credentials", async () => {
    const res = await fetch(`${sb.performanceUrl}/api/client/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: SANDBOX_CREDENTIALS.performanceClientId,
        client_secret: SANDBOX_CREDENTIALS.performanceClientSecret,
        grant_type: "client_credentials",
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ expires_in: 1800, token_type: "Bearer" });
    expect(typeof body.access_token).toBe("string");
  });

  it("refuses a wrong secret with 401 {error} and does not echo it", async () => {
    const res = await fetch(`${sb.performanceUrl}/api/client/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: SANDBOX_CREDENTIALS.performanceClientId,
        client_secret: "not-the-secret-777",
        grant_type: "client_credentials",
      }),
    });
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(JSON.parse(text)).toHaveProperty("error");
    expect(text).not.toContain("not-the-secret-777");
  });

  it("refuses a grant type other than client_credentials", async () => {
    const res = await fetch(`${sb.performanceUrl}/api/client/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: SANDBOX_CREDENTIALS.performanceClientId,
        client_secret: SANDBOX_CREDENTIALS.performanceClientSecret,
        grant_type: "password",
      }),
    });
    expect(res.status).toBe(400);
  });

  it("needs a token on other calls, in Token or Authorization: Bearer", async () => {
    expect((await perf(sb, "GET", "/api/client/campaign")).status).toBe(401);
    expect(
      (await perf(sb, "GET", "/api/client/campaign", { token: "made-up" })).json,
    ).toHaveProperty("error");
    const token = await getToken(sb);
    expect((await perf(sb, "GET", "/api/client/campaign", { token })).status).toBe(200);
    expect((await perf(sb, "GET", "/api/client/campaign", { token, bearer: true })).status).toBe(
      200,
    );
  });

  it("refuses tokens after expireTokens()", async () => {
    const token = await getToken(sb);
    sb.control.expireTokens();
    const res = await perf(sb, "GET", "/api/client/campaign", { token });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatch(/expired|invalid/);
    const fresh = await getToken(sb);
    expect((await perf(sb, "GET", "/api/client/campaign", { token: fresh })).status).toBe(200);
  });

  it("lets a token expire after tokenTtlSeconds", async () => {
    const short = await startSandbox({ tokenTtlSeconds: 0.2 });
    try {
      const token = await getToken(short);
      expect((await perf(short, "GET", "/api/client/campaign", { token })).status).toBe(200);
      await waitFor(
        async () => (await perf(short, "GET", "/api/client/campaign", { token })).status === 401,
        {
          message: "token expiry",
        },
      );
    } finally {
      await short.close();
    }
  });

  it("accepts custom credentials", async () => {
    const custom = await startSandbox({
      credentials: { sellerClientId: "777", sellerApiKey: "k-777" },
    });
    try {
      expect((await seller(custom, "/v2/warehouse/list", { limit: 200 })).status).toBe(401);
      const ok = await seller(
        custom,
        "/v2/warehouse/list",
        { limit: 200 },
        {
          "Client-Id": "777",
          "Api-Key": "k-777",
          "Content-Type": "application/json",
        },
      );
      expect(ok.status).toBe(200);
    } finally {
      await custom.close();
    }
  });
});
