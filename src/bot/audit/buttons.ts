/**
 * Every button kind of the audit area, declared once with its arguments (core/buttons.ts):
 * keyboards make their data here, handlers get the arguments typed, and a press whose arguments
 * do not fit is refused by the router before any handler runs. The kinds are the data of buttons
 * already in people's chats: never change one.
 * Tests: none directly (reached through test/bot/ads/world.ts and 3 more)
 */
import { z } from "zod";
import { type AuditKind, isAuditKind } from "../../services/audit/index.ts";
import { oneOf, PAGE_ARG, SHOP_REF_ARG } from "../core/button-args.ts";
import { declareButton, declareButtonShapes } from "../core/buttons.ts";

/**
 * /audit's own buttons (admins): `audit:l` the latest again, `K` the kinds, `S` the stores, `X`
 * the export periods; `k:<kind>` a kind's entries, `s:<shop>` a store's, `x:<days>` an export.
 */
export const AUDIT = declareButtonShapes(
  "audit",
  "audit: /audit's screens, filters and export",
  [oneOf(["l", "K", "S", "X"])],
  [z.literal("k"), z.custom<AuditKind>(isAuditKind)],
  [z.literal("s"), SHOP_REF_ARG],
  [z.literal("x"), PAGE_ARG],
);

/** The objects a card's History may name, by a one-letter code (callback data is 64 bytes). */
export const HISTORY_CODES = ["p", "c", "s"] as const;

/**
 * 🕘 History on a posting's, a campaign's or a product's card (postings, deliveries, ads,
 * products: through historyButton): `audith:<p|c|s>:<posting number, campaign id or SKU>`.
 */
export const HISTORY = declareButton(
  "audith",
  "audit: an object's history",
  oneOf(HISTORY_CODES),
  z.string().regex(/^[0-9-]{1,40}$/),
);
