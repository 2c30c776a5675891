/**
 * /stores' buttons (stores/buttons.ts): a signed press whose arguments do not fit its kind is
 * refused with "This button no longer works" before any handler runs — nothing is sent, no
 * store is paused or removed, no dialog begins. A well-formed press naming a store that is gone
 * still says so.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { callback } from "../../support/updates.ts";
import { ADMIN, type StoresWorld, startStores } from "./world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const INVALID = "This button no longer works. Open the menu again: /start";

describe("/stores buttons whose arguments do not fit", () => {
  it("are refused with the alert and change nothing", async () => {
    const w = await startStores();
    world = w;
    const [shop] = w.container.shops.all();
    if (!shop) throw new Error("no store");
    const codec = createCallbackCodec(w.fake.token);
    const presses: [string, ...string[]][] = [
      ["st", "P", "ZZ"], // pause confirmed, a shop ref "ZZ"
      ["st", "D"], // remove confirmed without its store
      ["st", "q", shop.ref], // no such action
      ["st", "l", shop.ref], // the list takes no store
      ["str", "ZZ"],
      ["str"],
      ["sta", "1"],
    ];
    for (const [kind, ...args] of presses) {
      const calls = await w.exchange(callback(codec.encode(kind, ...args), { from: ADMIN }));
      const label = [kind, ...args].join(":");
      expect(
        calls.map((c) => c.method),
        label,
      ).toEqual(["answerCallbackQuery"]);
      expect(calls[0]?.payload.show_alert, label).toBe(true);
      expect(calls[0]?.payload.text, label).toBe(INVALID);
    }
    expect(w.container.shops.all().map((s) => [s.id, s.paused])).toEqual([[shop.id, shop.paused]]);

    // Well-formed, but the store is gone: said as before, and the list shown as it is.
    const gone = await w.exchange(callback(codec.encode("st", "P", "zz9"), { from: ADMIN }));
    const answer = gone.find((c) => c.method === "answerCallbackQuery");
    expect(answer?.payload.text).toBe(
      "This store is no longer connected. Here is the list as it is now.",
    );
    expect(w.container.shops.all().map((s) => s.paused)).toEqual([shop.paused]);
  });
});
