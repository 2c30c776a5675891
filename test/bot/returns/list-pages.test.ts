/**
 * /returns in pages within Telegram's limits: 20 stores with 10 open rFBS requests each made one
 * message of 200 buttons (Telegram takes 100 at most, and the fake Bot API refuses more as it
 * does). Now every page has at most 100 buttons, ◀️ ▶️ go through every store once, and only the
 * person who opened the list turns its pages. Sandbox over HTTP, fake Bot API.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../support/fake-bot-api.ts";
import { command } from "../../support/updates.ts";
import { ADMIN, type AfterSaleEnv, SELLER, startAfterSaleEnv } from "../after-sale.ts";
import { buttonsOf, press, textOf } from "../harness.ts";

let env: AfterSaleEnv | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const screens = (e: AfterSaleEnv, since: number) =>
  e.fake.calls
    .slice(since)
    .filter((c) => c.method === "sendMessage" || c.method === "editMessageText");
const requestButtons = (call: RecordedCall) => buttonsOf(call).filter((b) => b.text.includes("R-"));

describe("/returns in pages", () => {
  it("20 stores × 10 requests: ≤ 100 buttons a message, every store's requests once", async () => {
    env = await startAfterSaleEnv({ shopCount: 20 });
    for (let i = 0; i < 10; i++) env.sandbox.control.afterSale.addRfbsRequest();
    const since = env.fake.calls.length;
    await env.send(command("returns", { from: SELLER }));
    const sent = screens(env, since);
    for (const call of sent) expect(call.response?.ok, JSON.stringify(call.response)).toBe(true);
    let page = sent.at(-1) as RecordedCall;
    const labels = buttonsOf(page).map((b) => b.text);
    expect(buttonsOf(page).length).toBeLessThanOrEqual(100);
    const count = Number(/^1 \/ (\d+)$/.exec(labels.find((t) => t.includes(" / ")) ?? "")?.[1]);
    expect(count).toBeGreaterThan(1);
    expect(labels.at(-1)).toBe("🔔 Send returns here");

    let opened = requestButtons(page).length;
    let stores = (textOf(page).match(/🏪 /g) ?? []).length;
    for (let i = 2; i <= count; i++) {
      const at = env.fake.calls.length;
      await env.send(press(page, "▶️", SELLER));
      page = screens(env, at).at(-1) as RecordedCall;
      expect(page.method).toBe("editMessageText");
      expect(page.response?.ok).toBe(true);
      expect(buttonsOf(page).length).toBeLessThanOrEqual(100);
      expect(textOf(page).length).toBeLessThanOrEqual(4096);
      expect(buttonsOf(page).map((b) => b.text)).toContain(`${i} / ${count}`);
      opened += requestButtons(page).length;
      stores += (textOf(page).match(/🏪 /g) ?? []).length;
    }
    expect(opened).toBe(200);
    expect(stores).toBe(20);
    expect(buttonsOf(page).map((b) => b.text)).not.toContain("▶️");
  });

  it("the pages turn only for whoever opened the list", async () => {
    env = await startAfterSaleEnv({ shopCount: 20 });
    for (let i = 0; i < 10; i++) env.sandbox.control.afterSale.addRfbsRequest();
    const since = env.fake.calls.length;
    await env.send(command("returns", { from: SELLER }));
    const list = screens(env, since).at(-1) as RecordedCall;
    const at = env.fake.calls.length;
    await env.send(press(list, "▶️", ADMIN));
    const answered = env.fake.calls.slice(at).filter((c) => c.method === "answerCallbackQuery");
    expect(answered.map((c) => c.payload.text)).toEqual([
      "Листать этот список может только тот, кто его открыл. Отправьте /returns, чтобы увидеть свой.",
    ]);
    expect(env.fake.calls.slice(at).filter((c) => c.method === "editMessageText")).toEqual([]);
  });
});
