/**
 * The postings area with two shops (two sandbox stores, each a shop of the bot): alerts name
 * their shop, buttons act at their own shop's Ozon, a person limited to one shop hears and sees
 * only that one, "which store?" only with two shops in reach, buttons of the single-shop version
 * act for the first shop, and one shop failing never holds up the other's alerts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { OzonApiError } from "../../../src/ozon/errors.ts";
import { type PersonRecord, personKey } from "../../../src/services/access/roles.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, person } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  must,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

/** Warehouse of the first shop only (Северный). */
const NORTH_ONLY = person(9020, { first_name: "Lena", language_code: "en" });

async function limitToFirstShop(): Promise<void> {
  const record: PersonRecord = {
    id: NORTH_ONLY.id,
    roles: ["warehouse"],
    shops: { warehouse: [must(h.shops.all()[0]).id] },
  };
  await h.store.set(personKey(NORTH_ONLY.id), record);
}

/** Both watchers' first pass (records what waits), then a posting in each store. */
async function postingInEachStore() {
  await h.watcherOf(0).runOnce();
  await h.watcherOf(1).runOnce();
  const [north, south] = h.sandbox.stores.map((store) =>
    store.control.addPosting({ products: [{ name: "Mug", quantity: 1, markRequired: false }] }),
  );
  return { north: must(north), south: must(south) };
}

const alertOf = (calls: RecordedCall[], postingNumber: string) =>
  must(
    calls.find((c) => textOf(c).includes(postingNumber)),
    `alert of ${postingNumber}`,
  );

