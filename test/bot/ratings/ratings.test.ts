/**
 * The ratings watcher and /rating end to end (sandbox over HTTP, fake Bot API): a rating crossing
 * into a zone is told once to admins (Russian) and managers (English), naming the value, the
 * threshold and the postings that raised the error index; not again after a restart; its way
 * back out is told too; a failed send is tried again only for whoever lacks it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../support/updates.ts";
import {
  ADMIN,
  type AfterSaleEnv,
  MANAGER,
  SELLER,
  SHOP_ID,
  startAfterSaleEnv,
  WAREHOUSE,
} from "../after-sale.ts";

let env: AfterSaleEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const textsTo = (e: AfterSaleEnv, chatId: number) =>
  e.fake
    .callsTo("sendMessage")
    .filter((c) => Number(c.payload.chat_id) === chatId)
    .map((c) => String(c.payload.text));

describe("ratings watcher", () => {
  it("tells a crossing once, in each person's language, and not again after a restart", async () => {
    env = await startAfterSaleEnv();
    // Nothing out of the normal zone: nothing to tell.
    expect(await env.ratings.runOnce(SHOP_ID)).toMatchObject({ leader: true, told: 0 });
    expect(env.fake.callsTo("sendMessage")).toHaveLength(0);

    env.sandbox.control.afterSale.addFbsError({ postingNumber: "10001-0001-1" });
    env.sandbox.control.afterSale.setRating("rating_on_time", { value: 93.5 });
    expect(await env.ratings.runOnce(SHOP_ID)).toMatchObject({ told: 1 });

    const [ru] = textsTo(env, ADMIN.id);
    expect(ru).toContain("Рейтинг «Заказы, доставленные вовремя» ушёл в 🟡 зона предупреждения");
    expect(ru).toContain("Сейчас: 93.5 % (было 97 %)");
    expect(ru).toContain("Порог: 95 %");
    expect(ru).toContain("Индекс ошибок FBS подняли отправления: 10001-0001-1");
    const [en] = textsTo(env, MANAGER.id);
    expect(en).toContain("Rating “Заказы, доставленные вовремя” moved into 🟡 the warning zone");
    expect(en).toContain("Threshold: 95 %");
    expect(en).toContain("Postings that raised the FBS error index: 10001-0001-1");
    expect(textsTo(env, SELLER.id)).toEqual([]);
    expect(textsTo(env, WAREHOUSE.id)).toEqual([]);

    await env.ratings.runOnce(SHOP_ID);
    await env.restart();
    expect(await env.ratings.runOnce(SHOP_ID)).toMatchObject({ told: 0 });
    expect(env.fake.callsTo("sendMessage")).toHaveLength(2);

    // Deeper, then back out: each told once.
    env.sandbox.control.afterSale.setRating("rating_on_time", { value: 89 });
    await env.ratings.runOnce(SHOP_ID);
    expect(textsTo(env, MANAGER.id)[1]).toContain("moved into 🔴 the danger zone");
    expect(textsTo(env, MANAGER.id)[1]).toContain("Threshold: 90 %");
    env.sandbox.control.afterSale.setRating("rating_on_time", { value: 98 });
    await env.ratings.runOnce(SHOP_ID);
    await env.ratings.runOnce(SHOP_ID);
    expect(textsTo(env, MANAGER.id)).toHaveLength(3);
    expect(textsTo(env, MANAGER.id)[2]).toContain("is back: 🟢 normal");
    expect(textsTo(env, ADMIN.id)[2]).toContain("вернулся: 🟢 норма");
  });

  it("names the postings that moved a rating only where postings move it", async () => {
    env = await startAfterSaleEnv();
    env.sandbox.control.afterSale.addFbsError({
      postingNumber: "10001-0002-1",
      type: "SELLER_DELAY",
    });
    env.sandbox.control.afterSale.addFbsError({
      postingNumber: "10001-0003-1",
      type: "SELLER_CANCELLATION",
    });
    env.sandbox.control.afterSale.setRating("rating_cancellation", { value: 4 });
    env.sandbox.control.afterSale.setRating("rating_review_avg_score_total", { value: 3.9 });
    expect(await env.ratings.runOnce(SHOP_ID)).toMatchObject({ told: 2 });
    const [cancellations, reviews] = textsTo(env, MANAGER.id);
    expect(cancellations).toContain("Процент отмен");
    expect(cancellations).toContain("Postings that raised the FBS error index: 10001-0003-1");
    expect(cancellations).not.toContain("10001-0002-1");
    expect(reviews).toContain("Средняя оценка товаров");
    expect(reviews).not.toContain("Postings that raised");
  });

  it("a send Telegram refused is tried again on the next pass, only for whoever lacks it", async () => {
    env = await startAfterSaleEnv();
    env.sandbox.control.afterSale.setRating("rating_cancellation", { value: 6 });
    env.fake.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" }, 1);
    // The pass fails (someone lacks the alert) and leaves the crossing untold.
    await expect(env.ratings.runOnce(SHOP_ID)).rejects.toThrow(/Internal Server Error/);
    const firstRound = env.fake.callsTo("sendMessage").filter((c) => c.response?.ok);
    expect(firstRound).toHaveLength(1);
    await env.ratings.runOnce(SHOP_ID);
    await env.ratings.runOnce(SHOP_ID);
    for (const id of [ADMIN.id, MANAGER.id]) {
      const accepted = env.fake
        .callsTo("sendMessage")
        .filter((c) => c.response?.ok && Number(c.payload.chat_id) === id);
      expect(accepted).toHaveLength(1);
    }
  });
});

describe("/rating", () => {
  it("shows the ratings with their zones and thresholds, and the FBS error index", async () => {
    env = await startAfterSaleEnv();
    env.sandbox.control.afterSale.setRating("rating_cancellation", { value: 4 });
    await env.send(command("rating", { from: MANAGER }));
    const screen = textsTo(env, MANAGER.id)[0] ?? "";
    expect(screen).toContain("📊 Seller ratings");
    expect(screen).toContain("🟢 Заказы, доставленные вовремя: 97 % (warning 95 %, block 90 %)");
    expect(screen).toContain("🟡 Процент отмен: 4 % (warning 3 %, block 5 %)");
    expect(screen).toContain("📉 FBS error index: 0");
    await env.send(command("rating", { from: ADMIN }));
    expect(textsTo(env, ADMIN.id)[0]).toContain(
      "🟡 Процент отмен: 4 % (предупреждение 3 %, блокировка 5 %)",
    );
    // Not for the warehouse.
    await env.send(command("rating", { from: WAREHOUSE }));
    expect(textsTo(env, WAREHOUSE.id)[0]).not.toContain("📊");
  });
});
