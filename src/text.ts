/**
 * Text cut to fit. Lengths count UTF-16 code units, as Telegram and Ozon count their limits
 * (never fewer than the characters a person sees, so a cut text fits however it is counted), and
 * a cut falls only between graphemes: an emoji, a flag, a ZWJ family or a letter with its accent
 * stays whole or goes whole, never half a character or a broken "�".
 * Tests: test/text.test.ts
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The longest start of `text` of at most `max` code units that ends between two graphemes. */
export function graphemePrefix(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** `text` within `max` code units; when cut, it ends with "…" (spaces before it dropped). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${graphemePrefix(text, max - 1).trimEnd()}…`;
}
