import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_CREDENTIALS } from "../../src/config.ts";
import {
  type Sandbox,
  type SandboxCredentials,
  type SandboxStore,
  startSandbox,
} from "../../src/sandbox/index.ts";
import { waitFor } from "../support/wait.ts";
import { type Answer, perf, seller } from "./helpers.ts";

let sb: Sandbox;
let north: SandboxStore;
let south: SandboxStore;
beforeAll(async () => {
  sb = await startSandbox({ seed: 31, stores: 2 });
  [north, south] = sb.stores as [SandboxStore, SandboxStore];
});
afterEach(() => sb.control.clearFaults());
afterAll(() => sb.close());

const sellerHeaders = (c: Pick<SandboxCredentials, "sellerClientId" | "sellerApiKey">) => ({
  "Client-Id": c.sellerClientId,
  "Api-Key": c.sellerApiKey,
  "Content-Type": "application/json",
});
const sellerAs = (store: SandboxStore, path: string, body: unknown = {}) =>
  seller(sb, path, body, sellerHeaders(store.credentials));

async function tokenOf(c: SandboxCredentials): Promise<Answer & { token: string }> {
  const res = await perf(sb, "POST", "/api/client/token", {
    body: {
      client_id: c.performanceClientId,
      client_secret: c.performanceClientSecret,
      grant_type: "client_credentials",
    },
  });
  return { ...res, token: res.json?.access_token };
}

const postingNumbers = (res: Answer): string[] =>
  res.json.postings.map((p: { posting_number: string }) => p.posting_number).sort();
const chatIds = (res: Answer): string[] =>
  res.json.chats.map((c: { chat: { chat_id: string } }) => c.chat.chat_id).sort();
const campaignIds = (res: Answer): string[] =>
  res.json.list.map((c: { id: string }) => c.id).sort();

