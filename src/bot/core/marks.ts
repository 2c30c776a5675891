/**
 * How a keyboard marks a chosen option: ● before what is chosen, ○ before what may be chosen
 * instead. ✅ is not a mark: it starts only a button that does something («✅ Сформировать»).
 * Tests: test/bot/core/marks.test.ts, test/bot/money/keyboards.test.ts
 */

/** The mark of a chosen option. */
export const CHOSEN = "●";
/** The mark of an option that is not chosen. */
export const NOT_CHOSEN = "○";

/** An option's label with its mark: "● CSV" / "○ XLSX". */
export function optionLabel(label: string, chosen: boolean): string {
  return `${chosen ? CHOSEN : NOT_CHOSEN} ${label}`;
}

/** A chosen option marked, the others as they are: "● CSV" / "XLSX" (for long rows of options). */
export function chosenLabel(label: string, chosen: boolean): string {
  return chosen ? `${CHOSEN} ${label}` : label;
}
