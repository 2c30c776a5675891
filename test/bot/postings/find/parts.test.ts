/**
 * The pieces of finding a posting on their own: what typed text is taken for, a picture's size
 * read from its header before any decoding (and a huge one refused), and which photo size is
 * fetched.
 */
import { describe, expect, it, vi } from "vitest";
import { MAX_IMAGE_PIXELS, readLabelBarcodes } from "../../../../src/bot/core/barcode.ts";
import { imageSize } from "../../../../src/bot/core/barcode-image.ts";
import { MAX_PHOTO_BYTES, pickPhotoSize } from "../../../../src/bot/postings/find-photo.ts";
import { parseFindQuery } from "../../../../src/services/postings/find.ts";
import { greyPng, labelPhotoPng } from "./images.ts";

/** A JPEG's first bytes: SOI, an APP0 segment, then a baseline frame header of `w` × `h`. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  return new Uint8Array([0xff, 0xd8, ...app0, 0xff, ...sof0, ...new Array(9).fill(0)]);
}

describe("typed text", () => {
  it("is a posting number, an order number, barcode digits, or nothing to search", () => {
    expect(parseFindQuery("12345678-0001-1")).toEqual({
      kind: "posting",
      value: "12345678-0001-1",
    });
    expect(parseFindQuery(" №12345678-0001 ")).toEqual({ kind: "order", value: "12345678-0001" });
    expect(parseFindQuery("2032 5804 8860 00")).toEqual({
      kind: "barcode",
      value: "20325804886000",
    });
    for (const other of ["hello", "1234", "12-ab-3", "%101%10293145035", "1".repeat(70), ""]) {
      expect(parseFindQuery(other), other).toBeUndefined();
    }
  });
});

describe("pictures", () => {
  it("their size is read from a PNG's or a JPEG's header; other files have none", () => {
    expect(imageSize(greyPng(33, 21, () => 255))).toEqual({ format: "png", width: 33, height: 21 });
    expect(imageSize(jpegHeader(1280, 960))).toEqual({ format: "jpeg", width: 1280, height: 960 });
    expect(imageSize(new TextEncoder().encode("%PDF-1.4 not a picture"))).toBeUndefined();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });

  it("are decoded with the WASM from node_modules, nothing fetched", async () => {
    const fetched = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("no network"));
    try {
      const png = await labelPhotoPng("20325804886000");
      expect(await readLabelBarcodes(png)).toEqual({ kind: "read", texts: ["20325804886000"] });
      expect(fetched).not.toHaveBeenCalled();
    } finally {
      fetched.mockRestore();
    }
  });

  it("one that declares more than 16 MP is not decoded", async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    expect(await readLabelBarcodes(jpegHeader(side, side))).toEqual({ kind: "unreadable" });
    expect(await readLabelBarcodes(new Uint8Array(100))).toEqual({ kind: "unreadable" });
  });

  it("the largest photo size within 2 MB is fetched; sizes of unknown weight are tried", () => {
    const size = (id: string, bytes?: number) => ({
      file_id: id,
      file_unique_id: id,
      width: 1,
      height: 1,
      ...(bytes === undefined ? {} : { file_size: bytes }),
    });
    expect(pickPhotoSize([size("s", 10_000), size("m", 900_000), size("l", 2_500_000)])).toEqual({
      fileId: "m",
      size: 900_000,
    });
    expect(pickPhotoSize([size("s", 10_000), size("x")])?.fileId).toBe("x");
    expect(pickPhotoSize([size("l", MAX_PHOTO_BYTES + 1)])).toBeUndefined();
  });
});
