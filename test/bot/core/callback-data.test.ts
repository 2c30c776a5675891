import { describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";

const codec = createCallbackCodec("123456:token-for-callback-data-tests-abcdef");

describe("callback data", () => {
  it("round-trips kind and arguments", () => {
    const data = codec.encode("us", "g", 1234567890123, "warehouse", 12);
    expect(codec.decode(data)).toEqual({
      kind: "us",
      args: ["g", "1234567890123", "warehouse", "12"],
    });
    expect(codec.decode(codec.encode("cx"))).toEqual({ kind: "cx", args: [] });
  });

  it("stays within Telegram's 64 bytes and refuses to make longer data", () => {
    expect(
      Buffer.byteLength(codec.encode("us", "g", 999999999999999, "warehouse", 999)),
    ).toBeLessThanOrEqual(64);
    expect(() => codec.encode("us", "x".repeat(60))).toThrow(/64 bytes/);
  });

  it("refuses arguments that would break the format", () => {
    expect(() => codec.encode("us", "a:b")).toThrow('bad callback argument "a:b"');
    expect(() => codec.encode("us", "a~b")).toThrow('bad callback argument "a~b"');
    expect(() => codec.encode("Bad kind")).toThrow('bad callback kind "Bad kind"');
  });

  it("recognises tampered, truncated, unsigned and foreign data", () => {
    const data = codec.encode("iv", "seller");
    expect(codec.decode(data.replace("seller", "admin"))).toBeUndefined();
    expect(codec.decode(data.slice(0, -1))).toBeUndefined();
    expect(codec.decode("iv:seller")).toBeUndefined();
    expect(codec.decode("")).toBeUndefined();
    const other = createCallbackCodec("654321:another-token-for-the-tests-xyz");
    expect(codec.decode(other.encode("iv", "seller"))).toBeUndefined();
  });
});
