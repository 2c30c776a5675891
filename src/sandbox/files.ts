/** Tests: none directly */
import { crc32, deflateSync } from "node:zlib";
import { buildPdf } from "./pdf.ts";

/** A valid RGB PNG of one colour with a light diagonal stripe: enough to be a real image file. */
export function buildPng(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0;
    for (let x = 0; x < width; x++) {
      const stripe = Math.abs(x - y) < 2;
      const at = row + 1 + x * 3;
      rows[at] = stripe ? 255 : rgb[0];
      rows[at + 1] = stripe ? 255 : rgb[1];
      rows[at + 2] = stripe ? 255 : rgb[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(rows)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * The PDF in a buyer's file when nothing gives its bytes (seeded chats, a control call naming only
 * the file): written once at start, since the PDF library writes asynchronously and a chat message
 * is added synchronously. The file's name stays in the chat; the PDF no longer repeats it.
 */
const BUYER_DOCUMENT = await buildPdf([
  ["Buyer document", ...Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: sandbox content`)],
]);

export function buyerDocument(): Uint8Array {
  return BUYER_DOCUMENT.slice();
}

export function mimeOf(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  const known: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
    webp: "image/webp",
    pdf: "application/pdf",
    txt: "text/plain",
    doc: "application/msword",
    docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  };
  return known[ext] ?? "application/octet-stream";
}

/** "12 KB" as Ozon writes file sizes in Markdown links. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
