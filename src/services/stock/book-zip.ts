/**
 * The ZIP of an uploaded XLSX, read by its central directory and checked before anything is
 * inflated: every entry's local header must say what the central directory says (name, method,
 * sizes, CRC; no overlapping entries), or the file is refused as forged — exceljs's stream reader
 * walks the local headers, and an entry "stored" there but "deflated" in the directory once
 * slipped past the size count. Only the parts the bot reads are ever inflated: the first sheet
 * and the shared strings. Media, themes, styles and the rest are left packed (ignored, not
 * refused: Excel puts a theme in every file, and a pasted picture is no reason to refuse a sheet).
 *
 * What goes on to exceljs is a new ZIP stream of those parts alone, stored (not deflated), their
 * inflated bytes counted as they come: an entry that inflates to more than its header says, or
 * the parts to more than MAX_UNPACKED_BYTES, stops the read there.
 * Tests: none directly
 */
import { Readable } from "node:stream";
import { crc32, createInflateRaw } from "node:zlib";
import { BookFileError } from "./book-errors.ts";

/** What the XLSX's parts may inflate to (a real 20 000-row sheet is far below). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Shared strings are kept in memory while the sheet is read: a tighter cap. */
export const MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024;
/** More entries than any spreadsheet program writes for one sheet. */
const MAX_ENTRIES = 2_000;

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  packed: number;
  unpacked: number;
  /** Where the compressed data starts. */
  dataAt: number;
}

const mismatch = (detail: string) => new BookFileError("zip_mismatch", detail);
const broken = (detail: string) => new BookFileError("unreadable", detail);

function endRecord(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END) return at;
  }
  throw broken("not a ZIP file");
}

/** Every entry of the ZIP, from its central directory, each checked against its local header. */
export function zipEntries(input: Uint8Array): ZipEntry[] {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length < 22) throw broken("not a ZIP file");
  const end = endRecord(bytes);
  const disk = bytes.readUInt16LE(end + 4);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const start = bytes.readUInt32LE(end + 16);
  if (disk !== 0 || count === 0xffff || start === 0xffffffff) throw broken("ZIP64 or split ZIP");
  if (count > MAX_ENTRIES) throw broken(`${count} entries`);
  if (start + size > end) throw broken("central directory out of place");
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) throw broken("central directory");
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const packed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + skip;
    if (flags & 0x1) throw broken("encrypted entry");
    if (names.has(name)) throw mismatch(`${name} twice`);
    names.add(name);
    const dataAt = checkLocal(bytes, local, { name, method, flags, crc, packed, unpacked });
    if (method === 0 && packed !== unpacked) throw mismatch(`${name}: stored but resized`);
    if (dataAt + packed > start) throw broken(`${name}: data past the directory`);
    entries.push({ name, method, flags, crc, packed, unpacked, dataAt });
  }
  // Two entries sharing bytes is how the worst bombs are made; no spreadsheet writes one.
  const byPlace = [...entries].sort((a, b) => a.dataAt - b.dataAt);
  for (let i = 1; i < byPlace.length; i++) {
    const before = byPlace[i - 1] as ZipEntry;
    if (before.dataAt + before.packed > (byPlace[i] as ZipEntry).dataAt - 30) {
      throw mismatch(`${before.name} overlaps the next entry`);
    }
  }
  return entries;
}

/** The local header must tell the central directory's story (exceljs's reader believes it). */
function checkLocal(bytes: Buffer, at: number, entry: Omit<ZipEntry, "dataAt">): number {
  const { name } = entry;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) {
    throw mismatch(`${name}: no local header where the directory points`);
  }
  const flags = bytes.readUInt16LE(at + 6);
  const method = bytes.readUInt16LE(at + 8);
  const nameLength = bytes.readUInt16LE(at + 26);
  const localName = bytes.toString("utf8", at + 30, at + 30 + nameLength);
  if (localName !== name) throw mismatch(`${name}: named ${localName.slice(0, 60)} locally`);
  if (method !== entry.method) {
    throw mismatch(`${name}: method ${method} locally, ${entry.method} in the directory`);
  }
  if ((flags & 0x8) !== (entry.flags & 0x8)) throw mismatch(`${name}: data descriptor flag`);
  const crc = bytes.readUInt32LE(at + 14);
  const packed = bytes.readUInt32LE(at + 18);
  const unpacked = bytes.readUInt32LE(at + 22);
  // With a data descriptor the local header may leave all three at 0 (they follow the data).
  const deferred = (flags & 0x8) !== 0 && crc === 0 && packed === 0 && unpacked === 0;
  if (!deferred && (crc !== entry.crc || packed !== entry.packed || unpacked !== entry.unpacked)) {
    throw mismatch(`${name}: sizes differ between the headers`);
  }
  return at + 30 + nameLength + bytes.readUInt16LE(at + 28);
}

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const sheetNumber = (name: string) =>
  Number(/(\d+)\.xml$/i.exec(name)?.[1] ?? Number.MAX_SAFE_INTEGER);

