/**
 * A small but valid PDF (correct xref offsets): one 75×120 mm page per label, Helvetica text.
 * Only ASCII is written, since the standard Type1 font has no Cyrillic glyphs.
 */
export function buildPdf(pages: ReadonlyArray<readonly string[]>): Uint8Array {
  const objects: string[] = [];
  const pageCount = Math.max(1, pages.length);
  const fontId = 3;
  const firstPageId = 4;
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  const kids = Array.from({ length: pageCount }, (_, i) => `${firstPageId + i * 2} 0 R`).join(" ");
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`;
  objects[fontId] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  for (let i = 0; i < pageCount; i++) {
    const lines = pages[i] ?? ["OZON"];
    const pageId = firstPageId + i * 2;
    const contentId = pageId + 1;
    const text = lines
      .map((line, n) => {
        const size = n === 0 ? 18 : 11;
        const y = 300 - n * 26;
        return `BT /F1 ${size} Tf 20 ${y} Td (${escapePdfText(line)}) Tj ET`;
      })
      .join("\n");
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 213 340] /Contents ${contentId} 0 R ` +
      `/Resources << /Font << /F1 ${fontId} 0 R >> >> >>`;
    objects[contentId] =
      `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`;
  }

  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, "latin1");
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) {
    out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  }
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

function escapePdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").replace(/([()\\])/g, "\\$1");
}
