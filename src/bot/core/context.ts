/** Tests: none directly */
import type { Conversation, ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context, SessionFlavor } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Person } from "../../services/access/index.ts";
import type { DecodedCallback } from "./callback-data.ts";
import type { Locale } from "./i18n.ts";

/** Per-chat session (kept in the store, so it survives restarts with the file store or Redis). */
export interface SessionData {
  /**
   * Conversation state of each person in this chat, by Telegram user id (grammY conversations,
   * versioned). Per person, so two people in a group each have their own dialog.
   */
  conversations?: Record<string, unknown>;
  /**
   * The run tag of the dialog each person has open in this chat, by Telegram user id: kept
   * outside the replayed state, so Close can tell its own run from an earlier one
   * (dialog/person-places.ts).
   */
  dialogRuns?: Record<string, string>;
  /** Per person: the card a dialog turned into its screen, to put back when it is left. */
  dialogCards?: Record<string, DialogCard>;
  /**
   * The last few cards dialogs turned into screens, by `<person>:<message>`, kept after the dialog
   * ended (a timeout, say): a press on such a stale screen puts the card back
   * (dialog/person-places.ts).
   */
  shownCards?: Record<string, DialogCard>;
}

/** A message as it was before a dialog edited it into its screen (plain text, its buttons). */
export interface DialogCard {
  messageId: number;
  text: string;
  /** The message's inline keyboard, as Telegram gave it. */
  markup?: InlineKeyboardMarkup;
  /** The posting the card shows, so it can come back as the posting is now (not as it was). */
  posting?: string;
  /** The ref of the card's shop, as its buttons carry it (none: the legacy shop). */
  shop?: string;
}

/**
 * Draws a dialog's card as its posting is now (packed, cancelled), installed by the postings
 * module; false when it has nothing newer to show (the card is put back as it was).
 */
export interface CardRedrawFlavor {
  redrawCard?: (card: DialogCard) => Promise<boolean>;
}

/** Who acts, resolved once per update before any feature runs. */
export interface AccessFlavor {
  /** The person with their roles; undefined for a stranger (nobody invited them). */
  person: Person | undefined;
  /** The language to answer in: chosen with /language, else guessed from Telegram. */
  locale: Locale;
}

export interface CallbackFlavor {
  /** Verified callback data of a button press (forged or malformed data never gets this far). */
  callback?: DecodedCallback;
}

type OutsideContext = Context &
  SessionFlavor<SessionData> &
  I18nFlavor &
  AccessFlavor &
  CallbackFlavor &
  CardRedrawFlavor;

/** The context of the bot's middleware tree. */
export type BotContext = ConversationFlavor<OutsideContext>;

/** The context inside conversations: translations (and 429 retries) are installed as plugins. */
export type ConversationContext = Context & I18nFlavor & { locale: Locale };

export type BotConversation = Conversation<BotContext, ConversationContext>;
