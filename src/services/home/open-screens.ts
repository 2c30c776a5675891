/**
 * Which message is each chat's open Home, kept in the store (shared by processes, kept across a
 * restart): the message, who opened it and in which language, what its counts were and when it
 * was last drawn. A newer Home in the chat takes the record's place, so only the newest is
 * redrawn; a record goes after OPEN_SCREEN_MS (Telegram edits old messages poorly, and nobody
 * reads a screen that old), or as soon as its message shows something else.
 * Tests: test/services/home/open-screens.test.ts, test/bot/home/home-live.test.ts
 */
import type { Store } from "../../store/port.ts";
import type { HomeLine } from "./lines.ts";

/** A Home screen is redrawn by itself for a day at most. */
export const OPEN_SCREEN_MS = 24 * 60 * 60 * 1000;
/** Redrawn at most once a minute per chat. */
export const REDRAW_GAP_MS = 60_000;

const PREFIX = "home:open:";
/** The store key of a chat's open Home (read along with the chat lock by the bot, say). */
export const openScreenKey = (chatId: number) => `${PREFIX}${chatId}`;
const keyOf = openScreenKey;

export interface OpenScreen {
  chatId: number;
  messageId: number;
  /** Who opened it (a group's Home is drawn with their commands in /help's list). */
  personId: number;
  locale: string;
  group: boolean;
  /** /help's Home (with the typed commands). */
  help: boolean;
  /** Epoch ms it was first shown, and last drawn. */
  openedAt: number;
  drawnAt: number;
  /** The counts it shows (countsSignature). */
  counts: string;
}

/** What a redraw compares: the lines and their numbers, not the ages that move every minute. */
export function countsSignature(lines: readonly HomeLine[]): string {
  return lines
    .map((line) => {
      const parts: Array<string | number> = [line.kind, line.count];
      if (line.kind === "pack") parts.push(line.late, line.soon);
      if (line.kind === "rating") parts.push(line.danger);
      return parts.join(":");
    })
    .join("|");
}

export class OpenScreens {
  readonly #store: Store;

  /** `store`: the shared (unprefixed) store. */
  constructor(store: Store) {
    this.#store = store;
  }

  /** This message is the chat's open Home now (replacing any older one). */
  async remember(screen: OpenScreen, now: number): Promise<void> {
    const ttlMs = screen.openedAt + OPEN_SCREEN_MS - now;
    if (ttlMs <= 0) return;
    await this.#store.set(keyOf(screen.chatId), screen, { ttlMs });
  }

  get(chatId: number): Promise<OpenScreen | undefined> {
    return this.#store.get<OpenScreen>(keyOf(chatId));
  }

  /**
   * One page of open Homes in key order, at most `limit`, past the key `after` (the `next` of the
   * page before); `next` is undefined on the last page, so the caller starts again from the top.
   */
  async page(limit: number, after?: string): Promise<{ screens: OpenScreen[]; next?: string }> {
    const page = await this.#store.listPage<OpenScreen>(PREFIX, {
      limit,
      ...(after === undefined ? {} : { after }),
    });
    const screens = page.map((entry) => entry.value).filter(isOpenScreen);
    const last = page.at(-1)?.key;
    return page.length < limit || last === undefined ? { screens } : { screens, next: last };
  }

  /** Whether the chat's open Home is still exactly `screen` (nothing drew or replaced it since). */
  async still(screen: OpenScreen): Promise<boolean> {
    const record = await this.get(screen.chatId);
    return record !== undefined && JSON.stringify(record) === JSON.stringify(screen);
  }

  /**
   * Records a redraw only when the record is still `seen` (no newer Home, no other process drew
   * it meanwhile): true when this caller may edit the message.
   */
  async claim(seen: OpenScreen, next: OpenScreen, now: number): Promise<boolean> {
    const ttlMs = seen.openedAt + OPEN_SCREEN_MS - now;
    if (ttlMs <= 0) {
      await this.#store.compareAndSet(keyOf(seen.chatId), seen, undefined);
      return false;
    }
    return this.#store.compareAndSet(keyOf(seen.chatId), seen, next, { ttlMs });
  }

  /**
   * Forgets the chat's open Home when it is this message (it shows something else now); `known`:
   * the record already read, when it was (undefined: none).
   */
  async forget(chatId: number, messageId: number, known?: { value: unknown }): Promise<void> {
    const record = known ? known.value : await this.get(chatId);
    if (isOpenScreen(record) && record.messageId === messageId) {
      await this.#store.compareAndSet(keyOf(chatId), record, undefined);
    }
  }
}

function isOpenScreen(value: unknown): value is OpenScreen {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<OpenScreen>;
  return (
    typeof v.chatId === "number" &&
    typeof v.messageId === "number" &&
    typeof v.personId === "number" &&
    typeof v.openedAt === "number" &&
    typeof v.drawnAt === "number" &&
    typeof v.counts === "string"
  );
}
