/**
 * Every button of the advertising area that is not a dialog's (core/buttons.ts): the report's
 * Retry, XLSX and "order again" under a report, and /campaigns' buttons. Each kind keeps the
 * callback kind it always had (buttons already in people's chats carry it), and its schema takes
 * every shape those buttons were ever made in. The dialogs' own buttons (`*_DIALOG_CALLBACK`,
 * handed to the dialog toolkit) are not here.
 * Tests: test/bot/ads/upgrade.test.ts, test/bot/core/buttons.test.ts
 */
import { z } from "zod";
import { NUMERIC_ID_ARG, oneOf, SHOP_REF_ARG, TELEGRAM_ID_ARG } from "../core/button-args.ts";
import { declareButton } from "../core/buttons.ts";

/** A report job's id (job ids count per shop). */
const JOB_ID_ARG = z.string().min(1);

/**
 * The Retry button under a failed report: `rr:<failed job's id>:<shop ref>` (ads/handlers.ts).
 * Buttons sent before shops existed carry no ref: they mean the legacy shop.
 */
export const REPORT_RETRY_BUTTON = declareButton(
  "rr",
  "report: retry",
  JOB_ID_ARG,
  SHOP_REF_ARG.optional(),
);
/** The XLSX button under a delivered report: `rpx:<job id>:<shop ref>` (ads/reports/xlsx.ts). */
export const REPORT_XLSX_BUTTON = declareButton(
  "rpx",
  "report: as XLSX",
  JOB_ID_ARG,
  SHOP_REF_ARG.optional(),
);
/** "Order again (XLSX)" once the kept report has expired: `rpo:<job id>:<shop ref>`. */
export const REPORT_REORDER_BUTTON = declareButton(
  "rpo",
  "report: order again",
  JOB_ID_ARG,
  SHOP_REF_ARG.optional(),
);

/** What a /campaigns button does (ads/campaigns/campaigns.ts). */
export const CAMPAIGN_ACTIONS = [
  /** The stores (several) */
  "s",
  /** A page of a store's list (extra: 0-based page) */
  "l",
  /** A card (extra: the list page to go back to) */
  "c",
  /** Pause or resume: the question (cards before issue 27; theirs now act at once) */
  "t",
  /** Pause, resume (the card's one tap; extra: the list page) */
  "tp",
  "tr",
  /** Budget, period (extra: the list page, for the card the dialog redraws), report: dialogs */
  "b",
  "pd",
  "rp",
  /** A ⚡ report of the campaign, ordered at once (extra: the quick report's id) */
  "rq",
  /** A page of product bids (extra: 1-based page); one product's bid (extra: "page.index") */
  "bi",
  "bs",
] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** A campaign's id; the list and the stores carry none (older buttons: an empty one). */
const CAMPAIGN_ID_ARG = NUMERIC_ID_ARG.or(z.literal(""));

const PAGE_TEXT = /^\d{1,6}$/;
const BID_PLACE = /^(\d{1,6})\.(\d{1,3})$/;
/** A ⚡ report's id (keyboards.ts QUICK_REPORTS; the dialog refuses one it does not know). */
const QUICK_TEXT = /^[0-9a-z]{1,4}$/;

/** What follows the campaign: a page, a bid's place "page.index", a ⚡ report's id, or nothing. */
const CARD_EXTRA_ARG = z.union([
  z.literal(""),
  z.string().regex(PAGE_TEXT),
  z.string().regex(BID_PLACE),
  z.string().regex(QUICK_TEXT),
]);

/**
 * A /campaigns button: `cg:<owner>:<shop ref>:<action>:<campaign id>:<extra>`. It holds no state
 * beyond that: every press reads the campaign again from Ozon, and only the person the screen
 * was made for may press it. Buttons made before this declaration carry all five arguments,
 * the empty ones as "".
 */
export const CAMPAIGN_BUTTON = declareButton(
  "cg",
  "campaigns: the stores, a list page, a campaign's card and its actions",
  TELEGRAM_ID_ARG,
  SHOP_REF_ARG,
  oneOf(CAMPAIGN_ACTIONS),
  CAMPAIGN_ID_ARG.optional(),
  CARD_EXTRA_ARG.optional(),
);

/** The page a button's extra names (0 when it names none). */
export function pageIn(extra: string | undefined): number {
  return extra && PAGE_TEXT.test(extra) ? Number(extra) : 0;
}

/** A bid's place on its page ("2.3": page 2, the fourth product); page 1, the first when none. */
export function bidPlaceIn(extra: string | undefined): { page: number; index: number } {
  const [, page = "1", index = "0"] = BID_PLACE.exec(extra ?? "") ?? [];
  return { page: Number(page) || 1, index: Number(index) };
}
