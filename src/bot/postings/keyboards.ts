/**
 * Keyboards of the postings area. Their buttons' kinds and arguments are declared in buttons.ts;
 * the dialogs' own buttons (ship, cancel, handover) are signed by the dialog toolkit
 * (core/dialog/dialog.ts): their keyboards are at the end.
 * Tests: test/bot/core/keyboards.test.ts
 */
import { InlineKeyboard } from "grammy";
import type { Posting } from "../../ozon/seller/types.ts";
import { isOwnDelivery } from "../../services/deliveries/own-delivery.ts";
import { historyButton } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ButtonData } from "../core/dialog/dialog.ts";
import type { Translator } from "../core/i18n.ts";
import { newRow } from "../core/keyboard-rows.ts";
import { productLineButton } from "../products/index.ts";
import {
  CANCEL_POSTING,
  LABEL,
  OPEN_DELIVERY_CARD,
  OPEN_POSTING,
  POSTINGS_PAGE,
  QUICK_PACK,
  SHIP,
  SPLIT,
  WRITE_TO_BUYER,
} from "./buttons.ts";

type T = (key: string, variables?: Record<string, string | number>) => string;

/**
 * The buttons of a posting that awaits packaging: Pack (the dialog) and ⚡ pack in one box (the
 * label follows at once); only when there is more than one piece, Split into boxes below ⚡;
 * Cancel on a row of its own; and — for chats where someone may write to buyers (a seller's
 * private chat, or a group) — Write to buyer beside it. No Label: Ozon has none before packing
 * (the packed card gets it). A button that could only be refused is left out.
 */
export function postingKeyboard(
  codec: CallbackCodec,
  t: T,
  posting: { postingNumber: string; products: ReadonlyArray<{ quantity: number }> },
  writeToBuyer: boolean,
  shopRef: string,
  /** Products whose cards open from here (/products), one row each (the first three). */
  products: ReadonlyArray<{ sku: string; name: string }> = [],
): InlineKeyboard {
  const data = (button: typeof SHIP) => button.data(codec, posting.postingNumber, shopRef);
  const pieces = posting.products.reduce((sum, product) => sum + product.quantity, 0);
  // Packing first; cancelling (destructive) on a row of its own below, not beside it.
  const keyboard = new InlineKeyboard()
    .text(t("postings-button-ship"), data(SHIP))
    .text(t("postings-button-quick-pack"), data(QUICK_PACK));
  if (pieces > 1) keyboard.row().text(t("postings-button-split"), data(SPLIT));
  keyboard.row().text(t("postings-button-cancel"), data(CANCEL_POSTING));
  if (writeToBuyer) keyboard.text(t("postings-write-to-buyer"), data(WRITE_TO_BUYER));
  for (const product of products.slice(0, 3)) {
    keyboard.row().add(productLineButton(codec, t, shopRef, product));
  }
  return keyboard;
}

/**
 * Numbered buttons opening each posting of a digest (`first` is the number of the first), of one
 * shop, or of the shop at the same place in `shopRef` (alerts of several shops sent together).
 */
