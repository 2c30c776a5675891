/**
 * The /start and /help buttons of warehouse staff offer Subscribe or Unsubscribe, whichever
 * applies to the chat, as their command menu does (person-menus.ts), not both.
 */
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../support/updates.ts";
import { buttonsOf, textOf } from "../harness.ts";
import { exchange, KEEPER, lastScreen, type PostingsHarness, startPostings } from "./harness.ts";

let h: PostingsHarness;
afterEach(() => h.close());

async function menuOf(name: "start" | "help") {
  const screen = lastScreen(await exchange(h, command(name, { from: KEEPER })));
  return { labels: buttonsOf(screen).map((b) => b.text), text: textOf(screen) };
}

describe("Subscribe or Unsubscribe in the menu", () => {
  it("offers the one that applies, on /start and /help, before and after subscribing", async () => {
    h = await startPostings();
    for (const name of ["start", "help"] as const) {
      const { labels, text } = await menuOf(name);
      expect(labels).toContain("🔔 Subscribe");
      expect(labels).not.toContain("🔕 Unsubscribe");
      if (name === "help") {
        expect(text).toContain("/subscribe");
        expect(text).not.toContain("/unsubscribe");
      }
    }
    await exchange(h, command("subscribe", { from: KEEPER }));
    for (const name of ["start", "help"] as const) {
      const { labels, text } = await menuOf(name);
      expect(labels).toContain("🔕 Unsubscribe");
      expect(labels).not.toContain("🔔 Subscribe");
      if (name === "help") expect(text).toContain("/unsubscribe");
    }
  });
});
