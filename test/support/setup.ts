/**
 * Runs before every test file (vitest.config.ts `setupFiles`): checks that apply to every test.
 *
 * Keyboards: no row of a keyboard the bot sent may be empty. Telegram shows such a row as a gap
 * (or not at all) depending on the client; it always means a builder added a row too many. Every
 * bot test that goes through the fake Bot API walks its keyboards this way.
 */
import { afterEach, expect } from "vitest";
import { takeEmptyKeyboardRows } from "./fake-bot-api.ts";

afterEach(() => {
  expect(takeEmptyKeyboardRows(), "keyboards sent with an empty row").toEqual([]);
});
