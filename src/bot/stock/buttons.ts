/**
 * Every button kind of the stock area (alerts, the /subscribe row, thresholds, the workbook),
 * declared once with its arguments (core/buttons.ts): keyboards make their data here, handlers
 * get the arguments typed, and a press whose arguments do not fit is refused by the router before
 * any handler runs. The kinds are the data of buttons already in people's chats: never change one.
 * Tests: test/bot/stock/alerts.test.ts
 */
import { z } from "zod";
import { NUMERIC_ID_ARG, oneOf, SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/** 📦 Stock under an alert whose product Ozon did not name: `swb:<shop>:<sku>`. */
export const ALERT_STOCK = declareButton(
  "swb",
  "stock: an alert's product, by its SKU",
  SHOP_REF_ARG,
  NUMERIC_ID_ARG,
);

/** The /subscribe row: `swt:on` or `swt:off`, stock alerts for the chat. */
export const ALERTS_TOGGLE = declareButton(
  "swt",
  "stock: alerts on or off for the chat",
  oneOf(["on", "off"]),
);

/** Low-stock thresholds a store may choose (below them an alert is sent). */
export const THRESHOLD_CHOICES = [1, 2, 3, 5, 10, 20, 50] as const;
export type ThresholdChoice = (typeof THRESHOLD_CHOICES)[number];
const THRESHOLD_ARG = z
  .literal("d")
  .or(
    oneOf(THRESHOLD_CHOICES.map(String) as [string, ...string[]]).transform(
      (value) => Number(value) as ThresholdChoice,
    ),
  );

/**
 * A store's low-stock threshold (admins, from /stores): `swl:<shop>` opens the screen, then
 * `swl:<shop>:<choice>` sets one of THRESHOLD_CHOICES and `swl:<shop>:d` goes back to the default.
 */
export const STOCK_THRESHOLD = declareButton(
  "swl",
  "stock: a store's low-stock threshold",
  SHOP_REF_ARG,
  THRESHOLD_ARG.optional(),
);

/** A workbook preview's draft (book-feature.ts: 6 random bytes in hex). */
const BOOK_DRAFT_ARG = z.string().regex(/^[0-9a-z]{12}$/);

/** /workbook's store to export: `swk:<shop>`. */
export const WORKBOOK_SHOP = declareButton("swk", "stock: the store to export", SHOP_REF_ARG);
/** ✅ Apply under a workbook's preview: `swa:<shop>:<draft>`. */
export const WORKBOOK_APPLY = declareButton(
  "swa",
  "stock: apply a sent workbook",
  SHOP_REF_ARG,
  BOOK_DRAFT_ARG,
);
/** ✖ Cancel under a workbook's preview: `swx:<shop>:<draft>`. */
export const WORKBOOK_DROP = declareButton(
  "swx",
  "stock: drop a sent workbook",
  SHOP_REF_ARG,
  BOOK_DRAFT_ARG,
);
