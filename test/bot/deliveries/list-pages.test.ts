/**
 * /deliveries in pages within Telegram's limits: 20 stores × 2 states with 40-character tracking
 * numbers made one message of 5 075 characters, which Telegram refuses (4 096 at most). Now each
 * page fits, ◀️ ▶️ go through every posting once, and only the person who opened the list turns
 * its pages. Fake Bot API (it refuses a text over 4 096 as Telegram does), sandbox over HTTP.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
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

const numbered = (call: RecordedCall) =>
  textOf(call)
    .split("\n")
    .filter((line) => /^\d+\. /.test(line));

describe("/deliveries in pages", () => {
  it("20 stores × 2 states, 40-character tracking numbers: every page ≤ 4096, all shown once", async () => {
    h = await startDeliveries({ shopCount: 20 });
    const c = h.sandbox.control;
    c.addOwnDelivery({ status: "delivering", trackingNumber: "RA".padEnd(40, "7") });
    const lastMile = c.addOwnDelivery({
      status: "delivering",
      trackingNumber: "CD".padEnd(40, "5"),
    });
    c.setPostingStatus(lastMile.postingNumber, "driver_pickup");

    const sent = await exchange(h, command("deliveries", { from: KEEPER }));
    for (const call of sent) expect(call.response?.ok, JSON.stringify(call.response)).toBe(true);
    let page = lastScreen(sent);
    expect(textOf(page).split("\n")[0]).toBe("🚚 Own deliveries on their way: 40");
    const pager = buttonsOf(page).map((b) => b.text);
    const count = Number(/^1 \/ (\d+)$/.exec(pager.find((t) => t.includes(" / ")) ?? "")?.[1]);
    expect(count).toBeGreaterThan(1);
    expect(pager).toContain("▶️");
    expect(pager).not.toContain("◀️");

    const seen = [...numbered(page)];
    for (let i = 2; i <= count; i++) {
      const turned = await exchange(h, press(page, "▶️", KEEPER));
      page = lastScreen(turned);
      expect(page.method).toBe("editMessageText");
      expect(textOf(page).length).toBeLessThanOrEqual(4096);
      expect(buttonsOf(page).map((b) => b.text)).toContain(`${i} / ${count}`);
      // A page that starts inside a store's state says whose and which it is.
      expect(textOf(page).split("\n")[2]).toMatch(/ · /);
      seen.push(...numbered(page));
    }
    expect(seen.map((line) => Number(line.split(".")[0]))).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(seen.filter((line) => line.includes("RA".padEnd(40, "7")))).toHaveLength(20);
    // Each page's buttons open its own postings, numbered as its lines.
    const last = buttonsOf(page).map((b) => b.text);
    expect(last).toContain(String(40));
    expect(last).toContain("◀️");
    expect(last).not.toContain("▶️");

    // Back a page.
    const back = lastScreen(await exchange(h, press(page, "◀️", KEEPER)));
    expect(buttonsOf(back).map((b) => b.text)).toContain(`${count - 1} / ${count}`);
  });

  it("the pages turn only for whoever opened the list", async () => {
    h = await startDeliveries({ shopCount: 20 });
    const c = h.sandbox.control;
    c.addOwnDelivery({ status: "delivering", trackingNumber: "RA".padEnd(40, "7") });
    c.addOwnDelivery({ status: "delivering", trackingNumber: "CD".padEnd(40, "5") });
    const list = lastScreen(await exchange(h, command("deliveries", { from: KEEPER })));
    const other = await exchange(h, press(list, "▶️", PACKER));
    expect(answers(other)).toEqual([
      "These pages turn for whoever opened the list. Send /deliveries to see yours.",
    ]);
    expect(other.filter((call) => call.method === "editMessageText")).toEqual([]);
  });
});
