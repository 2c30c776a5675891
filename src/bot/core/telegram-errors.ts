/**
 * Whether a refused Bot API call means the chat is gone for the bot: one reading of Telegram's
 * answers for every sender (alerts, relayed buyer messages, dialogs, invites).
 * Tests: test/bot/core/telegram-errors.test.ts
 */
import { GrammyError } from "grammy";

export type ChatGone =
  /** 403: the bot was blocked or kicked, the user deactivated, or never started the bot. */
  | { kind: "blocked" }
  /** 400: the chat, or the user, no longer exists (or never did). */
  | { kind: "not_found" }
  /** The group became a supergroup with a new id: write there instead. */
  | { kind: "migrated"; chatId: number };

const NOT_FOUND =
  /chat not found|user not found|user is deactivated|peer_id_invalid|group chat was deactivated|chat was deleted/i;

/** How the chat is gone, or undefined when the failure is worth another try (429, 5xx, network…). */
export function telegramChatGone(error: unknown): ChatGone | undefined {
  if (!(error instanceof GrammyError)) return undefined;
  const movedTo = error.parameters?.migrate_to_chat_id;
  if (typeof movedTo === "number") return { kind: "migrated", chatId: movedTo };
  if (error.error_code === 403) return { kind: "blocked" };
  if (error.error_code === 400 && NOT_FOUND.test(error.description)) return { kind: "not_found" };
  return undefined;
}

/** Blocked or not found: writing to this chat again will not help. */
export function isChatUnreachable(error: unknown): boolean {
  const gone = telegramChatGone(error)?.kind;
  return gone === "blocked" || gone === "not_found";
}

const NO_RIGHTS =
  /not enough rights|have no rights|CHAT_WRITE_FORBIDDEN|CHAT_RESTRICTED|need administrator rights|CHAT_SEND_\w+_FORBIDDEN|CHAT_ADMIN_REQUIRED/i;

/**
 * 400 or 403 saying the bot is in the chat but may not post there (the group's admins took the
 * right away, a channel wants it as admin): writing again will not help until someone changes
 * that. Alerts pause such a chat (alert-send.ts); other areas read it as telegramChatGone does.
 */
export function telegramNoRights(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  const refused = error.error_code === 400 || error.error_code === 403;
  return refused && NO_RIGHTS.test(error.description);
}

/** Whether sending again may succeed: 429, Telegram's 5xx and lost connections, not a refusal. */
export function maySendAgain(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return true;
  return error.error_code === 429 || error.error_code >= 500;
}
