/**
 * Documents with two stores: /handover asks "which store?" first, creates the act at the chosen
 * store's Ozon only, and its summary, captions and file names name the store; label files (one
 * posting's, a batch) are named after their store too.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { LABEL, TODAY_LABELS } from "../../../src/bot/postings/buttons.ts";
import { callback, command, privateChat, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  must,
  type PostingsHarness,
  readyAfter,
  startPostings,
} from "./harness.ts";
import { laterToday } from "./today-clock.ts";

let h: PostingsHarness;
afterEach(() => h.close());

function packedIn(store: number, count: number): string[] {
  const control = must(h.sandbox.stores[store]).control;
  const warehouse = must(control.warehouses()[0]);
  const method = must(warehouse.deliveryMethods[0]);
  return Array.from(
    { length: count },
    () =>
      control.addPosting({
        warehouseId: warehouse.id,
        deliveryMethodId: method.id,
        shipmentDate: laterToday(),
        status: "awaiting_deliver",
      }).postingNumber,
  );
}

describe("/handover with two stores", () => {
  it("asks which store first, creates the act at that store only, and names it in the documents", async () => {
    h = await startPostings({ stores: 2, module: { handoverPollMs: 20 } });
    const [north, south] = h.sandbox.stores.map((s) => s.shipping);
    packedIn(0, 2);
    const southPostings = packedIn(1, 3);

    const which = lastScreen(await exchange(h, command("handover", { from: KEEPER })));
    expect(textOf(which)).toContain("Which store?");
    expect(buttonsOf(which).map((b) => b.text)).toEqual(["Северный", "Южный", "Close"]);
    const places = lastScreen(await exchange(h, press(which, "Южный", KEEPER)));
    expect(textOf(places).startsWith("🏬 Южный\n")).toBe(true);
    expect(textOf(places)).toContain("How many cargo places?");
    const confirm = lastScreen(
      await exchange(h, text("2", { from: KEEPER, chat: privateChat(KEEPER) })),
    );
    expect(textOf(confirm).startsWith("🏬 Южный\n")).toBe(true);
    expect(textOf(confirm)).toContain("(3)");

    const since = h.fake.calls.length;
    await h.send(press(confirm, "✅ Create the act", KEEPER));
    await h.fake.waitForCall(
      "sendDocument",
      (c) => String(c.payload.caption).includes("Cargo"),
      5_000,
      { since, answered: true },
    );
    const [sent, cargo] = h.fake.callsTo("sendDocument").filter((c) => c.seq >= since);
    expect(must(north).acts.size).toBe(0);
    expect(must(south).acts.size).toBe(1);
    const [act] = [...must(south).acts.values()];
    expect([...must(act).added].sort()).toEqual([...southPostings].sort());

    expect(String(must(sent).payload.caption).startsWith("🏬 Южный\n")).toBe(true);
    expect(must(must(sent).files[0]).fileName).toBe(`act_Южный_${must(act).id}.pdf`);
    expect(String(must(cargo).payload.caption).startsWith("🏬 Южный\n")).toBe(true);
    expect(must(must(cargo).files[0]).fileName).toBe(`cargo-places_Южный_${must(act).id}.pdf`);
    const summary = textOf(await readyAfter(h, /Act \d+ is ready/, since, must(cargo)));
    expect(summary?.startsWith("🏬 Южный\n")).toBe(true);
    expect(summary).toContain("is ready: 3 postings");
  });

  it("a store's label files, one posting's and a batch, are named after the store", async () => {
    h = await startPostings({ stores: 2, module: { labelPollMs: 20 } });
    const codec = createCallbackCodec(h.fake.token);
    const number = must(packedIn(1, 1)[0]);
    const shop = must(h.shops.all()[1]);
    let since = h.fake.calls.length;
    await h.send(callback(LABEL.data(codec, number, shop.ref), { from: KEEPER }));
    const one = await h.fake.waitForCall("sendDocument", () => true, 5_000, { since });
    expect(must(one.files[0]).fileName).toBe(`label_Южный_${number}.pdf`);

    since = h.fake.calls.length;
    await h.send(
      callback(TODAY_LABELS.data(codec, shop.ref, undefined, undefined), { from: KEEPER }),
    );
    const batch = await h.fake.waitForCall("sendDocument", () => true, 5_000, { since });
    expect(must(batch.files[0]).fileName).toBe("labels_Южный_1.pdf");
    expect(String(batch.payload.caption).startsWith("🏬 Южный\n")).toBe(true);
  });
});
