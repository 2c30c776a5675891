/**
 * The ship dialog (/ship, or the Ship button with the posting chosen): posting → contents → one
 * package or split → mandatory marks when Ozon wants them → confirm → ship, with Retry on a
 * failure → the label offered as a PDF button.
 *
 * Every Ozon call goes through `attempt` (posting-steps.ts): it runs in `conversation.external` and
 * returns plain data (failures as a locale key), so replays after a restart read the recorded
 * answers instead of calling Ozon again.
 */
import { InlineKeyboard } from "grammy";
import type { Posting, ShipPackage } from "../../ozon/seller/types.ts";
import type { CallbackCodec } from "../callback-data.ts";
import type { BotConversation, ConversationContext } from "../context.ts";
import {
  clip,
  type PostingFormat,
  postingCard,
  problemText,
  unitCount,
} from "../format/postings.ts";
import { answerData, LABEL_CALLBACK } from "../keyboards/postings.ts";
import type { ConversationSpec } from "./index.ts";
import {
  ask,
  askButton,
  attempt,
  choosePosting,
  freeTextRefusal,
  type PostingDialogDeps,
} from "./posting-steps.ts";

export const SHIP_CONVERSATION = "postings-ship";

const MAX_MARK_LENGTH = 200;

function formatOf(ctx: ConversationContext, timezone: string): PostingFormat {
  return { t: ctx.t, locale: ctx.locale, timezone };
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
  const required = await attempt(
    conversation,
    () => deps.seller.marks.isRequired(skus),
    posting.postingNumber,
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
          const refused = freeTextRefusal(current.t, text, MAX_MARK_LENGTH);
          return refused === undefined ? { value: text } : { error: refused };
        },
      );
      current = answer.ctx;
      typed[i] = answer.value;
    }
    const checks = await attempt(
      conversation,
      () => deps.seller.marks.validate(typed),
      posting.postingNumber,
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
        const shipped = await attempt(
          conversation,
          async () => (await deps.seller.postings.ship(number, packages)).postingNumbers,
          number,
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
