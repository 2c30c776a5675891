/**
 * The ship dialog, driven by successive updates: the sandbox decides (status, marks, failures),
 * the fake Bot API shows what the person saw.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { CANCEL_CALLBACK } from "../../../src/bot/core/dialog/leave-button.ts";
import { RedisStore } from "../../../src/store/redis.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { redisAvailability, removeKeys, uniquePrefix } from "../../support/redis.ts";
import { callback, command, group, text } from "../../support/updates.ts";
import { buttonsOf, findButton, press, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  PACKER,
  type PostingsHarness,
  SELLER,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;

/** Texts the bot sent in answer to one update. */
const textsOf = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === "sendMessage" && c.response?.ok).map(textOf);

/** Texts of the messages the bot edited in answer to one update. */
const editsOf = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === "editMessageText" && c.response?.ok).map(textOf);

/** A refused answer: nothing new in the chat, the question on screen says why above itself. */
function refusedInPlace(calls: RecordedCall[], why: string, question: string) {
  expect(textsOf(calls)).toEqual([]);
  expect(editsOf(calls)).toEqual([`⚠️ ${why}\n\n${question}`]);
}

async function say(body: string): Promise<RecordedCall[]> {
  return exchange(h, text(body, { from: KEEPER }));
}

async function tap(screen: RecordedCall, label: string | RegExp): Promise<RecordedCall[]> {
  return exchange(h, press(screen, label, KEEPER));
}

function shipButton(postingNumber: string) {
  return callback(createCallbackCodec(h.fake.token).encode("ps", postingNumber), { from: KEEPER });
}

