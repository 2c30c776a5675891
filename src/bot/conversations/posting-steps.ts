/**
 * What the postings dialogs (ship.ts, cancel-posting.ts) share besides the dialog toolkit
 * (dialog.ts): their spec, choosing the posting, calling Ozon, refusing a bad free text.
 */
import { InlineKeyboard } from "grammy";
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import { awaitingPostings } from "../../services/postings/awaiting.ts";
import type { Store } from "../../store/port.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotConversation, ConversationContext } from "../context.ts";
import {
  AWAITING_PACKAGING,
  clip,
  describeOzonError,
  type Problem,
  postingGist,
  problemText,
  type Translate,
} from "../format/postings.ts";
import { type Dialog, dialogSpec } from "./dialog.ts";
import type { ConversationSpec } from "./index.ts";
import { callOzon, type OzonOutcome } from "./ozon-call.ts";

/** How many postings the "choose a posting" step shows as buttons. */
const CHOICES = 10;
/** Room for the products on a chooser button (the deadline and the number follow). */
const BUTTON_PRODUCTS = 22;
const POSTING_NUMBER = /^[0-9][0-9-]{2,40}$/;
/** An order number: a posting number without its package suffix ("12345678-0001"). */
const ORDER_NUMBER = /^[0-9]{1,20}-[0-9]{1,10}$/;

export interface PostingDialogDeps {
  seller: SellerClient;
  codec: CallbackCodec;
  timezone: string;
  /** Where the ship dialog notes who packed a posting (PackedByLedger). */
  store: Store;
}

export type Outcome<T> = OzonOutcome<T, Problem>;

const POSTING_DIALOG_KEYS = { over: "postings-step-over" } as const;

/**
 * A postings dialog: for warehouse staff, its buttons of kind `kind`. It starts by choosing the
 * posting (the one given with the command or button, else asked for); `run` goes on from there
 * with the update that chose it.
 */
export function postingDialog(
  deps: PostingDialogDeps,
  dialog: Pick<ConversationSpec, "id" | "leftKey"> & {
    kind: string;
    run: (dialog: Dialog, posting: Posting, ctx: ConversationContext) => Promise<void>;
  },
): ConversationSpec {
  const { run, ...spec } = dialog;
  return dialogSpec({
    ...spec,
    audience: ["warehouse"],
    codec: deps.codec,
    overKey: POSTING_DIALOG_KEYS.over,
    run: async (opened, start, given?: string | null) => {
      const chosen = await choosePosting(opened, start, deps, given ?? undefined);
      await run(opened, chosen.posting, chosen.ctx);
    },
  });
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
  ctx: ConversationContext,
  deps: PostingDialogDeps,
  offer: Offer | undefined,
): Promise<{ value: string; ctx: ConversationContext }> {
  let postings = offer?.postings ?? [];
  let question: string;
  if (offer) {
    question = ctx.t("postings-choose-order", { order: offer.order, count: postings.length });
  } else {
    const listed = await attempt(dialog.conversation, async () =>
      (await awaitingPostings(deps.seller)).slice(0, CHOICES),
    );
    if (listed.ok) postings = listed.value;
    else await ctx.reply(problemText(ctx.t, listed.problem));
    question =
      listed.ok && postings.length === 0
        ? ctx.t("postings-choose-none-listed")
        : ctx.t("postings-choose");
  }
  const format = { t: ctx.t, locale: ctx.locale, timezone: deps.timezone };
  const keyboard = new InlineKeyboard();
  for (const posting of postings) {
    const gist = postingGist(posting, format, BUTTON_PRODUCTS);
    const label = `${gist} · ${posting.postingNumber}`;
    keyboard.text(label, dialog.button("n", posting.postingNumber)).row();
  }
  await dialog.ask(ctx, question, keyboard);
  const answer = await dialog.answer(["n"]);
  return { value: answer.kind === "button" ? answer.value : answer.text, ctx: answer.ctx };
}

/**
 * The posting to work on: the one given (when it still awaits packaging), else chosen with a
 * button or typed. A typed order number (no package suffix) finds that order's postings. A wrong
 * answer is explained and the question asked again.
 */
async function choosePosting(
  dialog: Dialog,
  start: ConversationContext,
  deps: PostingDialogDeps,
  given: string | undefined,
): Promise<{ posting: Posting; ctx: ConversationContext }> {
  const { conversation } = dialog;
  let ctx = start;
  let candidate = given;
  let offer: Offer | undefined;
  for (;;) {
    if (candidate === undefined) {
      const answer = await askPosting(dialog, ctx, deps, offer);
      ({ ctx } = answer);
      candidate = answer.value;
      offer = undefined;
    }
    const number = candidate;
    candidate = undefined;
    if (ORDER_NUMBER.test(number)) {
      const found = await attempt(conversation, async () =>
        (await awaitingPostings(deps.seller)).filter((p) => ofOrder(p, number)).slice(0, CHOICES),
      );
      if (!found.ok) await ctx.reply(problemText(ctx.t, found.problem));
      else if (found.value.length === 0)
        await ctx.reply(ctx.t("postings-order-none", { order: number }));
      else if (found.value.length === 1) candidate = found.value[0]?.postingNumber;
      else offer = { order: number, postings: found.value };
      continue;
    }
    if (!POSTING_NUMBER.test(number)) {
      await ctx.reply(ctx.t("postings-unknown", { posting: clip(number, 60) }));
      continue;
    }
    const found = await attempt(conversation, () => deps.seller.postings.get(number), number);
    if (!found.ok) {
      await ctx.reply(problemText(ctx.t, found.problem));
      continue;
    }
    if (found.value.status !== AWAITING_PACKAGING) {
      await ctx.reply(
        ctx.t("postings-not-awaiting", {
          posting: number,
          status: ctx.t("postings-status", { status: found.value.status }),
        }),
      );
      continue;
    }
    return { posting: found.value, ctx };
  }
}
