/**
 * A photo of a product's barcode after `/products` opens its card: an EAN-13 drawn in the test by
 * zxing-wasm, read in-process by the bot. A photo without a barcode says so, in Russian too.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { prepareZXingModule, writeBarcode } from "zxing-wasm/writer";
import { command, photo } from "../../support/updates.ts";
import { textOf } from "../harness.ts";
import { greyPng } from "../postings/find/images.ts";
import { KEEPER, lastScreen, OLGA, type ProductsHarness, startProducts } from "./harness.ts";

let h: ProductsHarness;
afterEach(async () => {
  await h?.close();
});

let prepared = false;
/** A PNG of `digits` as an EAN-13 barcode with quiet zones. */
async function ean13Png(digits: string): Promise<Uint8Array> {
  if (!prepared) {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve("zxing-wasm/writer/zxing_writer.wasm"));
    const binary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    prepareZXingModule({ overrides: { wasmBinary: binary as ArrayBuffer } });
    prepared = true;
  }
  const written = await writeBarcode(digits, { format: "EAN13", scale: 4, withQuietZones: true });
  if (!written.image) throw new Error(`zxing-wasm wrote no image: ${written.error}`);
  return new Uint8Array(await written.image.arrayBuffer());
}

describe("/products and a photo of the barcode", () => {
  it("the product whose EAN-13 is on the photo is shown", async () => {
    h = await startProducts();
    const product = h.sandbox.control.products()[2];
    if (!product) throw new Error("no product");
    const png = await ean13Png(product.barcode);
    h.fake.registerFile(png, { fileId: "ean-photo", filePath: "photos/ean.png" });
    await h.send(command("products", { from: KEEPER }));
    const card = lastScreen(
      await h.send(photo({ from: KEEPER, fileId: "ean-photo", fileSize: png.byteLength })),
    );
    expect(textOf(card)).toContain(`📦 ${product.name}`);
    expect(textOf(card)).toContain(`SKU: ${product.sku}`);
  });

  it("a photo without a barcode is told so (ru); one sent unasked is not taken", async () => {
    h = await startProducts();
    const blank = greyPng(640, 480, () => 220);
    h.fake.registerFile(blank, { fileId: "blank", filePath: "photos/blank.png" });
    const unasked = await h.send(
      photo({ from: OLGA, fileId: "blank", fileSize: blank.byteLength }),
    );
    expect(unasked.filter((c) => c.method === "getFile")).toEqual([]);
    await h.send(command("products", { from: OLGA }));
    const told = lastScreen(
      await h.send(photo({ from: OLGA, fileId: "blank", fileSize: blank.byteLength })),
    );
    expect(textOf(told)).toContain("Не удалось прочитать штрихкод на фото.");
  });
});
