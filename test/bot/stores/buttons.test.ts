/**
 * /stores' buttons (stores/buttons.ts): a signed press whose arguments do not fit its kind is
 * refused with "This button no longer works" before any handler runs — nothing is sent, no
 * store is paused or removed, no dialog begins. A well-formed press naming a store that is gone
 * still says so.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { expectUnfitRefused } from "../../support/refused-presses.ts";
import { callback } from "../../support/updates.ts";
import { ADMIN, type StoresWorld, startStores } from "./world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("/stores buttons whose arguments do not fit", () => {
  it("are refused with the alert and change nothing", async () => {
    const w = await startStores();
    world = w;
    const [shop] = w.container.shops.all();
    if (!shop) throw new Error("no store");
    await expectUnfitRefused(w.exchange, w.fake.token, [
      [ADMIN, "st", "P", "ZZ"], // pause confirmed, a shop ref "ZZ"
      [ADMIN, "st", "D"], // remove confirmed without its store
      [ADMIN, "st", "q", shop.ref], // no such action
      [ADMIN, "st", "l", shop.ref], // the list takes no store
      [ADMIN, "str", "ZZ"],
      [ADMIN, "str"],
      [ADMIN, "sta", "1"],
    ]);
    expect(w.container.shops.all().map((s) => [s.id, s.paused])).toEqual([[shop.id, shop.paused]]);

    // Well-formed, but the store is gone: said as before, and the list shown as it is.
    const codec = createCallbackCodec(w.fake.token);
    const gone = await w.exchange(callback(codec.encode("st", "P", "zz9"), { from: ADMIN }));
    const answer = gone.find((c) => c.method === "answerCallbackQuery");
    expect(answer?.payload.text).toBe(
      "This store is no longer connected. Here is the list as it is now.",
    );
    expect(w.container.shops.all().map((s) => s.paused)).toEqual([shop.paused]);
  });
});
