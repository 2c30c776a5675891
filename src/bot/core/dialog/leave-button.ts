/** Tests: test/bot/core/dialog/conversations.test.ts and 2 more */
import type { CallbackCodec } from "../callback-data.ts";
import { CLOSE_BUTTON } from "./dialog-buttons.ts";

/** Callback kind of the Close button every conversation step shows (handled before dialogs). */
export const CANCEL_CALLBACK = CLOSE_BUTTON.kind;

/**
 * Data of the Close button of one run of a dialog: `cx:<owner>:<tag>`. A press by anyone but the
 * owner (in a group) is refused, and so is a press whose tag is not the run open now (the Close
 * left on an earlier, abandoned dialog's message): see core/dialog/leave.ts.
 */
export function cancelData(codec: CallbackCodec, owner: number, tag: string): string {
  return CLOSE_BUTTON.data(codec, owner, tag);
}
