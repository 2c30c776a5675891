/** Tracking numbers typed as lines: what is taken, what is named bad and why. */
import { describe, expect, it } from "vitest";
import { parseTrackingLines } from "../../../src/services/deliveries/tracking-lines.ts";

describe("parseTrackingLines", () => {
  it("takes a dash, an en dash, a hyphen between spaces, a colon, a tab or spaces", () => {
    const text = [
      "12345678-0001-1 — RA123456789RU",
      "12345678-0002-1 – AB-12",
      "12345678-0003-1 - CDEK0042",
      "12345678-0004-1:XY1234",
      "12345678-0005-1\tTRACK-77",
      "  12345678-0006-1    ZZ99  ",
      "",
    ].join("\n");
    const { pairs, bad } = parseTrackingLines(text);
    expect(bad).toEqual([]);
    expect(pairs.map((p) => [p.postingNumber, p.trackingNumber])).toEqual([
      ["12345678-0001-1", "RA123456789RU"],
      ["12345678-0002-1", "AB-12"],
      ["12345678-0003-1", "CDEK0042"],
      ["12345678-0004-1", "XY1234"],
      ["12345678-0005-1", "TRACK-77"],
      ["12345678-0006-1", "ZZ99"],
    ]);
  });

  it("names each bad line with its number and why", () => {
    const { pairs, bad } = parseTrackingLines(
      [
        "just words here",
        "1234 — AB1234",
        "12345678-0001-1 — X",
        "12345678-0001-1 — GOOD1",
        "12345678-0001-1 — AGAIN1",
        "12345678-0002-1 — ab cd",
      ].join("\n"),
    );
    expect(pairs).toEqual([{ postingNumber: "12345678-0001-1", trackingNumber: "GOOD1" }]);
    expect(bad.map((b) => [b.line, b.reason])).toEqual([
      [1, "format"],
      [2, "posting"],
      [3, "tracking"],
      [5, "repeated"],
      [6, "format"],
    ]);
  });
});
