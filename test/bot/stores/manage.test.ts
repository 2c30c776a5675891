/**
 * Managing stores in /stores: rename (env stores too), pause and resume, remove (bot-added only)
 * — each confirmed first and its result told; removing stops the store's poller. A person who
 * is not an admin can neither open /stores nor use its buttons.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { PostingsModule } from "../../../src/bot/postings/module.ts";
import { callback, command, person, text } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { type Button, buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import { ADMIN, KEEPER, lastScreen, type StoresWorld, startStores } from "./world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function screen(w: StoresWorld, update: Parameters<StoresWorld["send"]>[0]) {
  return lastScreen(await w.exchange(update));
}

/** Adds store 2 the way the registry does for the dialog (the dialog has its own test). */
async function addSecond(w: StoresWorld) {
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
  return keys.sellerClientId;
}

/** Seller calls of a store so far. */
function callsOf(w: StoresWorld, clientId: string): number {
  return w.sandbox.requests.filter((r) => r.store === clientId).length;
}

describe("/stores", () => {
  it("lists each store with its origin, APIs, key health and buttons", async () => {
    const w = await startStores();
    world = w;
    const id = await addSecond(w);
    await waitFor(async () => (await w.container.health?.of(id))?.seller.keys === "ok");
    const list = await screen(w, command("stores", { from: ADMIN }));
    const body = textOf(list);
    expect(body).toContain("Ozon stores: 2");
    expect(body).toContain("1. Северный — from the configuration");
    expect(body).toMatch(
      /2\. Южный — added in the bot\n {3}Seller API: ✅ keys work · last success /,
    );
    expect(buttonsOf(list).map((b) => b.text)).toEqual([
      "✏️ Северный",
      "⏸ Pause",
      "🗑 Remove",
      "✏️ Южный",
      "⏸ Pause",
      "🗑 Remove",
      "➕ Add a store",
    ]);
  });

  it("renames a store after confirming, env stores too", async () => {
    const w = await startStores();
    world = w;
    const list = await screen(w, command("stores", { from: ADMIN }));
    const ask = await screen(w, press(list, "✏️ Северный", ADMIN));
    expect(textOf(ask)).toContain("The new name of “Северный”");
    const long = await screen(w, text("x".repeat(500), { from: ADMIN }));
    expect(textOf(long)).toContain("500 characters long");
    // A key typed as the name is deleted at once and refused; no trace of it is kept.
    const key = randomUUID();
    const keyed = text(key, { from: ADMIN });
    const refused = await w.exchange(keyed);
    const deleted = refused.find((c) => c.method === "deleteMessage");
    expect(Number(deleted?.payload.message_id)).toBe(keyed.message?.message_id);
    expect(textOf(lastScreen(refused))).toContain("looks like an Ozon key, not a name");
    expect(await w.everything()).not.toContain(key);
    // "Another name" on the confirmation asks again; the name typed is not kept.
    const first = await screen(w, text("Север-0", { from: ADMIN }));
    expect(textOf(first)).toBe("Rename “Северный” to “Север-0”?");
    const again = await screen(w, press(first, "✏️ Another name", ADMIN));
    expect(textOf(again)).toContain("The new name of “Северный”");
    expect(w.container.shops.all()[0]?.name).toBe("Северный");
    const confirm = await screen(w, text("Север-1", { from: ADMIN }));
    expect(textOf(confirm)).toBe("Rename “Северный” to “Север-1”?");
    const done = await screen(w, press(confirm, "Rename", ADMIN));
    expect(textOf(done)).toBe("✅ “Северный” is now called “Север-1”.");
    expect(w.container.shops.all()[0]?.name).toBe("Север-1");
    // Kept as a setting: the next start shows the new name.
    await w.restart();
    expect(w.container.shops.all()[0]?.name).toBe("Север-1");
  });

  it("pauses and resumes after confirming: the store's polling stops and starts again", async () => {
    const w = await startStores();
    world = w;
    const id = await addSecond(w);
    await waitFor(() => callsOf(w, id) > 0, { message: "store 2 polled" });
    const list = await screen(w, command("stores", { from: ADMIN }));
    const pauseButton = buttonsOf(list).filter((b) => b.text === "⏸ Pause")[1] as Button;
    const confirm = await screen(
      w,
      callback(pauseButton.callback_data ?? "", { from: ADMIN, message: sentOf(list) }),
    );
    expect(textOf(confirm)).toContain("Pause “Южный”?");
    const paused = await w.exchange(press(confirm, "Yes, pause", ADMIN));
    expect(textOf(lastScreen(paused))).toMatch(/^⏸ “Южный” is paused\./);
    expect(textOf(lastScreen(paused))).toContain("⏸ paused: not polled");
    expect(w.container.shops.get(id)?.paused).toBe(true);
    // Its poller is stopped (PerShop follows the registry): five poll periods without a request.
    expect(watcherOf(w, id)).toBeUndefined();
    const whilePaused = callsOf(w, id);
    await expect(waitFor(() => callsOf(w, id) > whilePaused, { timeoutMs: 1_000 })).rejects.toThrow(
      /not met within/,
    );

    const resume = await screen(w, press(lastScreen(paused), "▶️ Resume", ADMIN));
    expect(textOf(resume)).toContain("Resume “Южный”?");
    const resumed = await screen(w, press(resume, "Yes, resume", ADMIN));
    expect(textOf(resumed)).toMatch(/^▶️ “Южный” is polled again\./);
    expect(watcherOf(w, id)).toBeDefined();
    const now = callsOf(w, id);
    await waitFor(() => callsOf(w, id) > now, { message: "polled again" });
  });

  it("removes a bot-added store after confirming and stops its poller; env stores say where they come from", async () => {
    const w = await startStores();
    world = w;
    const id = await addSecond(w);
    await waitFor(() => callsOf(w, id) > 0, { message: "store 2 polled" });
    const list = await screen(w, command("stores", { from: ADMIN }));
    const removes = buttonsOf(list).filter((b) => b.text === "🗑 Remove");
    const envPress = await w.exchange(
      callback(removes[0]?.callback_data ?? "", { from: ADMIN, message: sentOf(list) }),
    );
    const alert = envPress.find((c) => c.method === "answerCallbackQuery");
    expect(String(alert?.payload.text)).toContain("comes from the configuration");

    const confirm = await screen(
      w,
      callback(removes[1]?.callback_data ?? "", { from: ADMIN, message: sentOf(list) }),
    );
    expect(textOf(confirm)).toContain("Remove “Южный”?");
    const removed = await screen(w, press(confirm, "Yes, remove", ADMIN));
    expect(textOf(removed)).toMatch(/^🗑 “Южный” is removed\./);
    expect(textOf(removed)).toContain("Ozon stores: 1");
    expect(w.container.shops.get(id)).toBeUndefined();
    expect(await w.store.list("shops:saved:")).toEqual([]);
    expect(watcherOf(w, id)).toBeUndefined();
    // A button of the removed store, pressed later: said, and the list as it is now.
    const stale = await w.exchange(press(confirm, "Yes, remove", ADMIN));
    expect(String(stale.find((c) => c.method === "answerCallbackQuery")?.payload.text)).toContain(
      "no longer connected",
    );
  });

  it("is for admins only: the command and its buttons are refused to others", async () => {
    const w = await startStores();
    world = w;
    await w.container.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    const refused = await screen(w, command("stores", { from: KEEPER }));
    expect(textOf(refused)).toContain("only for these roles");
    const list = await screen(w, command("stores", { from: ADMIN }));
    for (const label of ["Add a store", "✏️ Северный", "⏸ Pause"]) {
      const calls = await w.exchange(press(list, label, KEEPER));
      const alert = calls.find((c) => c.method === "answerCallbackQuery");
      expect(String(alert?.payload.text)).toContain("only for these roles");
      expect(calls.filter((c) => c.method !== "answerCallbackQuery")).toEqual([]);
    }
    const stranger = person(9999, { language_code: "en" });
    const calls = await w.exchange(press(list, "⏸ Pause", stranger));
    expect(calls.filter((c) => c.method !== "answerCallbackQuery")).toEqual([]);
    expect(w.container.shops.all()[0]?.paused).toBe(false);
  });
});

/** The running posting watcher of a shop. */
function watcherOf(w: StoresWorld, shopId: string) {
  const postings = w.modules.find((m) => m.name === "postings") as PostingsModule | undefined;
  return postings?.watcherOf(shopId);
}

function sentOf(call: Parameters<typeof textOf>[0]): Record<string, unknown> {
  return sentMessage(call);
}
