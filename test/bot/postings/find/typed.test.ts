/**
 * Finding a posting by what is typed (issue 14), with two shops: a posting number, an order
 * number, the digits of a label's barcode, `/find <text>` and `/find` then the text. The answer
 * is the posting's card with its buttons, naming its shop; nothing found says what was searched;
 * a person limited to shop A never finds B's postings.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, text } from "../../../support/updates.ts";
import { buttonsOf, press, textOf } from "../../harness.ts";
import { answersTo, BOTH, type FindHarness, KEEPER, NORTH_ONLY, startFind } from "./harness.ts";

let h: FindHarness;
afterEach(() => h.close());

const mug = { products: [{ name: "Mug", quantity: 1, markRequired: false }] };

function storeOf(index: number) {
  const store = h.sandbox.stores[index];
  if (!store) throw new Error(`no store ${index}`);
  return store.control;
}

describe("finding a posting by typed text", () => {
  it("a typed posting number answers with its card, its shop's name and its buttons", async () => {
    h = await startFind();
    const south = storeOf(1).addPosting(mug);
    const [card, ...rest] = await answersTo(
      h,
      text(south.postingNumber, { from: KEEPER }),
      KEEPER.id,
    );
    expect(rest).toEqual([]);
    const body = textOf(card as never);
    expect(body.startsWith("🏬 Южный\n")).toBe(true);
    expect(body).toContain(`Posting ${south.postingNumber} (order ${south.orderNumber})`);
    expect(body).toContain("Mug");
    expect(body).toContain("Status: waiting to be packed");
    const labels = buttonsOf(card as never).map((b) => b.text);
    // Its product opens the product's card (/products); History tells who did what to it.
    expect(labels).toEqual([
      "📦 Pack",
      "⚡ Pack in 1 box",
      "✖️ Cancel posting",
      "🛍 Mug",
      "🕘 History",
    ]);

    // The buttons act for the posting's own shop: Pack opens the dialog of store B's posting.
    const since = h.fake.calls.length;
    await h.send(press(card as never, "Pack", KEEPER));
    const dialog = h.fake.calls.slice(since).map(textOf).join("\n");
    expect(dialog).toContain(south.postingNumber);
    expect(dialog).toContain("🏬 Южный");
  });

  it("a seller who also holds warehouse gets Write to buyer on the card", async () => {
    h = await startFind();
    const north = storeOf(0).addPosting(mug);
    const [card] = await answersTo(h, text(north.postingNumber, { from: BOTH }), BOTH.id);
    expect(buttonsOf(card as never).map((b) => b.text)).toContain("💬 Write to buyer");
  });

  it("an order number answers with each posting of the order", async () => {
    h = await startFind();
    const first = storeOf(0).addPosting(mug);
    const order = first.orderNumber;
    const second = storeOf(0).addPosting({ ...mug, postingNumber: `${order}-5` });
    storeOf(0).setPostingStatus(second.postingNumber, "delivered");
    const cards = await answersTo(h, text(`  ${order} `, { from: KEEPER }), KEEPER.id);
    const texts = cards.map(textOf);
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.includes(first.postingNumber))).toBe(true);
    const delivered = cards.find((c) => textOf(c).includes(second.postingNumber));
    expect(textOf(delivered as never)).toContain("Status: delivered");
    // Delivered: nothing to press but its audit History.
    expect(buttonsOf(delivered as never).map((b) => b.text)).toEqual(["🕘 History"]);
  });

  it("the digits of a label's barcode answer with the posting (get-by-barcode)", async () => {
    h = await startFind();
    const south = storeOf(1).addPosting(mug);
    const cards = await answersTo(h, text(south.barcodes.lower, { from: KEEPER }), KEEPER.id);
    expect(cards).toHaveLength(1);
    const body = textOf(cards[0] as never);
    expect(body).toContain(south.postingNumber);
    expect(body.startsWith("🏬 Южный\n")).toBe(true);
    // The card is the full posting (read again after the barcode): it names the delivery.
    expect(body).not.toContain("🚚 — ·");
    const asked = h.sandbox.requests.filter((r) => r.path === "/v2/posting/fbs/get-by-barcode");
    expect(asked.length).toBe(2); // one per shop
  });

  it("/find <number> and /find then the number work the same", async () => {
    h = await startFind();
    const north = storeOf(0).addPosting(mug);
    const [byArgs] = await answersTo(
      h,
      command("find", { from: KEEPER, args: north.postingNumber }),
      KEEPER.id,
    );
    expect(textOf(byArgs as never)).toContain(north.postingNumber);

    const [prompt] = await answersTo(h, command("find", { from: KEEPER }), KEEPER.id);
    expect(textOf(prompt as never)).toContain("Send the posting number");
    const [card] = await answersTo(h, text(north.barcodes.lower, { from: KEEPER }), KEEPER.id);
    expect(textOf(card as never)).toContain(north.postingNumber);

    // After /find, text that is no number is told so (once); then it is plain text again.
    await answersTo(h, command("find", { from: KEEPER }), KEEPER.id);
    const [told] = await answersTo(h, text("where is my parcel", { from: KEEPER }), KEEPER.id);
    expect(textOf(told as never)).toContain("is not a posting number");
    const [plain] = await answersTo(h, text("where is my parcel", { from: KEEPER }), KEEPER.id);
    expect(textOf(plain as never)).toContain("/help");
  });

  it("nothing found says what was searched and where", async () => {
    h = await startFind();
    const [none] = await answersTo(h, text("99999999-0001-1", { from: KEEPER }), KEEPER.id);
    expect(textOf(none as never)).toBe(
      "🔍 No posting 99999999-0001-1 found.\n\nSearched in: Северный, Южный.",
    );
    const [order] = await answersTo(h, text("99999999-0001", { from: KEEPER }), KEEPER.id);
    expect(textOf(order as never)).toContain("No postings of order 99999999-0001 found.");
    const [code] = await answersTo(h, text("12345678901234", { from: KEEPER }), KEEPER.id);
    expect(textOf(code as never)).toContain("No posting with the barcode 12345678901234 found.");
  });

  it("a shop whose Ozon fails is named; the other shop's find still shows", async () => {
    h = await startFind();
    const north = storeOf(0).addPosting(mug);
    const southId = h.sandbox.stores[1]?.credentials.sellerClientId;
    h.sandbox.control.setFault("/v3/posting/fbs/get", {
      rate5xx: 1,
      status5xx: 503,
      store: southId,
    });
    const answers = (
      await answersTo(h, text(north.postingNumber, { from: KEEPER }), KEEPER.id)
    ).map(textOf);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toContain(north.postingNumber);
    expect(answers[1]).toBe(
      "🏬 Южный: Ozon is temporarily unavailable. Try again in a few minutes.",
    );
  });

  it("nothing found while a shop failed names only the shops that answered", async () => {
    h = await startFind();
    const southId = h.sandbox.stores[1]?.credentials.sellerClientId;
    h.sandbox.control.setFault("/v3/posting/fbs/get", {
      rate5xx: 1,
      status5xx: 503,
      store: southId,
    });
    const [answer] = await answersTo(h, text("99999999-0001-1", { from: KEEPER }), KEEPER.id);
    expect(textOf(answer as never)).toBe(
      "🔍 No posting 99999999-0001-1 found.\n\nSearched in: Северный.\n\n" +
        "🏬 Южный: Ozon is temporarily unavailable. Try again in a few minutes.",
    );
  });

  it("a person limited to shop A does not find shop B's posting, and B is not asked", async () => {
    h = await startFind();
    const south = storeOf(1).addPosting(mug);
    const since = h.sandbox.requests.length;
    const [none] = await answersTo(
      h,
      text(south.postingNumber, { from: NORTH_ONLY }),
      NORTH_ONLY.id,
    );
    expect(textOf(none as never)).toBe(
      `🔍 No posting ${south.postingNumber} found.\n\nSearched in: Северный.`,
    );
    const southId = h.sandbox.stores[1]?.credentials.sellerClientId;
    expect(h.sandbox.requests.slice(since).some((r) => r.store === southId)).toBe(false);
  });
});
