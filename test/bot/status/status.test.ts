/**
 * /status over the whole bot (the stores world: real container and modules, the sandbox over
 * HTTP, the fake Bot API): a store whose keys Ozon refuses and whose posting watcher stalls is
 * shown with ⚠️; every admin is told privately once when the loop stalls and once when it
 * recovers, and a second stall within the hour is not told again. Texts in both languages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, person } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { press, textOf } from "../harness.ts";
import {
  ADMIN,
  KEEPER,
  lastScreen,
  SECOND_ADMIN,
  type StoresWorld,
  startStores,
} from "../stores/world.ts";

const worlds: StoresWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0).reverse()) await w.close();
});

const STALLED = "⚠️ “postings” of “Северный” has not completed a pass";
const RECOVERED = "✅ “postings” of “Северный” works again.";
const STALLED_RU = "⚠️ «отправления» магазина «Северный»: ни одного удачного прохода";
const RECOVERED_RU = "✅ «отправления» магазина «Северный» снова работает.";
/** The second admin speaks Russian: the notices come to them in Russian. */
const RUSSIAN_ADMIN = person(SECOND_ADMIN.id, { first_name: "Bea", language_code: "ru" });

function told(w: StoresWorld, chatId: number, start: string): number {
  return w.fake.textsTo(chatId).filter((t) => t.startsWith(start)).length;
}

async function status(w: StoresWorld, from = ADMIN): Promise<string> {
  return textOf(lastScreen(await w.exchange(command("status", { from }))));
}

function refusals(w: StoresWorld, clientId: string): number {
  return w.sandbox.requests.filter((r) => r.store === clientId && r.status === 403).length;
}

describe("/status", () => {
  it("shows a store whose keys fail and a loop that stalls, and tells admins once", async () => {
    const w = await startStores();
    worlds.push(w);
    const id = w.sandbox.stores[0]?.credentials.sellerClientId ?? "";
    await w.exchange(command("status", { from: RUSSIAN_ADMIN }));
    await waitFor(async () => (await w.container.health?.of(id))?.seller.keys === "ok");
    let well = "";
    await waitFor(
      async () => {
        well = await status(w);
        return /✅ postings: \d+ s ago/.test(well) && well.includes("all loops run");
      },
      { message: "the watcher's pass on /status" },
    );
    expect(well).toContain("🩺 Bot status: all loops run");
    expect(well).toContain("🏬 Северный");
    expect(well).toContain("Seller API: ✅ keys work");
    expect(well).toContain("Ozon errors in the last hour: none");
    expect(well).toContain("Last push from Ozon: none yet");
    expect(well).toMatch(/Telegram queue: \d+ waiting, oldest .+; 429 in the last hour: 0/);
    expect(well).toMatch(/Version \S+, up \d+ s, memory \d+ MB/);

    // Ozon refuses the store's keys: every pass of its watcher fails.
    w.sandbox.control.setFault("*", { rate403: 1, store: id });
    await waitFor(
      () => told(w, ADMIN.id, STALLED) === 1 && told(w, SECOND_ADMIN.id, STALLED_RU) === 1,
      {
        message: "admins told of the stall",
        timeoutMs: 15_000,
      },
    );
    const sick = await status(w);
    expect(sick).toContain("🩺 Bot status: ⚠️");
    expect(sick).toMatch(/⚠️ postings: \d+ s ago, \d+ failed in a row/);
    expect(sick).toContain("Seller API: ❌ Ozon refuses the keys");
    expect(sick).toMatch(/Ozon errors in the last hour: keys_refused \d+/);
    // More failed passes tell nobody again.
    const start = refusals(w, id);
    await waitFor(() => refusals(w, id) >= start + 5, { message: "more refused polls" });
    expect(told(w, ADMIN.id, STALLED)).toBe(1);
    // Told privately: nothing went to a group or another person.
    expect(told(w, KEEPER.id, STALLED)).toBe(0);

    w.sandbox.control.clearFaults();
    await waitFor(
      () => told(w, ADMIN.id, RECOVERED) === 1 && told(w, SECOND_ADMIN.id, RECOVERED_RU) === 1,
      { message: "admins told of the recovery", timeoutMs: 15_000 },
    );
    await waitFor(async () => (await status(w)).includes("🩺 Bot status: all loops run"));

    // A second stall within the hour is shown but not told (nor its recovery).
    w.sandbox.control.setFault("*", { rate403: 1, store: id });
    await waitFor(async () => (await status(w)).includes("⚠️ postings"), {
      message: "stalled again",
      timeoutMs: 15_000,
    });
    w.sandbox.control.clearFaults();
    await waitFor(async () => (await status(w)).includes("✅ postings"), {
      message: "recovered again",
      timeoutMs: 15_000,
    });
    expect(told(w, ADMIN.id, STALLED)).toBe(1);
    expect(told(w, ADMIN.id, RECOVERED)).toBe(1);
  });

  it("speaks Russian, refreshes in place and is for admins only", async () => {
    const w = await startStores();
    worlds.push(w);
    const russian = RUSSIAN_ADMIN;
    await waitFor(async () => /✅ отправления: \d+ с назад/.test(await status(w, russian)), {
      message: "the Russian screen",
    });
    const screen = lastScreen(await w.exchange(command("status", { from: russian })));
    const text = textOf(screen);
    expect(text).toContain("🩺 Статус бота: все циклы работают");
    expect(text).toContain("Seller API: ✅ ключи работают");
    expect(text).toContain("Ошибки Ozon за час: нет");
    // A push from Ozon (the receiver tells the loop health), then 🔄 redraws the same message.
    w.container.loopHealth?.pushArrived(w.sandbox.stores[0]?.credentials.sellerClientId ?? "");
    await w.container.loopHealth?.settled();
    const refreshed = await w.exchange(press(screen, "🔄 Обновить", russian));
    const edit = refreshed.find((c) => c.method === "editMessageText");
    expect(edit && textOf(edit)).toMatch(/Последний пуш от Ozon: \d+ с назад/);

    const stranger = await w.exchange(command("status", { from: KEEPER }));
    expect(stranger.map(textOf).join("\n")).not.toContain("postings:");
  });
});
