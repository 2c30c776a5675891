/**
 * /handover through the fake Bot API and the sandbox: choosing the delivery method, cargo places,
 * the act PDF and cargo labels with what Ozon left out, nothing to hand over, Ozon's error in
 * words, a slow act announced and delivered later, and a restart while the act is prepared.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, privateChat, text } from "../../support/updates.ts";
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

const documents = (since: number) =>
  h.fake.callsTo("sendDocument").filter((c) => c.seq >= since && c.response?.ok);

function packedAt(h: PostingsHarness, methodIndex: number, count: number): string[] {
  const control = h.sandbox.control;
  const warehouse = must(control.warehouses()[0]);
  const method = must(warehouse.deliveryMethods[methodIndex]);
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

describe("/handover", () => {
  it("asks the method and cargo places, then sends the act, the cargo labels and who was left out", async () => {
    h = await startPostings({ module: { handoverPollMs: 20 } });
    const desk = must(h.sandbox.stores[0]).shipping;
    const first = packedAt(h, 0, 3);
    packedAt(h, 1, 1);
    const left = must(first[2]);
    desk.leaveOut(left); // say, not scanned at the warehouse: it stays packed

    const methods = lastScreen(await exchange(h, command("handover", { from: KEEPER })));
    expect(textOf(methods)).toContain("Which delivery method");
    const options = buttonsOf(methods).map((b) => b.text);
    expect(options.some((o) => o.endsWith("(3)"))).toBe(true);
    const places = lastScreen(await exchange(h, press(methods, /\(3\)$/, KEEPER)));
    expect(textOf(places)).toContain("How many cargo places?");
    // A number out of range is told and the question asked again; nothing is created.
    const refused = await exchange(h, text("101", { from: KEEPER, chat: privateChat(KEEPER) }));
    expect(refused.map(textOf).filter(Boolean)).toEqual([
      "Please type a number from 0 to 100.",
      expect.stringContaining("How many cargo places?"),
    ]);
    const confirm = lastScreen(
      await exchange(h, text("2", { from: KEEPER, chat: privateChat(KEEPER) })),
    );
    expect(textOf(confirm)).toContain("Cargo places: 2.");
    const since = h.fake.calls.length;
    await h.send(press(confirm, "✅ Create the act", KEEPER));
    await h.fake.waitForCall(
      "sendDocument",
      (c) => String(c.payload.caption).includes("Cargo"),
      5_000,
      { since, answered: true },
    );
    const [act, cargo] = documents(since);
    expect(must(act).payload.caption).toContain("Handover act");
    expect(must(cargo).files[0]?.fileName).toMatch(/^cargo-places-/);
    const summary = textOf(await readyAfter(h, /Act \d+ is ready/, since, must(cargo)));
    expect(summary).toContain("is ready: 2 postings");
    expect(summary).toContain("Ozon left out 1:");
    expect(summary).toContain(`${left} (now: awaiting_deliver)`);
  });

  it("says there is nothing to hand over, and gives Ozon's error in words", async () => {
    h = await startPostings({ module: { handoverPollMs: 20 } });
    const nothing = lastScreen(await exchange(h, command("handover", { from: KEEPER })));
    expect(textOf(nothing)).toContain("Nothing to hand over");

    packedAt(h, 0, 1);
    h.sandbox.control.setFault("/v2/posting/fbs/act/create", { rate5xx: 1, times: 1 });
    let places = lastScreen(await exchange(h, command("handover", { from: KEEPER })));
    let confirm = lastScreen(await exchange(h, press(places, "No cargo places", KEEPER)));
    const failed = lastScreen(await exchange(h, press(confirm, "✅ Create the act", KEEPER)));
    expect(textOf(failed)).toContain("Ozon did not create the act: ");

    // An act Ozon fails to prepare: its own text.
    must(h.sandbox.stores[0]).shipping.failNextAct("CARRIAGE_NOT_FOUND");
    places = lastScreen(await exchange(h, command("handover", { from: KEEPER })));
    confirm = lastScreen(await exchange(h, press(places, "No cargo places", KEEPER)));
    const since = h.fake.calls.length;
    await h.send(press(confirm, "✅ Create the act", KEEPER));
    const told = await h.fake.waitForCall(
      "editMessageText",
      (c) => textOf(c).includes("Ozon did not prepare act"),
      5_000,
      { since },
    );
    expect(textOf(told)).toContain("CARRIAGE_NOT_FOUND");
  });

  it("keeps waiting past the person's patience and delivers after a restart", async () => {
    h = await startPostings({ module: { handoverPollMs: 20, handoverSlowAfterMs: 100 } });
    const desk = must(h.sandbox.stores[0]).shipping;
    desk.actPollsBeforeReady = 1_000_000;
    packedAt(h, 0, 2);
    const places = lastScreen(await exchange(h, command("handover", { from: KEEPER })));
    const confirm = lastScreen(await exchange(h, press(places, "No cargo places", KEEPER)));
    const since = h.fake.calls.length;
    await h.send(press(confirm, "✅ Create the act", KEEPER));
    await h.fake.waitForCall(
      "editMessageText",
      (c) => textOf(c).includes("still preparing the act"),
      5_000,
      { since },
    );

    await h.restart();
    desk.actPollsBeforeReady = 0;
    const sent = await h.fake.waitForCall("sendDocument", () => true, 5_000, {
      since,
      answered: true,
    });
    expect(sent.payload.caption).toContain("Handover act");
    expect(documents(since)).toHaveLength(1);
  });
});
