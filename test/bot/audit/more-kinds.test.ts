/**
 * The courier act and a question marked processed write one record each — done, or Ozon's
 * refusal — with the person and the object.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, privateChat, text } from "../../support/updates.ts";
import { type RelayEnv, SELLER, sendsTo, startRelayEnv } from "../chats/support.ts";
import { press } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  must,
  type PostingsHarness,
  startPostings,
} from "../postings/harness.ts";
import { laterToday } from "../postings/today-clock.ts";

const admin = { admin: true };

describe("audit record of a courier act", () => {
  let h: PostingsHarness;
  afterEach(() => h.close());

  it("one record: Kim, the delivery method, the act Ozon made", async () => {
    h = await startPostings({ module: { handoverPollMs: 20 } });
    const control = h.sandbox.control;
    const warehouse = must(control.warehouses()[0]);
    const method = must(warehouse.deliveryMethods[0]);
    control.addPosting({
      warehouseId: warehouse.id,
      deliveryMethodId: method.id,
      shipmentDate: laterToday(),
      status: "awaiting_deliver",
    });
    // One delivery method: straight to the cargo places.
    await exchange(h, command("handover", { from: KEEPER }));
    const confirm = lastScreen(
      await exchange(h, text("1", { from: KEEPER, chat: privateChat(KEEPER) })),
    );
    await exchange(h, press(confirm, "✅ Create the act", KEEPER));
    const entries = await new AuditTrail({ store: h.store, keepDays: 180 }).latest({}, admin);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "courier-act",
      actor: { id: KEEPER.id },
      objectId: String(method.id),
      result: { status: "done" },
    });
    expect(entries[0]?.to).toMatch(/^\d+$/);
  });
});

describe("audit record of a label batch", () => {
  let h: PostingsHarness;
  afterEach(() => h.close());

  it("one record per batch: Kim, the postings, done", async () => {
    h = await startPostings({ module: { labelPollMs: 20 } });
    const control = h.sandbox.control;
    const warehouse = must(control.warehouses()[0]);
    const method = must(warehouse.deliveryMethods[0]);
    const numbers = [0, 1].map(
      () =>
        control.addPosting({
          warehouseId: warehouse.id,
          deliveryMethodId: method.id,
          shipmentDate: laterToday(),
          status: "awaiting_deliver",
        }).postingNumber,
    );
    const board = lastScreen(await exchange(h, command("today", { from: KEEPER })));
    let picker = lastScreen(await exchange(h, press(board, "☑️ Choose for labels", KEEPER)));
    picker = lastScreen(await exchange(h, press(picker, /^1$/, KEEPER)));
    picker = lastScreen(await exchange(h, press(picker, /^2$/, KEEPER)));
    const since = h.fake.calls.length;
    await h.send(press(picker, "🏷 Labels for 2", KEEPER));
    await h.fake.waitForCall("sendDocument", () => true, 10_000, { since, answered: true });
    const entries = await new AuditTrail({ store: h.store, keepDays: 180 }).latest({}, admin);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "label-batch",
      actor: { id: KEEPER.id },
      result: { status: "done" },
    });
    expect(entries[0]?.to?.split(", ").sort()).toEqual([...numbers].sort());
  });
});

describe("audit record of a question marked processed", () => {
  let env: RelayEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it("failed while Ozon is down, done when it takes it: one record per press", async () => {
    const e = await startRelayEnv({ questions: {} });
    env = e;
    const questions = must(e.questions);
    const shopId = must(e.shops.all()[0]).id;
    await questions.runOnce(shopId);
    const asked = e.sandbox.control.addQuestion({ text: "Спам" });
    await questions.runOnce(shopId);
    const copy = sendsTo(e.fake, SELLER.id).at(-1) as RecordedCall;
    e.sandbox.control.setFault("/v1/question/change-status", { rate5xx: 1 });
    await e.send(press(copy, "✔️ Processed", SELLER));
    e.sandbox.control.clearFaults("/v1/question/change-status");
    await e.send(press(copy, "✔️ Processed", SELLER));
    const entries = await new AuditTrail({ store: e.store, keepDays: 180 }).latest(
      { kind: "question" },
      admin,
    );
    expect(entries.map((x) => [x.objectId, x.actor.id, x.via, x.result.status])).toEqual([
      [asked.id, SELLER.id, "processed", "done"],
      [asked.id, SELLER.id, "processed", "failed"],
    ]);
  });
});