describe("postings with two shops", () => {
  it("alerts of both shops name their shop; Pack on shop B's alert ships at store B only", async () => {
    h = await startPostings({ stores: 2 });
    await exchange(h, command("subscribe", { from: KEEPER }));
    const { north, south } = await postingInEachStore();
    const since = h.fake.calls.length;
    await h.watcherOf(0).runOnce();
    await h.watcherOf(1).runOnce();
    const alerts = messagesTo(h, KEEPER.id, since);
    expect(alerts).toHaveLength(2);
    const northAlert = alertOf(alerts, north.postingNumber);
    const southAlert = alertOf(alerts, south.postingNumber);
    expect(textOf(northAlert).startsWith("🏬 Северный\n")).toBe(true);
    expect(textOf(southAlert).startsWith("🏬 Южный\n")).toBe(true);

    const [storeA, storeB] = h.sandbox.stores;
    const dialog = await exchange(h, press(southAlert, "Pack", KEEPER));
    // The button said which shop: no "which store?".
    expect(dialog.map(textOf).join("\n")).not.toContain("Which store?");
    const confirm = lastScreen(dialog);
    expect(textOf(confirm)).toContain("🏬 Южный");
    const done = lastScreen(await exchange(h, press(confirm, "✅ Pack", KEEPER)));
    expect(textOf(done)).toContain(`Posting ${south.postingNumber} is packed`);
    expect(must(storeB).control.posting(south.postingNumber)?.status).toBe("awaiting_deliver");
    expect(must(storeA).control.posting(north.postingNumber)?.status).toBe("awaiting_packaging");
    // Store A never heard of B's posting.
    expect(must(storeA).control.posting(south.postingNumber)).toBeUndefined();
  });

  it("a renamed shop is named by its new name in the next alert", async () => {
    h = await startPostings({ stores: 2 });
    await exchange(h, command("subscribe", { from: KEEPER }));
    await postingInEachStore();
    await h.shops.rename(must(h.shops.all()[1]).id, "Юг-2");
    const since = h.fake.calls.length;
    await h.watcherOf(1).runOnce();
    const [alert] = messagesTo(h, KEEPER.id, since);
    expect(textOf(must(alert)).startsWith("🏬 Юг-2\n")).toBe(true);
  });

  it("a warehouse person limited to shop A gets only A's alerts and sees only A in /postings", async () => {
    h = await startPostings({ stores: 2 });
    await limitToFirstShop();
    const subscribed = lastScreen(await exchange(h, command("subscribe", { from: NORTH_ONLY })));
    // One shop in reach: straight to its warehouses, no store filter.
    expect(textOf(subscribed)).not.toContain("stores");
    const { north, south } = await postingInEachStore();
    const since = h.fake.calls.length;
    await h.watcherOf(0).runOnce();
    await h.watcherOf(1).runOnce();
    const texts = messagesTo(h, NORTH_ONLY.id, since).map(textOf).join("\n");
    expect(texts).toContain(north.postingNumber);
    expect(texts).not.toContain(south.postingNumber);

    const list = textOf(lastScreen(await exchange(h, command("postings", { from: NORTH_ONLY }))));
    expect(list).toContain(north.postingNumber);
    expect(list).not.toContain(south.postingNumber);
    expect(list).toContain("🏬 Северный");
    expect(list).not.toContain("Южный");

    // Someone with both shops sees both, each under its shop's name.
    const both = textOf(lastScreen(await exchange(h, command("postings", { from: KEEPER }))));
    expect(both).toContain("Postings waiting to be packed: 2");
    expect(both.indexOf("🏬 Северный")).toBeLessThan(both.indexOf(north.postingNumber));
    expect(both.indexOf("🏬 Южный")).toBeLessThan(both.indexOf(south.postingNumber));
    expect(both.indexOf(north.postingNumber)).toBeLessThan(both.indexOf("🏬 Южный"));
  });

  it("a subscriber who picks one shop hears only that shop", async () => {
    h = await startPostings({ stores: 2 });
    const screen = lastScreen(await exchange(h, command("subscribe", { from: KEEPER })));
    expect(textOf(screen)).toContain("Alerts for all your stores.");
    const narrowed = lastScreen(await exchange(h, press(screen, "○ Южный", KEEPER)));
    expect(textOf(narrowed)).toContain("Alerts only for the stores: Южный");
    const { north, south } = await postingInEachStore();
    const since = h.fake.calls.length;
    await h.watcherOf(0).runOnce();
    await h.watcherOf(1).runOnce();
    const texts = messagesTo(h, KEEPER.id, since).map(textOf).join("\n");
    expect(texts).toContain(south.postingNumber);
    expect(texts).not.toContain(north.postingNumber);
  });

  it('"which store?" comes first only when the person reaches two shops', async () => {
    h = await startPostings({ stores: 2 });
    await limitToFirstShop();
    const [storeA, storeB] = h.sandbox.stores;
    const north = must(storeA).control.addPosting({ products: [{ name: "Mug", quantity: 1 }] });
    const south = must(storeB).control.addPosting({ products: [{ name: "Cup", quantity: 1 }] });

    const asked = lastScreen(await exchange(h, command("ship", { from: KEEPER })));
    expect(textOf(asked)).toBe("Which store?");
    expect(buttonsOf(asked).map((b) => b.text)).toEqual(["Северный", "Южный", "Close"]);
    const chooser = lastScreen(await exchange(h, press(asked, "Южный", KEEPER)));
    expect(textOf(chooser)).toContain("🏬 Южный");
    const offered = buttonsOf(chooser)
      .map((b) => b.text)
      .join("\n");
    expect(offered).toContain(south.postingNumber);
    expect(offered).not.toContain(north.postingNumber);

    const limited = lastScreen(await exchange(h, command("ship", { from: NORTH_ONLY })));
    expect(textOf(limited)).not.toContain("Which store?");
    const choices = buttonsOf(limited)
      .map((b) => b.text)
      .join("\n");
    expect(choices).toContain(north.postingNumber);
    expect(choices).not.toContain(south.postingNumber);
  });

  it("/ship with a posting number finds its shop without asking", async () => {
    h = await startPostings({ stores: 2 });
    const south = must(h.sandbox.stores[1]).control.addPosting({
      products: [{ name: "Cup", quantity: 1, markRequired: false }],
    });
    const calls = await exchange(h, command("ship", { from: KEEPER, args: south.postingNumber }));
    expect(calls.map(textOf).join("\n")).not.toContain("Which store?");
    expect(textOf(lastScreen(calls))).toContain(`Pack posting ${south.postingNumber}`);
  });

  it("a button of the single-shop version (no shop in it) acts for the first shop", async () => {
    h = await startPostings({ stores: 2 });
    const north = must(h.sandbox.stores[0]).control.addPosting({
      products: [{ name: "Mug", quantity: 1, markRequired: false }],
    });
    const codec = createCallbackCodec(h.fake.token);
    const card = lastScreen(
      await exchange(h, callback(codec.encode("po", north.postingNumber), { from: KEEPER })),
    );
    expect(textOf(card)).toContain(`Posting ${north.postingNumber}`);
    expect(textOf(card)).toContain("🏬 Северный");
    const confirm = lastScreen(
      await exchange(h, callback(codec.encode("ps", north.postingNumber), { from: KEEPER })),
    );
    await exchange(h, press(confirm, "✅ Pack", KEEPER));
    expect(must(h.sandbox.stores[0]).control.posting(north.postingNumber)?.status).toBe(
      "awaiting_deliver",
    );
  });

  it("a button of a paused shop says so and does not call Ozon", async () => {
    h = await startPostings({ stores: 2 });
    await exchange(h, command("subscribe", { from: KEEPER }));
    const { south } = await postingInEachStore();
    const since = h.fake.calls.length;
    await h.watcherOf(1).runOnce();
    const alert = alertOf(messagesTo(h, KEEPER.id, since), south.postingNumber);
    await h.shops.setPaused(must(h.shops.all()[1]).id, true);
    const requests = h.sandbox.requests.length;
    const calls = await exchange(h, press(alert, "Pack in 1 box", KEEPER));
    const answer = must(calls.find((c) => c.method === "answerCallbackQuery"));
    expect(String(answer.payload.text)).toContain("is paused");
    expect(h.sandbox.requests.length).toBe(requests);
  });

  it("a shop paused while its dialog is open ends the dialog with a sentence; Ozon is not called", async () => {
    h = await startPostings({ stores: 2 });
    await exchange(h, command("subscribe", { from: KEEPER }));
    const { south } = await postingInEachStore();
    const since = h.fake.calls.length;
    await h.watcherOf(1).runOnce();
    const alert = alertOf(messagesTo(h, KEEPER.id, since), south.postingNumber);
    const confirm = lastScreen(await exchange(h, press(alert, "Pack", KEEPER)));
    await h.shops.setPaused(must(h.shops.all()[1]).id, true);
    const requests = h.sandbox.requests.length;
    const ended = lastScreen(await exchange(h, press(confirm, "✅ Pack", KEEPER)));
    expect(textOf(ended)).toContain("“Южный” is paused");
    expect(h.sandbox.requests.length).toBe(requests);
    expect(must(h.sandbox.stores[1]).control.posting(south.postingNumber)?.status).toBe(
      "awaiting_packaging",
    );
  });

  it.each([
    ["answers 500", { rate5xx: 1, latencyMs: 1500 }],
    ["refuses the keys", { rate403: 1, latencyMs: 1500 }],
  ])("shop B %s: shop A's alert still arrives, without waiting for B", async (_, fault) => {
    h = await startPostings({ stores: 2 });
    await exchange(h, command("subscribe", { from: KEEPER }));
    const { north } = await postingInEachStore();
    const southId = must(h.sandbox.stores[1]).credentials.sellerClientId;
    h.sandbox.control.setFault("/v3/posting/fbs/unfulfilled/list", { ...fault, store: southId });
    h.sandbox.control.setFault("/v4/posting/fbs/unfulfilled/list", { ...fault, store: southId });
    const since = h.fake.calls.length;
    const southPass = h.watcherOf(1).runOnce();
    const started = Date.now();
    await h.watcherOf(0).runOnce();
    const took = Date.now() - started;
    expect(took).toBeLessThan(1000);
    const texts = messagesTo(h, KEEPER.id, since).map(textOf).join("\n");
    expect(texts).toContain(north.postingNumber);
    // B's pass fails with Ozon's answer (500 or 403), not some other error.
    await expect(southPass).rejects.toBeInstanceOf(OzonApiError);
  });
});
