/**
 * Key health: Ozon refusing a store's keys is told to every admin once (not at every poll), and
 * once again when the keys work again — across a restart and with two processes on one store.
 * Another store keeps working meanwhile.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "../../../src/store/memory.ts";
import { command } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { textOf } from "../harness.ts";
import { ADMIN, lastScreen, SECOND_ADMIN, type StoresWorld, startStores } from "./world.ts";

const worlds: StoresWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0).reverse()) await w.close();
});

const REFUSED = "❌ Ozon refuses the Seller API keys of “Северный”";
const RECOVERED = "✅ The Seller API keys of “Северный” work again.";

function told(w: StoresWorld, chatId: number, start: string): number {
  return w.fake.textsTo(chatId).filter((t) => t.startsWith(start)).length;
}

/** Refused requests of a store so far. */
function refusals(w: StoresWorld, clientId: string): number {
  return w.sandbox.requests.filter((r) => r.store === clientId && r.status === 403).length;
}

async function refuse(w: StoresWorld, clientId: string, polls = 3): Promise<void> {
  w.sandbox.control.setFault("*", { rate403: 1, store: clientId });
  const start = refusals(w, clientId);
  // Several polls are refused: each would have told the admins again if it were not once.
  await waitFor(() => refusals(w, clientId) >= start + polls, {
    message: "polls refused",
    timeoutMs: 8_000,
  });
  await w.container.health?.settled();
}

describe("key health", () => {
  it("tells every admin once when the keys are refused and once when they work again", async () => {
    const w = await startStores();
    worlds.push(w);
    const id = w.sandbox.stores[0]?.credentials.sellerClientId ?? "";
    await waitFor(async () => (await w.container.health?.of(id))?.seller.keys === "ok");
    // The first success ever is no news.
    expect(told(w, ADMIN.id, "✅")).toBe(0);

    await refuse(w, id);
    await waitFor(
      () => told(w, ADMIN.id, REFUSED) === 1 && told(w, SECOND_ADMIN.id, REFUSED) === 1,
    );
    await refuse(w, id);
    expect(told(w, ADMIN.id, REFUSED)).toBe(1);
    const list = lastScreen(await w.exchange(command("stores", { from: ADMIN })));
    expect(textOf(list)).toContain("Seller API: ❌ Ozon refuses the keys · last success");

    w.sandbox.control.clearFaults();
    await waitFor(
      () => told(w, ADMIN.id, RECOVERED) === 1 && told(w, SECOND_ADMIN.id, RECOVERED) === 1,
    );
    const oks = w.sandbox.requests.length;
    await waitFor(() => w.sandbox.requests.length >= oks + 3, { message: "more polls" });
    await w.container.health?.settled();
    expect(told(w, ADMIN.id, RECOVERED)).toBe(1);
    expect(told(w, ADMIN.id, REFUSED)).toBe(1);
  });

  it("does not tell again after a restart while the keys stay refused", async () => {
    const w = await startStores();
    worlds.push(w);
    const id = w.sandbox.stores[0]?.credentials.sellerClientId ?? "";
    await waitFor(async () => (await w.container.health?.of(id))?.seller.keys === "ok");
    await refuse(w, id);
    await waitFor(() => told(w, ADMIN.id, REFUSED) === 1);

    await w.restart();
    await refuse(w, id);
    expect(told(w, ADMIN.id, REFUSED)).toBe(1);
    w.sandbox.control.clearFaults();
    await waitFor(() => told(w, ADMIN.id, RECOVERED) === 1);
  });

  it("tells once with two processes on one store", async () => {
    const store = new MemoryStore();
    const a = await startStores({ store });
    worlds.push(a);
    const b = await startStores({ store, sharedSandbox: a.sandbox });
    worlds.push(b);
    const id = a.sandbox.stores[0]?.credentials.sellerClientId ?? "";
    await waitFor(async () => (await a.container.health?.of(id))?.seller.keys === "ok");
    await refuse(a, id, 6);
    await b.container.health?.settled();
    const both = (start: string) => told(a, ADMIN.id, start) + told(b, ADMIN.id, start);
    await waitFor(() => both(REFUSED) === 1);
    a.sandbox.control.clearFaults();
    await waitFor(() => both(RECOVERED) === 1);
    const seen = a.sandbox.requests.length;
    await waitFor(() => a.sandbox.requests.length >= seen + 6, { message: "more polls" });
    await Promise.all([a.container.health?.settled(), b.container.health?.settled()]);
    expect(both(REFUSED)).toBe(1);
    expect(both(RECOVERED)).toBe(1);
    await store.close();
  });

  it("keeps serving another store while one is refused", async () => {
    const w = await startStores();
    worlds.push(w);
    const keys = w.sandbox.stores[1]?.credentials;
    if (!keys) throw new Error("no store 2");
    await w.container.shops.add(
      {
        id: keys.sellerClientId,
        name: "Южный",
        seller: { clientId: keys.sellerClientId, apiKey: keys.sellerApiKey },
      },
      ADMIN.id,
    );
    const first = w.sandbox.stores[0]?.credentials.sellerClientId ?? "";
    await refuse(w, first);
    await waitFor(
      async () => (await w.container.health?.of(keys.sellerClientId))?.seller.keys === "ok",
    );
    const health = await w.container.health?.of(first);
    expect(health?.seller.keys).toBe("refused");
  });
});
