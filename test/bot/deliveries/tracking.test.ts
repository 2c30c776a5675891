/**
 * Tracking numbers: many at once from lines `posting number — tracking number`, with a preview
 * naming the bad lines, applied once; one typed from the card's 🔢 button; in both languages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { callback, command } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  answers,
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  PACKER,
  startDeliveries,
} from "./harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

const tracking = (n: string) => h.sandbox.control.posting(n)?.trackingNumber;

describe("tracking numbers (en)", () => {
  it("a preview names the bad lines; Apply sets the good ones once and says what Ozon did", async () => {
    h = await startDeliveries();
    const a = h.sandbox.control.addOwnDelivery().postingNumber;
    const b = h.sandbox.control.addOwnDelivery({ status: "delivering" }).postingNumber;
    const delivered = h.sandbox.control.addOwnDelivery({ status: "delivered" }).postingNumber;
    const lines = [
      `${a} — RA123456789RU`,
      `${b}\tCDEK-0042`,
      "hello there",
      `${a} — RB000`,
      "12345678-0001-9 — X",
      `${delivered}: LATE-123`,
    ].join("\n");
    const preview = lastScreen(await exchange(h, command("track", { from: KEEPER, args: lines })));
    const text = textOf(preview);
    expect(text).toContain("Tracking numbers for 3 postings:");
    expect(text).toContain(`${a} → RA123456789RU`);
    expect(text).toContain(`${b} → CDEK-0042`);
    expect(text).toContain("Lines with mistakes (3)");
    expect(text).toContain("line 3: “hello there” — not a posting number");
    expect(text).toContain(`line 4: “${a} — RB000” — this posting is above already`);
    expect(text).toContain("line 5: “12345678-0001-9 — X” — a tracking number is 4–40");
    expect(buttonsOf(preview).map((x) => x.text)).toEqual(["✅ Apply", "✖️ Don't apply"]);
    expect(tracking(a)).toBe("");

    // Someone else's preview is not theirs to apply.
    const foreign = await exchange(h, press(preview, "Apply", PACKER));
    expect(answers(foreign)).toEqual(["This list of tracking numbers is someone else's."]);
    expect(tracking(a)).toBe("");

    const applied = lastScreen(await exchange(h, press(preview, "Apply", KEEPER)));
    expect(tracking(a)).toBe("RA123456789RU");
    expect(tracking(b)).toBe("CDEK-0042");
    expect(textOf(applied)).toContain("Tracking numbers taken: 2 of 3.");
    expect(textOf(applied)).toContain(
      `✖️ ${delivered}: INVALID_POSTING_STATUS: tracking number cannot be set in delivered`,
    );

    // A second tap (a double tap) sends nothing more.
    const calls = h.sandbox.requests.length;
    const again = await exchange(h, press(preview, "Apply", KEEPER));
    expect(answers(again)).toEqual(["These tracking numbers were sent already or are too old."]);
    expect(h.sandbox.requests.length).toBe(calls);
  });

  it("the card's 🔢 button says how to type it; the card shows it after", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const data = h.codec.encode("vc", postingNumber, h.shopRef);
    const card = lastScreen(await exchange(h, callback(data, { from: KEEPER })));
    const hint = lastScreen(await exchange(h, press(card, "🔢 Tracking number", KEEPER)));
    expect(textOf(hint)).toContain(`/track ${postingNumber} — TRACKING-NUMBER`);
    const preview = lastScreen(
      await exchange(h, command("track", { from: KEEPER, args: `${postingNumber} — ZX-998877` })),
    );
    await exchange(h, press(preview, "Apply", KEEPER));
    expect(tracking(postingNumber)).toBe("ZX-998877");
    const refreshed = lastScreen(await exchange(h, press(card, "Refresh", KEEPER)));
    expect(textOf(refreshed)).toContain("🔢 Tracking number: ZX-998877");
  });

  it("Cancel drops the preview: nothing is sent", async () => {
    h = await startDeliveries();
    const { postingNumber } = h.sandbox.control.addOwnDelivery();
    const preview = lastScreen(
      await exchange(h, command("track", { from: KEEPER, args: `${postingNumber} AB-1234` })),
    );
    const dropped = lastScreen(await exchange(h, press(preview, "Don't apply", KEEPER)));
    expect(textOf(dropped)).toBe("The tracking numbers were not sent.");
    expect(tracking(postingNumber)).toBe("");
  });
});

describe("tracking numbers (ru)", () => {
  it("the preview and the result in Russian", async () => {
    h = await startDeliveries({ locale: "ru" });
    const ru = { ...KEEPER, language_code: "ru" };
    const a = h.sandbox.control.addOwnDelivery().postingNumber;
    const args = `${a} — RA123456789RU\nчто-то не то`;
    const preview = lastScreen(await exchange(h, command("track", { from: ru, args })));
    expect(textOf(preview)).toContain("Трек-номера к отправлениям: 1");
    expect(textOf(preview)).toContain("строка 2: «что-то не то» — не «номер — трек-номер»");
    const applied = lastScreen(await exchange(h, press(preview, "Применить", ru)));
    expect(textOf(applied)).toContain("Трек-номера приняты: 1 из 1.");
    expect(tracking(a)).toBe("RA123456789RU");
  });
});
