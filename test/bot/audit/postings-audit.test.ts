/**
 * Ship and cancel write exactly one record each, with the right person, object and result —
 * also when Ozon refuses, and when the process dies right after Ozon answered (repaired at start).
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { AuditTrail, repairTrail } from "../../../src/services/audit/index.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import type { Store } from "../../../src/store/port.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { faultyStore } from "../../support/faulty-store.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { callback, command } from "../../support/updates.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  must,
  PACKER,
  type PostingsHarness,
  startPostings,
} from "../postings/harness.ts";

const redis = await redisAvailability();

let h: PostingsHarness;
afterEach(() => h.close());

const admin = { admin: true };
const trailOf = (store: Store) => new AuditTrail({ store, keepDays: 180 });
const button = (kind: string, postingNumber: string) =>
  callback(createCallbackCodec(h.fake.token).encode(kind, postingNumber), { from: KEEPER });
const shopId = () => must(h.shops.all()[0]).id;

async function shipInDialog(number: string) {
  const confirm = lastScreen(await exchange(h, button("ps", number)));
  return lastScreen(await exchange(h, press(confirm, "✅ Pack", KEEPER)));
}

describe("audit records of ship and cancel", () => {
  it("a ship through the dialog: one record, Kim, the posting, its store, done", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Lamp", quantity: 1, markRequired: false }],
    });
    const done = await shipInDialog(posting.postingNumber);
    expect(textOf(done)).toContain("is packed");
    const entries = await trailOf(h.store).latest({}, admin);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "ship",
      actor: { id: KEEPER.id, name: "Kim" },
      shopId: shopId(),
      objectId: posting.postingNumber,
      via: "dialog",
      to: posting.postingNumber,
      result: { status: "done" },
    });
  });

  it("a ship Ozon did not take, then Retry: a failed record and a done one", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Lamp", quantity: 1, markRequired: false }],
    });
    h.sandbox.control.failNextShip(posting.postingNumber);
    const failed = await shipInDialog(posting.postingNumber);
    expect(textOf(failed)).toContain("was not packed");
    await exchange(h, press(failed, "Retry", KEEPER));
    const entries = await trailOf(h.store).latest({ kind: "ship" }, admin);
    expect(entries.map((e) => e.result.status)).toEqual(["done", "failed"]);
    expect(entries.every((e) => e.actor.id === KEEPER.id)).toBe(true);
  });

  it("⚡ one tap: one record, via one-tap", async () => {
    h = await startPostings();
    await exchange(h, command("subscribe", { from: KEEPER }));
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 2, markRequired: false }],
    });
    const since = h.fake.calls.length;
    await h.watcher.runOnce();
    const alert = must(messagesTo(h, KEEPER.id, since)[0], "alert");
    await exchange(h, press(alert, "⚡ Pack in 1 box", KEEPER));
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
    const entries = await trailOf(h.store).latest({}, admin);
    expect(entries.map((e) => [e.kind, e.via, e.objectId, e.actor.id, e.result.status])).toEqual([
      ["ship", "one-tap", posting.postingNumber, KEEPER.id, "done"],
    ]);
  });

  it("cancel: done with the reason; refused by Ozon with its words", async () => {
    h = await startPostings();
    const first = h.sandbox.control.addPosting();
    const reasons = lastScreen(await exchange(h, button("pc", first.postingNumber)));
    const confirm = lastScreen(await exchange(h, press(reasons, "Out of stock", KEEPER)));
    await exchange(h, press(confirm, "Yes, cancel it", KEEPER));

    const second = h.sandbox.control.addPosting();
    const reasons2 = lastScreen(await exchange(h, button("pc", second.postingNumber)));
    const confirm2 = lastScreen(await exchange(h, press(reasons2, "Only defective", KEEPER)));
    h.sandbox.control.setPostingStatus(second.postingNumber, "cancelled");
    await exchange(h, press(confirm2, "Yes, cancel it", KEEPER));

    const trail = trailOf(h.store);
    const [done] = await trail.latest(
      { object: { type: "posting", id: first.postingNumber } },
      admin,
    );
    expect(done).toMatchObject({
      kind: "cancel",
      actor: { id: KEEPER.id },
      to: "Товар закончился на складе продавца", // Ozon's words are recorded
      result: { status: "done" },
    });
    const refused = await trail.latest(
      { object: { type: "posting", id: second.postingNumber } },
      admin,
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.result.status).toBe("refused");
    expect(refused[0]?.result).toMatchObject({ words: expect.stringMatching(/CANCEL/i) });
  });

  it("killed right after Ozon confirmed the ship: the record is written at the next start, once", async () => {
    const inner = new MemoryStore();
    let dead = false;
    // The process "dies" at the audit write: nothing of it reaches the store.
    const store = faultyStore(
      inner,
      (_op, keys) => dead && keys.some((k) => k.startsWith("audit:")),
    );
    h = await startPostings({ store, closeStore: true });
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Lamp", quantity: 1, markRequired: false }],
    });
    dead = true;
    await shipInDialog(posting.postingNumber);
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
    const trail = trailOf(inner);
    expect(await trail.latest({}, admin)).toEqual([]);
    dead = false;
    const shops = h.shops.all().map((s) => ({ id: s.id, store: s.store }));
    expect(await repairTrail(trail, shops)).toBe(1);
    expect(await repairTrail(trail, shops)).toBe(0);
    const entries = await trail.latest({}, admin);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "ship",
      actor: { id: KEEPER.id, name: "Kim" },
      objectId: posting.postingNumber,
      via: "repaired",
      result: { status: "done" },
    });
  });
});

describe("🕘 History on a posting's alert cards", () => {
  const lamp = { products: [{ name: "Lamp", quantity: 1, markRequired: false }] };

  it("Pat's alert tells who packed it (Kim, done); a card cancelled by the buyer keeps only its History", async () => {
    h = await startPostings({ withAudit: true });
    for (const who of [KEEPER, PACKER]) await exchange(h, command("subscribe", { from: who }));
    await h.watcher.runOnce();
    const posting = h.sandbox.control.addPosting(lamp);
    const number = posting.postingNumber;
    let since = h.fake.calls.length;
    await h.watcher.runOnce();
    const keeperAlert = must(messagesTo(h, KEEPER.id, since)[0], "Kim's alert");
    const packerAlert = must(messagesTo(h, PACKER.id, since)[0], "Pat's alert");
    expect(buttonsOf(packerAlert).map((b) => b.text)).toContain("🕘 History");
    const confirm = lastScreen(await exchange(h, press(keeperAlert, "Pack", KEEPER)));
    // Pat's card is redrawn at once (with the pack) or at the watcher's pass.
    since = h.fake.calls.length;
    await exchange(h, press(confirm, "✅ Pack", KEEPER));
    await h.watcher.runOnce();
    const redrawn = h.fake
      .callsTo("editMessageText")
      .filter((c) => c.seq >= since && Number(c.payload.chat_id) === PACKER.id && c.response?.ok)
      .at(-1);
    expect(buttonsOf(must(redrawn, "Pat's card redrawn")).map((b) => b.text)).toEqual([
      "🏷 Label",
      "🕘 History",
    ]);
    const history = lastScreen(await exchange(h, press(must(redrawn), "🕘 History", PACKER)));
    expect(textOf(history)).toContain(`🕘 History of posting ${number}`);
    expect(textOf(history)).toMatch(/ · Kim/);
    expect(textOf(history)).toContain("✅ done");

    // Cancelled by the buyer: the card keeps its History (nothing done through the bot).
    const other = h.sandbox.control.addPosting(lamp);
    since = h.fake.calls.length;
    await h.watcher.runOnce();
    const alert = must(messagesTo(h, KEEPER.id, since)[0], "the second alert");
    h.sandbox.control.cancelByBuyer(other.postingNumber);
    since = h.fake.calls.length;
    await h.watcher.runOnce();
    const cancelled = h.fake
      .callsTo("editMessageText")
      .filter(
        (c) =>
          c.seq >= since &&
          Number(c.payload.chat_id) === KEEPER.id &&
          Number(c.payload.message_id) === Number(sentMessage(alert).message_id),
      )
      .at(-1);
    expect(buttonsOf(must(cancelled, "the cancelled card")).map((b) => b.text)).toEqual([
      "🕘 History",
    ]);
    const none = lastScreen(await exchange(h, press(must(cancelled), "🕘 History", KEEPER)));
    expect(textOf(none)).toContain(`🕘 History of posting ${other.postingNumber}\n\nNo entries.`);
  });
});

redis.describe("audit records on real Redis", () => {
  const prefix = uniquePrefix("audit-postings");
  afterAll(() => removeKeys(redis.url, prefix));

  it("a ship recorded by one process is not recorded again by another's start-up repair", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    const other = await RedisStore.open({ url: redis.url, prefix });
    try {
      h = await startPostings({ store, closeStore: true });
      const posting = h.sandbox.control.addPosting({
        products: [{ name: "Lamp", quantity: 1, markRequired: false }],
      });
      await shipInDialog(posting.postingNumber);
      const secondProcess = trailOf(other);
      const shops = h.shops.all().map((s) => ({ id: s.id, store: s.store }));
      expect(await repairTrail(secondProcess, shops)).toBe(0);
      const entries = await secondProcess.latest(
        { object: { type: "posting", id: posting.postingNumber } },
        admin,
      );
      expect(entries.map((e) => [e.kind, e.via, e.actor.id])).toEqual([
        ["ship", "dialog", KEEPER.id],
      ]);
    } finally {
      await other.close();
    }
  });
});
