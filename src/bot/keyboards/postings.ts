/**
 * Buttons of the postings area. Callback kinds (signed, ≤ 64 bytes: posting numbers fit):
 *   ps:<posting> Ship · pc:<posting> Cancel · pl:<posting> Label · po:<posting> open the card ·
 *   pp:<page> the /postings list · pw:<action>[:<warehouse>] the warehouse filter ·
 *   wb:<posting> write to the buyer (handled by the buyer chats area).
 * The ship and cancel dialogs' own buttons are made by the dialog toolkit (conversations/dialog.ts).
 */
import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../callback-data.ts";

export const SHIP_CALLBACK = "ps";
export const CANCEL_POSTING_CALLBACK = "pc";
export const LABEL_CALLBACK = "pl";
export const OPEN_POSTING_CALLBACK = "po";
export const LIST_CALLBACK = "pp";
export const WAREHOUSE_CALLBACK = "pw";
export const WRITE_TO_BUYER_CALLBACK = "wb";

type T = (key: string, variables?: Record<string, string | number>) => string;

/**
 * Ship, Cancel, Label and — for chats where someone may write to buyers (a seller's private
 * chat, or a group) — Write to buyer, for one posting. A button that could only be refused is
 * left out.
 */
export function postingKeyboard(
  codec: CallbackCodec,
  t: T,
  postingNumber: string,
  writeToBuyer: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard()
    .text(t("postings-button-ship"), codec.encode(SHIP_CALLBACK, postingNumber))
    .text(t("postings-button-cancel"), codec.encode(CANCEL_POSTING_CALLBACK, postingNumber))
    .row()
    .text(t("postings-button-label"), codec.encode(LABEL_CALLBACK, postingNumber));
  if (writeToBuyer) {
    keyboard.text(
      t("postings-write-to-buyer"),
      codec.encode(WRITE_TO_BUYER_CALLBACK, postingNumber),
    );
  }
  return keyboard;
}

/** Numbered buttons opening each posting of a digest (`first` is the number of the first). */
export function digestKeyboard(
  codec: CallbackCodec,
  postingNumbers: readonly string[],
  first: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  postingNumbers.forEach((number, i) => {
    if (i > 0 && i % 8 === 0) keyboard.row();
    keyboard.text(String(first + i), codec.encode(OPEN_POSTING_CALLBACK, number));
  });
  return keyboard;
}

/**
 * The label of a packed posting: one button, or after a split one per posting it became (each
 * package needs its own label).
 */
export function labelKeyboard(
  codec: CallbackCodec,
  t: T,
  parts: readonly string[],
  postingNumber: string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (parts.length <= 1) {
    return keyboard.text(t("postings-button-label"), codec.encode(LABEL_CALLBACK, postingNumber));
  }
  parts.forEach((part, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.text(`🏷 ${part}`, codec.encode(LABEL_CALLBACK, part));
  });
  return keyboard;
}

/** "Show them": opens the first page of /postings. */
export function listButton(codec: CallbackCodec, t: T): InlineKeyboard {
  return new InlineKeyboard().text(t("postings-button-list"), codec.encode(LIST_CALLBACK, 0));
}
