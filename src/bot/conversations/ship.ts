/**
 * The ship dialog (/ship, or the Ship button with the posting chosen): posting → contents → one
 * package or split → mandatory marks when Ozon wants them → confirm → ship, with Retry on a
 * failure → the label offered as a PDF button.
 *
 * Every Ozon call runs in `conversation.external` and returns plain data (failures as a locale
 * key), so replays after a restart read the recorded answers instead of calling Ozon again.
 * The small dialog helpers (asking, choosing a posting) are shared with cancel-posting.ts.
 */
import { InlineKeyboard } from "grammy";
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting, ShipPackage } from "../../ozon/seller/types.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotConversation, ConversationContext } from "../context.ts";
import {
  AWAITING_PACKAGING,
  clip,
  describeOzonError,
  type PostingFormat,
  type Problem,
  postingCard,
  problemText,
  unitCount,
} from "../format/postings.ts";
import { ANSWER_CALLBACK, answerData, LABEL_CALLBACK, withCancel } from "../keyboards/postings.ts";
import type { ConversationSpec } from "./index.ts";

export const SHIP_CONVERSATION = "postings-ship";

/** How many postings the "choose a posting" step shows as buttons. */
const CHOICES = 10;
const MAX_MARK_LENGTH = 200;
const POSTING_NUMBER = /^[0-9][0-9-]{2,40}$/;

export interface PostingDialogDeps {
  seller: SellerClient;
  codec: CallbackCodec;
  timezone: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** Runs an Ozon call; a failure becomes a sentence (data, replayable), never an exception. */
export async function attempt<T>(call: () => Promise<T>, postingNumber = ""): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, problem: describeOzonError(error, postingNumber) };
  }
}

export type Answer =
  | { kind: "button"; value: string; ctx: ConversationContext }
  | { kind: "text"; text: string; ctx: ConversationContext };

/**
 * Sends the question (with a Cancel button) and waits for a text or one of this step's buttons.
 * Other buttons and commands are left to the rest of the bot; a stale button of an earlier step
 * is answered and ignored; anything else gets a hint and the wait goes on.
 */
export async function ask(
  conversation: BotConversation,
  ctx: ConversationContext,
  codec: CallbackCodec,
  step: string,
  question: string,
  keyboard?: InlineKeyboard,
): Promise<Answer> {
  await ctx.reply(question, {
    reply_markup: withCancel(codec, ctx.t, keyboard),
    link_preview_options: { is_disabled: true },
  });
  for (;;) {
    const next = await conversation.wait();
    const data = next.callbackQuery?.data;
    if (data !== undefined) {
      const decoded = codec.decode(data);
      if (decoded?.kind !== ANSWER_CALLBACK) return conversation.skip({ next: true });
      if (decoded.args[2] !== String(next.from?.id ?? 0)) {
        await next.answerCallbackQuery({
          text: next.t("postings-not-your-step"),
          show_alert: true,
        });
        continue;
      }
      if (decoded.args[0] !== step) {
        await next.answerCallbackQuery({ text: next.t("postings-step-stale") });
        continue;
      }
      await next.answerCallbackQuery();
      return { kind: "button", value: decoded.args[1] ?? "", ctx: next };
    }
    const text = next.message?.text;
    if (text === undefined) {
      if (!next.message) return conversation.skip({ next: true });
      await next.reply(next.t("postings-answer-with-text"));
      continue;
    }
    if (text.startsWith("/")) return conversation.skip({ next: true });
    return { kind: "text", text: text.trim(), ctx: next };
  }
}

function formatOf(ctx: ConversationContext, timezone: string): PostingFormat {
  return { t: ctx.t, locale: ctx.locale, timezone };
}

/**
 * The posting to work on: the one given (when it still awaits packaging), else chosen with a
 * button or typed. A wrong answer is explained and the question asked again.
 */
