/**
 * /status' 🔄 Refresh (status/buttons.ts) carries no arguments: a signed press with any is refused
 * with "This button no longer works" and the status is not read or shown.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
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
    const codec = createCallbackCodec(w.fake.token);
    const calls = await w.exchange(callback(codec.encode("hs", "1"), { from: ADMIN }));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.show_alert).toBe(true);
    expect(calls[0]?.payload.text).toBe("This button no longer works. Open the menu again: /start");

    // The button as made: the status, in place.
    const shown = await w.exchange(callback(codec.encode("hs"), { from: ADMIN }));
    expect(shown.map((c) => c.method)).toContain("answerCallbackQuery");
    expect(shown.some((c) => c.method === "sendMessage" || c.method === "editMessageText")).toBe(
      true,
    );
  });
});