export function digestKeyboard(
  codec: CallbackCodec,
  postingNumbers: readonly string[],
  first: number,
  shopRef: string | readonly string[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  postingNumbers.forEach((number, i) => {
    if (i > 0 && i % 8 === 0) keyboard.row();
    const ref = typeof shopRef === "string" ? shopRef : (shopRef[i] ?? "");
    keyboard.text(String(first + i), OPEN_POSTING.data(codec, number, ref));
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
  shopRef: string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (parts.length <= 1) {
    const data = LABEL.data(codec, postingNumber, shopRef);
    return keyboard.text(t("postings-button-label"), data);
  }
  parts.forEach((part, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.text(`🏷 ${part}`, LABEL.data(codec, part, shopRef));
  });
  return keyboard;
}

/**
 * "Show 3 postings": opens the first page of /postings (of one shop when `shopRef` is given);
 * `count` is how many wait.
 */
export function listButton(
  codec: CallbackCodec,
  t: T,
  count: number,
  shopRef?: string,
): InlineKeyboard {
  return new InlineKeyboard().text(
    t("postings-button-list", { count }),
    listData(codec, 0, shopRef),
  );
}

/** A page of the /postings list: of one shop, or (no ref) of every shop the person reaches. */
export function listData(codec: CallbackCodec, page: number, shopRef?: string): string {
  return POSTINGS_PAGE.data(codec, page, shopRef);
}

/** A card's keyboard with its 🕘 History below: who did what to the posting (the audit trail). */
export function withHistory(
  keyboard: InlineKeyboard,
  t: T,
  codec: CallbackCodec,
  postingNumber: string,
): InlineKeyboard {
  const history = historyButton(t, codec, "p", postingNumber);
  return keyboard.inline_keyboard.some((row) => row.length > 0)
    ? keyboard.row().add(history)
    : keyboard.add(history);
}

/** A posting the seller delivers itself: its packed card also opens its delivery card. */
export function withDeliveryButton(
  keyboard: InlineKeyboard,
  codec: CallbackCodec,
  t: T,
  posting: Pick<Posting, "postingNumber" | "integration">,
  shopRef: string,
): InlineKeyboard {
  if (!isOwnDelivery(posting)) return keyboard;
  const data = OPEN_DELIVERY_CARD.data(codec, posting.postingNumber, shopRef);
  return keyboard.row().text(t("deliveries-button-open"), data);
}

/** Statuses a dispute can be opened in (Ozon decides in the end; its refusal is told). */
export const DISPUTABLE: ReadonlySet<string> = new Set(["delivered", "cancelled"]);
/** Statuses of a posting on its way to the buyer. */
export const ON_THE_WAY: ReadonlySet<string> = new Set(["delivering", "driver_pickup"]);

/** ⚖️ Dispute on a delivered or cancelled posting: opens its card, where the dispute is asked. */
export function disputeKeyboard(
  codec: CallbackCodec,
  t: T,
  postingNumber: string,
  shopRef: string,
): InlineKeyboard {
  const data = OPEN_DELIVERY_CARD.data(codec, postingNumber, shopRef);
  return new InlineKeyboard().text(t("deliveries-button-dispute"), data);
}

// The dialogs' questions (ship, cancel, handover): their buttons are the dialog's own (`button`),
// signed by the dialog toolkit, which adds Close.

/** A dialog's summary and its one button: Ship, Cancel the posting, Create the act (step "c"). */
export function dialogConfirmKeyboard(button: ButtonData, label: string): InlineKeyboard {
  return new InlineKeyboard().text(label, button("c", "yes"));
}

/** One box or split into packages (step "m"). */
export function shipHowKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("postings-ship-one-package"), button("m", "one"))
    .text(t("postings-ship-split"), button("m", "split"));
}

/** Retry after a failure that may pass; each attempt has its own `step`. */
export function shipRetryKeyboard(button: ButtonData, t: Translator, step: string): InlineKeyboard {
  return new InlineKeyboard().text(t("postings-button-retry"), button(step, "retry"));
}

/** Choices one a row, each answering `step` with its id: cancel reasons, handover methods. */
export function dialogChoicesKeyboard(
  button: ButtonData,
  step: string,
  choices: readonly { id: string | number; label: string }[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const choice of choices) newRow(keyboard).text(choice.label, button(step, choice.id));
  return keyboard;
}

/** The postings to choose from, one a row (step "n", the posting number). */
export function postingChoiceKeyboard(
  button: ButtonData,
  choices: readonly { number: string; label: string }[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const choice of choices) keyboard.text(choice.label, button("n", choice.number)).row();
  return keyboard;
}

/** A unit question's one button, answering `step` with `value`: no GTD / RNPT, check again. */
export function unitButtonKeyboard(
  button: ButtonData,
  label: string,
  step: string,
  value: string,
): InlineKeyboard {
  return new InlineKeyboard().text(label, button(step, value));
}

/** The act needs no cargo places (step "k", 0). */
export function noPlacesKeyboard(button: ButtonData, t: Translator): InlineKeyboard {
  return new InlineKeyboard().text(t("handover-no-places"), button("k", "0"));
}
