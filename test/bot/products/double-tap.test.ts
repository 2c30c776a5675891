/**
 * A double tap of a change's confirmation, handled by two processes (two bots over one Redis
 * store, the same sandbox): Ozon is asked once. Also the once-key itself: two callers at the same
 * moment, one send.
 */
import { afterAll, expect, it } from "vitest";
import { sendOnce } from "../../../src/services/products/index.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { command, text } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import { KEEPER, lastScreen, MANAGER, startProducts } from "./harness.ts";

const redis = await redisAvailability();
redis.describe("products: once across processes (Redis)", () => {
  const prefix = uniquePrefix("products-once");
  afterAll(() => removeKeys(redis.url, prefix));

  it("two callers of one key at once: one sends, the other reads its answer", async () => {
    const [a, b] = await Promise.all([
      RedisStore.open({ url: redis.url, prefix: `${prefix}raw:` }),
      RedisStore.open({ url: redis.url, prefix: `${prefix}raw:` }),
    ]);
    try {
      let sent = 0;
      const send = async () => {
        sent += 1;
        await new Promise((r) => setTimeout(r, 50));
        return { kind: "done" as const };
      };
      const [one, two] = await Promise.all([sendOnce(a, "k1", send), sendOnce(b, "k1", send)]);
      expect(sent).toBe(1);
      expect([one.first, two.first].sort()).toEqual([false, true]);
      expect(one.value).toEqual({ kind: "done" });
      expect(two.value).toEqual({ kind: "done" });
      // A failed send keeps nothing: the next confirmation may send.
      await expect(sendOnce(a, "k2", () => Promise.reject(new Error("down")))).rejects.toThrow();
      expect((await sendOnce(b, "k2", send)).first).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a stock change confirmed twice at once in two processes is sent once", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix: `${prefix}stock:` });
    const h = await startProducts({ store, closeStore: true });
    try {
      const p = h.sandbox.control.products()[0];
      if (!p) throw new Error("no product");
      const card = lastScreen(await h.send(command("products", { from: KEEPER, args: p.offerId })));
      const choose = lastScreen(await h.send(press(card, "📦 Set stock", KEEPER)));
      await h.send(press(choose, buttonsOf(choose)[0]?.text ?? "", KEEPER));
      const confirm = lastScreen(await h.send(text("12", { from: KEEPER })));
      // Without Ozon's 30 s limit, so a second send would land too: only the once-key stops it.
      h.sandbox.control.stock.setChangeWindow(0);
      const [first, second] = await Promise.all([
        h.send(press(confirm, "✅ Set stock", KEEPER), h.bot),
        h.send(press(confirm, "✅ Set stock", KEEPER), h.second),
      ]);
      expect(h.sandbox.control.stock.stockLog()).toEqual([
        expect.objectContaining({ offerId: p.offerId, stock: 12 }),
      ]);
      // Both taps were answered; one of them says the stock is set.
      // (The two exchanges overlap: each may list the other's calls too.)
      const all = [...new Map([...first, ...second].map((c) => [c.seq, c])).values()];
      expect(all.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(2);
      expect(all.some((c) => textOf(c).includes("✅ Stock set."))).toBe(true);
    } finally {
      await h.close();
    }
  });

  it("a price change confirmed twice at once in two processes is sent once", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix: `${prefix}price:` });
    const h = await startProducts({ store, closeStore: true });
    try {
      const p = h.sandbox.control.products()[0];
      if (!p) throw new Error("no product");
      const card = lastScreen(
        await h.send(command("products", { from: MANAGER, args: p.offerId })),
      );
      await h.send(press(card, "💰 Price", MANAGER));
      const confirm = lastScreen(await h.send(text("5000", { from: MANAGER })));
      await Promise.all([
        h.send(press(confirm, "✅ Change price", MANAGER), h.bot),
        h.send(press(confirm, "✅ Change price", MANAGER), h.second),
      ]);
      expect(h.sandbox.control.stock.priceLog()).toEqual([
        expect.objectContaining({ offerId: p.offerId, price: "5000.00" }),
      ]);
    } finally {
      await h.close();
    }
  });
});
