/**
 * Returns end to end (sandbox over HTTP, fake Bot API): chats that chose returns hear of a return
 * coming back once, also across a restart; an rFBS request arrives as a card with its deadline
 * and only the decisions Ozon allows; a partial refund goes to Ozon as the exact amount
 * confirmed; a rejection with a reason and a comment; a decision Ozon no longer allows is refused
 * with what can be done instead.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command, group, text } from "../../support/updates.ts";
import {
  ADMIN,
  type AfterSaleEnv,
  SELLER,
  SHOP_ID,
  startAfterSaleEnv,
  WAREHOUSE,
} from "../after-sale/support.ts";
import { buttonsOf, press, textOf } from "../harness.ts";

let env: AfterSaleEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const sentTo = (e: AfterSaleEnv, chatId: number): RecordedCall[] =>
  e.fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chatId && c.response?.ok);
const lastTo = (e: AfterSaleEnv, chatId: number) => sentTo(e, chatId).at(-1) as RecordedCall;
const lastEditOrSend = (e: AfterSaleEnv, chatId: number) =>
  e.fake.calls
    .filter(
      (c) =>
        (c.method === "sendMessage" || c.method === "editMessageText") &&
        Number(c.payload.chat_id) === chatId &&
        c.response?.ok,
    )
    .at(-1) as RecordedCall;

/** The decisions' claims in the store (whatever the shop's key prefix). */
const claims = async (e: AfterSaleEnv) =>
  (await e.store.list("")).filter((entry) => entry.key.includes("returns:decide:"));

/** Everything sent or edited in the chat since call `since`, one text. */
const textsSince = (e: AfterSaleEnv, chatId: number, since: number) =>
  e.fake.calls
    .slice(since)
    .filter((c) => Number(c.payload.chat_id) === chatId && typeof c.payload.text === "string")
    .map(textOf)
    .join("\n");

/** Turns the alerts about returns on in the person's private chat through /returns. */
async function subscribe(e: AfterSaleEnv, who: typeof SELLER) {
  await e.send(command("returns", { from: who }));
  const screen = lastTo(e, who.id);
  await e.send(press(screen, /🔔/, who));
}

describe("returns alerts", () => {
  it("tells each chat that chose returns once, also across a restart, in its language", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, SELLER);
    await subscribe(env, ADMIN);
    // The first pass only notes what is there.
    env.sandbox.control.afterSale.addReturn({ reason: "Старый возврат" });
    expect(await env.returns.runOnce(SHOP_ID)).toMatchObject({ firstRun: true, alerted: 0 });

    const posting = env.sandbox.control.postings()[1]?.postingNumber as string;
    const added = env.sandbox.control.afterSale.addReturn({
      postingNumber: posting,
      reason: "Не подошёл размер",
    });
    expect(await env.returns.runOnce(SHOP_ID)).toMatchObject({ alerted: 1 });
    const en = textOf(lastTo(env, SELLER.id));
    expect(en).toContain("↩️ A return is on its way to your warehouse");
    expect(en).toContain(`Posting: ${posting}`);
    expect(en).toContain(`Product: ${added.name} × 1`);
    expect(en).toContain("Reason: Не подошёл размер");
    const ru = textOf(lastTo(env, ADMIN.id));
    expect(ru).toContain("↩️ Возврат едет к вам на склад");
    expect(ru).toContain(`Отправление: ${posting}`);
    expect(env.fake.callsTo("sendMessage").filter((c) => textOf(c).includes("Старый"))).toEqual([]);

    const before = env.fake.callsTo("sendMessage").length;
    await env.restart();
    expect(await env.returns.runOnce(SHOP_ID)).toMatchObject({ firstRun: false, alerted: 0 });
    expect(env.fake.callsTo("sendMessage")).toHaveLength(before);

    // At the pickup point: a new fact, told once.
    env.sandbox.control.afterSale.setReturnStatus(added.id, { status: "ArrivedAtReturnPlace" });
    await env.returns.runOnce(SHOP_ID);
    await env.returns.runOnce(SHOP_ID);
    expect(textOf(lastTo(env, SELLER.id))).toContain("📬 A return is waiting for pickup");
    expect(env.fake.callsTo("sendMessage")).toHaveLength(before + 2);

    // /returns lists it.
    await env.send(command("returns", { from: SELLER }));
    expect(textOf(lastTo(env, SELLER.id))).toContain("📬 Waiting for pickup: 1");
  });
});

describe("returns alerts when Telegram fails", () => {
  it("a refused send is tried again on the next pass, only for the chat that lacks it", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, SELLER);
    await subscribe(env, ADMIN);
    await env.returns.runOnce(SHOP_ID);
    env.sandbox.control.afterSale.addReturn();
    env.fake.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" }, 1);
    await expect(env.returns.runOnce(SHOP_ID)).rejects.toThrow(/Internal Server Error/);
    await env.returns.runOnce(SHOP_ID);
    await env.returns.runOnce(SHOP_ID);
    for (const who of [SELLER, ADMIN]) {
      const alerts = sentTo(env, who.id).filter((c) =>
        /on its way to your warehouse|едет к вам на склад/.test(textOf(c)),
      );
      expect(alerts).toHaveLength(1);
    }
  });
});

