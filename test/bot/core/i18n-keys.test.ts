/**
 * Every text lives in locales/ru/*.ftl and locales/en/*.ftl: a key (or attribute) present in one
 * language but not the other fails, and so does a key the code uses that a file lacks.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { I18n } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { COMMANDS, commandKey } from "../../../src/bot/core/commands.ts";
import { ROLE_KEYS } from "../../../src/bot/core/guard.ts";
import { LOCALES, LOCALES_DIR, readLocaleSources } from "../../../src/bot/core/i18n.ts";

/** Message ids and `id.attribute` paths of a Fluent file (a line-based reading of FTL). */
function keysOf(locale: string): Set<string> {
  const source = readLocaleSources(LOCALES_DIR).get(locale) ?? "";
  const keys = new Set<string>();
  let current: string | undefined;
  for (const line of source.split("\n")) {
    const message = /^([a-zA-Z][\w-]*)\s*=/.exec(line);
    const attribute = /^\s+\.([a-zA-Z][\w-]*)\s*=/.exec(line);
    if (message?.[1]) {
      current = message[1];
      keys.add(current);
    } else if (attribute?.[1] && current) {
      keys.add(`${current}.${attribute[1]}`);
    } else if (/^\S/.test(line)) {
      current = undefined; // a comment or section heading ends the message
    }
  }
  return keys;
}

/** Message ids and attribute paths that a Fluent file defines more than once. */
function definedTwice(locale: string): string[] {
  const source = readLocaleSources(LOCALES_DIR).get(locale) ?? "";
  const seen = new Set<string>();
  const twice: string[] = [];
  let current: string | undefined;
  for (const line of source.split("\n")) {
    const message = /^([a-zA-Z][\w-]*)\s*=/.exec(line);
    const attribute = /^\s+\.([a-zA-Z][\w-]*)\s*=/.exec(line);
    let path: string | undefined;
    if (message?.[1]) {
      current = message[1];
      path = current;
    } else if (attribute?.[1] && current) {
      path = `${current}.${attribute[1]}`;
    } else if (/^\S/.test(line)) {
      current = undefined;
    }
    if (path === undefined) continue;
    if (seen.has(path)) twice.push(path);
    seen.add(path);
  }
  return twice;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The argument list of the call whose "(" is at `open`, split at top-level commas. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "(" || ch === "{" || ch === "[") depth++;
    else if (ch === ")" || ch === "}" || ch === "]") {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i));
        return args;
      }
    } else if (ch === "," && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return args;
}

const LITERAL = /["'`]([a-z][\w-]*(?:\.[\w-]+)?)["'`]/g;

/** The argument without nested calls: in `t(commandKey(name, "button"))` there is no literal key. */
function withoutNestedCalls(arg: string): string {
  let previous: string;
  let current = arg;
  do {
    previous = current;
    current = current.replace(/[\w.]*\([^()]*\)/g, "");
  } while (current !== previous);
  return current;
}

/**
 * Keys used literally in src/bot/: every string literal in the key argument of t(...), ctx.t(...),
 * translate(...) and i18n.t(locale, ...) (ternaries included), and the values of `*_KEYS` maps.
 */
function keysUsedInCode(): Map<string, string> {
  const used = new Map<string, string>();
  const src = join(LOCALES_DIR, "..", "src", "bot"); // texts shown in Telegram live in the bot layer
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\b(?:t|translate)\(/g)) {
      const args = callArguments(text, (match.index ?? 0) + match[0].length - 1).map(
        withoutNestedCalls,
      );
      // i18n.t(locale, key): the key is the second argument when the first holds no literal.
      const keyArg = [...(args[0] ?? "").matchAll(LITERAL)].length > 0 ? args[0] : args[1];
      for (const literal of (keyArg ?? "").matchAll(LITERAL)) used.set(literal[1] ?? "", file);
    }
    for (const block of text.matchAll(/_KEYS\s*=\s*\{([^}]*)\}/g)) {
      for (const literal of (block[1] ?? "").matchAll(/:\s*"([a-z][\w-]*)"/g)) {
        used.set(literal[1] ?? "", file);
      }
    }
  }
  return used;
}

describe("locale files", () => {
  const keys = Object.fromEntries(LOCALES.map((l) => [l, keysOf(l)])) as Record<
    string,
    Set<string>
  >;

  it("ru and en have exactly the same keys and attributes", () => {
    const [first, ...others] = LOCALES;
    for (const other of others) {
      const a = keys[first] ?? new Set();
      const b = keys[other] ?? new Set();
      expect(
        [...a].filter((k) => !b.has(k)),
        `in ${first}.ftl but not ${other}.ftl`,
      ).toEqual([]);
      expect(
        [...b].filter((k) => !a.has(k)),
        `in ${other}.ftl but not ${first}.ftl`,
      ).toEqual([]);
    }
  });

  it("no message or attribute is defined twice (a second definition would hide the first)", () => {
    for (const locale of LOCALES) {
      expect(definedTwice(locale), `defined twice in ${locale}.ftl`).toEqual([]);
    }
  });

  it("every key the code uses exists in every locale", () => {
    const used = keysUsedInCode();
    expect(used.size).toBeGreaterThan(20);
    for (const locale of LOCALES) {
      const missing = [...used]
        .filter(([key]) => !keys[locale]?.has(key))
        .map(([k, f]) => `${k} (${f})`);
      expect(missing, `used in src/ but missing in ${locale}.ftl`).toEqual([]);
    }
  });

  it("every command has a description and a button label; every role a name", () => {
    for (const locale of LOCALES) {
      for (const spec of COMMANDS) {
        expect(
          keys[locale]?.has(commandKey(spec.name, "description")),
          `${locale}: ${spec.name}`,
        ).toBe(true);
        expect(keys[locale]?.has(commandKey(spec.name, "button")), `${locale}: ${spec.name}`).toBe(
          true,
        );
      }
      for (const key of Object.values(ROLE_KEYS)) expect(keys[locale]?.has(key)).toBe(true);
    }
  });

  it("the files parse, and command descriptions fit Telegram's limits (3 to 256 characters)", () => {
    // I18n throws on a Fluent syntax error while loading the files.
    const i18n = new I18n({ defaultLocale: "ru", directory: LOCALES_DIR });
    for (const locale of LOCALES) {
      for (const spec of COMMANDS) {
        const description = i18n.t(locale, commandKey(spec.name, "description"));
        expect(description.length).toBeGreaterThanOrEqual(3);
        expect(description.length).toBeLessThanOrEqual(256);
      }
    }
  });
});
