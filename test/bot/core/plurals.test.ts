/**
 * Numbers agree with their nouns in both languages (issue 27): every text where a count meets a
 * noun is rendered with 1, 2, 5 and 21 in ru and en, and must carry the noun's form for that
 * number (Fluent plural selectors), never another one ("1 times", "21 символов" after «до»).
 * A scan of the English files keeps new "{ $count } nouns" from appearing without a selector.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createI18n, LOCALES_DIR } from "../../../src/bot/core/i18n.ts";
import { createLogger } from "../../../src/logger.ts";

const missing: string[] = [];
const i18n = createI18n({
  defaultLocale: "ru",
  logger: createLogger({
    level: "warn",
    destination: new Writable({
      write(chunk, _encoding, done) {
        missing.push(String(chunk));
        done();
      },
    }),
  }),
});

/** A text, the variable that carries the number, other variables, and the noun's forms. */
interface Case {
  key: string;
  count: string;
  vars?: Record<string, string | number>;
  /** [one, other] */
  en: [string, string];
  /** [one, few, many] */
  ru: [string, string, string];
}

const CH: Case["ru"] = ["символа", "символов", "символов"]; // after «до», «не больше», «не меньше»
const ENCH: Case["en"] = ["character", "characters"];

const CASES: Case[] = [
  // ads
  {
    key: "ads-report-too-many",
    count: "max",
    vars: { count: 7 },
    en: ["campaign goes", "campaigns go"],
    ru: ["кампании", "кампаний", "кампаний"],
  },
  {
    key: "ads-period-too-long",
    count: "days",
    vars: { max: 7, earliest: "x" },
    en: ["day", "days"],
    ru: ["дн.", "дн.", "дн."],
  },
  {
    key: "ads-period-too-long",
    count: "max",
    vars: { days: 7, earliest: "x" },
    en: ["day", "days"],
    ru: ["дн.", "дн.", "дн."],
  },
  { key: "ads-report-confirm-days", count: "days", en: ["day", "days"], ru: ["дн.", "дн.", "дн."] },
  { key: "schedule-limit", count: "max", en: ["schedule", "schedules"], ru: ["", "", ""] },
  {
    key: "digest-sales",
    count: "units",
    vars: { revenue: "x" },
    en: ["pc", "pcs"],
    ru: ["шт.", "шт.", "шт."],
  },
  { key: "report-xlsx-expired", count: "days", en: ["day", "days"], ru: ["дн.", "дн.", "дн."] },
  {
    key: "report-xlsx-too-large",
    count: "rows",
    vars: { max: 7 },
    en: ["row", "rows"],
    ru: ["", "", ""],
  },
  // audit
  {
    key: "audit-export-caption",
    count: "count",
    vars: { days: 7 },
    en: ["entry", "entries"],
    ru: ["", "", ""],
  },
  {
    key: "audit-export-capped",
    count: "max",
    en: ["entry", "entries"],
    ru: ["запись", "записи", "записей"],
  },
  // chats
  {
    key: "relay-fail-partial",
    count: "total",
    vars: { sent: 7 },
    en: ["part", "parts"],
    ru: ["", "", ""],
  },
  { key: "quick-replies-add-ask", count: "max", en: ENCH, ru: CH },
  { key: "quick-replies-edit-ask", count: "max", en: ENCH, ru: CH },
  {
    key: "quick-replies-problem-too-long",
    count: "length",
    vars: { max: 7 },
    en: ENCH,
    ru: ["символ", "символа", "символов"],
  },
  {
    key: "quick-replies-problem-full",
    count: "max",
    en: ["saved answer", "saved answers"],
    ru: ["шаблон", "шаблона", "шаблонов"],
  },
  { key: "questions-answer-too-short", count: "min", en: ENCH, ru: CH },
  { key: "questions-answer-too-long", count: "max", en: ENCH, ru: CH },
  // postings
  { key: "postings-text-too-long", count: "max", en: ENCH, ru: CH },
  {
    key: "postings-choose-order",
    count: "count",
    vars: { order: "x" },
    en: ["posting", "postings"],
    ru: ["отправление", "отправления", "отправлений"],
  },
  {
    key: "labels-preparing",
    count: "count",
    en: ["label", "labels"],
    ru: ["этикетку", "этикетки", "этикеток"],
  },
  {
    key: "labels-progress",
    count: "count",
    vars: { ready: 7, parts: 7 },
    en: ["label", "labels"],
    ru: ["этикетку", "этикетки", "этикеток"],
  },
  {
    key: "labels-progress",
    count: "parts",
    vars: { ready: 7, count: 7 },
    en: ["part", "parts"],
    ru: ["", "", ""],
  },
  {
    key: "labels-slow",
    count: "count",
    vars: { minutes: 7, ready: 7, parts: 7 },
    en: ["label", "labels"],
    ru: ["", "", ""],
  },
  {
    key: "labels-slow",
    count: "parts",
    vars: { minutes: 7, ready: 7, count: 7 },
    en: ["part", "parts"],
    ru: ["", "", ""],
  },
  { key: "handover-waiting", count: "polls", en: ["time", "times"], ru: ["", "", ""] },
  {
    key: "handover-ready",
    count: "count",
    vars: { act: "x", method: "y" },
    en: ["posting", "postings"],
    ru: ["", "", ""],
  },
  {
    key: "find-more",
    count: "count",
    vars: { shown: 7 },
    en: ["posting", "postings"],
    ru: ["отправления", "отправлений", "отправлений"],
  },
  {
    key: "labels-pick-full",
    count: "max",
    en: ["posting", "postings"],
    ru: ["отправления", "отправлений", "отправлений"],
  },
  {
    key: "labels-pick-asked",
    count: "count",
    en: ["chosen posting", "chosen postings"],
    ru: ["", "", ""],
  },
  // products
  {
    key: "products-card-sold",
    count: "days",
    vars: { sold: 7, left: 7 },
    en: ["day", "days"],
    ru: ["день", "дня", "дней"],
  },
  {
    key: "products-card-sold",
    count: "left",
    vars: { sold: 7, days: 7 },
    en: ["day", "days"],
    ru: ["дн.", "дн.", "дн."],
  },
  {
    key: "products-card-sold-none",
    count: "days",
    vars: { sold: 7 },
    en: ["day", "days"],
    ru: ["день", "дня", "дней"],
  },
  {
    key: "products-stock-too-big",
    count: "max",
    en: ["unit", "units"],
    ru: ["единицы", "единиц", "единиц"],
  },
  // returns, stores
  { key: "returns-comment-long", count: "max", en: ENCH, ru: ["знака", "знаков", "знаков"] },
  { key: "stores-add-name", count: "max", en: ENCH, ru: CH },
  {
    key: "stores-name-too-long",
    count: "length",
    vars: { max: 7 },
    en: ENCH,
    ru: ["символ", "символа", "символов"],
  },
  { key: "stores-rename-ask", count: "max", vars: { name: "x" }, en: ENCH, ru: CH },
];

