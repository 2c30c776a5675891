/** Tests: none directly */
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";

/** 75×120 mm, the label size Ozon prints, in PDF points. */
const PAGE_SIZE: [number, number] = [213, 340];

/**
 * A PDF of one 75×120 mm page per label, Helvetica text, written by the same library that merges
 * the bot's labels. No pages: one page saying OZON. Only ASCII is written, since the standard font
 * has no Cyrillic glyphs. No dates in it, so a seeded sandbox answers the same bytes every run.
 */
export async function buildPdf(pages: ReadonlyArray<readonly string[]>): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [title = "", ...lines] of pages.length > 0 ? pages : [["OZON"]]) {
    const page = doc.addPage(PAGE_SIZE);
    page.drawText(asciiOnly(title), { x: 20, y: 300, size: 18, font });
    // The lines under the title as one text block: fewer operators, quicker to write and read.
    const body = lines.map(asciiOnly).join("\n");
    if (body) page.drawText(body, { x: 20, y: 274, size: 11, lineHeight: 26, font });
  }
  return doc.save();
}

function asciiOnly(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?");
}