describe("returns alerts when Ozon fails on one request", () => {
  it("a request Ozon cannot show now holds up no other alert, and is told on a later pass", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, SELLER);
    await env.returns.runOnce(SHOP_ID);
    const first = env.sandbox.control.afterSale.addRfbsRequest();
    const second = env.sandbox.control.afterSale.addRfbsRequest();
    env.sandbox.control.setFault("/v2/returns/rfbs/get", { rate5xx: 1, times: 1 });
    await expect(env.returns.runOnce(SHOP_ID)).rejects.toThrow();
    expect(textOf(lastTo(env, SELLER.id))).toContain(`rFBS return request No. R-${second.id}`);
    expect(await env.returns.runOnce(SHOP_ID)).toMatchObject({ alerted: 1 });
    expect(textOf(lastTo(env, SELLER.id))).toContain(`rFBS return request No. R-${first.id}`);
  });
});

describe("returns alerts in a group", () => {
  it("only an admin switches them; the group then hears of returns", async () => {
    env = await startAfterSaleEnv();
    const chat = group(-100777);
    const answers = (since: number) =>
      env?.fake.calls.slice(since).filter((c) => c.method === "answerCallbackQuery") ?? [];
    await env.send(command("returns", { from: SELLER, chat }));
    const screen = env.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    let since = env.fake.calls.length;
    await env.send(press(screen, /🔔/, SELLER));
    expect(String(answers(since)[0]?.payload.text)).toContain("only a bot admin");
    since = env.fake.calls.length;
    await env.send(press(screen, /🔔/, ADMIN));
    expect(String(answers(since)[0]?.payload.text)).toContain(
      "Теперь возвраты и заявки rFBS приходят в этот чат",
    );
    await env.returns.runOnce(SHOP_ID);
    env.sandbox.control.afterSale.addReturn();
    await env.returns.runOnce(SHOP_ID);
    expect(textOf(lastTo(env, chat.id))).toContain("↩️ Возврат едет к вам на склад");
  });
});

