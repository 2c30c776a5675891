/**
 * Every button kind of the returns area but the decide dialog's own (decide-dialog.ts makes those
 * through the dialog toolkit), declared once with its arguments (core/buttons.ts): keyboards.ts
 * makes their data, the handlers get them typed, and a press whose arguments do not fit is refused
 * by the router. The kinds are the data of buttons already in people's chats: never change one.
 */

import { NUMERIC_ID_ARG, oneOf, SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/** A decision on an rFBS request, one letter (keyboards.ts DECISION_CODES). */
const DECISION_CODE_VALUES = ["a", "r", "c", "g", "m"] as const;
export type DecisionCode = (typeof DECISION_CODE_VALUES)[number];

/** Opens an rFBS request's card: `rto:<return id>:<shop>`. Ozon's return ids are digits. */
export const OPEN_RFBS = declareButton(
  "rto",
  "returns: open an rFBS request's card",
  NUMERIC_ID_ARG,
  SHOP_REF_ARG,
);
/** Starts a decision (the decide dialog): `rtd:<return id>:<shop>:<decision>`. */
export const DECIDE_RFBS = declareButton(
  "rtd",
  "returns: decide an rFBS request (the dialog)",
  NUMERIC_ID_ARG,
  SHOP_REF_ARG,
  oneOf(DECISION_CODE_VALUES),
);
/** Turns the alerts about returns in this chat on or off: `rts:on|off`. */
export const RETURNS_SWITCH = declareButton(
  "rts",
  "returns: alerts in this chat on or off",
  oneOf(["on", "off"]),
);
