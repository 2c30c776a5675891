import { InlineKeyboard } from "grammy";
import type { CallbackCodec } from "../callback-data.ts";

/** Callback kind of the Cancel button every conversation step shows (handled before dialogs). */
export const CANCEL_CALLBACK = "cx";

/** A Cancel button; `label` is the translated "Cancel" (`ctx.t("cancel-button")`). */
export function cancelButton(codec: CallbackCodec, label: string): InlineKeyboard {
  return new InlineKeyboard().text(label, codec.encode(CANCEL_CALLBACK));
}
