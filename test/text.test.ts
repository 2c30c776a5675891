import { describe, expect, it } from "vitest";
import { clip, graphemePrefix } from "../src/text.ts";

const FAMILY = "👨‍👩‍👧"; // man ZWJ woman ZWJ girl: 8 code units, one grapheme
const RU = "🇷🇺"; // two regional indicators: 4 code units, one grapheme
const FR = "🇫🇷";
const E_ACUTE = "e\u0301"; // e + combining acute: 2 code units, one grapheme
const THUMB = "👍🏽"; // thumbs up + skin tone: 4 code units, one grapheme

/** Where graphemes of `text` end (in code units), as Intl.Segmenter sees them. */
function boundaries(text: string): Set<number> {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return new Set([0, ...[...segmenter.segment(text)].map((s) => s.index + s.segment.length)]);
}

describe("clip", () => {
  it("keeps text that fits, to the last code unit", () => {
    expect(clip("Привет", 6)).toBe("Привет");
    expect(clip(FAMILY, 8)).toBe(FAMILY);
    expect(clip("", 3)).toBe("");
  });

  it("cuts plain text as before: max − 1 characters and an ellipsis", () => {
    expect(clip("Hello world", 8)).toBe("Hello w…");
    expect(clip("Отправление задерживается", 10)).toBe("Отправлен…");
    expect(clip("abc", 1)).toBe("…");
  });

  it("drops the spaces the cut leaves before the ellipsis", () => {
    expect(clip("Hello world", 7)).toBe("Hello…");
  });

  it("never splits an emoji's surrogate pair", () => {
    expect(clip("ab😀cd", 4)).toBe("ab…");
    expect(clip("ab😀cd", 5)).toBe("ab😀…");
  });

  it("keeps a ZWJ family whole or leaves it out", () => {
    expect(clip(`x${FAMILY}y`, 9)).toBe("x…");
    expect(clip(`x${FAMILY}yz`, 10)).toBe(`x${FAMILY}…`);
    expect(clip(`${FAMILY}${FAMILY}`, 12)).toBe(`${FAMILY}…`);
  });

  it("keeps flags whole: a regional indicator never stands alone", () => {
    expect(clip(`${RU}${FR}`, 7)).toBe(`${RU}…`);
    expect(clip(`${RU}${FR}`, 4)).toBe("…");
  });

  it("keeps skin tones and combining accents with their character", () => {
    expect(clip(`ok${THUMB}!`, 5)).toBe("ok…");
    expect(clip(`caf${E_ACUTE}s`, 5)).toBe("caf…");
  });

  it("always fits in max code units and cuts only where a grapheme ends", () => {
    const pieces = ["a", "я", " ", "😀", FAMILY, RU, FR, E_ACUTE, THUMB, "\n", "字"];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length])
        .join("")
        .replace(/^\s+/, "x");
      const ends = boundaries(text);
      for (let max = 1; max <= text.length + 1; max++) {
        const clipped = clip(text, max);
        expect(clipped.length, `${JSON.stringify(text)} at ${max}`).toBeLessThanOrEqual(max);
        if (clipped === text) continue;
        const kept = clipped.slice(0, -1);
        expect(clipped.endsWith("…")).toBe(true);
        expect(text.startsWith(kept)).toBe(true);
        expect(ends.has(kept.length), `${JSON.stringify(text)} at ${max}`).toBe(true);
      }
    }
  });
});

describe("graphemePrefix", () => {
  it("is the longest start within max code units that ends between graphemes", () => {
    expect(graphemePrefix("ab😀", 3)).toBe("ab");
    expect(graphemePrefix("ab😀", 4)).toBe("ab😀");
    expect(graphemePrefix(`${RU}${FR}`, 7)).toBe(RU);
    expect(graphemePrefix(FAMILY, 7)).toBe("");
  });
});
