/**
 * Reading the barcodes of a photo (a posting's label, a product's retail code) in-process with zxing-wasm (ZXing-C++ compiled to
 * WebAssembly). Its WASM is read from node_modules, never fetched: the package's default is a
 * CDN, which a server without outside network (and a careful one with it) must not use.
 *
 * Decoding runs on the main thread, so photos are decoded one at a time and only after their
 * header says the picture is of a sane size.
 * Tests: test/bot/postings/find/parts.test.ts
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { prepareZXingModule, type ReaderOptions, readBarcodes } from "zxing-wasm/reader";
import { imageSize } from "./barcode-image.ts";

/** Larger pictures are refused before decoding: 16 MP (Telegram's photos are at most 2560 px). */
export const MAX_IMAGE_PIXELS = 16_000_000;

/**
 * Ozon's labels carry Code 128 barcodes; a QR or Data Matrix code is read too in case it holds
 * a posting number. Retail codes (EAN) are left out: they name a product, not a posting.
 */
const READER: ReaderOptions = {
  formats: ["Code128", "QRCode", "DataMatrix"],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  maxNumberOfSymbols: 4,
};

/** A product's own codes: EAN-13/8, UPC, and Code 128 (some sellers print their SKU so). */
const PRODUCT_READER: ReaderOptions = {
  ...READER,
  formats: ["EAN13", "EAN8", "UPCA", "UPCE", "Code128"],
};

export type BarcodeReading =
  | { kind: "read"; texts: string[] }
  /** Not a JPEG or PNG, damaged, or too large to decode safely. */
  | { kind: "unreadable" };

let prepared: Promise<void> | undefined;

/** Hands zxing-wasm its WASM from node_modules (once per process). */
function prepare(): Promise<void> {
  prepared ??= (async () => {
    const require = createRequire(import.meta.url);
    const path = require.resolve("zxing-wasm/reader/zxing_reader.wasm");
    const bytes = await readFile(path);
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await prepareZXingModule({
      overrides: { wasmBinary: wasmBinary as ArrayBuffer },
      fireImmediately: true,
    });
  })().catch((error: unknown) => {
    prepared = undefined; // the next photo tries again
    throw error;
  });
  return prepared;
}

let queue: Promise<unknown> = Promise.resolve();

/** The texts of a label's barcodes found in a JPEG or PNG, best first; none is an empty list. */
export function readLabelBarcodes(image: Uint8Array): Promise<BarcodeReading> {
  return read(image, READER);
}

/** The texts of a product's barcodes (EAN, UPC, Code 128) found in a JPEG or PNG. */
export function readProductBarcodes(image: Uint8Array): Promise<BarcodeReading> {
  return read(image, PRODUCT_READER);
}

function read(image: Uint8Array, options: ReaderOptions): Promise<BarcodeReading> {
  const size = imageSize(image);
  if (!size || size.width * size.height > MAX_IMAGE_PIXELS) {
    return Promise.resolve({ kind: "unreadable" });
  }
  const run = queue.then(async (): Promise<BarcodeReading> => {
    await prepare();
    const results = await readBarcodes(image, options);
    const texts = results
      .filter((result) => result.isValid && result.text)
      .map((result) => result.text.trim());
    return { kind: "read", texts: [...new Set(texts)] };
  });
  queue = run.catch(() => {});
  return run;
}
