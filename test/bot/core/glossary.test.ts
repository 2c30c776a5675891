/**
 * One thing, one name: docs/glossary.md lists, for each thing, the word the bot uses in Russian
 * and English and the synonyms it must not use; a text in locales/<lang>/*.ftl that uses a listed
 * synonym fails here (a whole-label synonym `=…` only when a text is exactly it).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR, readLocaleSources } from "../../../src/bot/core/i18n.ts";

const GLOSSARY = fileURLToPath(new URL("../../../docs/glossary.md", import.meta.url));

interface Row {
  thing: string;
  word: Record<"ru" | "en", string>;
  not: Record<"ru" | "en", string[]>;
}

/** The table's rows: | Thing | ru | ru: not | en | en: not | Why |. */
function glossaryRows(markdown: string): Row[] {
  const rows: Row[] = [];
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line) || /^\|\s*Thing\s*\|/.test(line)) continue;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length < 6) continue;
    const listed = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    rows.push({
      thing: cells[0] as string,
      word: { ru: cells[1] as string, en: cells[3] as string },
      not: { ru: listed(cells[2] as string), en: listed(cells[4] as string) },
    });
  }
  return rows;
}

/** Every message and attribute of a language: its id and its text (all lines, trimmed). */
function localeTexts(source: string): { id: string; text: string }[] {
  const texts: { id: string; text: string[] }[] = [];
  let current: { id: string; text: string[] } | undefined;
  let message: string | undefined;
  for (const line of source.split("\n")) {
    const head = /^([a-zA-Z][\w-]*)\s*=\s?(.*)$/.exec(line);
    const attribute = /^\s+\.([a-zA-Z][\w-]*)\s*=\s?(.*)$/.exec(line);
    if (head) {
      message = head[1] as string;
      current = { id: message, text: [head[2] as string] };
      texts.push(current);
    } else if (attribute && message) {
      current = { id: `${message}.${attribute[1]}`, text: [attribute[2] as string] };
      texts.push(current);
    } else if (/^\s+\S/.test(line) && current) {
      current.text.push(line.trim());
    } else if (/^\S/.test(line)) {
      current = undefined;
      message = undefined;
    }
  }
  return texts
    .map((t) => ({ id: t.id, text: t.text.join("\n").trim() }))
    .filter((t) => t.text !== "");
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A phrase between word boundaries (letters of any script), case-insensitive. */
const phrase = (s: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(s)}(?![\\p{L}\\p{N}])`, "iu");

/** The synonyms `text` uses: whole labels when it is exactly one, phrases once the word is out. */
function synonymsIn(text: string, word: string, not: readonly string[]): string[] {
  const without = text.replace(new RegExp(escapeRegExp(word), "giu"), "");
  return not.filter((s) => {
    if (s.startsWith("=")) return text.trim() === s.slice(1).trim();
    // A synonym that holds the word ("Excel (XLSX)" for "XLSX") is looked for in the whole text.
    const holdsWord = s.toLowerCase().includes(word.toLowerCase());
    return phrase(s).test(holdsWord ? text : without);
  });
}

const rows = glossaryRows(readFileSync(GLOSSARY, "utf8"));
const sources = readLocaleSources(LOCALES_DIR);

describe("docs/glossary.md", () => {
  it("is a table the test can read: every row names the word and at least one synonym", () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      expect(row.word.ru, row.thing).not.toBe("");
      expect(row.word.en, row.thing).not.toBe("");
      expect(row.not.ru.length + row.not.en.length, row.thing).toBeGreaterThan(0);
    }
  });

  it("finds a synonym where one is used, and not where the word itself is", () => {
    expect(synonymsIn("✖️ Отменить", "Отменить отправление", ["=✖️ Отменить"])).toEqual([
      "=✖️ Отменить",
    ]);
    expect(synonymsIn("✖️ Отменить отправление", "Отменить отправление", ["=✖️ Отменить"])).toEqual(
      [],
    );
    expect(synonymsIn("Как упаковать?", "Собрать", ["упаковать"])).toEqual(["упаковать"]);
    expect(synonymsIn("упаковка", "Собрать", ["упаковать"])).toEqual([]);
    expect(synonymsIn("Excel (XLSX)", "XLSX", ["Excel (XLSX)"])).toEqual(["Excel (XLSX)"]);
    expect(synonymsIn("Отменить спор нельзя", "Отменить отправление", ["=✖️ Отменить"])).toEqual([]);
    const en = localeTexts("a = One\nb =\n    Two\n    Three\nc = x\n    .button = ◀️ Back\n");
    expect(en).toEqual([
      { id: "a", text: "One" },
      { id: "b", text: "Two\nThree" },
      { id: "c", text: "x" },
      { id: "c.button", text: "◀️ Back" },
    ]);
  });

  for (const lang of ["ru", "en"] as const) {
    it(`no ${lang} text uses a synonym the glossary refuses`, () => {
      const texts = localeTexts(sources.get(lang) ?? "");
      expect(texts.length).toBeGreaterThan(500);
      const found: string[] = [];
      for (const row of rows) {
        for (const { id, text } of texts) {
          for (const s of synonymsIn(text, row.word[lang], row.not[lang])) {
            found.push(`${id}: «${s}» instead of «${row.word[lang]}» (${row.thing})`);
          }
        }
      }
      expect(found).toEqual([]);
    });
  }
});
