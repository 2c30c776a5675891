/**
 * Keyboards of the seller's own deliveries; their buttons are declared in buttons.ts (the card's
 * own, OPEN_DELIVERY_CARD, in postings/). A step is one letter on a button (ACTION_CODES).
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { DeliveryAction } from "../../services/deliveries/index.ts";
import { historyButton } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { addPagerRow } from "../core/pager.ts";
import { OPEN_DELIVERY_CARD } from "../postings/index.ts";
import {
  APPLY_TRACKING,
  ASK_STEP,
  ASK_STEP_FROM_LIST,
  type ConfirmedStepCode,
  DELIVERIES_PAGE,
  DO_STEP,
  DROP_TRACKING,
  REDRAW_CARD,
  type StepCode,
} from "./buttons.ts";

/** A step done after Yes: all but the tracking number, which is typed after the tap. */
export type ConfirmedAction = Exclude<DeliveryAction, "tracking">;

export const ACTION_CODES = {
  tracking: "t",
  delivering: "d",
  "last-mile": "l",
  delivered: "v",
  dispute: "a",
} as const satisfies Record<DeliveryAction, StepCode>;
const BY_CODE = Object.fromEntries(
  Object.entries(ACTION_CODES).map(([action, code]) => [code, action]),
) as Record<StepCode, DeliveryAction>;

/** The step a button's code names (the declarations admit only ACTION_CODES' letters). */
export function actionOfCode(code: ConfirmedStepCode): ConfirmedAction;
export function actionOfCode(code: StepCode): DeliveryAction;
export function actionOfCode(code: StepCode): DeliveryAction {
  return BY_CODE[code];
}

type T = (key: string, variables?: Record<string, string | number>) => string;

const BUTTON_KEYS: Record<DeliveryAction, string> = {
  tracking: "deliveries-button-tracking",
  delivering: "deliveries-button-delivering",
  "last-mile": "deliveries-button-last-mile",
  delivered: "deliveries-button-delivered",
  dispute: "deliveries-button-dispute",
};

/** The card's buttons: the actions open now, two a row, then Refresh and the posting's 🕘 History. */
export function cardKeyboard(
  codec: CallbackCodec,
  t: T,
  postingNumber: string,
  shopRef: string,
  actions: readonly DeliveryAction[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  actions.forEach((action, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.text(
      t(BUTTON_KEYS[action]),
      ASK_STEP.data(codec, ACTION_CODES[action], postingNumber, shopRef),
    );
  });
  if (actions.length > 0) keyboard.row();
  return keyboard
    .text(t("deliveries-button-refresh"), REDRAW_CARD.data(codec, postingNumber, shopRef))
    .add(historyButton(t, codec, "p", postingNumber));
}

/** Yes (do it: only for `owner`, who asked) and Back (the card again). */
export function confirmKeyboard(
  codec: CallbackCodec,
  t: T,
  action: ConfirmedAction,
  postingNumber: string,
  shopRef: string,
  owner: number,
): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      t("deliveries-button-yes"),
      DO_STEP.data(codec, ACTION_CODES[action], postingNumber, shopRef, owner),
    )
    .text(t("deliveries-button-back"), REDRAW_CARD.data(codec, postingNumber, shopRef));
}

/**
 * A button per posting of the page (by its number in the list, opening its card), rows of eight;
 * then "✅ N" for each posting Delivered is open for (asking to confirm it at once), rows of four;
 * the pager.
 */
export function listKeyboard(
  codec: CallbackCodec,
  t: T,
  page: ReadonlyArray<{
    number: number;
    postingNumber: string;
    shopRef: string;
    deliverable: boolean;
  }>,
  pager: { page: number; pages: number; owner: number },
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  page.forEach((item, i) => {
    if (i > 0 && i % 8 === 0) keyboard.row();
    keyboard.text(
      String(item.number),
      OPEN_DELIVERY_CARD.data(codec, item.postingNumber, item.shopRef),
    );
  });
  const deliverable = page.filter((item) => item.deliverable);
  deliverable.forEach((item, i) => {
    if (i % 4 === 0) keyboard.row();
    keyboard.text(
      t("deliveries-button-list-delivered", { number: String(item.number) }),
      ASK_STEP_FROM_LIST.data(codec, ACTION_CODES.delivered, item.postingNumber, item.shopRef),
    );
  });
  return addPagerRow(keyboard, pager.page, pager.pages, (to) =>
    DELIVERIES_PAGE.data(codec, to, pager.owner),
  );
}

export function batchKeyboard(codec: CallbackCodec, t: T, id: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("deliveries-button-apply"), APPLY_TRACKING.data(codec, id))
    .text(t("deliveries-button-drop"), DROP_TRACKING.data(codec, id));
}