describe("ship dialog", () => {
  afterEach(() => h.close());

  it("Split into boxes on the card asks at once how many go in each box, and the labels come with the pack", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 2, markRequired: false }],
    });
    const pressed = callback(
      createCallbackCodec(h.fake.token).encode("pk", posting.postingNumber),
      {
        from: KEEPER,
      },
    );
    const asked = lastScreen(await exchange(h, pressed));
    // No "How do you pack it?": splitting was the button's choice.
    expect(textOf(asked)).not.toContain("How do you pack it?");
    expect(textOf(asked)).toContain("How many go into each box?");
    const confirm = lastScreen(await say("1 1"));
    expect(textOf(confirm)).toContain(`in 2 boxes?`);
    const packed = await tap(confirm, "✅ Pack");
    const order = h.sandbox.control.postings().filter((p) => p.orderNumber === posting.orderNumber);
    expect(order).toHaveLength(2);
    const files = packed
      .filter((c) => c.method === "sendDocument")
      .map((c) => c.files[0]?.fileName);
    expect(files.sort()).toEqual(order.map((p) => `label-${p.postingNumber}.pdf`).sort());
  });

  it("ships in one package from the Ship button, and the label PDF comes with it", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Kettle", quantity: 2, markRequired: false }],
    });
    const start = await exchange(h, shipButton(posting.postingNumber));
    const texts = textsOf(start);
    expect(texts[0]).toContain(`Posting ${posting.postingNumber}`);
    expect(texts[1]).toBe("How do you pack it?");
    const how = lastScreen(start);
    expect(buttonsOf(how).map((b) => b.text)).toEqual(["One box", "Split into boxes", "Close"]);

    const confirm = lastScreen(await tap(how, "One box"));
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber} in 1 box?`);
    expect(textOf(confirm)).toContain("• Kettle ×2");

    const packed = await tap(confirm, "✅ Pack");
    const done = lastScreen(packed);
    expect(textOf(done)).toContain(`Posting ${posting.postingNumber} is packed`);
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
    // The label comes with the pack, without a tap; the Label button stays for a reprint.
    const documents = packed.filter((c) => c.method === "sendDocument");
    expect(documents.map((c) => c.files[0]?.fileName)).toEqual([
      `label-${posting.postingNumber}.pdf`,
    ]);
    expect(buttonsOf(done).map((b) => b.text)).toEqual(["🏷 Label"]);
    // A tap on it right away is the same label on its way: no second file.
    const again = await tap(done, "Label");
    expect(again.filter((c) => c.method === "sendDocument")).toEqual([]);
  });

  it("/ship lets the person choose; splits the products over packages, asking again when they do not add up", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [
        { name: "Cup", quantity: 2, markRequired: false },
        { name: "Plate", quantity: 1, markRequired: false },
      ],
    });
    const choose = lastScreen(await exchange(h, command("ship", { from: KEEPER })));
    expect(textOf(choose)).toBe("Which posting? Tap one or type its number.");
    // The chooser becomes the card with the first question (one message, not two).
    const chosen = await tap(choose, posting.postingNumber);
    expect(textsOf(chosen)).toEqual([]);
    const how = lastScreen(chosen);
    expect(textOf(how).startsWith(`📦 Posting ${posting.postingNumber}`)).toBe(true);
    expect(textOf(how).endsWith("\n\nHow do you pack it?")).toBe(true);
    const cup = lastScreen(await tap(how, "Split into boxes"));
    expect(textOf(cup)).toContain("Cup: 2 pcs. How many go into each box?");

    // A wrong answer edits the question in place instead of repeating it.
    refusedInPlace(
      await say("2 1"),
      "The numbers add up to 3, but there are 2 pcs. Please type them again.",
      textOf(cup),
    );
    const junk = await say("two");
    expect(textsOf(junk)).toEqual([]);
    expect(editsOf(junk)[0]).toContain("Type whole numbers separated by spaces");
    expect(editsOf(junk)[0]?.endsWith(`\n\n${textOf(cup)}`)).toBe(true);

    // Product A (Cup) all in package 1, product B (Plate) all in package 2.
    const plate = await say("2 0");
    expect(textsOf(plate)).toEqual([expect.stringContaining("Plate: 1 pc.")]);
    const confirm = lastScreen(await say("0 1"));
    expect(textOf(confirm)).toContain("in 2 boxes?");
    expect(textOf(confirm)).toMatch(/Box 1:\n• Cup ×2\n\nBox 2:\n• Plate ×1$/);

    const done = lastScreen(await tap(confirm, "✅ Pack"));
    const order = h.sandbox.control.postings().filter((p) => p.orderNumber === posting.orderNumber);
    expect(order).toHaveLength(2);
    const split = order.find((p) => p.postingNumber !== posting.postingNumber);
    expect(textOf(done)).toBe(
      `✅ Posting ${posting.postingNumber} is packed (boxes: ${posting.postingNumber}, ${split?.postingNumber}). The label is below; again with the button:`,
    );
    const [cupSku, plateSku] = posting.products.map((p) => p.sku);
    const contents = (n: string | undefined) => {
      const p = h.sandbox.control.posting(n ?? "");
      return { status: p?.status, products: p?.products.map((x) => [x.sku, x.quantity]) };
    };
    expect(contents(posting.postingNumber)).toEqual({
      status: "awaiting_deliver",
      products: [[cupSku, 2]],
    });
    expect(contents(split?.postingNumber)).toEqual({
      status: "awaiting_deliver",
      products: [[plateSku, 1]],
    });
  });

  it("asks for mandatory marks, asks again only for the one Ozon rejected, and ships with them", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Sneakers", quantity: 2, markRequired: true }],
    });
    const how = lastScreen(await exchange(h, shipButton(posting.postingNumber)));
    const first = await tap(how, "One box");
    // The intro heads the first question on the same screen.
    expect(textsOf(first)).toEqual([]);
    expect(textOf(lastScreen(first))).toContain(
      "Before packing, Ozon needs Chestny ZNAK marks (units: 2).",
    );
    expect(textOf(lastScreen(first))).toMatch(/\n\nMark of Sneakers, unit 1 of 2:$/);

    const good = h.sandbox.control.sampleMark();
    const second = await say("BAD-MARK-0000000000000000");
    expect(textOf(lastScreen(second))).toBe("Mark of Sneakers, unit 2 of 2:");
    // Ozon's check of the form (exemplar/validate) refuses it, in its own words.
    const rejected = await say(good);
    expect(textsOf(rejected)).toEqual([
      "Ozon did not accept 1 answer:\n• mark of Sneakers, unit 1 «BAD-MARK-0000000000000000»: INVALID_MARK_FORMAT\nPlease type it again.\n\nMark of Sneakers, unit 1 of 2:",
    ]);
    const fixed = h.sandbox.control.sampleMark();
    const confirm = lastScreen(await say(fixed));
    expect(textOf(confirm)).toContain("Mandatory marks: 2");

    const done = lastScreen(await tap(confirm, "✅ Pack"));
    expect(textOf(done)).toContain("is packed");
    const shipped = h.sandbox.control.posting(posting.postingNumber);
    expect(shipped?.status).toBe("awaiting_deliver");
    expect(JSON.stringify(shipped)).toContain(fixed);
    expect(JSON.stringify(shipped)).toContain(good);
  });

  it("reports a failed ship in plain words with Retry, and Retry ships it", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Lamp", quantity: 1, markRequired: false }],
    });
    h.sandbox.control.failNextShip(posting.postingNumber);
    // One unit: no packing question, straight to the summary.
    const confirm = lastScreen(await exchange(h, shipButton(posting.postingNumber)));
    expect(textOf(confirm)).toContain("in 1 box?");
    const failed = lastScreen(await tap(confirm, "✅ Pack"));
    expect(textOf(failed)).toBe(
      `❌ Posting ${posting.postingNumber} was not packed: Ozon took the request, but the posting did not move on. Try again in a minute.`,
    );
    expect(textOf(failed)).not.toMatch(/Error|at \w+ \(/);
    expect(buttonsOf(failed).map((b) => b.text)).toEqual(["🔁 Retry", "Close"]);
    const done = lastScreen(await tap(failed, "Retry"));
    expect(textOf(done)).toContain("is packed");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
  });

  it("explains each wrong choice of posting and asks again; buttons are needed where offered", async () => {
    h = await startPostings();
    const open = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const gone = h.sandbox.control.addPosting({ status: "cancelled" });
    const choose = lastScreen(await exchange(h, command("ship", { from: KEEPER })));
    const question = textOf(choose);

    refusedInPlace(
      await say("hello"),
      'I do not know a posting "hello". Check the number and type it again.',
      question,
    );
    refusedInPlace(
      await say("99999999-0001-1"),
      "Ozon does not know posting 99999999-0001-1. Check the number.",
      question,
    );
    refusedInPlace(
      await say(gone.postingNumber),
      `Posting ${gone.postingNumber} is no longer waiting to be packed (status: cancelled). Choose another one.`,
      question,
    );
    const how = await say(open.postingNumber);
    expect(textOf(lastScreen(how))).toBe("How do you pack it?");
    refusedInPlace(
      await say("one please"),
      "Please choose with the buttons below the question.",
      "How do you pack it?",
    );
    // An old card's button of a posting that no longer awaits packaging says what became of it
    // and ends the dialog (no chooser of other postings, nothing asked of Ozon).
    const stale = await exchange(h, shipButton(gone.postingNumber));
    expect(textsOf(stale)).toEqual([
      `❌ ${gone.postingNumber} cancelled by the seller — do not ship.\nReason: Товар закончился на складе продавца`,
    ]);
  });

  it("the chooser's buttons show product and deadline; a typed order number finds its postings", async () => {
    h = await startPostings();
    const shipmentDate = new Date(Date.now() + 2 * 86_400_000);
    shipmentDate.setUTCHours(11, 0, 0, 0); // 14:00 in Moscow
    const day = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      timeZone: "Europe/Moscow",
    }).format(shipmentDate);
    const kettle = h.sandbox.control.addPosting({
      shipmentDate,
      products: [{ name: "Kettle", quantity: 2, markRequired: false }],
    });
    const choose = lastScreen(await exchange(h, command("ship", { from: KEEPER })));
    expect(buttonsOf(choose)[0]?.text).toBe(`Kettle ×2 · ${day}, 14:00 · ${kettle.postingNumber}`);

    // An order of two postings: both offered, with their products.
    const order = kettle.orderNumber;
    const mug = h.sandbox.control.addPosting({
      postingNumber: `${order}-7`,
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const offered = lastScreen(await say(order));
    expect(textOf(offered)).toBe(`Order ${order} has 2 postings waiting to be packed. Which one?`);
    const labels = buttonsOf(offered).map((b) => b.text);
    expect(labels.filter((l) => l.endsWith(kettle.postingNumber))).toHaveLength(1);
    expect(
      labels.filter((l) => l.startsWith("Mug ×2") && l.endsWith(mug.postingNumber)),
    ).toHaveLength(1);
    const how = await tap(offered, mug.postingNumber);
    expect(textsOf(how)).toEqual([]);
    expect(textOf(lastScreen(how))).toContain(`Posting ${mug.postingNumber}`);
    expect(textOf(lastScreen(how))).toMatch(/\n\nHow do you pack it\?$/);
  });

  it("a typed order number with one posting goes straight on; one with none is explained", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const choose = lastScreen(await exchange(h, command("ship", { from: KEEPER })));
    refusedInPlace(
      await say("99999999-0001"),
      "No posting of order 99999999-0001 is waiting to be packed. Check the number and type it again.",
      textOf(choose),
    );
    refusedInPlace(
      await say("кружка"),
      'I do not know a posting "кружка". Check the number and type it again.',
      textOf(choose),
    );
    const packed = h.sandbox.control.addPosting({ status: "awaiting_deliver" });
    refusedInPlace(
      await say(packed.postingNumber),
      `Posting ${packed.postingNumber} is no longer waiting to be packed (status: packed, awaiting handover). Choose another one.`,
      textOf(choose),
    );
    const how = await say(posting.orderNumber);
    expect(textsOf(how)[0]).toContain(`Posting ${posting.postingNumber}`);
    expect(textOf(lastScreen(how))).toBe("How do you pack it?");
    // Also given with the command.
    const given = await exchange(h, command("ship", { from: KEEPER, args: posting.orderNumber }));
    expect(textOf(lastScreen(given))).toBe("How do you pack it?");
  });

  it("another command during the dialog is answered and the dialog goes on", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const how = lastScreen(await exchange(h, shipButton(posting.postingNumber)));
    const listed = await exchange(h, command("postings", { from: KEEPER }));
    expect(textOf(lastScreen(listed))).toContain("Postings waiting to be packed: 1");
    const confirm = lastScreen(await tap(how, "One box"));
    expect(textOf(confirm)).toContain("in 1 box?");
  });

  it("in a group, a dialog's buttons answer only for the person in it", async () => {
    h = await startPostings();
    const team = group(-100903);
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    const data = createCallbackCodec(h.fake.token).encode("ps", posting.postingNumber);
    const how = lastScreen(await exchange(h, callback(data, { from: KEEPER, chat: team })));
    expect(textOf(how)).toBe("How do you pack it?");

    const other = await exchange(h, press(how, "One box", PACKER));
    const refusal = other.find((c) => c.method === "answerCallbackQuery");
    expect(refusal?.payload.text).toBe("This question was asked to someone else.");
    expect(textsOf(other)).toEqual([]);
    const stranger = await exchange(h, press(how, "One box", SELLER));
    expect(
      String(stranger.find((c) => c.method === "answerCallbackQuery")?.payload.text),
    ).toContain("only for these roles");

    const confirm = lastScreen(await tap(how, "One box"));
    expect(textOf(confirm)).toContain("in 1 box?");
  });

  it("/cancel and the Cancel button leave the dialog", async () => {
    h = await startPostings();
    const posting = h.sandbox.control.addPosting({
      products: [{ name: "Mug", quantity: 2, markRequired: false }],
    });
    await exchange(h, shipButton(posting.postingNumber));
    expect(textsOf(await exchange(h, command("cancel", { from: KEEPER })))).toEqual([
      "You left the dialog. Nothing was changed.",
    ]);
    // The dialog is over: a text is no answer any more.
    expect(textsOf(await say("1 1"))).toEqual(["To see what I can do, send /help"]);

    const how = lastScreen(await exchange(h, shipButton(posting.postingNumber)));
    // The run's tag, as the dialog's other buttons carry it: `<kind>:<tag>:<owner>:<step>:<value>`.
    const codec = createCallbackCodec(h.fake.token);
    const [tag = ""] = codec.decode(findButton(how, "One box").callback_data ?? "")?.args ?? [];
    expect(tag).toMatch(/^[\w-]{4}$/);
    const cancelData = buttonsOf(how).find((b) => b.text === "Close")?.callback_data;
    expect(cancelData).toBe(codec.encode(CANCEL_CALLBACK, KEEPER.id, tag));
    const left = await tap(how, "Close");
    expect(lastScreen(left).method).toBe("editMessageText");
    expect(textOf(lastScreen(left))).toBe("You left the dialog. Nothing was changed.");
    // A button of the finished dialog is refused politely.
    const stale = await tap(how, "One box");
    expect(stale.find((c) => c.method === "answerCallbackQuery")?.payload.text).toContain(
      "This step is over",
    );
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");
  });
});

const redis = await redisAvailability();
redis.describe("ship dialog with Redis", () => {
  const prefix = uniquePrefix("postings-ship");
  afterAll(() => removeKeys(redis.url, prefix));

  it("continues at the same step after a restart", async () => {
    const store = await RedisStore.open({ url: redis.url, prefix });
    h = await startPostings({ store, closeStore: true });
    try {
      const posting = h.sandbox.control.addPosting({
        products: [{ name: "Vase", quantity: 2, markRequired: false }],
      });
      const how = lastScreen(await exchange(h, shipButton(posting.postingNumber)));
      const cup = lastScreen(await tap(how, "Split into boxes"));
      expect(textOf(cup)).toContain("Vase: 2 pcs.");

      await h.restart();
      const confirm = lastScreen(await say("1 1"));
      expect(textOf(confirm)).toContain("in 2 boxes?");
      const done = lastScreen(await tap(confirm, "✅ Pack"));
      expect(textOf(done)).toContain("is packed");
      expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
    } finally {
      await h.close();
    }
  });
});
