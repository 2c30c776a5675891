/**
 * Packing on today's Ozon: the seed's forms answer 404 (its mark methods are in no document), so
 * what a posting's units need comes from `exemplar/create-or-get`, the values go through
 * `exemplar/validate`, `exemplar/set` and `exemplar/status`, and the posting ships with
 * `/v4/posting/fbs/ship`. ⚡ stays one tap when nothing is needed and hands over to the dialog
 * when something is; only what Ozon refused is asked again, in Ozon's words.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { callback, command, text } from "../../support/updates.ts";
import { buttonsOf, press, sentMessage, textOf } from "../harness.ts";
import {
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  must,
  type PostingsHarness,
  type PostingsHarnessOptions,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

/** Today's Ozon (the sandbox's default rules): the seed's mark methods and ship form answer 404. */
const today = (options: PostingsHarnessOptions = {}) => startPostings(options);

const idOf = (call: RecordedCall) => Number(sentMessage(call).message_id);
const textsOf = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === "sendMessage" && c.response?.ok).map(textOf);
const say = (body: string) => exchange(h, text(body, { from: KEEPER }));
const tap = (screen: RecordedCall, label: string | RegExp) =>
  exchange(h, press(screen, label, KEEPER));
/** The Seller methods the bot asked, in order. */
const asked = () => h.sandbox.requests.map((r) => r.path);

/** Subscribed, then the alert of a new posting of `products`. */
async function alertOf(products: NonNullable<Parameters<typeof h.sandbox.control.addPosting>[0]>) {
  await exchange(h, command("subscribe", { from: KEEPER }));
  await h.watcher.runOnce();
  const posting = h.sandbox.control.addPosting(products);
  const since = h.fake.calls.length;
  await h.watcher.runOnce();
  return { posting, alert: must(messagesTo(h, KEEPER.id, since)[0], "alert") };
}

const catalogue = (offerId: string) =>
  must(
    h.sandbox.control.products().find((p) => p.offerId === offerId),
    offerId,
  );

