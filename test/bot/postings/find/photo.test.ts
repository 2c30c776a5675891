/**
 * A photo of a label's barcode finds its posting: the picture is read in-process by zxing-wasm
 * (the barcode drawn in the test, Code 128 of the sandbox's lower barcode). A photo with no
 * readable barcode says so and how to retake it; the largest photo size within 2 MB is fetched
 * and no more.
 */
import { afterEach, describe, expect, it } from "vitest";
import { document, photo } from "../../../support/updates.ts";
import { buttonsOf, textOf } from "../../harness.ts";
import { answersTo, type FindHarness, KEEPER, SELLER, startFind } from "./harness.ts";
import { greyPng, labelPhotoPng } from "./images.ts";

let h: FindHarness;
afterEach(() => h.close());

const mug = { products: [{ name: "Mug", quantity: 1, markRequired: false }] };

/** A 1280 × 960 photo of a label with the barcode of `digits`. */
const labelPhoto = (digits: string) => labelPhotoPng(digits);

describe("finding a posting by a photo of its label", () => {
  it("answers with the card of the posting whose barcode is on the photo", async () => {
    h = await startFind();
    const south = h.sandbox.stores[1]?.control.addPosting(mug);
    if (!south) throw new Error("no posting");
    const png = await labelPhoto(south.barcodes.lower);
    h.fake.registerFile(png, { fileId: "label-photo", filePath: "photos/label.png" });
    const started = performance.now();
    const cards = await answersTo(
      h,
      photo({ from: KEEPER, fileId: "label-photo", fileSize: png.byteLength }),
      KEEPER.id,
    );
    const ms = performance.now() - started;
    expect(cards).toHaveLength(1);
    const body = textOf(cards[0] as never);
    expect(body.startsWith("🏬 Южный\n")).toBe(true);
    expect(body).toContain(south.postingNumber);
    expect(buttonsOf(cards[0] as never).map((b) => b.text)).toContain("📦 Pack");
    // The large size was fetched, not the thumbnail.
    const asked = h.fake.callsTo("getFile").map((c) => c.payload.file_id);
    expect(asked).toEqual(["label-photo"]);
    console.info(`photo → card in ${Math.round(ms)} ms (${png.byteLength} bytes of PNG)`);
  });

  it("an image sent as a file is read too", async () => {
    h = await startFind();
    const north = h.sandbox.stores[0]?.control.addPosting(mug);
    if (!north) throw new Error("no posting");
    const png = await labelPhoto(north.barcodes.lower);
    h.fake.registerFile(png, { fileId: "label-file", fileName: "label.png" });
    const cards = await answersTo(
      h,
      document({
        from: KEEPER,
        fileId: "label-file",
        fileName: "label.png",
        mimeType: "image/png",
        fileSize: png.byteLength,
      }),
      KEEPER.id,
    );
    expect(textOf(cards[0] as never)).toContain(north.postingNumber);
  });

  it("a photo without a readable barcode says so and how to retake it", async () => {
    h = await startFind();
    // Soft stripes and noise: something to look at, no barcode.
    const png = greyPng(640, 480, (x, y) => 128 + Math.round(60 * Math.sin((x + y) / 37)));
    h.fake.registerFile(png, { fileId: "blurry", filePath: "photos/blurry.png" });
    const [told, ...rest] = await answersTo(
      h,
      photo({ from: KEEPER, fileId: "blurry" }),
      KEEPER.id,
    );
    expect(rest).toEqual([]);
    expect(textOf(told as never)).toContain("could not read a posting's barcode");
    expect(textOf(told as never)).toContain("close to the label's lower barcode");
    expect(textOf(told as never)).toContain("good light");
  });

  it("a photo whose sizes are all over 2 MB is not fetched", async () => {
    h = await startFind();
    const update = photo({ from: KEEPER, fileId: "huge" });
    const sizes = [
      { file_id: "huge-s", file_unique_id: "u-s", width: 1280, height: 960, file_size: 2_100_000 },
      { file_id: "huge", file_unique_id: "u", width: 4000, height: 3000, file_size: 3_000_000 },
    ];
    Object.assign(update.message as object, { photo: sizes });
    const [told] = await answersTo(h, update, KEEPER.id);
    expect(textOf(told as never)).toContain("larger than I read (2.0 MB)");
    expect(h.fake.callsTo("getFile")).toEqual([]);
  });

  it("a file that claims less than it is stops being read at 2 MB", async () => {
    h = await startFind();
    const big = new Uint8Array(3 * 1024 * 1024);
    h.fake.registerFile(big, { fileId: "liar", filePath: "photos/liar.jpg", declaredSize: 1000 });
    const [told] = await answersTo(
      h,
      photo({ from: KEEPER, fileId: "liar", fileSize: 1000 }),
      KEEPER.id,
    );
    expect(textOf(told as never)).toContain("larger than I read");
  });

  it("a seller's photo (no warehouse role) is not read", async () => {
    h = await startFind();
    const png = await labelPhoto("12345678901234");
    h.fake.registerFile(png, { fileId: "seller-photo" });
    await answersTo(h, photo({ from: SELLER, fileId: "seller-photo" }), SELLER.id);
    expect(h.fake.callsTo("getFile")).toEqual([]);
  });
});
