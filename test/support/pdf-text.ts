/**
 * The text shown on each page of a PDF, read back through @cantoo/pdf-lib: the page's content
 * streams decoded and their `Tj` strings joined by line. Enough for the labels and acts the
 * sandbox writes (one standard font, hex or literal strings); not a general text extractor.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  type PDFPage,
  PDFRawStream,
} from "@cantoo/pdf-lib";

export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => shownText(contentOf(page)));
}

function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
      : [contents];
  return streams
    .map((stream) =>
      stream instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1")
        : "",
    )
    .join("\n");
}

function shownText(content: string): string {
  const shown: string[] = [];
  for (const match of content.matchAll(/(?:<([0-9A-Fa-f]*)>|\(((?:\\.|[^\\)])*)\))\s*Tj/g)) {
    shown.push(
      match[1] !== undefined
        ? Buffer.from(match[1], "hex").toString("latin1")
        : (match[2] ?? "").replace(/\\(.)/g, "$1"),
    );
  }
  return shown.join("\n");
}
