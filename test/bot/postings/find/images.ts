/**
 * Pictures for the photo tests, made in the test: a Code 128 barcode written by zxing-wasm (its
 * WASM read from node_modules, as the bot reads its reader's) on a white page, and a page with
 * no barcode at all. PNG, written by hand with node:zlib.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { crc32, deflateSync } from "node:zlib";
import { prepareZXingModule, writeBarcode } from "zxing-wasm/writer";

let ready = false;

async function prepareWriter(): Promise<void> {
  if (!ready) {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve("zxing-wasm/writer/zxing_writer.wasm"));
    prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(
          wasm.byteOffset,
          wasm.byteOffset + wasm.byteLength,
        ) as ArrayBuffer,
      },
    });
    ready = true;
  }
}

/** A PNG of `text` as a Code 128 barcode, with quiet zones, `scale` pixels per module. */
export async function code128Png(text: string, scale = 3): Promise<Uint8Array> {
  await prepareWriter();
  const written = await writeBarcode(text, { format: "Code128", scale, withQuietZones: true });
  if (!written.image) throw new Error(`zxing-wasm wrote no image: ${written.error}`);
  return new Uint8Array(await written.image.arrayBuffer());
}

/**
 * A label as a phone photographs it: a `width` × `height` grey page, a little uneven in light,
 * with `text` as a Code 128 barcode (`scale` pixels per bar module, 120 px tall) in the middle.
 */
export async function labelPhotoPng(
  text: string,
  width = 1280,
  height = 960,
  scale = 3,
): Promise<Uint8Array> {
  await prepareWriter();
  const { symbol, error } = await writeBarcode(text, { format: "Code128", scale: 1 });
  if (!symbol?.width) throw new Error(`zxing-wasm wrote no symbol: ${error}`);
  const barsWidth = symbol.width * scale;
  const left = Math.floor((width - barsWidth) / 2);
  const top = Math.floor(height / 2) - 60;
  return greyPng(width, height, (x, y) => {
    const paper = 215 + Math.round(25 * Math.sin(x / 200) * Math.cos(y / 150));
    const column = Math.floor((x - left) / scale);
    if (y < top || y >= top + 120 || column < 0 || column >= symbol.width) return paper;
    const dark = (symbol.data[column] ?? 255) < 128;
    return dark ? 30 : paper;
  });
}

/** A greyscale PNG whose pixels `shade(x, y)` gives (0 black … 255 white). */
export function greyPng(
  width: number,
  height: number,
  shade: (x: number, y: number) => number,
): Uint8Array {
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = shade(x, y) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
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
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
