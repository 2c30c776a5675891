/**
 * Buttons of the seller's own deliveries. Callback kinds (signed, ≤ 64 bytes):
 *   vc:<posting>:<shop> open a posting's delivery card (also on a packed card, postings/) ·
 *   va:<action>:<posting>:<shop> ask to confirm a step · vd:<action>:<posting>:<shop>:<person>
 *   do it (only the person who asked) ·
 *   vr:<posting>:<shop> the card as the posting is now (Back, Refresh) ·
 *   vk:<batch> apply a preview's tracking numbers · vx:<batch> drop them.
 * <action> is one letter (ACTION_CODES). <shop> is the shop's short ref.
 */
import { InlineKeyboard } from "grammy";
import type { DeliveryAction } from "../../services/deliveries/index.ts";
import { historyButton } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import { DELIVERY_CARD_CALLBACK } from "../postings/index.ts";

export { DELIVERY_CARD_CALLBACK };
export const ASK_CALLBACK = "va";
export const DO_CALLBACK = "vd";
export const REDRAW_CALLBACK = "vr";
export const APPLY_BATCH_CALLBACK = "vk";
export const DROP_BATCH_CALLBACK = "vx";

export const ACTION_CODES: Record<DeliveryAction, string> = {
  tracking: "t",
  delivering: "d",
  "last-mile": "l",
  delivered: "v",
  dispute: "a",
};
const BY_CODE = new Map(Object.entries(ACTION_CODES).map(([a, c]) => [c, a as DeliveryAction]));

export function actionOfCode(code: string | undefined): DeliveryAction | undefined {
  return code === undefined ? undefined : BY_CODE.get(code);
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
      codec.encode(ASK_CALLBACK, ACTION_CODES[action], postingNumber, shopRef),
    );
  });
  if (actions.length > 0) keyboard.row();
  return keyboard
    .text(t("deliveries-button-refresh"), codec.encode(REDRAW_CALLBACK, postingNumber, shopRef))
    .add(historyButton(t, codec, "p", postingNumber));
}

/** Yes (do it: only for `owner`, who asked) and Back (the card again). */
export function confirmKeyboard(
  codec: CallbackCodec,
  t: T,
  action: DeliveryAction,
  postingNumber: string,
  shopRef: string,
  owner: number,
): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      t("deliveries-button-yes"),
      codec.encode(DO_CALLBACK, ACTION_CODES[action], postingNumber, shopRef, owner),
    )
    .text(t("deliveries-button-back"), codec.encode(REDRAW_CALLBACK, postingNumber, shopRef));
}

/** A button per posting of /deliveries (numbered as the lines), eight a row. */
export function listKeyboard(
  codec: CallbackCodec,
  items: ReadonlyArray<{ postingNumber: string; shopRef: string }>,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  items.forEach((item, i) => {
    if (i > 0 && i % 8 === 0) keyboard.row();
    keyboard.text(
      String(i + 1),
      codec.encode(DELIVERY_CARD_CALLBACK, item.postingNumber, item.shopRef),
    );
  });
  return keyboard;
}

export function batchKeyboard(codec: CallbackCodec, t: T, id: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(t("deliveries-button-apply"), codec.encode(APPLY_BATCH_CALLBACK, id))
    .text(t("deliveries-button-drop"), codec.encode(DROP_BATCH_CALLBACK, id));
}
