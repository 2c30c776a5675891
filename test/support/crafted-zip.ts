/**
 * ZIP files built byte by byte, for uploads a spreadsheet program would never write: an entry
 * whose local header says "stored" while the central directory says "deflated", sizes that lie,
 * a deflated bomb. `zipParts` unpacks a real XLSX (exceljs's) into its parts to build from.
 */
import { crc32, deflateRawSync } from "node:zlib";
import { unzipSync } from "fflate";

export interface CraftedEntry {
  name: string;
  /** The entry's content (inflated). */
  data: Uint8Array;
  /** 8: deflated (default), 0: stored. */
  method?: 0 | 8;
  /** What the local header claims instead of the truth; "stored": stored, as big as packed. */
  local?: { method?: number; packed?: number; unpacked?: number } | "stored";
  /** What the central directory claims instead of the truth. */
  central?: { method?: number; unpacked?: number };
}

/** The parts of a real ZIP, by name, in its order. */
export function zipParts(bytes: Uint8Array): CraftedEntry[] {
  return Object.entries(unzipSync(bytes)).map(([name, data]) => ({ name, data }));
}

export function craftZip(entries: readonly CraftedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const packedData = method === 8 ? deflateRawSync(entry.data) : Buffer.from(entry.data);
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(entry.data);
    const claims =
      entry.local === "stored"
        ? { method: 0, packed: packedData.length, unpacked: packedData.length }
        : entry.local;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(claims?.method ?? method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(claims?.packed ?? packedData.length, 18);
    local.writeUInt32LE(claims?.unpacked ?? entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.central?.method ?? method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packedData.length, 20);
    central.writeUInt32LE(entry.central?.unpacked ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packedData);
    centrals.push(central, name);
    offset += local.length + name.length + packedData.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `size` bytes of zeros: deflates to about a thousandth of that. */
export function zeros(size: number): Uint8Array {
  return new Uint8Array(size);
}
