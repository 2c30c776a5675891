/**
 * The size of a picture from its header, read before it is decoded: a small file can declare a
 * huge picture (a few KB of JPEG saying 30 000 × 30 000), and decoding it would take gigabytes.
 * Only JPEG (Telegram's photos) and PNG are taken.
 * Tests: test/bot/postings/find/parts.test.ts
 */

export interface ImageSize {
  format: "jpeg" | "png";
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the header; undefined when it is neither a JPEG nor a PNG, or damaged. */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return undefined;
}

function pngSize(bytes: Uint8Array): ImageSize | undefined {
  // The first chunk is IHDR: length (4), type (4), then width and height (4 each, big-endian).
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== "IHDR") return undefined;
  return sized("png", view.getUint32(16), view.getUint32(20));
}

/** Start-of-frame markers (baseline, progressive, lossless...), which carry the size. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers; SOS/EOI before a frame: damaged.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = view.getUint16(at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return sized("jpeg", view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + length;
  }
  return undefined;
}

function sized(format: ImageSize["format"], width: number, height: number): ImageSize | undefined {
  return width > 0 && height > 0 ? { format, width, height } : undefined;
}
