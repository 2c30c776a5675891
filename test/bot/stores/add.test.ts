/**
 * Adding an Ozon store in the bot, end to end: the dialog's questions and refusals, key messages
 * deleted as they arrive, the keys checked with Ozon before anything is saved, the new store in
 * /stores, and its poller running (a posting of it reaches a subscriber).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { SEALED_KEY_PREFIX } from "../../../src/bot/stores/keys.ts";
import { command, text } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import { ADMIN, KEEPER, lastScreen, type StoresWorld, startStores, subscribe } from "./world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The text the bot answered `update` with (its last screen). */
async function answerTo(w: StoresWorld, update: Parameters<StoresWorld["send"]>[0]) {
  return lastScreen(await w.exchange(update));
}

async function openAdd(w: StoresWorld) {
  const list = await answerTo(w, command("stores", { from: ADMIN }));
  return answerTo(w, press(list, "Add a store", ADMIN));
}

/** Sends a key; returns the calls, checking the message was deleted. */
async function sendKey(w: StoresWorld, key: string) {
  const update = text(key, { from: ADMIN });
  const calls = await w.exchange(update);
  const deleted = calls.find(
    (c) =>
      c.method === "deleteMessage" && Number(c.payload.message_id) === update.message?.message_id,
  );
  expect(deleted, "the message with the key is deleted").toBeDefined();
  return calls;
}

