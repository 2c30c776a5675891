/**
 * The people area's buttons and the menu's (people/buttons.ts, core/menu.ts): a signed press whose
 * arguments do not fit its kind is refused with "This button no longer works" before any handler
 * runs — nothing is sent, no role, invite or language changes.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCallbackCodec } from "../../src/bot/core/callback-data.ts";
import { callback, person } from "../support/updates.ts";
import { type Harness, startBot } from "./harness.ts";

const ADMIN = person(501, { first_name: "Ada", language_code: "en" });
const BOB = person(502, { first_name: "Bob", language_code: "en" });
const STRANGER = person(503, { first_name: "Sam", language_code: "en" });

let h: Harness;
beforeEach(async () => {
  h = await startBot({ adminIds: [ADMIN.id] });
  await h.access.grant(BOB.id, "warehouse", ADMIN.id);
});
afterEach(() => h.close());

/** Presses the signed button `kind:args…` as `who`; returns the Bot API calls it made. */
async function pressRaw(who: typeof ADMIN, kind: string, ...args: string[]) {
  const since = h.fake.calls.length;
  await h.send(callback(createCallbackCodec(h.fake.token).encode(kind, ...args), { from: who }));
  return h.fake.calls.slice(since);
}

const ADMIN_PRESSES: [string, ...string[]][] = [
  ["us", "p", ""], // a page that is no number
  ["us", "p", "1e3"],
  ["us", "o", "x"], // a person that is no id
  ["us", "g", String(BOB.id), "superuser", "0"], // a role that does not exist
  ["us", "r", "-502", "warehouse"], // a group's id is no person
  ["us", "s", String(BOB.id), "admin", "0"], // an admin covers every store: no picker
  ["us", "st", "AAAAAAAAAAA", "ZZ"], // a shop ref "ZZ"
  ["us", "sa"], // the picker's draft missing
  ["us", "x", String(BOB.id)], // no such action
  ["iv", "root"],
  ["iv", "t", "AAAAAAAAAAA"], // a toggle without its store
  ["iv", "d", "short"], // a draft id the picker never makes
  ["ad", "i", String(STRANGER.id), "root"],
  ["ad", "x", "abc"],
  ["ad", "x"],
  ["m", "nope"], // the menu: a command that does not exist
  ["m"],
];

describe("people buttons whose arguments do not fit", () => {
  it("are refused with the alert and change nothing", async () => {
    const roles = async () => (await h.access.listPeople()).map((p) => [p.id, p.roles, p.shops]);
    const rolesBefore = await roles();
    for (const [kind, ...args] of ADMIN_PRESSES) {
      const calls = await pressRaw(ADMIN, kind, ...args);
      const label = [kind, ...args].join(":");
      expect(
        calls.map((c) => c.method),
        label,
      ).toEqual(["answerCallbackQuery"]);
      expect(calls[0]?.payload.show_alert, label).toBe(true);
      expect(calls[0]?.payload.text, label).toBe(
        "This button no longer works. Open the menu again: /start",
      );
    }
    expect(await roles()).toEqual(rolesBefore);
    expect(await h.store.list("invite:")).toEqual([]);
    expect(await h.store.list("scope-draft:")).toEqual([]);
  });

  it("a stranger's language or access request with arguments it never has does nothing", async () => {
    for (const [kind, ...args] of [["lg", "fr"], ["lg"], ["ar", "1"]] as const) {
      const calls = await pressRaw(STRANGER, kind, ...args);
      expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
      expect(calls[0]?.payload.text).toBe(
        "This button no longer works. Open the menu again: /start",
      );
    }
    expect(await h.store.list("access-request")).toEqual([]);
    // A stranger's language is kept with their id (language.ts): nothing was.
    expect(await h.store.get(`person:${STRANGER.id}`)).toBeUndefined();
  });
});
