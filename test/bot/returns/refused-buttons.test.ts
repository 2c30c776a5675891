/**
 * Returns buttons whose arguments do not fit their declaration (returns/buttons.ts) are refused
 * in one place, before any handler: signed, but with a return id, shop ref, action id or switch
 * value no keyboard makes. The presser is told the button no longer works; Ozon is not asked,
 * nothing is sent or edited, the chat's alerts stay as they were.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { expectRefusedPresses } from "../../support/refused-presses.ts";
import { callback, command } from "../../support/updates.ts";
import { type AfterSaleEnv, SELLER, startAfterSaleEnv } from "../after-sale.ts";
import { buttonsOf } from "../harness.ts";

let env: AfterSaleEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

describe("returns buttons that do not fit their declaration", () => {
  it("are refused with the callback-invalid alert; Ozon is not asked, nothing is sent", async () => {
    const e = await startAfterSaleEnv();
    env = e;
    e.sandbox.control.afterSale.addRfbsRequest();
    const codec = createCallbackCodec(e.fake.token);
    await e.send(command("returns", { from: SELLER }));
    const list = e.fake.callsTo("sendMessage").at(-1) as RecordedCall;
    // The request's card button as the list made it: `rto:<return id>:<shop ref>`.
    const opens = buttonsOf(list)
      .map((b) => (b.callback_data ? codec.decode(b.callback_data) : undefined))
      .find((decoded) => decoded?.kind === "rto");
    const [id = "", ref = ""] = opens?.args ?? [];
    expect(id).toMatch(/^\d+$/);
    const pressed: Array<[string, ...string[]]> = [
      ["rto", "abc", ref], // Ozon's return ids are digits
      ["rto", id, "ZZ"],
      ["rto", id],
      ["rta", id, ref, "1.5"], // Ozon's action ids are whole numbers
      ["rta", id, ref, "2147483648"], // beyond int32
      ["rta", id, ref],
      ["rta", "abc", ref, "-1"],
      ["rtd", id, ref, "z"], // no such decision on the older cards
      ["rtd", id, ref],
      ["rts", "maybe"],
      ["rts"],
    ];
    await expectRefusedPresses(e, codec, SELLER, pressed);
    // The card's button as the list made it opens the request (from Ozon).
    const requests = e.sandbox.requests.length;
    const since = e.fake.calls.length;
    await e.send(callback(codec.encode("rto", id, ref), { from: SELLER }));
    expect(e.fake.calls.slice(since).map((c) => c.method)).toContain("sendMessage");
    expect(e.sandbox.requests.length).toBeGreaterThan(requests);
  });
});
