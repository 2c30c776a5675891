/**
 * /money's button, declared once (core/buttons.ts): `mn:<period>:<shop>:<person>` — a period
 * (d yesterday, w this week, m this month) of one store, pressed only by whoever opened the
 * screen, which it redraws in place. The kind is the data of buttons in people's chats: never
 * change it.
 * Tests: none directly
 */
import { oneOf, POSTING_NUMBER_ARG, SHOP_REF_ARG, TELEGRAM_ID_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

export const MONEY = declareButton(
  "mn",
  "money: a store's period",
  oneOf(["d", "w", "m"]),
  SHOP_REF_ARG,
  TELEGRAM_ID_ARG,
);

/** The ten worst margins of a store's period: `mg:<period>:<shop>:<person>`. */
export const MONEY_MARGINS = declareButton(
  "mg",
  "money: the worst margins of a store's period",
  oneOf(["d", "w", "m"]),
  SHOP_REF_ARG,
  TELEGRAM_ID_ARG,
);

/** The month per product as an XLSX: `mx:<shop>:<person>`. */
export const MONEY_XLSX = declareButton(
  "mx",
  "money: the month per product as an XLSX",
  SHOP_REF_ARG,
  TELEGRAM_ID_ARG,
);

/** What a posting earned, by part (price, commission, delivery, other): `me:<posting>:<shop>`. */
export const EARNED = declareButton(
  "me",
  "money: what a posting earned, by part",
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
);

/**
 * A money alert turned on or off for the presser, from their /money screen (redrawn in place):
 * `ma:<l loss day|p missed payout>:<on|off>:<period>:<shop>:<person>`.
 */
export const MONEY_ALERT = declareButton(
  "ma",
  "money: a loss-day or missed-payout alert on or off",
  oneOf(["l", "p"]),
  oneOf(["on", "off"]),
  oneOf(["d", "w", "m"]),
  SHOP_REF_ARG,
  TELEGRAM_ID_ARG,
);