export async function choosePosting(
  conversation: BotConversation,
  start: ConversationContext,
  deps: PostingDialogDeps,
  given: string | undefined,
): Promise<{ posting: Posting; ctx: ConversationContext }> {
  let ctx = start;
  let candidate = given;
  for (;;) {
    if (candidate === undefined) {
      const listed = await conversation.external(() =>
        attempt(async () => {
          const numbers: string[] = [];
          for await (const posting of deps.seller.postings.listAwaitingPackaging()) {
            numbers.push(posting.postingNumber);
            if (numbers.length >= CHOICES) break;
          }
          return numbers;
        }),
      );
      const keyboard = new InlineKeyboard();
      if (listed.ok) {
        listed.value.forEach((number, i) => {
          if (i > 0 && i % 2 === 0) keyboard.row();
          keyboard.text(number, answerData(deps.codec, "n", number, ctx.from?.id));
        });
      } else {
        await ctx.reply(problemText(ctx.t, listed.problem));
      }
      const question =
        listed.ok && listed.value.length === 0
          ? ctx.t("postings-choose-none-listed")
          : ctx.t("postings-choose");
      const answer = await ask(conversation, ctx, deps.codec, "n", question, keyboard);
      ctx = answer.ctx;
      candidate = answer.kind === "button" ? answer.value : answer.text;
    }
    const number = candidate;
    candidate = undefined;
    if (!POSTING_NUMBER.test(number)) {
      await ctx.reply(ctx.t("postings-unknown", { posting: clip(number, 60) }));
      continue;
    }
    const found = await conversation.external(() =>
      attempt(() => deps.seller.postings.get(number), number),
    );
    if (!found.ok) {
      await ctx.reply(problemText(ctx.t, found.problem));
      continue;
    }
    if (found.value.status !== AWAITING_PACKAGING) {
      await ctx.reply(
        ctx.t("postings-not-awaiting", { posting: number, status: found.value.status }),
      );
      continue;
    }
    return { posting: found.value, ctx };
  }
}

/** Asks until `parse` accepts the text answer; its error is said before asking again. */
async function askText<T>(
  conversation: BotConversation,
  ctx: ConversationContext,
  codec: CallbackCodec,
  step: string,
  question: string,
  parse: (text: string) => { value: T } | { error: string },
): Promise<{ value: T; ctx: ConversationContext }> {
  let current = ctx;
  for (;;) {
    const answer = await ask(conversation, current, codec, step, question);
    current = answer.ctx;
    const parsed =
      answer.kind === "text"
        ? parse(answer.text)
        : { error: current.t("postings-answer-with-text") };
    if ("value" in parsed) return { value: parsed.value, ctx: current };
    await current.reply(parsed.error);
  }
}

/** Asks until one of the offered buttons is pressed (a text gets "please use the buttons"). */
export async function askButton(
  conversation: BotConversation,
  ctx: ConversationContext,
  codec: CallbackCodec,
  step: string,
  question: string,
  keyboard: InlineKeyboard,
): Promise<{ value: string; ctx: ConversationContext }> {
  let current = ctx;
  for (;;) {
    const answer = await ask(conversation, current, codec, step, question, keyboard.clone());
    current = answer.ctx;
    if (answer.kind === "button") return { value: answer.value, ctx: current };
    await current.reply(current.t("postings-use-buttons"));
  }
}

/** "2 1" / "2,1" → [2, 1]; undefined for anything else. */
function parseQuantities(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== "");
  if (parts.length === 0 || parts.length > 20) return undefined;
  if (!parts.every((part) => /^\d{1,4}$/.test(part))) return undefined;
  return parts.map(Number);
}

interface Unit {
  sku: string;
  name: string;
  /** 1-based number of this unit among the product's units. */
  unit: number;
  units: number;
}

/** Packages of `sku → quantity`, in package order. */
type Layout = Array<Map<string, number>>;

function oneBox(posting: Posting): Layout {
  const box = new Map<string, number>();
  for (const product of posting.products) {
    box.set(product.sku, (box.get(product.sku) ?? 0) + product.quantity);
  }
  return [box];
}

