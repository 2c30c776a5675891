/**
 * The filter typed after /audit: a posting number, `campaign 123`, `person 101` (or `@101`),
 * `sku 456`, `return 789`, `store <name or Client-Id>`, and a kind (`ship`, `budget`…), in any order and
 * combined. Untrusted text: capped, every part checked, anything unknown refused with the syntax.
 * Tests: test/bot/audit/returns-audit.test.ts
 */
import { type AuditFilter, isAuditKind } from "../../services/audit/index.ts";

const MAX_TEXT = 200;
const POSTING = /^\d{1,20}(-\d{1,10}){1,2}$/;
const DIGITS = /^\d{1,20}$/;

const WORDS: Record<string, "campaign" | "person" | "store" | "sku" | "posting" | "return"> = {
  campaign: "campaign",
  кампания: "campaign",
  person: "person",
  человек: "person",
  store: "store",
  магазин: "store",
  sku: "sku",
  return: "return",
  возврат: "return",
  posting: "posting",
  отправление: "posting",
};

export type ParsedFilter =
  | { ok: true; filter: AuditFilter }
  | { ok: false; reason: "syntax" | "store"; word?: string };

export function parseAuditFilter(
  text: string,
  findShop: (nameOrId: string) => string | undefined,
): ParsedFilter {
  if (text.length > MAX_TEXT) return { ok: false, reason: "syntax" };
  const words = text.trim().split(/\s+/).filter(Boolean);
  const filter: AuditFilter = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const lower = word.toLowerCase();
    const named = WORDS[lower];
    if (named === "store") {
      const name = words.slice(i + 1).join(" ");
      const id = name ? findShop(name) : undefined;
      if (!id) return { ok: false, reason: "store", word: name };
      filter.shopId = id;
      break;
    }
    if (named) {
      const value = words[++i] ?? "";
      const valid =
        named === "posting"
          ? POSTING.test(value)
          : named === "person"
            ? /^\d{1,15}$/.test(value)
            : DIGITS.test(value);
      if (!valid) return { ok: false, reason: "syntax", word };
      if (named === "person") filter.personId = Number(value);
      else filter.object = { type: named, id: value };
      continue;
    }
    if (POSTING.test(word)) filter.object = { type: "posting", id: word };
    else if (/^@\d{1,15}$/.test(word)) filter.personId = Number(word.slice(1));
    else if (isAuditKind(lower)) filter.kind = lower;
    else return { ok: false, reason: "syntax", word };
  }
  return { ok: true, filter };
}
