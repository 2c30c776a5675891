/**
 * After a card's 🔢 button the next message is the posting's tracking number: typed (not taken by
 * /find for a search), or a photo of the carrier's barcode read in-process; a preview, then Apply.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BotContext } from "../../../src/bot/core/context.ts";
import { ReadAhead } from "../../../src/bot/core/read-ahead.ts";
import { TypedWaits } from "../../../src/bot/core/typed-wait.ts";
import { awaitTracking } from "../../../src/bot/deliveries/tracking-typed.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { callback, command, photo, text } from "../../support/updates.ts";
import { press, textOf } from "../harness.ts";
import { labelPhotoPng } from "../postings/find/images.ts";
import {
  type DeliveriesHarness,
  exchange,
  KEEPER,
  lastScreen,
  startDeliveries,
} from "./harness.ts";

let h: DeliveriesHarness;
afterEach(() => h.close());

async function askTracking(who = KEEPER) {
  const { postingNumber } = h.sandbox.control.addOwnDelivery();
  const data = h.codec.encode("vc", postingNumber, h.shopRef);
  const card = lastScreen(await exchange(h, callback(data, { from: who })));
  const hint = lastScreen(await exchange(h, press(card, /Tracking number|Трек-номер/, who)));
  return { postingNumber, hint };
}

const tracking = (n: string) => h.sandbox.control.posting(n)?.trackingNumber;

describe("a tracking number after 🔢 (en)", () => {
  it("typed: a bad one is asked again, a good one previewed and applied", async () => {
    h = await startDeliveries();
    const { postingNumber, hint } = await askTracking();
    expect(textOf(hint)).toContain(`Type the tracking number of posting ${postingNumber}`);
    const bad = lastScreen(await exchange(h, text("no idea", { from: KEEPER })));
    expect(textOf(bad)).toContain("“no idea” does not look like a tracking number");
    // Digits only: /find would take them for a label's barcode; here they are the number.
    const preview = lastScreen(await exchange(h, text("80012345678901", { from: KEEPER })));
    expect(textOf(preview)).toContain(`${postingNumber} → 80012345678901`);
    await exchange(h, press(preview, "Apply", KEEPER));
    expect(tracking(postingNumber)).toBe("80012345678901");
    // The wait is over: the next text is /find's again.
    const after = lastScreen(await exchange(h, text("RA123", { from: KEEPER })));
    expect(textOf(after)).not.toContain("→");
  });

  it("a photo of the carrier's barcode is read and previewed", async () => {
    h = await startDeliveries();
    const { postingNumber } = await askTracking();
    const png = await labelPhotoPng("RA123456789RU");
    h.fake.registerFile(png, { fileId: "carrier-photo", filePath: "photos/carrier.png" });
    const preview = lastScreen(
      await exchange(h, photo({ from: KEEPER, fileId: "carrier-photo", fileSize: png.byteLength })),
    );
    expect(textOf(preview)).toContain(`${postingNumber} → RA123456789RU`);
    await exchange(h, press(preview, "Apply", KEEPER));
    expect(tracking(postingNumber)).toBe("RA123456789RU");
  });

  it("a command ends the wait", async () => {
    h = await startDeliveries();
    const { postingNumber } = await askTracking();
    await exchange(h, command("deliveries", { from: KEEPER }));
    await exchange(h, text("ZZ-4444", { from: KEEPER }));
    expect(tracking(postingNumber)).toBe("");
    const keys = await h.store.list("tracking-batch:");
    expect(keys).toEqual([]);
  });
});

describe("a tracking number after 🔢 (ru)", () => {
  it("asks and previews in Russian", async () => {
    h = await startDeliveries({ locale: "ru" });
    const ru = { ...KEEPER, language_code: "ru" };
    const { postingNumber, hint } = await askTracking(ru);
    expect(textOf(hint)).toContain(`Напишите трек-номер отправления ${postingNumber}`);
    const preview = lastScreen(await exchange(h, text("CDEK-777", { from: ru })));
    expect(textOf(preview)).toContain("Трек-номера к отправлениям: 1");
    await exchange(h, press(preview, "Применить", ru));
    expect(tracking(postingNumber)).toBe("CDEK-777");
  });
});

describe("the wait read along with the chat lock (Redis)", () => {
  it("a command deletes the wait only when there is one: no store write on every command", async () => {
    const store = new MemoryStore();
    const readAhead = new ReadAhead();
    // The wait is ended for every feature by one middleware ahead of them (core/typed-wait.ts).
    TypedWaits.readAlong(readAhead);
    const ending = new TypedWaits({ store, readAhead }).middleware();
    const ctx = {
      message: { message_id: 1, date: 0, text: "/help", chat: { id: 7, type: "private" } },
      chat: { id: 7, type: "private" },
      from: { id: 8, is_bot: false, first_name: "Keeper" },
      person: { id: 8, roles: ["warehouse"] },
    } as unknown as BotContext;
    // As the chat lock does on Redis: each key read along, handed over, forgotten after.
    const handle = async () => {
      const keys = readAhead.readers.map((reader) => reader.keyOf(ctx));
      for (const [i, reader] of readAhead.readers.entries()) {
        const key = keys[i];
        if (key !== undefined) reader.onRead(ctx, key, await store.get(key));
      }
      await ending(ctx, async () => {});
      for (const [i, reader] of readAhead.readers.entries()) {
        const key = keys[i];
        if (key !== undefined) reader.done?.(ctx, key);
      }
    };
    const deletes = vi.spyOn(store, "delete");
    await handle();
    expect(deletes).not.toHaveBeenCalled();

    await awaitTracking(store, ctx, "12345678-0001-1");
    await handle();
    expect(deletes).toHaveBeenCalledTimes(1);
    expect(await store.list("typed-wait:")).toEqual([]);
  });
});