async function askSplit(
  conversation: BotConversation,
  ctx: ConversationContext,
  codec: CallbackCodec,
  posting: Posting,
): Promise<{ layout: Layout; ctx: ConversationContext }> {
  let current = ctx;
  const layout: Layout = [];
  for (const product of posting.products) {
    const question = current.t("postings-ship-split-product", {
      name: clip(product.name, 100),
      quantity: product.quantity,
    });
    const answer = await askText<number[]>(conversation, current, codec, "q", question, (text) => {
      const quantities = parseQuantities(text);
      if (!quantities) return { error: current.t("postings-ship-split-invalid") };
      const sum = quantities.reduce((a, b) => a + b, 0);
      if (sum !== product.quantity) {
        return {
          error: current.t("postings-ship-split-sum", { sum, quantity: product.quantity }),
        };
      }
      return { value: quantities };
    });
    current = answer.ctx;
    answer.value.forEach((quantity, index) => {
      if (quantity === 0) return;
      const box = layout[index] ?? new Map<string, number>();
      layout[index] = box;
      box.set(product.sku, (box.get(product.sku) ?? 0) + quantity);
    });
  }
  // Packages nobody put anything into are dropped ("0 2" means one package).
  return { layout: layout.filter((box) => box !== undefined && box.size > 0), ctx: current };
}

async function askMarks(
  conversation: BotConversation,
  ctx: ConversationContext,
  deps: PostingDialogDeps,
  posting: Posting,
): Promise<{ marks: Map<string, string[]>; ctx: ConversationContext } | undefined> {
  const skus = [...new Set(posting.products.map((p) => p.sku))];
  const required = await conversation.external(() =>
    attempt(() => deps.seller.marks.isRequired(skus), posting.postingNumber),
  );
  if (!required.ok) {
    await ctx.reply(problemText(ctx.t, required.problem));
    return undefined;
  }
  const needing = new Set(required.value.filter((r) => r.isRequired).map((r) => String(r.sku)));
  const units: Unit[] = [];
  for (const product of posting.products) {
    if (!needing.has(product.sku)) continue;
    for (let unit = 1; unit <= product.quantity; unit++) {
      units.push({ sku: product.sku, name: product.name, unit, units: product.quantity });
    }
  }
  const marks = new Map<string, string[]>();
  if (units.length === 0) return { marks, ctx };

  let current = ctx;
  await current.reply(current.t("postings-ship-marks-intro", { count: units.length }));
  const typed: string[] = [];
  let toAsk = units.map((_, i) => i);
  for (;;) {
    for (const i of toAsk) {
      const unit = units[i] as Unit;
      const question = current.t(
        typed[i] === undefined ? "postings-ship-mark" : "postings-ship-mark-again",
        {
          name: clip(unit.name, 100),
          unit: unit.unit,
          units: unit.units,
        },
      );
      const answer = await askText<string>(
        conversation,
        current,
        deps.codec,
        "k",
        question,
        (text) => {
          if (text === "") return { error: current.t("postings-text-empty") };
          if (text.length > MAX_MARK_LENGTH) {
            return { error: current.t("postings-text-too-long", { max: MAX_MARK_LENGTH }) };
          }
          return { value: text };
        },
      );
      current = answer.ctx;
      typed[i] = answer.value;
    }
    const checks = await conversation.external(() =>
      attempt(() => deps.seller.marks.validate(typed), posting.postingNumber),
    );
    if (!checks.ok) {
      await current.reply(problemText(current.t, checks.problem));
      return undefined;
    }
    const bad = new Set(checks.value.filter((c) => !c.valid).map((c) => c.mark));
    toAsk = typed.flatMap((mark, i) => (bad.has(mark) ? [i] : []));
    if (toAsk.length === 0) break;
    const list = toAsk.map((i) => `• ${clip(typed[i] ?? "", 60)}`).join("\n");
    await current.reply(current.t("postings-ship-marks-bad", { count: toAsk.length, list }));
  }
  units.forEach((unit, i) => {
    const list = marks.get(unit.sku) ?? [];
    list.push(typed[i] ?? "");
    marks.set(unit.sku, list);
  });
  return { marks, ctx: current };
}

