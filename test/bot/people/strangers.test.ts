/**
 * People without a role leave nothing behind for good: a stranger's language choice and the
 * record of someone whose roles were all revoked expire after STRANGER_TTL_MS (renewed by each
 * change); records of people with a role, ADMIN_IDS admins included, stay.
 */
import { afterEach, describe, expect, it } from "vitest";
import { STRANGER_TTL_MS } from "../../../src/services/access/index.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { command, person } from "../../support/updates.ts";
import { type Harness, press, startBot, textOf } from "../harness.ts";

const ADMIN = person(501, { first_name: "Ada", language_code: "en" });
const STRANGER = person(502, { first_name: "Stan", language_code: "ru" });
const BOB = person(503, { first_name: "Bob", language_code: "en" });

let h: Harness;
let now: number;
afterEach(() => h?.close());

async function startWithClock() {
  now = Date.now();
  const store = new MemoryStore({ now: () => now });
  h = await startBot({ adminIds: [ADMIN.id], store, closeStore: true });
}

async function chooseEnglish(who: typeof STRANGER) {
  const since = h.fake.calls.length;
  await h.send(command("language", { from: who }));
  const menu = await h.fake.waitForCall("sendMessage", () => true, 2_000, { since });
  await h.send(press(menu, "English", who));
  const edited = await h.fake.waitForCall("editMessageText", () => true, 2_000, { since });
  expect(textOf(edited)).toBe("Language: English");
}

describe("records without a role", () => {
  it("a stranger's /language is kept a while, renewed by each choice, then forgotten", async () => {
    await startWithClock();
    await chooseEnglish(STRANGER);
    expect(await h.store.get(`person:${STRANGER.id}`)).toMatchObject({ locale: "en", roles: [] });

    now += STRANGER_TTL_MS - 1;
    await chooseEnglish(STRANGER); // chosen again: kept for another period from now
    now += STRANGER_TTL_MS - 1;
    expect(await h.store.get(`person:${STRANGER.id}`)).toMatchObject({ locale: "en" });
    now += 1;
    expect(await h.store.list("person:")).toEqual([]);
  });

  it("a person whose last role is revoked is forgotten after the same while; others stay", async () => {
    await startWithClock();
    await h.access.grant(BOB.id, "warehouse", ADMIN.id);
    // Both write to the bot, so both have a record with their name.
    await h.send(command("start", { from: BOB }));
    await h.send(command("start", { from: ADMIN }));
    now += 2 * STRANGER_TTL_MS;
    expect((await h.store.list("person:")).map((e) => e.key)).toEqual([
      `person:${ADMIN.id}`,
      `person:${BOB.id}`,
    ]);

    expect(await h.access.revoke(BOB.id, "warehouse")).toMatchObject({ ok: true });
    now += STRANGER_TTL_MS;
    // The ADMIN_IDS admin's record holds no stored role, yet it stays: the admin role counts.
    expect((await h.store.list("person:")).map((e) => e.key)).toEqual([`person:${ADMIN.id}`]);
  });
});