const NUMBERS = [1, 2, 5, 21];
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** "21 символа" as a whole phrase: not part of "121", not followed by more letters. */
const phrase = (n: number, noun: string) =>
  new RegExp(`(^|[^\\d\\p{L}])${n}\\s${literal(noun)}(?![\\p{L}])`, "u");

function formFor(locale: "ru" | "en", c: Case, n: number): { right: string; wrong: string[] } {
  if (locale === "en") {
    const right = n === 1 ? c.en[0] : c.en[1];
    return { right, wrong: c.en.filter((f) => f !== right) };
  }
  const category = new Intl.PluralRules("ru").select(n);
  const right = category === "one" ? c.ru[0] : category === "few" ? c.ru[1] : c.ru[2];
  return { right, wrong: c.ru.filter((f) => f !== right) };
}

describe("numbers agree with their nouns (1, 2, 5, 21)", () => {
  for (const c of CASES) {
    for (const locale of ["en", "ru"] as const) {
      // A Russian text that names the number as a label ("строк: 5") has no noun to agree.
      if (locale === "ru" && c.ru.every((f) => f === "")) continue;
      it(`${locale} ${c.key} ($${c.count})`, () => {
        for (const n of NUMBERS) {
          const text = i18n.t(locale, c.key, { ...c.vars, [c.count]: n });
          const { right, wrong } = formFor(locale, c, n);
          expect(text, `${n}: ${text}`).toMatch(phrase(n, right));
          for (const other of wrong) expect(text, `${n}: ${text}`).not.toMatch(phrase(n, other));
        }
        expect(missing).toEqual([]);
      });
    }
  }

  it('English texts have no "{ $count } nouns" outside a plural selector', () => {
    const numeric =
      "count|max|min|days|units|rows|length|total|parts|polls|left|shown|sold|minutes";
    const plainPlural = new RegExp(`\\{ \\$(${numeric}) \\} [a-z]+s\\b`);
    const offenders: string[] = [];
    const dir = join(LOCALES_DIR, "en");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ftl"))) {
      readFileSync(join(dir, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          // Variant lines ("[other] … postings") are the selectors themselves.
          if (/^\s*\*?\[/.test(line)) return;
          if (plainPlural.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
