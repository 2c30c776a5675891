/**
 * Today's methods first; a fall-back to the seed's form outlives the client: a client with a store
 * learns that this store lacks today's method (a sandbox speaking the seed with today's methods
 * withdrawn); a new client on the same store (a restart, another process) goes straight to the
 * seed's form and asks the missing method no more. Against a store that has today's methods,
 * nothing falls back and the seed's forms are never asked.
 */
import { afterEach, describe, expect, it } from "vitest";
import { storedFallbacks } from "../../src/ozon/fallback-memory.ts";
import { createPerformanceClient, type FallbackMemory } from "../../src/ozon/index.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { MemoryStore } from "../../src/store/memory.ts";
import type { Store } from "../../src/store/port.ts";
import { sandboxSeller } from "../support/sandbox-seller.ts";
import { captureLogger } from "./support/logger.ts";
import { collect } from "./support/seller.ts";

let sandbox: Sandbox | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await sandbox?.close();
  sandbox = undefined;
});

/** A store as the seed had it: today's forms of these capabilities are missing. */
async function seedOnlySandbox(): Promise<Sandbox> {
  sandbox = await startSandbox({ seed: 3, rules: "seed", initialPostings: 2 });
  sandbox.contract.withdraw(V4_UNFULFILLED, V3_CHAT_LIST, "PATCH /api/client/campaign/{id}");
  return sandbox;
}

function newStore(): MemoryStore {
  const store = new MemoryStore();
  closers.push(() => store.close());
  return store;
}

function sellerWith(sb: Sandbox, fallbackMemory: FallbackMemory) {
  const { logger, lines } = captureLogger();
  const client = sandboxSeller(sb, {
    logger,
    fallbackMemory,
  });
  closers.push(() => client.close());
  return { client, lines };
}

function performanceWith(sb: Sandbox, store: Store) {
  const client = createPerformanceClient({
    baseUrl: sb.performanceUrl,
    clientId: sb.credentials.performanceClientId,
    clientSecret: sb.credentials.performanceClientSecret,
    fallbackMemory: storedFallbacks(store, "performance"),
  });
  closers.push(() => client.close());
  return client;
}

const V3_UNFULFILLED = "POST /v3/posting/fbs/unfulfilled/list";
const V4_UNFULFILLED = "POST /v4/posting/fbs/unfulfilled/list";
const V1_CHAT_LIST = "POST /v1/chat/list";
const V3_CHAT_LIST = "POST /v3/chat/list";

describe("today's methods first", () => {
  it("asks only today's methods of a store that has them, and remembers nothing", async () => {
    sandbox = await startSandbox({ seed: 3, initialPostings: 2 });
    const store = newStore();
    const { client } = sellerWith(sandbox, storedFallbacks(store, "seller"));
    expect(await collect(client.postings.listAwaitingPackaging())).toHaveLength(2);
    expect((await collect(client.chats.list())).length).toBeGreaterThan(0);
    const counters = sandbox.counters();
    expect(counters[V4_UNFULFILLED]).toBe(1);
    expect(counters[V3_CHAT_LIST]).toBeGreaterThan(0);
    expect(counters[V3_UNFULFILLED]).toBeUndefined();
    expect(counters[V1_CHAT_LIST]).toBeUndefined();
    expect(client.fellBackToSeed()).toEqual([]);
    expect(await store.list("ozon:fallback:")).toEqual([]);
  });
});

describe("fall-backs to the seed's forms kept in the store", () => {
  it("a new seller client on the same store asks the missing method no more", async () => {
    const sb = await seedOnlySandbox();
    const store = newStore();
    const first = sellerWith(sb, storedFallbacks(store, "seller"));
    expect(await collect(first.client.postings.listAwaitingPackaging())).toHaveLength(2);
    await collect(first.client.chats.list());
    expect(sb.counters()[V4_UNFULFILLED]).toBe(1);
    expect(sb.counters()[V3_CHAT_LIST]).toBe(1);
    expect(sb.counters()[V3_UNFULFILLED]).toBe(1);
    expect((await store.list("ozon:fallback:seller:")).map((e) => e.key)).toEqual([
      "ozon:fallback:seller:chats.list",
      "ozon:fallback:seller:postings.awaitingPackaging",
    ]);
    // The fall-back is said once each, naming both forms.
    expect(
      first.lines.filter((l) => l.capability).map((l) => [l.capability, l.missing, l.fallback]),
    ).toEqual([
      ["postings.awaitingPackaging", V4_UNFULFILLED, V3_UNFULFILLED],
      ["chats.list", V3_CHAT_LIST, V1_CHAT_LIST],
    ]);

    sb.resetCounters();
    const { client: second, lines } = sellerWith(sb, storedFallbacks(store, "seller"));
    expect(await collect(second.postings.listAwaitingPackaging())).toHaveLength(2);
    expect((await collect(second.chats.list())).length).toBeGreaterThan(0);
    const counters = sb.counters();
    expect(counters[V4_UNFULFILLED]).toBeUndefined();
    expect(counters[V3_CHAT_LIST]).toBeUndefined();
    expect(counters[V3_UNFULFILLED]).toBe(1);
    expect(counters[V1_CHAT_LIST]).toBeGreaterThan(0);
    expect(second.fellBackToSeed().sort()).toEqual(["chats.list", "postings.awaitingPackaging"]);
    // Known fall-backs are not news: nothing is logged about them again.
    expect(lines.filter((l) => l.capability)).toEqual([]);
  });

  it("a new Performance client on the same store sets budgets with the seed's PUT straight away", async () => {
    const sb = await seedOnlySandbox();
    const store = newStore();
    const campaign = sb.control.campaigns()[0];
    if (!campaign) throw new Error("the sandbox has no campaign");
    const id = String(campaign.id);
    await performanceWith(sb, store).campaigns.setDailyBudget(id, 350_500_000n);
    expect(sb.requests.filter((r) => r.method === "PATCH")).toHaveLength(1);
    expect(sb.requests.filter((r) => r.method === "PUT")).toHaveLength(1);

    sb.resetCounters();
    await performanceWith(sb, store).campaigns.setDailyBudget(id, 500_000_000n);
    expect(sb.requests.map((r) => r.method)).not.toContain("PATCH");
    expect(sb.requests.filter((r) => r.method === "PUT")).toHaveLength(1);
    expect(sb.control.campaign(id)?.dailyBudget).toBe("500000000");
    // Each service keeps its own fall-backs.
    expect(await store.list("ozon:fallback:seller:")).toEqual([]);
  });

  it("a memory that fails costs only the missing method's 404 again, said in the log", async () => {
    const sb = await seedOnlySandbox();
    const broken: FallbackMemory = {
      recall: () => Promise.reject(new Error("store down")),
      remember: () => Promise.reject(new Error("store down")),
      forget: () => Promise.reject(new Error("store down")),
    };
    const { client, lines } = sellerWith(sb, broken);
    expect(await collect(client.postings.listAwaitingPackaging())).toHaveLength(2);
    expect(await collect(client.postings.listAwaitingPackaging())).toHaveLength(2);
    expect(sb.counters()[V4_UNFULFILLED]).toBe(1);
    const messages = lines.map((l) => String(l.msg));
    expect(messages).toContain("Could not read which Ozon methods this store lacks");
    expect(messages.some((m) => m.startsWith("Could not keep the fall-back"))).toBe(true);
  });
});
