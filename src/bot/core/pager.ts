/**
 * Pages of a list for one message each, within Telegram's limits (4096 characters of text, 100
 * buttons): items packed in order, a page closed before its text or its buttons would pass the
 * limits given, and the ◀️ n / N ▶️ row under it. The page buttons carry the person who opened
 * the list (`pageOwner`): in a group only they turn its pages, the others are told so.
 * Tests: none directly
 */
import type { InlineKeyboard } from "grammy";
import type { BotContext } from "./context.ts";
import { newRow } from "./keyboard-rows.ts";

/** Telegram's most characters of a message's text. */
export const MESSAGE_CHARS = 4096;
/** Telegram's most buttons under one message. */
export const MESSAGE_BUTTONS = 100;

export interface PageLimits {
  /** Most characters of the items' text on one page (the page's own title not counted). */
  chars: number;
  /** Most buttons of the items on one page (the pager's three not counted). */
  buttons: number;
}

export interface ItemSize {
  chars: number;
  buttons: number;
}

/**
 * The items in pages, in order; every page holds at least one item (an item larger than the
 * limits alone is a page of its own: its text must be clipped by whoever makes it). No items: one
 * empty page.
 */
export function packPages<T>(
  items: readonly T[],
  sizeOf: (item: T) => ItemSize,
  limits: PageLimits,
): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  let chars = 0;
  let buttons = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (
      page.length > 0 &&
      (chars + size.chars > limits.chars || buttons + size.buttons > limits.buttons)
    ) {
      pages.push(page);
      page = [];
      chars = 0;
      buttons = 0;
    }
    page.push(item);
    chars += size.chars;
    buttons += size.buttons;
  }
  pages.push(page);
  return pages;
}

/** A requested page number kept within 0 … pages − 1 (a list may have shrunk meanwhile). */
export function clampPage(requested: number, pages: number): number {
  return Math.min(Math.max(requested, 0), Math.max(pages - 1, 0));
}

/** Adds the ◀️ n / N ▶️ row (nothing for a single page); `data(p)` is page p's button data. */
export function addPagerRow(
  keyboard: InlineKeyboard,
  page: number,
  pages: number,
  data: (page: number) => string,
): InlineKeyboard {
  if (pages <= 1) return keyboard;
  newRow(keyboard);
  if (page > 0) keyboard.text("◀️", data(page - 1));
  keyboard.text(`${page + 1} / ${pages}`, data(page));
  if (page < pages - 1) keyboard.text("▶️", data(page + 1));
  return keyboard;
}

/** Who a list's page buttons are for: the person who opened it (0 when unknown). */
export function pageOwner(ctx: BotContext): number {
  return ctx.from?.id ?? 0;
}

/**
 * A page button pressed: true when it is the owner's (the press is answered here otherwise,
 * with the list's own words of who may turn its pages).
 */
export async function ownPagePress(
  ctx: BotContext,
  owner: number,
  notYoursKey: string,
): Promise<boolean> {
  if (owner === ctx.from?.id) return true;
  await ctx.answerCallbackQuery({ text: ctx.t(notYoursKey), show_alert: true });
  return false;
}
