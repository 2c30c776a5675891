/**
 * Rows of inline keyboards. grammY's `row()` always starts a row, so a builder that ends each
 * item with `row()` leaves an empty row behind (shown as a gap, or dropped, depending on the
 * client). Builders start each row with `newRow` instead: it starts one only after buttons.
 * Tests: test/bot/core/keyboards.test.ts
 */
import type { InlineKeyboard } from "grammy";

/** Starts a new row unless the last one is still empty; returns the keyboard to chain on. */
export function newRow(keyboard: InlineKeyboard): InlineKeyboard {
  return keyboard.inline_keyboard.at(-1)?.length ? keyboard.row() : keyboard;
}
