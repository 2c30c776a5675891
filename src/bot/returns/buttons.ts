/**
 * Every button kind of the returns area but the decide dialog's own (decide-dialog.ts makes those
 * through the dialog toolkit), declared once with its arguments (core/buttons.ts): keyboards.ts
 * makes their data, the handlers get them typed, and a press whose arguments do not fit is refused
 * by the router. The kinds are the data of buttons already in people's chats: never change one.
 * Tests: test/bot/postings/buttons.test.ts
 */

import {
  INT32_ARG,
  NUMERIC_ID_ARG,
  oneOf,
  PAGE_ARG,
  SHOP_REF_ARG,
  TELEGRAM_ID_ARG,
} from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/** Opens an rFBS request's card: `rto:<return id>:<shop>`. Ozon's return ids are digits. */
export const OPEN_RFBS = declareButton(
  "rto",
  "returns: open an rFBS request's card",
  NUMERIC_ID_ARG,
  SHOP_REF_ARG,
);
/**
 * An action Ozon offers on an rFBS request (the decide dialog): `rta:<return id>:<shop>:<action
 * id>`, the id as Ozon gave it in `available_actions` (negative for the rejections).
 */
export const ACT_RFBS = declareButton(
  "rta",
  "returns: an action Ozon offers on an rFBS request (the dialog)",
  NUMERIC_ID_ARG,
  SHOP_REF_ARG,
  INT32_ARG,
);
/**
 * A decision button of a card made before Ozon's action ids (`rtd:<return id>:<shop>:<letter>`,
 * a/r/c/g/m): still in people's chats. It opens the request as it is now, with Ozon's actions.
 */
export const DECIDE_RFBS_OLD = declareButton(
  "rtd",
  "returns: a decision of an older card (opens the request as it is now)",
  NUMERIC_ID_ARG,
  SHOP_REF_ARG,
  oneOf(["a", "r", "c", "g", "m"]),
);
/** Turns the alerts about returns in this chat on or off: `rts:on|off`. */
export const RETURNS_SWITCH = declareButton(
  "rts",
  "returns: alerts in this chat on or off",
  oneOf(["on", "off"]),
);
/** A page of /returns, turned only by whoever opened it: `rtp:<page>:<person>`. */
export const RETURNS_PAGE = declareButton(
  "rtp",
  "returns: a page of /returns",
  PAGE_ARG,
  TELEGRAM_ID_ARG,
);
