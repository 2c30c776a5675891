import type { CallbackCodec } from "../callback-data.ts";

/** Callback kind of the Close button every conversation step shows (handled before dialogs). */
export const CANCEL_CALLBACK = "cx";

/**
 * Data of a Close button. With `owner` (the person in the dialog) a press by anyone else in a
 * group is refused instead of touching the owner's question.
 */
export function cancelData(codec: CallbackCodec, owner?: number): string {
  return owner === undefined ? codec.encode(CANCEL_CALLBACK) : codec.encode(CANCEL_CALLBACK, owner);
}
