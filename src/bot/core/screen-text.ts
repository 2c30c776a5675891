/**
 * Small helpers for showing things to a person.
 * Tests: test/processes/chat-lock.test.ts, test/support/fake-bot-api-refusals.test.ts
 */
import { GrammyError, type InlineKeyboard } from "grammy";
import type { User } from "grammy/types";
import type { Profile } from "../../services/access/index.ts";
import type { BotContext } from "./context.ts";
import type { Locale } from "./i18n.ts";
import { momentText } from "./numbers.ts";

export function profileOf(user: User): Profile {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    username: user.username,
  };
}

/** "Ivan Petrov (@ivan)", "@ivan" or the id when Telegram told us nothing else. */
export function displayName(person: Profile): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  if (name && person.username) return `${name} (@${person.username})`;
  if (name) return name;
  if (person.username) return `@${person.username}`;
  return String(person.id);
}

/** A moment as every moment is written (bot/core/numbers.ts momentText). */
export function formatDateTime(date: Date, locale: Locale, timeZone: string): string {
  return momentText(locale, date.getTime(), timeZone);
}

/** Telegram's answer to an edit that would change nothing (the same text and buttons). */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes("message is not modified");
}

/**
 * Shows a screen: a button press edits the message that holds the button, a command sends a new
 * message. Pressing a button that leads to the same screen is not an error.
 */
export async function showScreen(
  ctx: BotContext,
  text: string,
  keyboard?: InlineKeyboard,
): Promise<void> {
  const options = { reply_markup: keyboard, link_preview_options: { is_disabled: true } };
  if (ctx.callbackQuery?.message) {
    try {
      await ctx.editMessageText(text, options);
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
    return;
  }
  await ctx.reply(text, options);
}

/** Replies to the message of the update (sent anyway when that message is gone meanwhile). */
export async function replyToMessage(ctx: BotContext, text: string): Promise<void> {
  const messageId = ctx.msg?.message_id;
  await ctx.reply(text, {
    reply_parameters: messageId
      ? { message_id: messageId, allow_sending_without_reply: true }
      : undefined,
  });
}
