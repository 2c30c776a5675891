/**
 * Postings buttons whose arguments do not fit their declaration (postings/buttons.ts) are refused
 * in one place, before any handler: signed, so they pass the signature check, but with a posting
 * number, shop ref, page or action no keyboard makes. The presser is told the button no longer
 * works; Ozon is not asked and nothing is sent or edited.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { expectRefusedPresses } from "../../support/refused-presses.ts";
import { callback } from "../../support/updates.ts";
import { exchange, KEEPER, must, type PostingsHarness, startPostings } from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

const PICK_ID = "AAAAAAAA";

describe("postings buttons that do not fit their declaration", () => {
  it("are refused with the callback-invalid alert; Ozon is not asked, nothing is sent", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const number = posting.postingNumber;
    const ref = must(h.shops.all()[0]).ref;
    const codec = createCallbackCodec(h.fake.token);
    const pressed: Array<[string, ...string[]]> = [
      ["po", "x", ref], // a posting number no keyboard makes
      ["ps", number, "ZZ"], // a shop ref of the wrong shape
      ["pq", number, "ZZ"],
      ["pk", "x"],
      ["pc", number, ref, "extra"], // more arguments than declared
      ["pl", "x", ref],
      ["pl"], // no posting at all
      ["pp", "abc"],
      ["pp", "1e3"], // a number, but not as a button writes one
      ["pp", ""],
      ["pw", "t", "abc", ref], // a warehouse that is no id
      ["pw", "t"], // toggle without its warehouse
      ["pw", "s", ref, ref], // only a warehouse toggle carries two
      ["pw", "q"], // no such filter action
      ["tg", ref, "0"], // a group without its cut-off
      ["tl", ref, "123"], // half a group
      ["th", "ZZ"],
      ["lq", "ZZ"],
      ["lp", ref, PICK_ID, "t"], // toggle without its index
      ["lp", ref, PICK_ID, "c", "1"], // clear takes none
      ["lp", ref, "short", "g"], // not a pick's id
      ["dy", ref, "q", "job"], // no such desk
    ];
    await expectRefusedPresses(h, codec, KEEPER, pressed);
    // The same buttons made as keyboards make them act (the refusals above are the arguments').
    const requests = h.sandbox.requests.length;
    const card = await exchange(h, callback(codec.encode("po", number, ref), { from: KEEPER }));
    expect(card.map((c) => c.method)).toContain("sendMessage");
    expect(h.sandbox.requests.length).toBeGreaterThan(requests);
  });
});
