/**
 * /status' 🔄 Refresh (status/buttons.ts) carries no arguments: a signed press with any is refused
 * with "This button no longer works" and the status is not shown; the button as made shows it.
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

describe("/status' Refresh with arguments it never has", () => {
  it("is refused with the alert and shows nothing", async () => {
    const w = await startStores();
    world = w;
    await expectUnfitRefused(w.exchange, w.fake.token, [[ADMIN, "hs", "1"]]);
    const codec = createCallbackCodec(w.fake.token);
    const shown = await w.exchange(callback(codec.encode("hs"), { from: ADMIN }));
    const screens = shown.filter(
      (c) => c.method === "sendMessage" || c.method === "editMessageText",
    );
    expect(screens.length).toBeGreaterThan(0);
  });
});
