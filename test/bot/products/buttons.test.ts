/**
 * The products area's buttons (products/buttons.ts): a signed press whose arguments do not fit its
 * kind is refused with "This button no longer works" before any handler runs — nothing is sent,
 * no dialog begins, Ozon is not called.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { callback } from "../../support/updates.ts";
import { ADMIN, type ProductsHarness, startProducts } from "./harness.ts";

let h: ProductsHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("products buttons whose arguments do not fit", () => {
  it("are refused with the alert; Ozon is not called", async () => {
    h = await startProducts();
    const products = h;
    const ref = products.shops.all()[0]?.ref ?? "";
    const productId = String(products.sandbox.control.products()[0]?.productId);
    const presses: [string, ...string[]][] = [
      ["pxc", "ZZ", productId, "e"], // a shop ref "ZZ"
      ["pxc", ref, "x", "e"], // a product id that is no number
      ["pxc", ref, productId, "q"], // no such way to open
      ["pxc", ref], // the product missing
      ["pxs", ref, "x"],
      ["pxs", "ZZ", productId],
      ["pxp", ref],
      ["pxp", ref, productId, "e"], // more than the price button carries
    ];
    const codec = createCallbackCodec(products.fake.token);
    const requestsBefore = products.sandbox.requests.length;
    for (const [kind, ...args] of presses) {
      const calls = await products.send(callback(codec.encode(kind, ...args), { from: ADMIN }));
      const label = [kind, ...args].join(":");
      expect(
        calls.map((c) => c.method),
        label,
      ).toEqual(["answerCallbackQuery"]);
      expect(calls[0]?.payload.show_alert, label).toBe(true);
      expect(calls[0]?.payload.text, label).toBe(
        "This button no longer works. Open the menu again: /start",
      );
    }
    expect(products.sandbox.requests.length).toBe(requestsBefore);
  });
});