/** The parts the bot reads: the first sheet (by its number) and the shared strings, if any. */
export function neededParts(entries: readonly ZipEntry[]): {
  sheet: ZipEntry;
  strings: ZipEntry | undefined;
} {
  const sheets = entries.filter((e) => SHEET.test(e.name));
  sheets.sort((a, b) => sheetNumber(a.name) - sheetNumber(b.name) || a.name.localeCompare(b.name));
  const sheet = sheets[0];
  if (!sheet) throw new BookFileError("empty", "no sheet");
  const strings = entries.find((e) => e.name.toLowerCase() === "xl/sharedstrings.xml");
  for (const part of [sheet, strings]) {
    if (part && part.method !== 0 && part.method !== 8)
      throw broken(`${part.name}: method ${part.method}`);
  }
  if ((strings?.unpacked ?? 0) > MAX_SHARED_STRINGS_BYTES) {
    throw new BookFileError("unpacked_too_big", "shared strings over the limit");
  }
  if (sheet.unpacked + (strings?.unpacked ?? 0) > MAX_UNPACKED_BYTES) {
    throw new BookFileError("unpacked_too_big", "unpacked size over the limit");
  }
  return { sheet, strings };
}

function localHeader(name: string, crc: number, size: number): Buffer {
  const encoded = Buffer.from(name, "utf8");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x800, 6); // UTF-8 name
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(encoded.length, 26);
  return Buffer.concat([header, encoded]);
}

/** An entry's bytes as they inflate, never more than its header promised, checked by CRC. */
async function* inflated(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const packed = bytes.subarray(entry.dataAt, entry.dataAt + entry.packed);
  const chunks =
    entry.method === 0
      ? Readable.from([packed])
      : Readable.from([packed]).pipe(createInflateRaw({ chunkSize: 64 * 1024 }));
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of chunks as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.unpacked) throw mismatch(`${entry.name}: inflates past its stated size`);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof BookFileError) throw error;
    throw broken(`${entry.name}: ${(error as Error).message.slice(0, 100)}`);
  } finally {
    chunks.destroy();
  }
  if (size !== entry.unpacked || crc !== entry.crc) throw broken(`${entry.name}: damaged`);
}

const EMPTY_RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
);
const EMPTY_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
);

/**
 * A ZIP stream of the parts exceljs needs, in the order its stream reader reads them without a
 * temporary file (relationships, then shared strings, then the sheet), each stored.
 */
export function partsStream(input: Uint8Array, parts: ReturnType<typeof neededParts>): Readable {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  async function* zip(): AsyncGenerator<Buffer> {
    yield localHeader("xl/_rels/workbook.xml.rels", crc32(EMPTY_RELS), EMPTY_RELS.length);
    yield EMPTY_RELS;
    if (parts.strings) {
      yield localHeader("xl/sharedStrings.xml", parts.strings.crc, parts.strings.unpacked);
      yield* inflated(bytes, parts.strings);
    } else {
      yield localHeader("xl/sharedStrings.xml", crc32(EMPTY_STRINGS), EMPTY_STRINGS.length);
      yield EMPTY_STRINGS;
    }
    yield localHeader("xl/worksheets/sheet1.xml", parts.sheet.crc, parts.sheet.unpacked);
    yield* inflated(bytes, parts.sheet);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    yield end;
  }
  return Readable.from(zip(), { objectMode: false });
}