describe("several stores", () => {
  it("names the stores and gives store 1 the usual keys, store k keys of its own", () => {
    expect(sb.stores.map((s) => s.name)).toEqual(["Северный", "Южный"]);
    expect(north.credentials).toEqual(SANDBOX_CREDENTIALS);
    expect(south.credentials).toEqual({
      sellerClientId: "sandbox-client-2",
      sellerApiKey: "sandbox-api-key-2",
      performanceClientId: "sandbox-performance-client-2",
      performanceClientSecret: "sandbox-performance-secret-2",
    });
    expect(sb.credentials).toEqual(north.credentials);
    expect(sb.control).toBe(north.control);
  });

  it("answers each store's own postings, chats and campaigns for its own keys", async () => {
    const own = async (store: SandboxStore) => {
      const { token } = await tokenOf(store.credentials);
      return {
        postings: postingNumbers(await sellerAs(store, "/v4/posting/fbs/unfulfilled/list", {})),
        chats: chatIds(await sellerAs(store, "/v3/chat/list", { limit: 100 })),
        campaigns: campaignIds(await perf(sb, "GET", "/api/client/campaign", { token })),
      };
    };
    const [a, b] = [await own(north), await own(south)];
    for (const [store, got] of [
      [north, a],
      [south, b],
    ] as const) {
      const unfulfilled = store.control.postings().filter((p) => p.status === "awaiting_packaging");
      expect(got.postings).toEqual(expect.arrayContaining(unfulfilled.map((p) => p.postingNumber)));
      expect(got.chats).toEqual(
        store.control
          .chats()
          .map((c) => c.id)
          .sort(),
      );
      expect(got.campaigns).toEqual(
        store.control
          .campaigns()
          .map((c) => c.id)
          .sort(),
      );
      expect(got.postings.length).toBeGreaterThan(0);
    }
    expect(a.postings.filter((n) => b.postings.includes(n))).toEqual([]);
    expect(a.chats.filter((id) => b.chats.includes(id))).toEqual([]);
    expect(a.campaigns.filter((id) => b.campaigns.includes(id))).toEqual([]);
  });

  it("seeds the stores differently: products, warehouses and message ids differ", () => {
    const skus = (s: SandboxStore) => s.control.products().map((p) => p.sku);
    expect(skus(north).filter((sku) => skus(south).includes(sku))).toEqual([]);
    const names = (s: SandboxStore) => s.control.warehouses().map((w) => w.name);
    expect(names(south)).not.toEqual(names(north));
    const ids = (s: SandboxStore) => s.control.chats().flatMap((c) => c.messages.map((m) => m.id));
    expect(ids(north).filter((id) => ids(south).includes(id))).toEqual([]);
  });

  it("refuses store 2's key on store 1's Client-Id, and the other way round", async () => {
    const crossed = [
      {
        sellerClientId: north.credentials.sellerClientId,
        sellerApiKey: south.credentials.sellerApiKey,
      },
      {
        sellerClientId: south.credentials.sellerClientId,
        sellerApiKey: north.credentials.sellerApiKey,
      },
    ];
    for (const keys of crossed) {
      const res = await seller(sb, "/v2/warehouse/list", { limit: 200 }, sellerHeaders(keys));
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({
        code: 16,
        message: "Invalid Api-Key, please contact support",
      });
    }
    const unknown = { sellerClientId: "sandbox-client-3", sellerApiKey: "sandbox-api-key-3" };
    expect(
      (await seller(sb, "/v2/warehouse/list", { limit: 200 }, sellerHeaders(unknown))).status,
    ).toBe(401);
    const wrongSecret = await tokenOf({
      ...south.credentials,
      performanceClientSecret: north.credentials.performanceClientSecret,
    });
    expect(wrongSecret.status).toBe(401);
  });

  it("binds a token to its store: store 2's token never reads store 1's campaigns", async () => {
    const { token } = await tokenOf(south.credentials);
    const theirs = north.control.campaigns()[0]?.id ?? "";
    const listed = await perf(sb, "GET", `/api/client/campaign?campaignIds=${theirs}`, { token });
    expect(listed.status).toBe(200);
    expect(listed.json.list).toEqual([]);
    const one = await perf(sb, "GET", `/api/client/campaign/${theirs}/objects`, { token });
    expect(one.status).toBe(404);
    const bearer = await perf(sb, "GET", "/api/client/campaign", { token, bearer: true });
    expect(campaignIds(bearer)).toEqual(
      south.control
        .campaigns()
        .map((c) => c.id)
        .sort(),
    );
    // Expiring store 2's tokens leaves store 1's working.
    const northToken = (await tokenOf(north.credentials)).token;
    south.control.expireTokens();
    expect((await perf(sb, "GET", "/api/client/campaign", { token })).status).toBe(401);
    expect((await perf(sb, "GET", "/api/client/campaign", { token: northToken })).status).toBe(200);
  });

  it("acts on the store the keys belong to: a ship changes only that store", async () => {
    const sku = south.control.products().find((p) => !p.markRequired)?.sku;
    const posting = south.control.addPosting({ products: [{ sku, quantity: 1 }] });
    const body = {
      posting_number: posting.postingNumber,
      packages: [{ products: [{ product_id: sku, quantity: 1 }] }],
    };
    expect((await sellerAs(north, "/v4/posting/fbs/ship", body)).status).toBe(404);
    expect(north.control.posting(posting.postingNumber)).toBeUndefined();
    expect((await sellerAs(south, "/v4/posting/fbs/ship", body)).status).toBe(200);
    expect(south.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
  });
});

describe("faults of one store", () => {
  it("a 5xx fault limited to store 2 leaves store 1 answering", async () => {
    sb.control.setFault("/v4/posting/fbs/unfulfilled/list", {
      rate5xx: 1,
      status5xx: 503,
      store: south.credentials.sellerClientId,
    });
    expect((await sellerAs(south, "/v4/posting/fbs/unfulfilled/list")).status).toBe(503);
    expect((await sellerAs(north, "/v4/posting/fbs/unfulfilled/list")).status).toBe(200);
    expect(sb.requests.at(-2)).toMatchObject({ status: 503, store: "sandbox-client-2" });
    expect(sb.requests.at(-1)).toMatchObject({ status: 200, store: "sandbox-client" });
  });

  it("a 403 fault limited to store 2 refuses its token and its calls, not store 1's", async () => {
    const southToken = (await tokenOf(south.credentials)).token;
    sb.control.setFault("*", { rate403: 1, store: south.credentials.sellerClientId });
    const refused = await sellerAs(south, "/v2/warehouse/list", { limit: 200 });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe(7);
    expect((await tokenOf(south.credentials)).status).toBe(403);
    const campaigns = await perf(sb, "GET", "/api/client/campaign", { token: southToken });
    expect(campaigns.status).toBe(403);
    expect(campaigns.json).toHaveProperty("error");
    expect((await sellerAs(north, "/v2/warehouse/list", { limit: 200 })).status).toBe(200);
    expect((await tokenOf(north.credentials)).status).toBe(200);
  });

  it("a fault named by the Performance client id limits it the same way; an unlimited one hits all", async () => {
    sb.control.setFault("POST /api/client/token", {
      rate5xx: 1,
      store: south.credentials.performanceClientId,
    });
    expect((await tokenOf(south.credentials)).status).toBe(500);
    expect((await tokenOf(north.credentials)).status).toBe(200);
    sb.control.setFault("POST /v2/warehouse/list", { rate5xx: 1 });
    expect((await sellerAs(north, "/v2/warehouse/list", { limit: 200 })).status).toBe(500);
    expect((await sellerAs(south, "/v2/warehouse/list", { limit: 200 })).status).toBe(500);
    expect(sb.control.faults()).toHaveLength(2);
  });
});

describe("switches and schedules", () => {
  it("retiring the spec forms reaches every store", async () => {
    south.control.retireSpecMethods(410);
    try {
      for (const store of sb.stores) {
        expect((await sellerAs(store, "/v3/posting/fbs/unfulfilled/list", {})).status).toBe(410);
      }
    } finally {
      north.control.retireSpecMethods(false);
    }
    expect((await sellerAs(south, "/v2/warehouse/list", { limit: 200 })).status).toBe(200);
  });

  it("runs the generators for every store", async () => {
    const busy = await startSandbox({
      stores: 3,
      newPostingEverySeconds: 0.02,
      buyerMessageEverySeconds: 0.02,
    });
    try {
      const start = busy.stores.map((s) => ({
        postings: s.control.postings().length,
        messages: s.control.chats().reduce((n, c) => n + c.messages.length, 0),
      }));
      await waitFor(
        () =>
          busy.stores.every(
            (s, i) =>
              s.control.postings().length > (start[i]?.postings ?? 0) &&
              s.control.chats().reduce((n, c) => n + c.messages.length, 0) >
                (start[i]?.messages ?? 0),
          ),
        { timeoutMs: 5_000, message: "a new posting and a buyer message in every store" },
      );
    } finally {
      await busy.close();
    }
  });
});
