/**
 * The button kinds of guided dialogs, declared in the bot's one registry (core/buttons.ts) like
 * every other button: a dialog's own buttons `<kind>:<tag>:<owner>:<step>:<value>` (one kind per
 * dialog, see dialog.ts) and the Close button `cx:<owner>:<tag>` every dialog shows (leave.ts).
 * A press is read back through the declaration, so a malformed one never reaches a dialog.
 * Tests: test/bot/core/dialog/dialog-buttons.test.ts, test/bot/core/button-registry.test.ts
 */
import { z } from "zod";
import { TELEGRAM_ID_ARG } from "../button-args.ts";
import { declareButton } from "../buttons.ts";

/** The random tag of one run of a dialog (3 random bytes in base64url, dialog.ts). */
const RUN_TAG_ARG = z.string().regex(/^[\w-]{1,16}$/);

/** The question a press answers ("c", "shop"…). */
const STEP_ARG = z.string().regex(/^[\w.-]{1,16}$/);

/** The answer a press gives (a shop ref, a reason id, "" for a plain Yes). */
const VALUE_ARG = z.string();

/** Declares the kind of one dialog's buttons (a kind keeps its string: buttons on screen work on). */
export function declareDialogButtons(kind: string, name: string) {
  return declareButton(
    kind,
    `dialog: ${name}`,
    RUN_TAG_ARG,
    TELEGRAM_ID_ARG,
    STEP_ARG,
    VALUE_ARG.optional(),
  );
}

/** The buttons of one dialog: `(tag, owner, step, value)`. */
export type DialogButtons = ReturnType<typeof declareDialogButtons>;

/**
 * Close, under every question: `(owner, tag)`. Both may be missing: a Close without them comes
 * from a conversation that records no run (one not built with the toolkit), see leave.ts.
 */
export const CLOSE_BUTTON = declareButton(
  "cx",
  "dialog: close",
  TELEGRAM_ID_ARG.optional(),
  RUN_TAG_ARG.optional(),
);