describe("adding a store in /stores", () => {
  it("asks, refuses what cannot be, deletes key messages, checks the keys, saves and polls it", async () => {
    const w = await startStores();
    world = w;
    await w.container.access.grant(KEEPER.id, "warehouse", ADMIN.id);
    await subscribe(w, KEEPER.id);
    const [first, second] = w.sandbox.stores;
    if (!first || !second) throw new Error("two sandbox stores expected");
    const keys = second.credentials;

    expect(textOf(await openAdd(w))).toContain("What should the new store be called?");
    const long = await answerTo(w, text("Ю".repeat(500), { from: ADMIN }));
    expect(textOf(long)).toContain("The name is 500 characters long; at most 40");
    expect(textOf(long)).toContain("What should the new store be called?");
    const taken = await answerTo(w, text("  северный ", { from: ADMIN }));
    expect(textOf(taken)).toContain("A store named “Северный” already exists");

    expect(textOf(await answerTo(w, text("Южный", { from: ADMIN })))).toContain("Client-Id");
    const connected = await answerTo(w, text(first.credentials.sellerClientId, { from: ADMIN }));
    expect(textOf(connected)).toContain("already connected as “Северный”");
    const askKey = await answerTo(w, text(keys.sellerClientId, { from: ADMIN }));
    expect(textOf(askKey)).toContain("Api-Key");

    const afterKey = lastScreen(await sendKey(w, keys.sellerApiKey));
    expect(textOf(afterKey)).toContain("Performance API client id");
    expect(buttonsOf(afterKey).map((b) => b.text)).toContain("Skip");
    const askSecret = await answerTo(w, text(keys.performanceClientId, { from: ADMIN }));
    expect(textOf(askSecret)).toContain("client secret");
    const done = await sendKey(w, keys.performanceClientSecret);
    const texts = done.filter((c) => c.method === "sendMessage").map(textOf);
    expect(texts).toContain("⏳ Checking the keys with Ozon…");
    expect(textOf(lastScreen(done))).toBe(
      "✅ The store “Южный” is added (Seller and Performance APIs). New postings and buyer messages of it come from now on.",
    );
    // Ozon was asked with the new keys: the warehouse list and a token, of store 2.
    const checks = w.sandbox.requests.filter((r) => r.store === keys.sellerClientId);
    expect(checks.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/v2/warehouse/list", "/api/client/token"]),
    );

    const added = w.container.shops.get(keys.sellerClientId);
    expect(added).toMatchObject({ name: "Южный", origin: "bot", paused: false });
    // No key in plain text anywhere: not in the store (sessions, dialog state), not in the logs.
    const everything = await w.everything();
    expect(everything).not.toContain(keys.sellerApiKey);
    expect(everything).not.toContain(keys.performanceClientSecret);

    const list = await answerTo(w, command("stores", { from: ADMIN }));
    expect(textOf(list)).toContain("2. Южный — added in the bot");
    expect(textOf(list)).toMatch(
      /Южный — added in the bot\n {3}Seller API: .+\n {3}Performance API/,
    );

    // Its poller runs: once a first pass is over, a new posting of store 2 is announced.
    const listed = () =>
      w.sandbox.requests.filter(
        (r) => r.store === keys.sellerClientId && r.path.includes("unfulfilled/list"),
      ).length;
    await waitFor(() => listed() >= 2, { message: "two polls of the new store" });
    const posting = second.control.addPosting();
    await waitFor(() => w.fake.textsTo(KEEPER.id).some((t) => t.includes(posting.postingNumber)), {
      message: "the new store's posting announced",
      timeoutMs: 8_000,
    });
    // Its health is known from the poller's calls.
    await waitFor(
      async () => (await w.container.health?.of(keys.sellerClientId))?.seller.keys === "ok",
    );
  });

  it("seals and deletes a key typed at a step that wants a name or an id, and refuses it there", async () => {
    const w = await startStores();
    world = w;
    const keys = w.sandbox.stores[1]?.credentials;
    if (!keys) throw new Error("no store 2");
    // Key-shaped as Ozon's are: an Api-Key is a UUID, a Performance secret a long random word.
    const apiKey = randomUUID();
    const secret = `a1${randomBytes(36).toString("base64url")}`;
    await openAdd(w);

    /** Sends a key at a step that does not want one; returns the refusal, checking the deletion. */
    const refusedKey = async (key: string) => lastScreen(await sendKey(w, key));
    const atName = await refusedKey(`my key is ${apiKey}`);
    expect(textOf(atName)).toContain(
      "looks like an Ozon key, not a name, so I deleted the message",
    );
    expect(textOf(atName)).toContain("What should the new store be called?");

    expect(textOf(await answerTo(w, text("Южный", { from: ADMIN })))).toContain("Client-Id");
    const atClient = await refusedKey(apiKey);
    expect(textOf(atClient)).toContain(
      "That looks like an Api-Key, not a Client-Id, so I deleted the message: the Api-Key goes at the next step.",
    );
    expect(textOf(atClient)).toContain("The Client-Id of “Южный”");

    // A real Client-Id is an answer, not a key: kept in the chat and taken.
    const idUpdate = text(keys.sellerClientId, { from: ADMIN });
    const idCalls = await w.exchange(idUpdate);
    expect(idCalls.filter((c) => c.method === "deleteMessage")).toEqual([]);
    expect(textOf(lastScreen(idCalls))).toContain("Api-Key");
    await sendKey(w, keys.sellerApiKey);

    const atPerformanceId = await refusedKey(secret);
    expect(textOf(atPerformanceId)).toContain(
      "That looks like a client secret, not a client id, so I deleted the message: the secret goes at the next step.",
    );
    expect(textOf(atPerformanceId)).toContain("Performance API client id");

    // Neither key is anywhere in clear: the dialog's saved (replayed) state, sessions, logs.
    const everything = await w.everything();
    expect(everything).toContain(SEALED_KEY_PREFIX);
    for (const key of [apiKey, secret, keys.sellerApiKey]) expect(everything).not.toContain(key);
    expect(w.container.shops.get(apiKey)).toBeUndefined();
  });

  it("says plainly when Ozon refuses the keys, saves nothing, and asks again", async () => {
    const w = await startStores();
    world = w;
    const keys = w.sandbox.stores[1]?.credentials;
    if (!keys) throw new Error("no store 2");
    await openAdd(w);
    await w.exchange(text("Южный", { from: ADMIN }));
    await w.exchange(text(keys.sellerClientId, { from: ADMIN }));
    // Store 1's key with store 2's Client-Id: a key of another store.
    const first = w.sandbox.stores[0]?.credentials.sellerApiKey ?? "";
    await sendKey(w, first);
    const skip = lastScreen(w.fake.calls);
    const refused = await w.exchange(press(skip, "Skip", ADMIN));
    expect(textOf(lastScreen(refused))).toContain("❌ Ozon refused these keys (Seller API)");
    expect(textOf(lastScreen(refused))).toContain("Client-Id");
    expect(w.container.shops.get(keys.sellerClientId)).toBeUndefined();
    expect(await w.store.list("shops:saved:")).toEqual([]);
  });

  it("says it could not check now when Ozon fails, and saves nothing", async () => {
    const w = await startStores();
    world = w;
    const keys = w.sandbox.stores[1]?.credentials;
    if (!keys) throw new Error("no store 2");
    w.sandbox.control.setFault("/v2/warehouse/list", { rate5xx: 1, store: keys.sellerClientId });
    await openAdd(w);
    await w.exchange(text("Южный", { from: ADMIN }));
    await w.exchange(text(keys.sellerClientId, { from: ADMIN }));
    await sendKey(w, keys.sellerApiKey);
    const calls = await w.exchange(press(lastScreen(w.fake.calls), "Skip", ADMIN));
    expect(textOf(lastScreen(calls))).toContain("I could not check the keys with Ozon now");
    expect(w.container.shops.get(keys.sellerClientId)).toBeUndefined();
    expect(await w.store.list("shops:saved:")).toEqual([]);
  });

  it("cannot be started in a group: keys go in a private chat only", async () => {
    const w = await startStores();
    world = w;
    const { group } = await import("../../support/updates.ts");
    const chat = group(-100777);
    const list = await answerTo(w, command("stores", { from: ADMIN, chat }));
    const calls = await w.exchange(press(list, "Add a store", ADMIN));
    const alert = calls.find((c) => c.method === "answerCallbackQuery");
    expect(String(alert?.payload.text)).toContain("private chat only");
    expect(calls.filter((c) => c.method === "sendMessage")).toEqual([]);
  });
});
