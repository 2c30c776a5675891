/**
 * The open Homes are read a page at a time with a cursor, so a pass over more screens than one
 * page goes on where the last stopped and every screen has its turn; a redraw edits only a screen
 * nothing replaced meanwhile.
 */
import { describe, expect, it } from "vitest";
import { type OpenScreen, OpenScreens } from "../../../src/services/home/open-screens.ts";
import { MemoryStore } from "../../../src/store/memory.ts";

const now = Date.now();
const screen = (chatId: number): OpenScreen => ({
  chatId,
  messageId: 1,
  personId: chatId,
  locale: "en",
  group: false,
  help: false,
  openedAt: now,
  drawnAt: now,
  counts: "pack:1",
});

describe("open Home screens", () => {
  it("are paged with a cursor that reaches every screen, then starts again", async () => {
    const screens = new OpenScreens(new MemoryStore());
    for (const chat of [11, 12, 13, 14, 15]) await screens.remember(screen(chat), now);
    const seen: number[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await screens.page(2, after);
      seen.push(...page.screens.map((one) => one.chatId));
      after = page.next;
      pages += 1;
    } while (after !== undefined && pages < 10);
    expect(seen.sort()).toEqual([11, 12, 13, 14, 15]);
    expect(pages).toBe(3);
    // The next pass starts from the top.
    expect((await screens.page(2)).screens.map((one) => one.chatId)).toEqual([11, 12]);
  });

  it("still: true only while the record is exactly the one a redraw claimed", async () => {
    const screens = new OpenScreens(new MemoryStore());
    const open = screen(21);
    await screens.remember(open, now);
    expect(await screens.still(open)).toBe(true);
    await screens.forget(21, 1);
    expect(await screens.still(open)).toBe(false);
    await screens.remember({ ...open, messageId: 2 }, now);
    expect(await screens.still(open)).toBe(false);
  });
});
