/**
 * rFBS return decisions in the audit trail: one record per decision — the person, the request
 * (its id, with its posting), the state before → what was decided, and the result: done, or
 * refused by Ozon with its words. A crash between Ozon's answer and the record is repaired at the
 * next start from the decision's claim; one confirmation reaching two processes on real Redis is
 * recorded once.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseAuditFilter } from "../../../src/bot/audit/filters.ts";
import { startSandbox } from "../../../src/sandbox/index.ts";
import { AuditTrail } from "../../../src/services/audit/index.ts";
import type { Store } from "../../../src/store/port.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { FakeBotApi, type RecordedCall } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { command, text } from "../../support/updates.ts";
import { waitFor } from "../../support/wait.ts";
import { type AfterSaleEnv, SELLER, SHOP_ID, startAfterSaleEnv } from "../after-sale.ts";
import { press } from "../harness.ts";

const admin = { admin: true };
const trailOf = (store: Store) => new AuditTrail({ store, keepDays: 180 });
const decisions = (store: Store) => trailOf(store).latest({ kind: "return-decision" }, admin);

const lastTo = (e: AfterSaleEnv, chatId: number) =>
  e.fake.calls
    .filter(
      (c) =>
        (c.method === "sendMessage" || c.method === "editMessageText") &&
        Number(c.payload.chat_id) === chatId &&
        c.response?.ok,
    )
    .at(-1) as RecordedCall;

/** The seller hears of a new rFBS request: its card. */
async function filedRequest(e: AfterSaleEnv) {
  await e.send(command("returns", { from: SELLER }));
  await e.send(press(lastTo(e, SELLER.id), /🔔/, SELLER));
  await e.returns.runOnce(SHOP_ID);
  const filed = e.sandbox.control.afterSale.addRfbsRequest();
  await e.returns.runOnce(SHOP_ID);
  return { filed, card: lastTo(e, SELLER.id) };
}

describe("audit records of rFBS return decisions", () => {
  let env: AfterSaleEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it("a partial refund: one record with the request, its posting, the state before and the amount; a second tap adds none", async () => {
    const e = await startAfterSaleEnv();
    env = e;
    const { filed, card } = await filedRequest(e);
    await e.send(press(card, "Частичная компенсация", SELLER));
    await e.send(text("150,5", { from: SELLER }));
    const confirm = lastTo(e, SELLER.id);
    await e.send(press(confirm, "Yes", SELLER));
    await e.send(press(confirm, "Yes", SELLER));
    expect(e.sandbox.counters()["POST /v1/returns/rfbs/action/set"]).toBe(1);
    const entries = await decisions(e.store);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: SELLER.id, name: "Sergey" },
      shopId: SHOP_ID,
      objectId: String(filed.id),
      detail: filed.postingNumber,
      via: "action 1020",
      to: "Частичная компенсация: RUB\u00A0150.50",
      result: { status: "done" },
    });
    expect(entries[0]?.from).toBeTruthy();
    // /audit return <id> (or возврат <id>) finds it by the request.
    for (const typed of [`return ${filed.id}`, `возврат ${filed.id}`]) {
      const parsed = parseAuditFilter(typed, () => undefined);
      if (!parsed.ok) throw new Error(`not parsed: ${typed}`);
      expect(await trailOf(e.store).latest(parsed.filter, admin)).toEqual(entries);
    }
    expect(parseAuditFilter("return R-1", () => undefined)).toMatchObject({ ok: false });
  });

  it("Ozon refusing a decision out of turn: recorded as refused, in Ozon's words", async () => {
    const e = await startAfterSaleEnv();
    env = e;
    const { filed, card } = await filedRequest(e);
    await e.send(press(card, "Одобрить заявку", SELLER));
    const confirm = lastTo(e, SELLER.id);
    // Meanwhile the request moved on in the cabinet.
    await e.seller.returns.act(String(filed.id), 1010, { kind: "other" });
    await e.send(press(confirm, "Yes", SELLER));
    const entries = await decisions(e.store);
    expect(entries.map((x) => [x.objectId, x.via, x.result])).toEqual([
      [
        String(filed.id),
        "action 10",
        { status: "refused", words: expect.stringContaining("action is not available") },
      ],
    ]);
  });

  it("a crash between Ozon's answer and the record: the next start writes it, once", async () => {
    const e = await startAfterSaleEnv();
    env = e;
    const { filed, card } = await filedRequest(e);
    await e.send(press(card, "Одобрить заявку", SELLER));
    await e.send(press(lastTo(e, SELLER.id), "Yes", SELLER));
    const [written] = await decisions(e.store);
    expect(written?.result).toEqual({ status: "done" });
    // The record is lost as if the process died before writing it; the decision's claim stays.
    for (const { key } of await e.store.list("audit:")) await e.store.delete(key);
    expect(await decisions(e.store)).toEqual([]);

    await e.restart();
    const repaired = await waitFor(async () => (await decisions(e.store))[0], {
      message: "the repaired record",
    });
    expect(repaired).toMatchObject({
      actor: written?.actor,
      objectId: String(filed.id),
      detail: filed.postingNumber,
      from: written?.from,
      to: "Одобрить заявку",
      via: "action 10 (repaired)",
      result: { status: "done" },
      at: written?.at,
    });
    // Another start finds it there (a stop waits for its start's repair).
    await e.restart();
    await e.restart();
    expect(await decisions(e.store)).toHaveLength(1);
  });
});

const redis = await redisAvailability();
redis.describe("audit record of an rFBS decision in two processes (Redis)", () => {
  const prefix = uniquePrefix("audit-returns");
  afterAll(() => removeKeys(redis.url, prefix));

  it("one confirmation reaching both processes: decided once, recorded once", async () => {
    const sandbox = await startSandbox();
    const fake = await FakeBotApi.start();
    const stores = [
      await RedisStore.open({ url: redis.url, prefix }),
      await RedisStore.open({ url: redis.url, prefix }),
    ] as const;
    const a = await startAfterSaleEnv({ store: stores[0], sandbox, fake });
    const b = await startAfterSaleEnv({ store: stores[1], sandbox, fake });
    try {
      const { card } = await filedRequest(a);
      await a.send(press(card, "Одобрить заявку", SELLER));
      const tap = press(lastTo(a, SELLER.id), "Yes", SELLER);
      await Promise.all([a.send(tap), b.send(structuredClone(tap))]);
      expect(sandbox.counters()["POST /v1/returns/rfbs/action/set"]).toBe(1);
      const entries = await decisions(stores[0]);
      expect(entries.map((x) => [x.actor.id, x.via, x.result.status])).toEqual([
        [SELLER.id, "action 10", "done"],
      ]);
    } finally {
      await a.close();
      await b.close();
      await Promise.all(stores.map((s) => s.close()));
      await fake.close();
      await sandbox.close();
    }
  });
});
