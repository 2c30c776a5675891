/**
 * Button kinds with several shapes (core/buttons.ts, declareButtonShapes) and the shared argument
 * schemas (core/button-args.ts): a press is read as the first shape it fits, and numbers are
 * digits only — what z.coerce.number would also take ("", "1e3", "0x10") is refused.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PAGE_ARG, SHOP_REF_ARG, TELEGRAM_ID_ARG } from "../../../src/bot/core/button-args.ts";
import { declareButtonShapes, declaredButtons } from "../../../src/bot/core/buttons.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { TEST_BOT_TOKEN } from "../../support/fake-bot-api.ts";

const codec = createCallbackCodec(TEST_BOT_TOKEN);

describe("a button kind with several shapes", () => {
  const list = declareButtonShapes(
    "tsh",
    "test: a list with actions",
    [z.literal("p"), PAGE_ARG],
    [z.literal("o"), TELEGRAM_ID_ARG, PAGE_ARG.optional()],
    [z.literal("s"), SHOP_REF_ARG],
  );

  it("makes each shape's data and reads a press as the shape it fits", () => {
    expect(codec.decode(list.data(codec, "o", 42, undefined))?.args).toEqual(["o", "42"]);
    expect(list.parse(["p", "3"])).toEqual(["p", 3]);
    expect(list.parse(["o", "42"])).toEqual(["o", 42]);
    expect(list.parse(["o", "42", "2"])).toEqual(["o", 42, 2]);
    expect(list.parse(["s", "a1"])).toEqual(["s", "a1"]);
    expect(declaredButtons().get("tsh")).toBe("test: a list with actions");
  });

  it("refuses a press no shape fits: another action's arguments, too many, too few", () => {
    expect(list.parse(["p", "a1"])).toBeUndefined();
    expect(list.parse(["s", "3", "4"])).toBeUndefined();
    expect(list.parse(["o"])).toBeUndefined();
    expect(list.parse(["x", "3"])).toBeUndefined();
    expect(list.parse([])).toBeUndefined();
  });
});

describe("numeric arguments", () => {
  it("are digits only", () => {
    for (const odd of ["", " 3", "1e3", "0x10", "3.5", "-1"]) {
      expect(PAGE_ARG.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
    }
    for (const odd of ["", "1e3", "0x10", "99999999999999999"]) {
      expect(TELEGRAM_ID_ARG.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
    }
    expect(PAGE_ARG.parse("12")).toBe(12);
    expect(TELEGRAM_ID_ARG.parse("-1001234567890")).toBe(-1001234567890);
  });
});
