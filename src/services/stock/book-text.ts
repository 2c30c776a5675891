/**
 * A workbook cell as text, with no other dependency: the worker that reads uploads (book-parse.ts)
 * loads this and not the Ozon client the rest of book-cells.ts needs.
 * Tests: none directly
 */

export type CellValue = string | number | boolean | Date | null | undefined | object;

/** The text of a cell: numbers as written, formulas by their result, rich text joined. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  const record = value as Record<string, unknown>;
  if ("result" in record) return cellText(record.result as CellValue);
  if (Array.isArray(record.richText)) {
    return record.richText
      .map((part: { text?: unknown }) => String(part.text ?? ""))
      .join("")
      .trim();
  }
  if ("text" in record) return cellText(record.text as CellValue);
  return "";
}
