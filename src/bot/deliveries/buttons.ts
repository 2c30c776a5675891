/**
 * Every button kind of the seller's own deliveries, declared once with its arguments
 * (core/buttons.ts): keyboards.ts makes their data, the handlers get them typed, and a press whose
 * arguments do not fit is refused by the router. The kinds are the data of buttons already in
 * people's chats: never change one. The delivery card itself opens with OPEN_DELIVERY_CARD, which
 * the postings area declares (its packed cards carry it too).
 * Tests: test/bot/postings/buttons.test.ts
 */
import { z } from "zod";
import { BATCH_ID } from "../../services/deliveries/index.ts";
import {
  oneOf,
  PAGE_ARG,
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
  TELEGRAM_ID_ARG,
} from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/** A /track preview's id in the store (services/deliveries/tracking-batch.ts makes them). */
const BATCH_ID_ARG = z.string().regex(BATCH_ID);

/** A step of a delivery, one letter a step (keyboards.ts ACTION_CODES): t is the tracking number. */
const STEP_CODES = ["t", "d", "l", "v", "a"] as const;
export type StepCode = (typeof STEP_CODES)[number];
/** Steps done at once after Yes: all but the tracking number, which is typed after the tap. */
const CONFIRMED_STEP_CODES = ["d", "l", "v", "a"] as const;
export type ConfirmedStepCode = (typeof CONFIRMED_STEP_CODES)[number];

/** Asks to confirm a step: `va:<step>:<posting>:<shop>`. */
export const ASK_STEP = declareButton(
  "va",
  "deliveries: ask to confirm a step",
  oneOf(STEP_CODES),
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
);
/**
 * Asks to confirm a step from /deliveries' list (the list stays; the confirmation comes as a new
 * message, which Yes turns into the card): `vq:<step>:<posting>:<shop>`.
 */
export const ASK_STEP_FROM_LIST = declareButton(
  "vq",
  "deliveries: ask to confirm a step from the list",
  oneOf(CONFIRMED_STEP_CODES),
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
);
/** Yes, do it — only for the person who asked: `vd:<step>:<posting>:<shop>:<person>`. */
export const DO_STEP = declareButton(
  "vd",
  "deliveries: do a confirmed step",
  oneOf(CONFIRMED_STEP_CODES),
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
  TELEGRAM_ID_ARG,
);
/** The card as the posting is now (Back, Refresh): `vr:<posting>:<shop>`. */
export const REDRAW_CARD = declareButton(
  "vr",
  "deliveries: the card as it is now",
  POSTING_NUMBER_ARG,
  SHOP_REF_ARG,
);
/** Applies a /track preview's tracking numbers: `vk:<batch>`. */
export const APPLY_TRACKING = declareButton(
  "vk",
  "deliveries: apply the tracking numbers",
  BATCH_ID_ARG,
);
/** Drops a /track preview: `vx:<batch>`. */
export const DROP_TRACKING = declareButton(
  "vx",
  "deliveries: drop the tracking numbers",
  BATCH_ID_ARG,
);
/** A page of /deliveries, turned only by whoever opened it: `vp:<page>:<person>`. */
export const DELIVERIES_PAGE = declareButton(
  "vp",
  "deliveries: a page of /deliveries",
  PAGE_ARG,
  TELEGRAM_ID_ARG,
);
