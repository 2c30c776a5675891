/**
 * The steps the postings dialogs (ship.ts, cancel-posting.ts) share besides the dialog toolkit
 * (dialog.ts) and their spec (posting-spec.ts): what they are given, choosing the posting,
 * calling Ozon, refusing a bad free text.
 * Tests: none directly
 */

import type { Logger } from "../../logger.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import type { AccessService } from "../../services/access/index.ts";
import { awaitingPostings } from "../../services/postings/awaiting.ts";
import { type PackedBy, PackedByLedger } from "../../services/postings/packed-by.ts";
import type { KeptMessage } from "../../services/postings/packed-news.ts";
import type { UnitWait } from "../../services/postings/units.ts";
import type { Store } from "../../store/port.ts";
import type { AuditRecorder } from "../audit/index.ts";
import { POSTING_NUMBER_ARG } from "../core/button-args.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotConversation } from "../core/context.ts";
import type { Dialog } from "../core/dialog/dialog.ts";
import { callOzon, type OzonCallResult } from "../core/dialog/ozon-call.ts";
import type { ShopChoice } from "../core/shop-tags.ts";
import {
  AWAITING_PACKAGING,
  clip,
  describeOzonError,
  formatOf,
  type Problem,
  postingGist,
  problemText,
  type Translate,
} from "./format.ts";
import { labelKeyboard, postingChoiceKeyboard } from "./keyboards.ts";
import { fateOf } from "./posting-fate.ts";
import type { PostingShops, SellerShop } from "./posting-shop.ts";

/** How many postings the "choose a posting" step shows as buttons. */
const CHOICES = 10;
/** Room for the products on a chooser button (the deadline and the number follow). */
const BUTTON_PRODUCTS = 22;
/** A typed posting number has the shape buttons carry (core/button-args.ts). */
const isPostingNumber = (text: string) => POSTING_NUMBER_ARG.safeParse(text).success;
/** An order number: a posting number without its package suffix ("12345678-0001"). */
const ORDER_NUMBER = /^[0-9]{1,20}-[0-9]{1,10}$/;

/**
 * Redraws every chat's cards of a posting this person just packed (packed-news.ts), except the
 * message the dialog is on; started, not awaited: the dialog does not wait for other chats.
 */
export type PackedAnnouncer = (
  shopId: string,
  posting: Posting,
  by: PackedBy,
  kept?: KeptMessage,
) => Promise<number>;

export interface PostingDialogDeps {
  shops: PostingShops;
  /** Absent: other chats' cards change at the watcher's next pass. */
  announcePacked?: PackedAnnouncer;
  /** Whose warehouse role reaches which shops. */
  access: AccessService;
  codec: CallbackCodec;
  timezone: string;
  /** Where ships and cancels are recorded (the audit trail). */
  audit?: AuditRecorder;
  /** Where a label Ozon would not give after a pack is noted (none: not noted). */
  logger?: Logger;
  /** How long the ship dialog waits for Ozon's check of the units' values at once. */
  unitWait?: UnitWait;
}

/** What a dialog is entered with: a posting (typed, or of a button) and the button's shop ref. */
export interface PostingTarget {
  posting?: string;
  shop?: string;
  /** «Pack in 1 box» was tapped, but the units need more (marks, GTD...): one package is chosen. */
  oneBox?: boolean;
  /** «Split into boxes» was tapped: the dialog asks at once how many pieces go in each box. */
  split?: boolean;
}

/** The shop a dialog acts for. Call `seller()` / `store()` only inside `conversation.external`. */
export interface DialogShop {
  choice: ShopChoice;
  /** The shop's Seller client now; throws ShopUnavailableError when it was paused or removed. */
  seller(): SellerClient;
  /** The shop's part of the store (packed-by marks); throws like `seller()`. */
  store(): Store;
  /** `text` headed by the shop's current name when there are several shops. */
  tagged(t: Translate, text: string): string;
}

export type Outcome<T> = OzonCallResult<T, Problem>;

/** Does this shop have the posting (or, for an order number, a posting of the order) waiting? */
export async function holds(shop: SellerShop, number: string): Promise<boolean> {
  if (ORDER_NUMBER.test(number)) {
    return (await awaitingPostings(shop.seller)).some((p) => ofOrder(p, number));
  }
  if (!isPostingNumber(number)) return false;
  return (await shop.seller.postings.get(number)).status === AWAITING_PACKAGING;
}

/**
 * Runs an Ozon call once (outside the replay); a failure becomes a sentence about the posting
 * (data, replayable), never an exception.
 */
export function attempt<T>(
  conversation: BotConversation,
  call: () => Promise<T>,
  postingNumber = "",
): Promise<Outcome<T>> {
  return callOzon(conversation, call, (error) => describeOzonError(error, postingNumber));
}

/** Why a typed free text (a mark, an explanation) is refused: empty, or longer than `max`. */
export function freeTextRefusal(t: Translate, text: string, max: number): string | undefined {
  if (text === "") return t("postings-text-empty");
  if (text.length > max) return t("postings-text-too-long", { max });
  return undefined;
}

