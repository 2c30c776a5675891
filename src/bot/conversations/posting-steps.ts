/**
 * What the postings dialogs (ship.ts, cancel-posting.ts) share besides the dialog toolkit
 * (dialog.ts): their spec, choosing the posting, calling Ozon, refusing a bad free text.
 */
import { InlineKeyboard } from "grammy";
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import type { Store } from "../../store/port.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotConversation, ConversationContext } from "../context.ts";
import {
  AWAITING_PACKAGING,
  clip,
  describeOzonError,
  type Problem,
  problemText,
  type Translate,
} from "../format/postings.ts";
import { type Dialog, dialogSpec } from "./dialog.ts";
import type { ConversationSpec } from "./index.ts";
import { callOzon, type OzonOutcome } from "./ozon-call.ts";

/** How many postings the "choose a posting" step shows as buttons. */
const CHOICES = 10;
const POSTING_NUMBER = /^[0-9][0-9-]{2,40}$/;

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

/**
 * The posting to work on: the one given (when it still awaits packaging), else chosen with a
 * button or typed. A wrong answer is explained and the question asked again.
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
  for (;;) {
    if (candidate === undefined) {
      const listed = await attempt(conversation, async () => {
        const numbers: string[] = [];
        for await (const posting of deps.seller.postings.listAwaitingPackaging()) {
          numbers.push(posting.postingNumber);
          if (numbers.length >= CHOICES) break;
        }
        return numbers;
      });
      const keyboard = new InlineKeyboard();
      if (listed.ok) {
        listed.value.forEach((number, i) => {
          if (i > 0 && i % 2 === 0) keyboard.row();
          keyboard.text(number, dialog.button("n", number));
        });
      } else {
        await ctx.reply(problemText(ctx.t, listed.problem));
      }
      const question =
        listed.ok && listed.value.length === 0
          ? ctx.t("postings-choose-none-listed")
          : ctx.t("postings-choose");
      await dialog.ask(ctx, question, keyboard);
      const answer = await dialog.answer(["n"]);
      ctx = answer.ctx;
      candidate = answer.kind === "button" ? answer.value : answer.text;
    }
    const number = candidate;
    candidate = undefined;
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
