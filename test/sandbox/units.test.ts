import { describe, expect, it } from "vitest";
import { isMarkValid } from "../../src/sandbox/index.ts";
import { parseJsonLossless, toMessageId, writeJson } from "../../src/sandbox/json.ts";
import { createRandom } from "../../src/sandbox/random.ts";

describe("json", () => {
  it("writes bigint as bare integers and skips undefined like JSON.stringify", () => {
    const text = writeJson({
      id: 3000000000817031942n,
      a: [1, undefined, "x"],
      b: undefined,
      c: null,
      d: true,
    });
    expect(text).toBe('{"id":3000000000817031942,"a":[1,null,"x"],"c":null,"d":true}');
    const plain = { s: 'Привет "мир"\n', n: -1.5, nested: { list: [] } };
    expect(writeJson(plain)).toBe(JSON.stringify(plain));
  });

  it("parses big integers losslessly as bigint, small ones as numbers", () => {
    expect(parseJsonLossless('{"id":3000000000817031942,"n":42,"f":1.5}')).toEqual({
      id: 3000000000817031942n,
      n: 42,
      f: 1.5,
    });
  });

  it("reads message ids from numbers, bigints and digit strings", () => {
    expect(toMessageId("3000000000817031942")).toBe(3000000000817031942n);
    expect(toMessageId(3000000000817031942n)).toBe(3000000000817031942n);
    expect(toMessageId(42)).toBe(42n);
    expect(toMessageId("abc")).toBeUndefined();
    expect(toMessageId(1.5)).toBeUndefined();
  });
});

describe("random", () => {
  it("repeats for a seed and differs across seeds", () => {
    const draw = (seed: number) => {
      const r = createRandom(seed);
      return [r.next(), r.int(1, 6), r.digits(8), r.uuid()];
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
    expect(draw(1)[3]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe("mandatory mark rule", () => {
  it("needs 20+ characters, no whitespace, no BAD prefix", () => {
    expect(isMarkValid("0104600439931256212345678901")).toBe(true);
    expect(isMarkValid("BAD4600439931256212345678901")).toBe(false);
    expect(isMarkValid("bad4600439931256212345678901")).toBe(false);
    expect(isMarkValid("0104600439931256 12345678901")).toBe(false);
    expect(isMarkValid("0104600439931256212")).toBe(false);
  });
});
