/**
 * Ozon takes chat messages of 1 to 1 000 characters. Longer replies are cut into parts that read
 * naturally: at a paragraph break, else after a sentence, else at a space, and only as a last
 * resort inside a word. Lengths count UTF-16 code units, which is never less than the number of
 * characters, so every part fits whichever way Ozon counts.
 * Tests: test/services/chats/relay/split-text.test.ts
 */
export const OZON_TEXT_LIMIT = 1_000;

/** A cut is only worth taking when it keeps at least this share of the part. */
const MIN_FILL = 0.5;

export function splitText(text: string, limit = OZON_TEXT_LIMIT): string[] {
  if (!Number.isInteger(limit) || limit < 2) throw new RangeError("limit must be an integer ≥ 2");
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const cut = findCut(rest, limit);
    const part = rest.slice(0, cut).trimEnd();
    if (part) parts.push(part);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Where to end the next part: an index in (0, limit]. */
function findCut(text: string, limit: number): number {
  const window = text.slice(0, limit + 1);
  const floor = Math.floor(limit * MIN_FILL);
  // Each pattern ends where a part may end; the lookahead sees one character past the limit.
  const candidates = [
    lastMatchEnd(window, /\S(?=[ \t]*\n\s*\n)/g, floor, limit),
    lastMatchEnd(window, /[.!?…]+["»”')\]]*(?=\s)/g, floor, limit),
    lastMatchEnd(window, /\S(?=[ \t]*\n)/g, floor, limit),
    lastMatchEnd(window, /\S(?=\s)/g, 1, limit),
  ];
  const found = candidates.find((index) => index !== undefined);
  if (found !== undefined) return found;
  // No whitespace at all: cut hard, but never between the halves of a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/** End of the last match of `pattern` whose end lies within [floor, limit]. */
function lastMatchEnd(text: string, pattern: RegExp, floor: number, limit: number) {
  let best: number | undefined;
  for (const match of text.matchAll(pattern)) {
    const end = match.index + match[0].length;
    if (end > limit) break;
    if (end >= floor) best = end;
  }
  return best;
}
