/**
 * Ozon's PDF methods (package labels, the handover act, cargo labels) answer either the PDF itself
 * or JSON with the PDF in base64 (`file_content`). One reader for both, so every such method
 * checks the same way that what it got is a PDF.
 * Tests: none directly
 */
import { OzonShapeError } from "../errors.ts";
import { parseJson } from "../json.ts";
import { problemsOf } from "../zod-problems.ts";
import { labelAsJson } from "./endpoints/postings.ts";

export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-";
}

/** The PDF of an answer; an OzonShapeError naming the method when it holds none. */
export function pdfFromAnswer(
  answer: { bytes: Uint8Array; contentType: string },
  ep: { method: string; path: string },
): Uint8Array {
  const info = { service: "seller" as const, method: ep.method, path: ep.path };
  let bytes = answer.bytes;
  if (/json/i.test(answer.contentType)) {
    let parsed: unknown;
    try {
      parsed = parseJson(new TextDecoder().decode(bytes));
    } catch {
      throw new OzonShapeError({ ...info, field: "", problems: ["body: not valid JSON"] });
    }
    const checked = labelAsJson.safeParse(parsed);
    if (!checked.success) throw new OzonShapeError({ ...info, ...problemsOf(checked.error) });
    bytes = new Uint8Array(Buffer.from(checked.data.file_content, "base64"));
  }
  if (!isPdf(bytes)) {
    throw new OzonShapeError({ ...info, field: "", problems: ["body: expected a PDF document"] });
  }
  return bytes;
}
