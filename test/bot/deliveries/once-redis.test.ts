/**
 * Two processes sharing Redis, two people tapping ✅ Yes on the same step at once: Ozon is asked
 * once, the second is told who is doing it, and both cards end up showing the step done.
 */
import { afterAll, afterEach, expect, it } from "vitest";
import { RedisStore } from "../../../src/store/redis.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { callback } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import {
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  PACKER,
  startDeliveries,
} from "./harness.ts";

let h: DeliveriesHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const redis = await redisAvailability();
redis.describe("a delivery step with Redis", () => {
  const prefix = uniquePrefix("deliveries-once");
  afterAll(() => removeKeys(redis.url, prefix));

  it("a double tap from two processes moves the posting once", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    try {
      const harness = await startDeliveries({ store, processes: 2 });
      h = harness;
      const { postingNumber } = harness.sandbox.control.addOwnDelivery();
      const open = async (who: typeof KEEPER, processIndex: number) => {
        const data = harness.codec.encode("vc", postingNumber, harness.shopRef);
        const card = lastScreen(
          await exchange(harness, callback(data, { from: who }), processIndex),
        );
        return lastScreen(await exchange(harness, press(card, "🚚 Delivering", who), processIndex));
      };
      const keeperAsk = await open(KEEPER, 0);
      const packerAsk = await open(PACKER, 1);
      // Ozon is slow to answer: both taps are in flight together.
      harness.sandbox.control.setFault("/v2/fbs/posting/delivering", { latencyMs: 400 });
      const [keeper, packer] = await Promise.all([
        exchange(harness, press(keeperAsk, /Yes/, KEEPER), 0),
        exchange(harness, press(packerAsk, /Yes/, PACKER), 1),
      ]);
      const moves = harness.sandbox.requests.filter((r) => r.path === "/v2/fbs/posting/delivering");
      expect(moves).toHaveLength(1);
      expect(harness.sandbox.control.posting(postingNumber)?.status).toBe("delivering");
      const said = [...keeper, ...packer]
        .filter((c) => c.method === "sendMessage")
        .map(textOf)
        .join("\n");
      expect(said).toMatch(/(Kim|Pat) is marking the step “Delivering” now/);
      expect(said).not.toContain("did not accept");
    } finally {
      await store.close();
    }
  });
});