describe("rFBS return requests", () => {
  it("a card with its deadline and the decisions Ozon allows; a partial refund goes out exact", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, SELLER);
    await subscribe(env, WAREHOUSE);
    await env.returns.runOnce(SHOP_ID);
    const filed = env.sandbox.control.afterSale.addRfbsRequest({ comment: "Царапина на корпусе" });
    await env.returns.runOnce(SHOP_ID);

    const card = lastTo(env, SELLER.id);
    expect(textOf(card)).toContain(`🆕 rFBS return request No. R-${filed.id}`);
    expect(textOf(card)).toContain("Buyer's comment: “Царапина на корпусе”");
    expect(textOf(card)).toContain("⏰ Decide by");
    expect(buttonsOf(card).map((b) => b.text)).toEqual([
      "✅ Approve",
      "❌ Reject",
      "💸 Partial refund",
      "💰 Return the money",
    ]);
    // The warehouse hears of it but has no decisions.
    expect(textOf(lastTo(env, WAREHOUSE.id))).toContain("rFBS return request");
    expect(buttonsOf(lastTo(env, WAREHOUSE.id))).toEqual([]);

    await env.send(press(card, "Partial refund", SELLER));
    expect(textOf(lastEditOrSend(env, SELLER.id))).toContain("How much to refund");
    // The whole price is not a partial refund; three decimals are not kopecks.
    let since = env.fake.calls.length;
    await env.send(text(String(Number(filed.price)), { from: SELLER }));
    expect(textsSince(env, SELLER.id, since)).toContain("must be below the product's price");
    since = env.fake.calls.length;
    await env.send(text("150,555", { from: SELLER }));
    expect(textsSince(env, SELLER.id, since)).toContain("At most two digits");
    await env.send(text("150,5", { from: SELLER }));
    const confirm = lastEditOrSend(env, SELLER.id);
    expect(textOf(confirm)).toContain("Refund 150.50 RUB of");
    expect(env.sandbox.control.afterSale.snapshot().requests[0]?.state).toBe("new");
    await env.send(press(confirm, "Yes", SELLER));

    const stored = env.sandbox.control.afterSale.snapshot().requests[0];
    expect(stored).toMatchObject({ state: "compensated", compensation: "150.50" });
    const done = lastEditOrSend(env, SELLER.id);
    expect(textOf(done)).toContain("💸 150.50 RUB is being returned to the buyer");
    expect(buttonsOf(done).map((b) => b.text)).not.toContain("💸 Partial refund");
    expect(env.sandbox.counters()["POST /v2/returns/rfbs/compensate"]).toBe(1);
    // The decision's claim stays: a late second tap hears who decided.
    expect(await claims(env)).toHaveLength(1);
  });

  it("a rejection with a reason and a comment, in Russian; a stale button is refused with what can be done", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, ADMIN);
    await env.returns.runOnce(SHOP_ID);
    const filed = env.sandbox.control.afterSale.addRfbsRequest();
    await env.returns.runOnce(SHOP_ID);
    const card = lastTo(env, ADMIN.id);
    expect(textOf(card)).toContain(`🆕 Заявка на возврат rFBS № R-${filed.id}`);

    await env.send(press(card, "Отклонить", ADMIN));
    const reasons = lastEditOrSend(env, ADMIN.id);
    expect(textOf(reasons)).toContain("Почему отклоняете");
    await env.send(press(reasons, "Другое", ADMIN));
    expect(textOf(lastEditOrSend(env, ADMIN.id))).toContain("Объясните покупателю");
    await env.send(text("Товар был в порядке при отправке", { from: ADMIN }));
    const confirm = lastEditOrSend(env, ADMIN.id);
    expect(textOf(confirm)).toContain("Причина: Другое");
    expect(textOf(confirm)).toContain("Комментарий: Товар был в порядке при отправке");
    await env.send(press(confirm, "Да", ADMIN));
    expect(env.sandbox.control.afterSale.snapshot().requests[0]).toMatchObject({
      state: "rejected",
      rejection: { reasonId: 12, comment: "Товар был в порядке при отправке" },
    });
    expect(textOf(lastEditOrSend(env, ADMIN.id))).toContain(
      `❌ Заявка № R-${filed.id} отклонена: Другое`,
    );

    // The old card's Approve: Ozon no longer allows it; nothing is sent to Ozon.
    await env.send(press(card, "Одобрить", ADMIN));
    expect(textOf(lastEditOrSend(env, ADMIN.id))).toContain(
      "Сейчас Ozon не позволяет «✅ Одобрить»",
    );
    expect(env.sandbox.counters()["POST /v2/returns/rfbs/verify"]).toBeUndefined();
  });

  it("Ozon refusing a decision out of turn: its words, nothing changed, the claim released", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, SELLER);
    await env.returns.runOnce(SHOP_ID);
    const filed = env.sandbox.control.afterSale.addRfbsRequest();
    await env.returns.runOnce(SHOP_ID);
    await env.send(press(lastTo(env, SELLER.id), "Approve", SELLER));
    const confirm = lastEditOrSend(env, SELLER.id);
    // Meanwhile the request moved on in the cabinet.
    await env.seller.returns.returnMoney(String(filed.id));
    await env.send(press(confirm, "Yes", SELLER));
    const said = textOf(lastEditOrSend(env, SELLER.id));
    expect(said).toContain("It did not work: Ozon refused: action is not available");
    expect(said).toContain("The request stays as it was");
    expect(env.sandbox.control.afterSale.snapshot().requests[0]?.state).toBe("money_returned");
    expect(await claims(env)).toEqual([]);
  });

  it("a seller whose role is limited to another store cannot decide this store's requests", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, SELLER);
    await env.returns.runOnce(SHOP_ID);
    env.sandbox.control.afterSale.addRfbsRequest();
    await env.returns.runOnce(SHOP_ID);
    const card = lastTo(env, SELLER.id);
    await env.access.setScope(SELLER.id, "seller", ["another-store"]);
    const since = env.fake.calls.length;
    await env.send(press(card, "Approve", SELLER));
    const answered = env.fake.calls.slice(since).find((c) => c.method === "answerCallbackQuery");
    expect(String(answered?.payload.text)).toContain("not one of yours");
    expect(textsSince(env, SELLER.id, since)).toBe("");
  });

  it("decide an rFBS return: approve, receipt, the money back — six taps from the alert", async () => {
    env = await startAfterSaleEnv();
    await subscribe(env, SELLER);
    await env.returns.runOnce(SHOP_ID);
    const filed = env.sandbox.control.afterSale.addRfbsRequest();
    await env.returns.runOnce(SHOP_ID);
    let taps = 0;
    const tap = async (label: string, on: RecordedCall) => {
      taps++;
      await env?.send(press(on, label, SELLER));
    };
    await tap("Approve", lastTo(env, SELLER.id));
    await tap("Yes", lastEditOrSend(env, SELLER.id));
    const approved = lastEditOrSend(env, SELLER.id);
    expect(textOf(approved)).toContain("approved. The buyer will send the product");
    expect(buttonsOf(approved).map((b) => b.text)).toEqual(["📦 Product received"]);
    await tap("Product received", approved);
    await tap("Yes", lastEditOrSend(env, SELLER.id));
    const received = lastEditOrSend(env, SELLER.id);
    expect(textOf(received)).toContain("Receipt confirmed");
    expect(buttonsOf(received).map((b) => b.text)).toEqual([
      "❌ Reject",
      "💸 Partial refund",
      "💰 Return the money",
    ]);
    await tap("Return the money", received);
    await tap("Yes", lastEditOrSend(env, SELLER.id));
    expect(textOf(lastEditOrSend(env, SELLER.id))).toContain("is being returned to the buyer");
    expect(env.sandbox.control.afterSale.snapshot().requests[0]).toMatchObject({
      id: filed.id,
      state: "money_returned",
    });
    expect(taps).toBe(6);

    // /returns no longer lists it as open.
    await env.send(command("returns", { from: SELLER }));
    expect(textOf(lastTo(env, SELLER.id))).toContain("No open returns.");
  });
});
