/**
 * Every kind of record the bot keeps that names a Telegram chat, and what becomes of it when a
 * group becomes a supergroup and Telegram gives it a new id (chat-moves.ts). Keyed by the key's
 * prefix as the code writes it (a shop's posting records sit under "postings:" in that shop's
 * part of the store).
 *
 * A new kind cannot be forgotten: test/services/chat-records.test.ts reads every store key in
 * src built with a chat id and fails for a prefix not listed here, and its Redis test seeds each
 * kind marked `moved`, moves the chat with ChatMoves and checks that nothing is left at the old id
 * and that the report field named here counted it.
 * Tests: test/services/chat-records.test.ts
 */
import type { ChatMoveReport } from "./chat-moves.ts";

export type ChatRecordFate =
  /** Moved to the new id; the ChatMoves report field that counts it. */
  | { moved: keyof ChatMoveReport }
  /** Left at the old id, and why that is right. */
  | { left: string };

export const CHAT_RECORDS = {
  // Moved: what the chat chose and what it was already told.
  "subscriber:": { moved: "subscription" },
  "stock:alerts:": { moved: "stockAlerts" },
  "returns-subscriber:": { moved: "returnsAlerts" },
  "sales-subscriber:": { moved: "salesAlerts" },
  "alerts-paused:": { moved: "paused" },
  "announced:": { moved: "marks" },
  "reminded:": { moved: "marks" },
  "summary:": { moved: "marks" },
  "card:": { moved: "cards" },
  // Forum topics are per chat: the new chat gets its own, the old ones are forgotten.
  "relay:topic:": { moved: "topics" },
  "relay:topic-chat:": { moved: "topics" },
  // Left: references to messages already in the old chat, which stay there and cannot be
  // answered or edited through the new id; each expires on its own.
  "relay:link:": { left: "links a message in the old chat to a buyer chat; expires" },
  "relay:delivered:": { left: "a buyer message delivered to the old chat; expires" },
  "relay:delivered-part:": { left: "a part of a buyer message delivered to the old chat; expires" },
  "questions:link:": { left: "links a message in the old chat to a product question; expires" },
  "quick-replies:sending:": { left: "a press on a message of the old chat, for seconds" },
  "delivery-card:": { left: "a delivery card sent in the old chat; expires" },
  "returns:told:": { left: "a return already told in the old chat: not to be told again" },
  "home:open:": { left: "the open Home, a message in the old chat (not editable there); a day" },
  "sales:told:": { left: "an FBO order already told in the old chat: not to be told again" },
  "fbo-stock:told:": { left: "low days of stock already told in the old chat; expires" },
  "supplies:told:": { left: "a supply's state already told in the old chat; expires" },
  "sales:msg:": { left: "a sale's card in the old chat, to redraw it there; expires" },
  // Left: short-lived state of the old chat's updates.
  "chat:": { left: "the old chat's session and its lock key: its dialogs cannot go on there" },
  "chat-lock:": { left: "a lock held for one update" },
  "typed-wait:": {
    left: "a wait of minutes for an answer typed in the old chat (🔢, /find, /products)",
  },
  "today-labels:": { left: "a press's once-mark for a minute" },
  "label-press:": { left: "a press on a message of the old chat, for seconds" },
  "chat-moved:": { left: "the marker of the move itself" },
} as const satisfies Record<string, ChatRecordFate>;

/**
 * Records that name a chat in their value rather than their key (not found by a key scan):
 * each is moved, counted in the named report field.
 */
export const CHAT_VALUES = {
  "relay:targets": { moved: "relayGroup" },
  "relay:group": { moved: "relayGroup" },
  "schedule:": { moved: "schedules" },
} as const satisfies Record<string, ChatRecordFate>;
