/**
 * No keyboard builder leaves an empty row, whatever it is given: none, one or many items, one page
 * or several. (Every bot test also checks the keyboards it makes the bot send: test/support/setup.ts.)
 */
import { InlineKeyboard } from "grammy";
import { describe, expect, it } from "vitest";
import type { CampaignView } from "../../../src/bot/ads/format.ts";
import {
  attributionKeyboard,
  budgetAmountKeyboard,
  budgetCampaignsKeyboard,
  budgetConfirmKeyboard,
  kindKeyboard,
  objectsKeyboard,
  periodKeyboard,
  reportCampaignsKeyboard,
  reportConfirmKeyboard,
} from "../../../src/bot/ads/keyboards.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { newRow } from "../../../src/bot/core/keyboard-rows.ts";
import {
  digestKeyboard,
  labelKeyboard,
  listButton,
  postingKeyboard,
} from "../../../src/bot/postings/keyboards.ts";
import { TEST_BOT_TOKEN } from "../../support/fake-bot-api.ts";

const codec = createCallbackCodec(TEST_BOT_TOKEN);
const t = (key: string) => key;
const button = (step: string, value: string | number = "") => `${step}:${value}`;
const campaigns = (n: number): CampaignView[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(1000 + i),
    title: `Campaign ${i}`,
    stateKey: "running",
    budget: "1500000000",
  }));
const numbers = (n: number) => Array.from({ length: n }, (_, i) => `1234-${i}-1`);

function emptyRows(keyboard: InlineKeyboard): number[] {
  return keyboard.inline_keyboard.flatMap((row, i) => (row.length === 0 ? [i] : []));
}

const counts = [1, 2, 3, 7];
const pagings = [
  [0, 1],
  [0, 3],
  [1, 3],
  [2, 3],
] as const;

describe("keyboard builders", () => {
  it("newRow starts a row only after buttons", () => {
    const keyboard = newRow(newRow(new InlineKeyboard()));
    expect(keyboard.inline_keyboard).toEqual([[]]);
    newRow(keyboard.text("a", "a")).text("b", "b");
    newRow(newRow(keyboard));
    expect(keyboard.inline_keyboard.map((row) => row.map((b) => b.text))).toEqual([
      ["a"],
      ["b"],
      [],
    ]);
  });

  it.each(counts.flatMap((count) => pagings.map(([page, pages]) => ({ count, page, pages }))))(
    "campaign lists: $count campaigns, page $page of $pages",
    ({ count, page, pages }) => {
      const shown = campaigns(count);
      const chosen = new Set([shown[0]?.id ?? ""]);
      expect(emptyRows(budgetCampaignsKeyboard(button, t, shown, page, pages))).toEqual([]);
      expect(emptyRows(reportCampaignsKeyboard(button, t, shown, chosen, page, pages))).toEqual([]);
    },
  );

  it.each(counts)("objects, digests and labels of %i items", (count) => {
    expect(emptyRows(objectsKeyboard(button, t, numbers(count)))).toEqual([]);
    expect(emptyRows(digestKeyboard(codec, numbers(count), 1, "1"))).toEqual([]);
    expect(emptyRows(labelKeyboard(codec, t, numbers(count), "1234-0-1", "1"))).toEqual([]);
  });

  it("the fixed keyboards", () => {
    const fixed = [
      budgetAmountKeyboard(button, t),
      budgetConfirmKeyboard(button, t),
      periodKeyboard(button, t),
      kindKeyboard(button, t),
      attributionKeyboard(button, t),
      reportConfirmKeyboard(button, t),
      reportConfirmKeyboard(button, t, "xlsx", "START_OF_MONTH"),
      postingKeyboard(
        codec,
        t,
        { postingNumber: "1234-0-1", products: [{ quantity: 1 }] },
        false,
        "1",
      ),
      postingKeyboard(
        codec,
        t,
        { postingNumber: "1234-0-1", products: [{ quantity: 2 }] },
        true,
        "1",
      ),
      labelKeyboard(codec, t, [], "1234-0-1", "1"),
      listButton(codec, t, 2),
    ];
    for (const keyboard of fixed) expect(emptyRows(keyboard)).toEqual([]);
  });
});

describe("a posting's card buttons", () => {
  const kinds = (keyboard: InlineKeyboard) =>
    keyboard.inline_keyboard.map((row) =>
      row.map((b) => ("callback_data" in b ? codec.decode(b.callback_data)?.kind : undefined)),
    );
  const card = (quantities: number[], writeToBuyer = false) =>
    kinds(
      postingKeyboard(
        codec,
        t,
        { postingNumber: "1234-0-1", products: quantities.map((quantity) => ({ quantity })) },
        writeToBuyer,
        "1",
      ),
    );

  it("a 1-piece posting: Pack and ⚡, then Cancel; no Split, no Label before packing", () => {
    expect(card([1])).toEqual([["ps", "pq"], ["pc"]]);
  });

  it("more than one piece: Split into boxes on its own row under ⚡; Write to buyer beside Cancel", () => {
    expect(card([1, 1])).toEqual([["ps", "pq"], ["pk"], ["pc"]]);
    expect(card([3], true)).toEqual([["ps", "pq"], ["pk"], ["pc", "wb"]]);
  });
});