/** The packages for Ozon: each product's marks handed out in unit order over its packages. */
function packagesOf(layout: Layout, marks: Map<string, string[]>): ShipPackage[] {
  const handedOut = new Map<string, number>();
  return layout.map((box) => ({
    items: [...box].map(([sku, quantity]) => {
      const all = marks.get(sku);
      if (!all) return { sku, quantity };
      const from = handedOut.get(sku) ?? 0;
      handedOut.set(sku, from + quantity);
      return { sku, quantity, marks: all.slice(from, from + quantity) };
    }),
  }));
}

function summaryOf(ctx: ConversationContext, posting: Posting, packages: ShipPackage[]): string {
  const names = new Map(posting.products.map((p) => [p.sku, p.name]));
  const lines = [
    ctx.t("postings-ship-confirm", { posting: posting.postingNumber, count: packages.length }),
  ];
  packages.forEach((pack, i) => {
    lines.push("", ctx.t("postings-ship-package", { number: i + 1 }));
    for (const item of pack.items) {
      const name = clip(names.get(String(item.sku)) ?? String(item.sku), 100);
      lines.push(`• ${name} ×${item.quantity}`);
    }
  });
  const markCount = packages.reduce(
    (sum, pack) => sum + pack.items.reduce((n, item) => n + (item.marks?.length ?? 0), 0),
    0,
  );
  if (markCount > 0) lines.push("", ctx.t("postings-ship-marks-count", { count: markCount }));
  return lines.join("\n");
}

export function shipConversation(deps: PostingDialogDeps): ConversationSpec {
  const { codec } = deps;
  return {
    id: SHIP_CONVERSATION,
    builder: async (conversation, start, given?: string | null) => {
      const chosen = await choosePosting(conversation, start, deps, given ?? undefined);
      const posting = chosen.posting;
      let ctx = chosen.ctx;
      await ctx.reply(postingCard(posting, formatOf(ctx, deps.timezone)));

      let layout = oneBox(posting);
      if (unitCount(posting) > 1) {
        const how = new InlineKeyboard()
          .text(ctx.t("postings-ship-one-package"), answerData(codec, "m", "one", ctx.from?.id))
          .text(ctx.t("postings-ship-split"), answerData(codec, "m", "split", ctx.from?.id));
        const mode = await askButton(
          conversation,
          ctx,
          codec,
          "m",
          ctx.t("postings-ship-how"),
          how,
        );
        ctx = mode.ctx;
        if (mode.value === "split") {
          const split = await askSplit(conversation, ctx, codec, posting);
          layout = split.layout;
          ctx = split.ctx;
        }
      }

      const marked = await askMarks(conversation, ctx, deps, posting);
      if (!marked) return;
      ctx = marked.ctx;
      const packages = packagesOf(layout, marked.marks);

      const confirm = new InlineKeyboard().text(
        ctx.t("postings-ship-confirm-button"),
        answerData(codec, "c", "yes", ctx.from?.id),
      );
      const confirmed = await askButton(
        conversation,
        ctx,
        codec,
        "c",
        summaryOf(ctx, posting, packages),
        confirm,
      );
      ctx = confirmed.ctx;

      const number = posting.postingNumber;
      for (let attemptNo = 1; ; attemptNo++) {
        await ctx.replyWithChatAction("typing");
        const shipped = await conversation.external(() =>
          attempt(
            async () => (await deps.seller.postings.ship(number, packages)).postingNumbers,
            number,
          ),
        );
        if (shipped.ok) {
          const label = new InlineKeyboard().text(
            ctx.t("postings-button-label"),
            codec.encode(LABEL_CALLBACK, number),
          );
          const numbers = shipped.value.length > 0 ? shipped.value.join(", ") : number;
          await ctx.reply(ctx.t("postings-ship-done", { posting: number, numbers }), {
            reply_markup: label,
          });
          return;
        }
        const retry = new InlineKeyboard().text(
          ctx.t("postings-button-retry"),
          answerData(codec, `x${attemptNo}`, "retry", ctx.from?.id),
        );
        const question = ctx.t("postings-ship-failed", {
          posting: number,
          reason: problemText(ctx.t, shipped.problem),
        });
        // Each attempt has its own step, so a Retry button of an earlier failure is stale.
        const again = await askButton(conversation, ctx, codec, `x${attemptNo}`, question, retry);
        ctx = again.ctx;
      }
    },
  };
}
