/**
 * The audit area's buttons (audit/buttons.ts): a signed press whose arguments do not fit its kind
 * is refused with "This button no longer works" before any handler runs — nothing is sent or
 * exported. A well-formed press naming a store that is gone is answered as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { expectUnfitRefused } from "../../support/refused-presses.ts";
import { callback } from "../../support/updates.ts";
import { ADMIN, type StoresWorld, startStores } from "../stores/world.ts";

let world: StoresWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("audit buttons whose arguments do not fit", () => {
  it("are refused with the alert and send nothing", async () => {
    const w = await startStores();
    world = w;
    await expectUnfitRefused(w.exchange, w.fake.token, [
      [ADMIN, "audit", "k", "nokind"], // a kind the trail does not know
      [ADMIN, "audit", "s", "ZZ"], // a shop ref "ZZ"
      [ADMIN, "audit", "x", "1e3"], // days that are no plain number
      [ADMIN, "audit", "x"],
      [ADMIN, "audit", "l", "1"], // the list takes nothing
      [ADMIN, "audit", "q"],
      [ADMIN, "audit", "x", "999"], // well-formed, but no export period offered
      [ADMIN, "audith", "q", "123"], // no such object
      [ADMIN, "audith", "p", "abc"], // a posting number that is none
      [ADMIN, "audith", "p"],
    ]);

    // Well-formed, but the store is gone: said as before.
    const codec = createCallbackCodec(w.fake.token);
    const gone = await w.exchange(callback(codec.encode("audit", "s", "zz9"), { from: ADMIN }));
    expect(gone.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(gone[0]?.payload.text).toBe("This store is no longer connected.");
  });
});
