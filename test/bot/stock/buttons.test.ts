/**
 * The stock area's buttons (stock/buttons.ts): a signed press whose arguments do not fit its kind
 * is refused with "This button no longer works" before any handler runs — nothing is sent, Ozon
 * is not called, no threshold or choice is kept.
 */
import { afterEach, describe, expect, it } from "vitest";
import { expectUnfitRefused } from "../../support/refused-presses.ts";
import { ADMIN, exchange, KEEPER, type StockHarness, startStock } from "./harness.ts";

let h: StockHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("stock buttons whose arguments do not fit", () => {
  it("are refused with the alert; Ozon is not called and nothing is kept", async () => {
    const stock = await startStock();
    h = stock;
    const ref = stock.shops.get(stock.shopId)?.ref ?? "";
    // What is kept, people's records aside (a presser's name is learnt from any update).
    const kept = async () =>
      (await stock.store.list("")).map((e) => e.key).filter((key) => !key.startsWith("person:"));
    const keysBefore = await kept();
    const requestsBefore = stock.sandbox.requests.length;
    await expectUnfitRefused((update) => exchange(stock, update), stock.fake.token, [
      [KEEPER, "swb", "ZZ", "123"], // a shop ref "ZZ"
      [KEEPER, "swb", ref, "x"], // a SKU that is no number
      [KEEPER, "swb", ref], // the SKU missing
      [KEEPER, "swt", "maybe"],
      [KEEPER, "swt"],
      [ADMIN, "swl", "ZZ"],
      [ADMIN, "swl", ref, "4"], // a threshold not offered
      [ADMIN, "swl", ref, "dd"],
      [KEEPER, "swk", "ZZ"],
      [KEEPER, "swa", ref, "short"], // a draft id the preview never makes
      [KEEPER, "swx", ref],
    ]);
    expect(stock.sandbox.requests.length).toBe(requestsBefore);
    expect(await kept()).toEqual(keysBefore);
  });
});
