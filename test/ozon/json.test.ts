import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson } from "../../src/ozon/json.ts";

describe("lossless JSON", () => {
  it("keeps integers beyond 2^53 exact, as strings", () => {
    const value = parseJson(
      '{"message_id":3000000000817031942,"negative":-9007199254740993,"safe":9007199254740991}',
    );
    expect(value).toEqual({
      message_id: "3000000000817031942",
      negative: "-9007199254740993",
      safe: 9007199254740991,
    });
  });

  it("leaves other numbers as numbers", () => {
    expect(parseJson('{"a":1,"b":-2.5,"c":1e3,"d":0,"e":[12,"12"]}')).toEqual({
      a: 1,
      b: -2.5,
      c: 1000,
      d: 0,
      e: [12, "12"],
    });
  });

  it("keeps digits inside strings and big non-integers as they are", () => {
    expect(
      parseJson(
        '{"id":"3000000000817031942","big":12345678901234567890,"float":1.5e300,"e":1e20,"n":-0}',
      ),
    ).toEqual({
      id: "3000000000817031942",
      big: "12345678901234567890",
      float: 1.5e300,
      e: 1e20,
      n: -0,
    });
    expect(parseJson('[1234567890123456,{"x":[9007199254740993]}]')).toEqual([
      1234567890123456,
      { x: ["9007199254740993"] },
    ]);
    expect(parseJson("12345678901234567890")).toBe("12345678901234567890");
    expect(parseJson('{"a" : \n\t-12345678901234567890 }')).toEqual({ a: "-12345678901234567890" });
    expect(parseJson('{"text":"x, 12345678901234567890 y","n":1}')).toEqual({
      text: "x, 12345678901234567890 y",
      n: 1,
    });
  });

  it("rejects invalid JSON with a SyntaxError", () => {
    expect(() => parseJson("{oops")).toThrow(SyntaxError);
  });

  it("keeps the last of duplicate keys, like JSON.parse", () => {
    expect(parseJson('{"a":1,"a":2}')).toEqual({ a: 2 });
  });

  it("serialises plain values as JSON.stringify does, bigint as an exact literal", () => {
    expect(stringifyJson({ a: "x", b: [1, true, null], c: 202000000n })).toBe(
      '{"a":"x","b":[1,true,null],"c":202000000}',
    );
    expect(stringifyJson({ big: 3000000000817031942n })).toBe('{"big":3000000000817031942}');
  });
});