describe("⚡ Pack in 1 box on today's Ozon", () => {
  it("packs a posting whose products need nothing in one tap: create-or-get, then the v4 ship", async () => {
    h = await today();
    const { posting, alert } = await alertOf({
      products: [{ name: "Kettle", quantity: 2, markRequired: false }],
    });
    const calls = await exchange(h, press(alert, "⚡ Pack in 1 box", KEEPER));
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
    const card = lastScreen(calls);
    expect(Number(card.payload.message_id)).toBe(idOf(alert));
    expect(textOf(card)).toContain(`Posting ${posting.postingNumber} is packed`);
    expect(calls.find((c) => c.method === "sendDocument")?.files[0]?.fileName).toBe(
      `label-${posting.postingNumber}.pdf`,
    );
    expect(asked()).toContain("/v6/fbs/posting/product/exemplar/create-or-get");
    expect(asked()).toContain("/v4/posting/fbs/ship");
    // Nothing to send: no values, and none of the seed's mark methods.
    expect(asked().filter((p) => /exemplar\/set|mandatory-mark/.test(p))).toEqual([]);
  });

  it("hands a posting that needs marks to the dialog; a mark Ozon's check refuses is asked again in Ozon's words, then it ships", async () => {
    h = await today();
    const { posting, alert } = await alertOf({
      products: [{ name: "Sneakers", quantity: 2, markRequired: true }],
    });
    const handed = lastScreen(await exchange(h, press(alert, "⚡ Pack in 1 box", KEEPER)));
    expect(Number(handed.payload.message_id)).toBe(idOf(alert));
    expect(textOf(handed)).toContain("Before packing, Ozon needs Chestny ZNAK marks (units: 2).");
    expect(textOf(handed)).toMatch(/\n\nMark of Sneakers, unit 1 of 2:$/);
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_packaging");

    // The first is of the right form but in circulation already: only Ozon's check says so.
    const used = h.sandbox.control.units.usedMark();
    const good = h.sandbox.control.sampleMark();
    expect(textOf(lastScreen(await say(used)))).toBe("Mark of Sneakers, unit 2 of 2:");
    const refused = await say(good);
    expect(textsOf(refused)).toEqual([
      `Ozon did not accept 1 answer:\n• mark of Sneakers, unit 1 «${used}»: MARK_ALREADY_USED\nPlease type it again.\n\nMark of Sneakers, unit 1 of 2:`,
    ]);
    const fixed = h.sandbox.control.sampleMark();
    const confirm = lastScreen(await say(fixed));
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber} in 1 box?`);
    expect(textOf(confirm)).toContain("Mandatory marks: 2");

    const done = lastScreen(await tap(confirm, "✅ Pack"));
    expect(textOf(done)).toContain(`${posting.postingNumber} is packed`);
    const shipped = h.sandbox.control.posting(posting.postingNumber);
    expect(shipped?.status).toBe("awaiting_deliver");
    expect(shipped?.products[0]?.marks).toEqual([fixed, good]);
    // Sent twice (the whole set each time), checked by Ozon each time, shipped in today's form.
    const order = asked().filter((p) => /exemplar|posting\/fbs\/ship/.test(p));
    expect(order.filter((p) => p.endsWith("/exemplar/set"))).toHaveLength(2);
    expect(order.at(-1)).toBe("/v4/posting/fbs/ship");
    expect(asked().filter((p) => p.includes("mandatory-mark"))).toEqual([]);
  });

  it("tells the person when Ozon is still checking at the deadline, and looks again with a button", async () => {
    h = await today({ module: { unitCheckMs: 300 } });
    const { posting, alert } = await alertOf({
      products: [{ name: "Phone", quantity: 1, markRequired: false, needs: { imei: true } }],
    });
    const question = lastScreen(await exchange(h, press(alert, "⚡ Pack in 1 box", KEEPER)));
    expect(textOf(question)).toMatch(/\n\nIMEI of Phone, unit 1 of 1 \(15 digits\):$/);
    const wrong = await say("35-1234");
    expect(textsOf(wrong)).toEqual([]);
    expect(textOf(lastScreen(wrong))).toMatch(/^⚠️ An IMEI is 15 digits\. Type it again\./);

    h.sandbox.control.units.setCheckPolls(1000);
    const waiting = lastScreen(await say(h.sandbox.control.units.sample("imei")));
    expect(textOf(waiting)).toBe(
      "Ozon is still checking the data; it usually takes a minute. Tap the button to look again.",
    );
    expect(buttonsOf(waiting).map((b) => b.text)).toEqual(["🔁 Check again", "Close"]);
    h.sandbox.control.units.setCheckPolls(0);
    const confirm = lastScreen(await tap(waiting, "Check again"));
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber} in 1 box?`);
    await tap(confirm, "✅ Pack");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
  });
});

