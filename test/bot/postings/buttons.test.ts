/**
 * The declarations of the postings, deliveries and returns buttons: each shape a keyboard makes
 * reads back as made, buttons of older versions (no shop ref, a legacy empty ref on Write to
 * buyer) still read, and the shared number arguments take only what String(number) writes.
 */
import { describe, expect, it } from "vitest";
import { PAGE_ARG, TELEGRAM_ID_ARG } from "../../../src/bot/core/button-args.ts";
import type { ButtonKind } from "../../../src/bot/core/buttons.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import * as deliveries from "../../../src/bot/deliveries/buttons.ts";
import * as postings from "../../../src/bot/postings/buttons.ts";
import * as returns from "../../../src/bot/returns/buttons.ts";
import { TEST_BOT_TOKEN } from "../../support/fake-bot-api.ts";

const codec = createCallbackCodec(TEST_BOT_TOKEN);
const NUMBER = "68348617-0415-1";

/** Makes the button's data and reads a press of it back. */
function roundTrip<A extends readonly unknown[]>(button: ButtonKind<A>, ...args: A) {
  const decoded = codec.decode(button.data(codec, ...args));
  expect(decoded?.kind).toBe(button.kind);
  return button.parse(decoded?.args ?? []);
}

describe("postings, deliveries and returns buttons", () => {
  it("read back every shape their keyboards make", () => {
    for (const button of [postings.SHIP, postings.QUICK_PACK, postings.SPLIT, postings.LABEL]) {
      expect(roundTrip(button, NUMBER, "a1")).toEqual([NUMBER, "a1"]);
    }
    expect(roundTrip(postings.POSTINGS_PAGE, 3, "1")).toEqual([3, "1"]);
    expect(roundTrip(postings.POSTINGS_PAGE, 0, undefined)).toEqual([0]);
    expect(roundTrip(postings.ALERT_FILTER, "t", "23017", "1")).toEqual(["t", "23017", "1"]);
    expect(roundTrip(postings.ALERT_FILTER, "x", undefined, undefined)).toEqual(["x"]);
    expect(roundTrip(postings.TODAY_GROUP, "1", "0", "29400000")).toEqual(["1", "0", "29400000"]);
    expect(roundTrip(postings.TODAY_LABELS, "1", undefined, undefined)).toEqual(["1"]);
    expect(roundTrip(postings.LABEL_PICK, "1", "AbC-_123", "t", 12)).toEqual([
      "1",
      "AbC-_123",
      "t",
      12,
    ]);
    expect(roundTrip(postings.LABEL_PICK, "1", "AbC-_123", "g", undefined)).toEqual([
      "1",
      "AbC-_123",
      "g",
    ]);
    const job = "0b6f4f7e-4bd3-4f1b-a5c4-4b8f1c2d9e10";
    expect(roundTrip(postings.DESK_RETRY, "1", "l", job)).toEqual(["1", "l", job]);
    expect(roundTrip(deliveries.DO_STEP, "v", NUMBER, "1", -1001234567890)).toEqual([
      "v",
      NUMBER,
      "1",
      -1001234567890,
    ]);
    expect(roundTrip(deliveries.APPLY_TRACKING, "0123456789ab")).toEqual(["0123456789ab"]);
    // Ozon's rFBS action ids, negative ones too; the longest id and ref still fit in 64 bytes.
    for (const action of [-1, -10, 1020, 10, -2147483648, 2147483647]) {
      expect(roundTrip(returns.ACT_RFBS, "123456", "1", action)).toEqual(["123456", "1", action]);
    }
    const longest = returns.ACT_RFBS.data(codec, "9".repeat(20), "zzzzzzzz", -2147483648);
    expect(Buffer.byteLength(longest)).toBeLessThanOrEqual(64);
    expect(returns.ACT_RFBS.parse(["123456", "1", "2147483648"])).toBeUndefined();
    expect(returns.ACT_RFBS.parse(["123456", "1", "1.5"])).toBeUndefined();
    expect(returns.ACT_RFBS.parse(["123456", "1", "--1"])).toBeUndefined();
  });

  it("read buttons of the single-shop version as the legacy shop's (no ref)", () => {
    expect(postings.OPEN_POSTING.parse([NUMBER])).toEqual([NUMBER]);
    expect(postings.CANCEL_POSTING.parse([NUMBER])).toEqual([NUMBER]);
    expect(postings.POSTINGS_PAGE.parse(["2"])).toEqual([2]);
    expect(postings.ALERT_FILTER.parse(["t", "23017"])).toEqual(["t", "23017"]);
    expect(postings.ALERT_FILTER.parse(["a"])).toEqual(["a"]);
    expect(postings.WRITE_TO_BUYER.parse([NUMBER])).toEqual([NUMBER]);
    // chats/relay/relay.ts reads an empty ref as the legacy shop too.
    expect(postings.WRITE_TO_BUYER.parse([NUMBER, ""])).toEqual([NUMBER, ""]);
    // A decision of an rFBS card made before Ozon's action ids (it opens the request anew).
    expect(returns.DECIDE_RFBS_OLD.parse(["123456", "1", "m"])).toEqual(["123456", "1", "m"]);
  });

  it("refuse what an action does not carry", () => {
    expect(postings.ALERT_FILTER.parse(["t"])).toBeUndefined();
    expect(postings.ALERT_FILTER.parse(["w", "23017", "1"])).toBeUndefined();
    expect(postings.ALERT_FILTER.parse(["s", "UPPER"])).toBeUndefined();
    expect(postings.TODAY_LABELS.parse(["1", "0"])).toBeUndefined();
    expect(postings.OPEN_LABEL_PICK.parse(["1", "0"])).toBeUndefined();
    expect(postings.LABEL_PICK.parse(["1", "AbC-_123", "p"])).toBeUndefined();
    expect(postings.LABEL_PICK.parse(["1", "AbC-_123", "c", "0"])).toBeUndefined();
    expect(deliveries.DO_STEP.parse(["t", NUMBER, "1", "5"])).toBeUndefined();
    expect(deliveries.ASK_STEP.parse(["t", NUMBER, "1"])).toEqual(["t", NUMBER, "1"]);
  });

  it("take numbers only as String(number) writes them", () => {
    for (const text of ["", " 3", "1e3", "0x10", "-1", "3.5"]) {
      expect(PAGE_ARG.safeParse(text).success, text).toBe(false);
    }
    expect(PAGE_ARG.parse("42")).toBe(42);
    for (const text of ["", "1e3", "0x10", "12345678901234567"]) {
      expect(TELEGRAM_ID_ARG.safeParse(text).success, text).toBe(false);
    }
    expect(TELEGRAM_ID_ARG.parse("-1001234567890")).toBe(-1001234567890);
  });
});
