/**
 * /money's keyboard stays within Telegram's 100 buttons however many stores a person reaches,
 * keeps the stores in their order, always offers the shown one, and marks it ● (not ✅).
 */
import { describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { CHOSEN } from "../../../src/bot/core/marks.ts";
import { moneyKeyboard, STORE_BUTTONS } from "../../../src/bot/money/keyboards.ts";

const codec = createCallbackCodec("123:test-token");
const t = ((key: string) => key) as never;

describe("/money's keyboard", () => {
  it("has at most STORE_BUTTONS stores, the shown one always among them, in their order", () => {
    const stores = Array.from({ length: 150 }, (_, i) => ({ ref: `s${i}`, name: `Store ${i}` }));
    const keyboard = moneyKeyboard(codec, t, { kind: "d", ref: "s140", owner: 1 }, stores, {
      loss: true,
      payout: false,
    });
    const labels = keyboard.inline_keyboard.flat().map((b) => b.text);
    expect(labels.length).toBeLessThanOrEqual(100);
    const storeLabels = labels.filter((l) => l.includes("Store "));
    expect(storeLabels).toHaveLength(STORE_BUTTONS);
    expect(storeLabels[0]).toBe("Store 0");
    expect(storeLabels.at(-1)).toBe(`${CHOSEN} Store 140`);
    expect(labels.some((l) => l.startsWith("✅"))).toBe(false);
  });
});