describe("the ship dialog on today's Ozon", () => {
  const shipButton = (postingNumber: string) =>
    callback(createCallbackCodec(h.fake.token).encode("ps", postingNumber), { from: KEEPER });

  it("asks the GTD and RNPT once per product («No GTD»), the weight per unit, and asks again only what Ozon refused", async () => {
    h = await today();
    const charger = catalogue("CHG-GAN-65W");
    const coffee = catalogue("CFE-ARB-1KG");
    const posting = h.sandbox.control.addPosting({
      products: [
        { sku: charger.sku, quantity: 1 },
        { sku: coffee.sku, quantity: 1 },
      ],
    });
    const how = lastScreen(await exchange(h, shipButton(posting.postingNumber)));
    const gtd = lastScreen(await tap(how, "One box"));
    expect(textOf(gtd)).toContain(
      "Before packing, Ozon needs the customs declaration (GTD) number (products: 1), the batch registration number (RNPT) (products: 1), the actual weight (units: 1).",
    );
    expect(textOf(gtd)).toMatch(
      new RegExp(
        `Customs declaration \\(GTD\\) number of ${charger.name}\\. If the goods have none, tap «No GTD»\\.$`,
      ),
    );
    expect(buttonsOf(gtd).map((b) => b.text)).toEqual(["No GTD", "Close"]);
    const rnpt = lastScreen(await tap(gtd, "No GTD"));
    expect(textOf(rnpt)).toContain(`Batch registration number (RNPT) of ${charger.name}`);
    const weight = lastScreen(await say("10702020/060520/0013127"));
    expect(textOf(weight)).toBe(
      `Actual weight of ${coffee.name}, unit 1 of 1, in kilograms: from 0.95 to 1.05.`,
    );
    // Out of Ozon's range: said on the question at once, nothing sent.
    const heavy = await say("2");
    expect(textOf(lastScreen(heavy))).toMatch(
      /^⚠️ Ozon takes a weight from 0\.95 to 1\.05 kg for this product\./,
    );
    // The RNPT lacks its item number: Ozon's check of the form refuses it, in its words.
    const refused = await say("0,98 kg");
    expect(textsOf(refused)).toEqual([
      `Ozon did not accept 1 answer:\n• RNPT of ${charger.name} «10702020/060520/0013127»: INVALID_RNPT_FORMAT\nPlease type it again.\n\n${textOf(rnpt)}`,
    ]);
    const rnptCode = h.sandbox.control.units.sample("rnpt");
    const confirm = lastScreen(await say(rnptCode));
    expect(textOf(confirm)).toContain(`Pack posting ${posting.postingNumber} in 1 box?`);
    await tap(confirm, "✅ Pack");
    expect(h.sandbox.control.posting(posting.postingNumber)?.status).toBe("awaiting_deliver");
    const units = must(h.sandbox.control.units.of(posting.postingNumber), "units");
    expect(
      units.products.map((p) =>
        p.exemplars.map((e) => ({ gtdAbsent: e.gtdAbsent, rnpt: e.rnpt, weight: e.weight })),
      ),
    ).toEqual([
      [{ gtdAbsent: true, rnpt: rnptCode, weight: null }],
      [{ gtdAbsent: false, rnpt: "", weight: 0.98 }],
    ]);
  });
});

describe("a store that still lacks the exemplar methods", () => {
  it("create-or-get answering 404 is asked first; then the seed's mark methods and ship form", async () => {
    // A store as the seed documents had it: no exemplar methods, no v4 ship.
    h = await startPostings({ sandbox: { rules: "seed" } });
    h.sandbox.contract.withdraw(
      "POST /v6/fbs/posting/product/exemplar/create-or-get",
      "POST /v4/posting/fbs/ship",
    );
    const { posting, alert } = await alertOf({
      products: [{ name: "Sneakers", quantity: 1, markRequired: true }],
    });
    const question = lastScreen(await exchange(h, press(alert, "⚡ Pack in 1 box", KEEPER)));
    expect(textOf(question)).toMatch(/\n\nMark of Sneakers, unit 1 of 1:$/);
    const refused = await say("BAD-MARK-0000000000000000");
    expect(textsOf(refused)).toEqual([
      "Ozon did not accept 1 answer:\n• mark of Sneakers, unit 1 «BAD-MARK-0000000000000000»\nPlease type it again.\n\nMark of Sneakers, unit 1 of 1:",
    ]);
    const good = h.sandbox.control.sampleMark();
    const confirm = lastScreen(await say(good));
    await tap(confirm, "✅ Pack");
    const shipped = h.sandbox.control.posting(posting.postingNumber);
    expect(shipped?.status).toBe("awaiting_deliver");
    expect(shipped?.products[0]?.marks).toEqual([good]);
    const methods = asked();
    const first = (part: string) => methods.findIndex((p) => p.includes(part));
    expect(first("exemplar/create-or-get")).toBeGreaterThanOrEqual(0);
    expect(first("exemplar/create-or-get")).toBeLessThan(first("mandatory-mark/is-required"));
    expect(methods.filter((p) => /exemplar\/(set|validate|status)/.test(p))).toEqual([]);
    // Today's ship was asked first, then the seed's form carried the mark.
    expect(first("/v4/posting/fbs/ship")).toBeLessThan(first("/v2/posting/fbs/ship"));
  });
});
