/**
 * Subscribing: the postings already waiting for packing (which no alert will announce, being
 * not new) are counted on the subscribe screen, with a button that lists them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command, person } from "../../support/updates.ts";
import { buttonsOf, press, textOf } from "../harness.ts";
import {
  ADMIN,
  exchange,
  KEEPER,
  lastScreen,
  messagesTo,
  type PostingsHarness,
  startPostings,
} from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

describe("/subscribe", () => {
  it("says how many postings already wait for packing, and lists them with one tap", async () => {
    h = await startPostings({ sandbox: { initialPostings: 5 } });
    // The watcher has already seen these five: no alert or summary will mention them.
    await h.watcher.runOnce();
    const screen = lastScreen(await exchange(h, command("subscribe", { from: KEEPER })));
    expect(textOf(screen)).toContain("This chat now gets an alert");
    expect(textOf(screen)).toContain("5 postings are waiting to be packed.");
    await h.watcher.runOnce();
    expect(messagesTo(h, KEEPER.id)).toHaveLength(1);

    const list = lastScreen(await exchange(h, press(screen, "📋 Show 5 postings", KEEPER)));
    expect(textOf(list)).toContain("Postings waiting to be packed: 5");
    for (const p of h.sandbox.control.postings()) expect(textOf(list)).toContain(p.postingNumber);
  });

  it("speaks Russian to a Russian speaker", async () => {
    h = await startPostings({ sandbox: { initialPostings: 2 } });
    const ivan = person(9010, { first_name: "Иван", language_code: "ru" });
    await h.access.grant(ivan.id, "warehouse", ADMIN.id);
    const screen = lastScreen(await exchange(h, command("subscribe", { from: ivan })));
    expect(textOf(screen)).toContain("2 отправления ждут сборки.");
    expect(buttonsOf(screen).map((b) => b.text)).toContain("📋 Показать 2 отправления");
  });

  it("says nothing about waiting postings when there are none", async () => {
    h = await startPostings();
    const screen = lastScreen(await exchange(h, command("subscribe", { from: KEEPER })));
    expect(textOf(screen)).not.toContain("waiting");
    expect(buttonsOf(screen).map((b) => b.text)).not.toContainEqual(
      expect.stringMatching(/^📋 Show/),
    );
  });
});
