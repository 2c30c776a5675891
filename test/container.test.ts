/**
 * The container as main.ts builds it (the built-in sandbox, a given store): the Ozon clients keep
 * their fall-backs to the seed's forms in the store, so the next start does not ask a method the
 * store lacks again.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { type Container, createContainer } from "../src/container.ts";
import { MemoryStore } from "../src/store/memory.ts";
import { captureLogger } from "./ozon/support/logger.ts";

const containers: Container[] = [];
afterEach(async () => {
  for (const container of containers.splice(0).reverse()) await container.close();
});

async function start(store: MemoryStore): Promise<Container> {
  const config = loadConfig({
    BOT_TOKEN: "123456:container-test-token-aaaaaaaaaaaa",
    STORE: "memory",
  });
  const container = await createContainer(config, captureLogger().logger, { store });
  containers.push(container);
  return container;
}

async function firstPosting(container: Container): Promise<void> {
  const seller = container.shops.all()[0]?.seller;
  if (!seller) throw new Error("no Seller client");
  for await (const _posting of seller.postings.listAwaitingPackaging()) return;
}

/** The built-in sandbox speaks the seed and lacks today's list of postings awaiting packaging. */
async function seedOnly(container: Container): Promise<void> {
  const documents = await fetch(`${container.sandbox?.url}/_sandbox/documents`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ rules: "seed", withdraw: ["POST /v4/posting/fbs/unfulfilled/list"] }),
  });
  expect(documents.status).toBe(200);
}

async function sandboxCount(container: Container, key: string): Promise<number> {
  const counters = await fetch(`${container.sandbox?.url}/_sandbox/counters`);
  return ((await counters.json()) as Record<string, number>)[key] ?? 0;
}

describe("createContainer", () => {
  it("gives the Ozon clients the store to keep their fall-backs to the seed's forms", async () => {
    const store = new MemoryStore();
    const first = await start(store);
    // This store speaks the seed and lacks today's list of postings awaiting packaging.
    await seedOnly(first);
    await firstPosting(first);
    expect(first.shops.all()[0]?.seller?.fellBackToSeed()).toEqual(["postings.awaitingPackaging"]);

    // The next start, against a sandbox that still speaks the seed: the client goes to the seed's
    // form at once, as the store says.
    const second = await start(store);
    await seedOnly(second);
    await firstPosting(second);
    expect(second.shops.all()[0]?.seller?.fellBackToSeed()).toEqual(["postings.awaitingPackaging"]);
    expect(await sandboxCount(second, "POST /v4/posting/fbs/unfulfilled/list")).toBe(0);

    // A third, against today's Ozon (the seed's form is off): today's method again, and the
    // fall-back forgotten.
    const third = await start(store);
    await firstPosting(third);
    expect(third.shops.all()[0]?.seller?.fellBackToSeed()).toEqual([]);
    expect(await sandboxCount(third, "POST /v4/posting/fbs/unfulfilled/list")).toBe(1);
    expect((await store.list("")).filter((e) => e.key.includes("ozon:fallback:"))).toEqual([]);
  });
});

describe("createContainer with several sandbox stores", () => {
  it("makes one shop per simulated store, each reaching its own postings", async () => {
    const config = loadConfig({
      BOT_TOKEN: "123456:container-test-token-aaaaaaaaaaaa",
      STORE: "memory",
      SANDBOX_STORES: "2",
    });
    const container = await createContainer(config, captureLogger().logger, {
      store: new MemoryStore(),
    });
    containers.push(container);
    const shops = container.shops.all();
    expect(shops.map((s) => [s.name, s.ref, Boolean(s.seller), Boolean(s.performance)])).toEqual([
      ["Северный", "1", true, true],
      ["Южный", "2", true, true],
    ]);
    const numbers = async (index: number) => {
      const found: string[] = [];
      const seller = shops[index]?.seller;
      if (!seller) throw new Error("no Seller client");
      for await (const posting of seller.postings.listAwaitingPackaging()) {
        found.push(posting.postingNumber);
      }
      return found;
    };
    const [north, south] = [await numbers(0), await numbers(1)];
    expect(north.length).toBeGreaterThan(0);
    expect(south.length).toBeGreaterThan(0);
    expect(north.filter((n) => south.includes(n))).toEqual([]);
  });
});
