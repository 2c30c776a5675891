/**
 * The products area's buttons (products/buttons.ts): a signed press whose arguments do not fit its
 * kind is refused with "This button no longer works" before any handler runs — nothing is sent,
 * no dialog begins, Ozon is not called.
 */
import { afterEach, describe, expect, it } from "vitest";
import { expectUnfitRefused } from "../../support/refused-presses.ts";
import { ADMIN, type ProductsHarness, startProducts } from "./harness.ts";

let h: ProductsHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("products buttons whose arguments do not fit", () => {
  it("are refused with the alert; Ozon is not called", async () => {
    const products = await startProducts();
    h = products;
    const ref = products.shops.all()[0]?.ref ?? "";
    const id = String(products.sandbox.control.products()[0]?.productId);
    const requestsBefore = products.sandbox.requests.length;
    await expectUnfitRefused((update) => products.send(update), products.fake.token, [
      [ADMIN, "pxc", "ZZ", id, "e"], // a shop ref "ZZ"
      [ADMIN, "pxc", ref, "x", "e"], // a product id that is no number
      [ADMIN, "pxc", ref, id, "q"], // no such way to open
      [ADMIN, "pxc", ref], // the product missing
      [ADMIN, "pxs", ref, "x"],
      [ADMIN, "pxs", "ZZ", id],
      [ADMIN, "pxp", ref],
      [ADMIN, "pxp", ref, id, "e"], // more than the price button carries
    ]);
    expect(products.sandbox.requests.length).toBe(requestsBefore);
  });
});
