/**
 * The people area's buttons and the menu's (people/buttons.ts, core/menu.ts): a signed press whose
 * arguments do not fit its kind is refused with "This button no longer works" before any handler
 * runs — nothing is sent, no role, invite or language changes.
 */
import type { Update } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectUnfitRefused } from "../../support/refused-presses.ts";
import { person } from "../../support/updates.ts";
import { type Harness, startBot } from "../harness.ts";

const ADMIN = person(501, { first_name: "Ada", language_code: "en" });
const BOB = person(502, { first_name: "Bob", language_code: "en" });
const STRANGER = person(503, { first_name: "Sam", language_code: "en" });
const BOB_ID = String(BOB.id);

let h: Harness;
beforeEach(async () => {
  h = await startBot({ adminIds: [ADMIN.id] });
  await h.access.grant(BOB.id, "warehouse", ADMIN.id);
});
afterEach(() => h.close());

async function exchange(update: Update) {
  const since = h.fake.calls.length;
  await h.send(update);
  return h.fake.calls.slice(since);
}

describe("people buttons whose arguments do not fit", () => {
  it("are refused with the alert and change nothing", async () => {
    const roles = async () => (await h.access.listPeople()).map((p) => [p.id, p.roles, p.shops]);
    const rolesBefore = await roles();
    await expectUnfitRefused(exchange, h.fake.token, [
      [ADMIN, "us", "p", ""], // a page that is no number
      [ADMIN, "us", "p", "1e3"],
      [ADMIN, "us", "o", "x"], // a person that is no id
      [ADMIN, "us", "g", BOB_ID, "superuser", "0"], // a role that does not exist
      [ADMIN, "us", "r", "-502", "warehouse"], // a group's id is no person
      [ADMIN, "us", "s", BOB_ID, "admin", "0"], // an admin covers every store: no picker
      [ADMIN, "us", "st", "AAAAAAAAAAA", "ZZ"], // a shop ref "ZZ"
      [ADMIN, "us", "sa"], // the picker's draft missing
      [ADMIN, "us", "x", BOB_ID], // no such action
      [ADMIN, "iv", "root"],
      [ADMIN, "iv", "t", "AAAAAAAAAAA"], // a toggle without its store
      [ADMIN, "iv", "d", "short"], // a draft id the picker never makes
      [ADMIN, "ad", "i", String(STRANGER.id), "root"],
      [ADMIN, "ad", "x", "abc"],
      [ADMIN, "ad", "x"],
      [ADMIN, "m", "nope"], // the menu: a command that does not exist
      [ADMIN, "m"],
    ]);
    expect(await roles()).toEqual(rolesBefore);
    expect(await h.store.list("invite:")).toEqual([]);
    expect(await h.store.list("scope-draft:")).toEqual([]);
  });

  it("a stranger's language or access request with arguments it never has does nothing", async () => {
    await expectUnfitRefused(exchange, h.fake.token, [
      [STRANGER, "lg", "fr"],
      [STRANGER, "lg"],
      [STRANGER, "ar", "1"],
    ]);
    expect(await h.store.list("access-request")).toEqual([]);
    // A stranger's language is kept with their id (language.ts): nothing was.
    expect(await h.store.get(`person:${STRANGER.id}`)).toBeUndefined();
  });
});
