/**
 * createI18n formats texts with its own Fluent bundles (no patch of the plugin's private parts):
 * the same texts as the @grammyjs/i18n plugin for every key of the real files, the default
 * locale as fallback, `{key}` and a log line for a missing text, and `ctx.t` in `ctx.locale`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { I18n, type I18nFlavor } from "@grammyjs/i18n";
import { afterAll, describe, expect, it } from "vitest";
import {
  createI18n,
  LOCALES,
  LOCALES_DIR,
  type LocalizedContext,
  readLocaleSources,
} from "../../../src/bot/core/i18n.ts";
import { createLogger } from "../../../src/logger.ts";

function capturedLogger() {
  const lines: Array<{ msg: string; key?: string; locales?: string[] }> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "warn", destination }) };
}

/** The text, or the error's message when formatting throws (a variable of the wrong kind). */
function outcome(translate: () => string): string {
  try {
    return translate();
  } catch (error) {
    return `throws ${(error as Error).message}`;
  }
}

describe("createI18n over the real locale files", () => {
  const ours = createI18n({ defaultLocale: "ru", logger: capturedLogger().logger });
  const plugin = new I18n<LocalizedContext>({
    defaultLocale: "ru",
    directory: LOCALES_DIR,
    fluentBundleOptions: { useIsolating: false },
  });

  it("gives the plugin's text for every message and attribute, with and without variables", () => {
    const source = readLocaleSources(LOCALES_DIR).get("ru") ?? "";
    const ids = [...source.matchAll(/^([a-zA-Z][\w-]*)\s*=/gm)].map((m) => m[1] as string);
    const paths: string[] = [];
    for (const id of ids) {
      const body = source.slice(source.indexOf(`\n${id} =`) + 1).split(/\n(?=\S)/)[0] ?? "";
      paths.push(id, ...[...body.matchAll(/^\s+\.([\w-]+)\s*=/gm)].map((m) => `${id}.${m[1]}`));
    }
    const names = new Set([...source.matchAll(/\$([a-zA-Z][\w-]*)/g)].map((m) => m[1] as string));
    const variables = Object.fromEntries([...names].map((name, i) => [name, i % 2 ? 3 : "Анна"]));
    expect(paths.length).toBeGreaterThan(300);
    for (const locale of LOCALES) {
      for (const path of paths) {
        expect(
          outcome(() => ours.t(locale, path)),
          `${locale} ${path}`,
        ).toBe(outcome(() => plugin.t(locale, path)));
        expect(
          outcome(() => ours.t(locale, path, variables)),
          `${locale} ${path} with vars`,
        ).toBe(outcome(() => plugin.t(locale, path, variables)));
      }
    }
  });

  it("writes values without Unicode isolation marks, so ids and links stay copyable", () => {
    const text = ours.t("en", "access-request-ignored", { id: 42 });
    expect(text).toContain(" 42 ");
    expect(text).not.toMatch(/[\u2068\u2069]/);
  });
});

describe("createI18n over its own files", () => {
  const dir = mkdtempSync(join(tmpdir(), "i18n-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "ru.ftl"), "hello = Привет, { $name }!\nonly-ru = Только по-русски\n");
  writeFileSync(join(dir, "en.ftl"), "hello = Hello, { $name }!\n");
  mkdirSync(join(dir, "en"));
  writeFileSync(join(dir, "en", "menu.ftl"), "menu = Menu\n    .button = 📋 Menu\n");
  const { lines, logger } = capturedLogger();
  const i18n = createI18n({ defaultLocale: "ru", logger, directory: dir });

  it("reads a folder per language beside the single files", () => {
    expect(i18n.t("en", "menu.button")).toBe("📋 Menu");
    expect(i18n.t("en", "hello", { name: "Ann" })).toBe("Hello, Ann!");
  });

  it("falls back to the default language and logs what the asked one lacks", () => {
    expect(i18n.t("en", "only-ru")).toBe("Только по-русски");
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "i18n: missing text", key: "only-ru", locales: ["en"] }),
    );
  });

  it("answers {key} and logs when no language has the text", () => {
    lines.length = 0;
    expect(i18n.t("en", "nowhere")).toBe("{nowhere}");
    expect(i18n.t("ru", "hello.title")).toBe("{hello.title}");
    expect(lines.map((line) => line.key)).toEqual(["nowhere", "nowhere", "hello.title"]);
  });

  it("ctx.t speaks ctx.locale, also after the person changed language", async () => {
    const ctx = { locale: "ru" } as LocalizedContext & I18nFlavor;
    const said: string[] = [];
    await i18n.middleware()(ctx, async () => {
      said.push(ctx.t("hello", { name: "Анна" }));
      ctx.locale = "en";
      await ctx.i18n.renegotiateLocale();
      said.push(ctx.t("hello", { name: "Ann" }), ctx.t("menu.button"));
    });
    expect(said).toEqual(["Привет, Анна!", "Hello, Ann!", "📋 Menu"]);
  });
});
