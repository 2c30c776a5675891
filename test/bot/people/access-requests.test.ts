/** A stranger asks for access: admins hear it once a day, one admin answers it once. */
import { afterEach, describe, expect, it } from "vitest";
import { ACCESS_REQUESTS_PER_HOUR } from "../../../src/bot/people/access-requests.ts";
import { command, person, text } from "../../support/updates.ts";
import { buttonsOf, type Harness, press, startBot, textOf } from "../harness.ts";

const ADMIN = person(401, { first_name: "Ada", language_code: "en" });
const ADMIN2 = person(402, { first_name: "Max", language_code: "en" });
const STRANGER = person(403, { first_name: "Sam", username: "sam_w", language_code: "en" });

let h: Harness;
afterEach(() => h?.close());

const to = (id: number, since: number) =>
  h.fake.waitForCall("sendMessage", (c) => c.payload.chat_id === id && c.seq >= since);

describe("access requests", () => {
  it("reach every admin with the stranger's id; one request a day; one answer, by an admin", async () => {
    h = await startBot({ adminIds: [ADMIN.id, ADMIN2.id] });
    for (const admin of [ADMIN, ADMIN2]) await h.access.setLocale({ id: admin.id }, "en");
    let since = h.fake.calls.length;
    await h.send(text("hello", { from: STRANGER }));
    const refusal = await to(STRANGER.id, since);
    expect(textOf(refusal)).toContain("serves the shop's team only");

    since = h.fake.calls.length;
    await h.send(press(refusal, "Ask for access", STRANGER));
    const toAdmin = await to(ADMIN.id, since);
    const toAdmin2 = await to(ADMIN2.id, since);
    expect(textOf(toAdmin)).toContain("Sam (@sam_w), Telegram id: 403");
    expect(buttonsOf(toAdmin).map((b) => b.text)).toEqual([
      "warehouse",
      "customer care",
      "manager",
      "administrator",
      "Ignore",
    ]);
    const sent = await h.fake.waitForCall("editMessageText", (c) => c.seq >= since);
    expect(textOf(sent)).toContain("went to the administrators");

    // Again within the day: refused, the admins hear nothing more.
    since = h.fake.calls.length;
    await h.send(command("start", { from: STRANGER }));
    const again = await to(STRANGER.id, since);
    await h.send(press(again, "Ask for access", STRANGER));
    const alert = await h.fake.waitForCall("answerCallbackQuery", (c) => c.seq >= since);
    expect(alert.payload.text).toContain("already sent");
    expect(
      h.fake
        .callsTo("sendMessage")
        .filter((c) => c.seq >= since && c.payload.chat_id !== STRANGER.id),
    ).toHaveLength(0);

    // The stranger cannot press the admins' buttons; the first admin's answer is the only one.
    since = h.fake.calls.length;
    await h.send(press(toAdmin, "warehouse", STRANGER));
    const denied = await h.fake.waitForCall("answerCallbackQuery", (c) => c.seq >= since);
    expect(denied.payload.show_alert).toBe(true);
    expect(h.fake.callsTo("editMessageText").filter((c) => c.seq >= since)).toHaveLength(0);

    await h.send(press(toAdmin, "warehouse", ADMIN));
    const link = await h.fake.waitForCall("editMessageText", (c) => c.seq >= since);
    const payload = /start=([\w-]+)/.exec(textOf(link))?.[1];
    expect(payload).toBeDefined();

    since = h.fake.calls.length;
    await h.send(press(toAdmin2, "Ignore", ADMIN2));
    const late = await h.fake.waitForCall("answerCallbackQuery", (c) => c.seq >= since);
    expect(late.payload.text).toContain("already been answered");

    // The link works; nothing permanent stays for a stranger: the request expires in a day.
    await h.send(command("start", { from: STRANGER, args: payload }));
    expect((await h.access.find(STRANGER.id))?.roles).toEqual(["warehouse"]);
  });

  it("reach the admins at most so many times an hour, however many accounts ask", async () => {
    h = await startBot({ adminIds: [ADMIN.id] });
    await h.access.setLocale({ id: ADMIN.id }, "en");
    const ask = async (id: number) => {
      const stranger = person(id, { first_name: `S${id}`, language_code: "en" });
      let since = h.fake.calls.length;
      await h.send(text("hello", { from: stranger }));
      const refusal = await to(id, since);
      since = h.fake.calls.length;
      await h.send(press(refusal, "Ask for access", stranger));
      return h.fake.waitForCall("answerCallbackQuery", (c) => c.seq >= since);
    };
    for (let i = 0; i < ACCESS_REQUESTS_PER_HOUR; i++) await ask(5000 + i);
    expect(
      h.fake.callsTo("sendMessage").filter((c) => c.payload.chat_id === ADMIN.id),
    ).toHaveLength(ACCESS_REQUESTS_PER_HOUR);
    const refused = await ask(6000);
    expect(refused.payload.text).toContain("try again later");
    expect(
      h.fake.callsTo("sendMessage").filter((c) => c.payload.chat_id === ADMIN.id),
    ).toHaveLength(ACCESS_REQUESTS_PER_HOUR);
  });
});