/** What became of a posting that no longer awaits packaging (cancelled, packed...), in words. */
async function tellFate(
  dialog: Dialog,
  deps: PostingDialogDeps,
  shop: DialogShop,
  posting: Posting,
): Promise<void> {
  const number = posting.postingNumber;
  const packer = await attempt(
    dialog.conversation,
    () => new PackedByLedger(shop.store()).get(number),
    number,
  );
  const format = formatOf(dialog.ctx, deps.timezone);
  const now = await dialog.conversation.now();
  const fate = fateOf(format, posting, packer.ok ? packer.value : undefined, now);
  const text = shop.tagged(dialog.t, fate.text);
  if (!fate.labels) {
    await dialog.show(text);
    return;
  }
  const labels = labelKeyboard(deps.codec, dialog.t, fate.labels, number, shop.choice.ref);
  // On the card, the card itself says so (with the label); else a message.
  await dialog.show(text, labels, false);
}

/** A posting of order `order` (its number is the order's, with a package suffix). */
function ofOrder(posting: Posting, order: string): boolean {
  return posting.orderNumber === order || posting.postingNumber.startsWith(`${order}-`);
}

/** Postings offered as buttons instead of the soonest ones: the postings of a typed order. */
interface Offer {
  order: string;
  postings: Posting[];
}

/**
 * Asks which posting: buttons (product, deadline, number) for the offered postings, else for the
 * ones whose deadline comes soonest; the answer is a posting number tapped, or any text typed.
 */
async function askPosting(
  dialog: Dialog,
  deps: PostingDialogDeps,
  shop: DialogShop,
  offer: Offer | undefined,
  why: string | undefined,
): Promise<string | undefined> {
  const { t } = dialog;
  let postings = offer?.postings ?? [];
  let question: string;
  if (offer) {
    question = t("postings-choose-order", { order: offer.order, count: postings.length });
  } else {
    const listed = await attempt(dialog.conversation, async () =>
      (await awaitingPostings(shop.seller())).slice(0, CHOICES),
    );
    if (!listed.ok && listed.problem.shopGone) {
      await dialog.show(problemText(t, listed.problem));
      return undefined;
    }
    if (listed.ok) postings = listed.value;
    else await dialog.ctx.reply(problemText(t, listed.problem));
    question =
      listed.ok && postings.length === 0 ? t("postings-choose-none-listed") : t("postings-choose");
  }
  const format = formatOf(dialog.ctx, deps.timezone);
  const choices = postings.map((posting) => {
    const gist = postingGist(posting, format, BUTTON_PRODUCTS);
    return { number: posting.postingNumber, label: `${gist} · ${posting.postingNumber}` };
  });
  const keyboard = postingChoiceKeyboard(dialog.button, choices);
  const asked = shop.tagged(t, question);
  // What was wrong with the last answer edits the question on screen (in place), else is said.
  const standing = why !== undefined && (await dialog.refused(why, asked, keyboard));
  if (!standing) await dialog.ask(asked, keyboard);
  const answer = await dialog.answer(["n"]);
  return answer.kind === "button" ? answer.value : answer.text;
}

/**
 * The posting to work on: the one given (when it still awaits packaging), else chosen with a
 * button or typed. A typed order number (no package suffix) finds that order's postings: one is
 * taken, several are offered. A wrong answer is explained and the question asked again.
 */
export async function choosePosting(
  dialog: Dialog,
  deps: PostingDialogDeps,
  shop: DialogShop,
  given: string | undefined,
): Promise<Posting | undefined> {
  const { conversation, t } = dialog;
  type Chosen = Promise<Posting | undefined>;

  /** The question (with an order's postings offered, and why the last answer was not taken). */
  const ask = async (offer?: Offer, why?: string): Chosen => {
    const answer = await askPosting(dialog, deps, shop, offer, why);
    return answer === undefined ? undefined : take(answer, false);
  };
  /** Why an Ozon call failed, asked again; a shop paused or removed ends the dialog. */
  const failed = async (problem: Problem): Chosen => {
    if (!problem.shopGone) return ask(undefined, problemText(t, problem));
    await dialog.show(problemText(t, problem));
    return undefined;
  };
  /** What a number means: `preset` when it came with a button or the command (not typed). */
  const take = async (number: string, preset: boolean): Chosen => {
    if (ORDER_NUMBER.test(number)) {
      const found = await attempt(conversation, async () =>
        (await awaitingPostings(shop.seller())).filter((p) => ofOrder(p, number)).slice(0, CHOICES),
      );
      if (!found.ok) return failed(found.problem);
      const [only, ...more] = found.value;
      if (!only) return ask(undefined, t("postings-order-none", { order: number }));
      if (more.length > 0) return ask({ order: number, postings: found.value });
      return take(only.postingNumber, false);
    }
    if (!isPostingNumber(number)) {
      return ask(undefined, t("postings-unknown", { posting: clip(number, 60) }));
    }
    const found = await attempt(conversation, () => shop.seller().postings.get(number), number);
    if (!found.ok) return failed(found.problem);
    const posting = found.value;
    if (posting.status === AWAITING_PACKAGING) return posting;
    if (preset) {
      // An old card's button: say what became of it, and end (nothing is asked of Ozon).
      await tellFate(dialog, deps, shop, posting);
      return undefined;
    }
    const status = t("postings-status", { status: posting.status });
    return ask(undefined, t("postings-not-awaiting", { posting: number, status }));
  };

  return given === undefined ? ask() : take(given, true);
}
