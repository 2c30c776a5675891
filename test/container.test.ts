/**
 * The container as main.ts builds it (the built-in sandbox, a given store): the Ozon clients keep
 * their moves to successors in the store, so the next start does not ask a retired form again.
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

describe("createContainer", () => {
  it("gives the Ozon clients the store to keep their moves to successors", async () => {
    const store = new MemoryStore();
    const first = await start(store);
    const retire = await fetch(`${first.sandbox?.url}/_sandbox/retire`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: 404 }),
    });
    expect(retire.status).toBe(200);
    await firstPosting(first);
    expect(first.shops.all()[0]?.seller?.fellBackToSeed()).toEqual([
      "postings.awaitingPackaging",
    ]);

    // The next start: a sandbox of its own that still serves the spec form, yet the client
    // goes to the successor at once, as the store says.
    const second = await start(store);
    await firstPosting(second);
    expect(second.shops.all()[0]?.seller?.fellBackToSeed()).toEqual([
      "postings.awaitingPackaging",
    ]);
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
