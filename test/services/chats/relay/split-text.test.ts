import { describe, expect, it } from "vitest";
import { OZON_TEXT_LIMIT, splitText } from "../../../../src/services/chats/relay/split-text.ts";

const joinWords = (parts: string[]) => parts.join(" ").split(/\s+/).join(" ");

describe("splitText", () => {
  it("keeps a short text whole and drops surrounding blanks", () => {
    expect(splitText("  Здравствуйте!  ")).toEqual(["Здравствуйте!"]);
    expect(splitText("x".repeat(OZON_TEXT_LIMIT))).toEqual(["x".repeat(OZON_TEXT_LIMIT)]);
  });

  it("gives nothing for blank text", () => {
    expect(splitText(" \n\t ")).toEqual([]);
  });

  it("cuts after a sentence, every part within the limit, in order, nothing lost", () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Предложение номер ${i} про заказ.`);
    const text = sentences.join(" ");
    const parts = splitText(text, 200);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(200);
      expect(part.endsWith(".")).toBe(true);
    }
    expect(joinWords(parts)).toBe(joinWords([text]));
  });

  it("prefers a paragraph break to a sentence end", () => {
    const first = `${"Первый абзац. ".repeat(8).trim()}`;
    const second = "Второй абзац. ".repeat(8).trim();
    const parts = splitText(`${first}\n\n${second}`, first.length + 40);
    expect(parts[0]).toBe(first);
    expect(parts[1]).toBe(second);
  });

  it("falls back to a space, then to a hard cut that never splits a surrogate pair", () => {
    const words = Array.from({ length: 300 }, (_, i) => `слово${i}`).join(" ");
    const parts = splitText(words, 100);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(100);
    expect(joinWords(parts)).toBe(words);

    const emoji = "😀".repeat(150); // 300 UTF-16 units, no whitespace
    const cut = splitText(emoji, 101);
    expect(cut.join("")).toBe(emoji);
    for (const part of cut) {
      expect(part.length).toBeLessThanOrEqual(101);
      expect(part).toMatch(/^(😀)+$/u);
    }
  });

  it("splits a 2 500-character reply into three Ozon-sized parts", () => {
    const text = "Спасибо за заказ, мы проверим упаковку. ".repeat(63);
    const parts = splitText(text);
    expect(text.length).toBeGreaterThan(2_500);
    expect(parts).toHaveLength(3);
    expect(parts.every((p) => p.length <= OZON_TEXT_LIMIT)).toBe(true);
  });
});
