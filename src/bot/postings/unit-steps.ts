/** Tests: none directly */
import type { Posting } from "../../ozon/seller/types.ts";
import {
  awaitVerdict,
  checkAnswers,
  marksOf,
  type PackPlan,
  planPack,
  type SubmitOutcome,
  submitAnswers,
  type UnitAnswers,
  type UnitQuestion,
  type UnitRefusal,
  type UnitWait,
} from "../../services/postings/units.ts";
import type { Dialog } from "../core/dialog/dialog.ts";
import { clip, fitItems, problemText, TEXT_BUDGET, type Translate } from "./format.ts";
import { unitButtonKeyboard } from "./keyboards.ts";
import { attempt, type DialogShop, freeTextRefusal, type Outcome } from "./posting-steps.ts";

/** A scanned code (a mark, a UIN) is long with its crypto tail, but not this long. */
const MAX_CODE_LENGTH = 200;
/** A GTD or RNPT number. */
const MAX_NUMBER_LENGTH = 100;
/** Kilograms with up to 3 decimals (grams), a comma or a point, "kg"/"кг" after it allowed. */
const WEIGHT = /^(\d{1,4})(?:[.,](\d{1,3}))?\s*(?:kg|кг)?$/i;

type Parse = (text: string) => { value: string } | { error: string };

const kilograms = (grams: number) => grams / 1000;

/** The question as the person reads it. */
function questionText(t: Translate, q: UnitQuestion): string {
  const unit = { name: clip(q.name, 100), unit: q.unit ?? 1, units: q.units };
  switch (q.kind) {
    case "mandatory_mark":
      return t("postings-ship-mark", unit);
    case "jw_uin":
      return t("postings-ship-jw-uin", unit);
    case "imei":
      return t("postings-ship-imei", unit);
    case "weight":
      return q.grams && q.grams.max > 0
        ? t("postings-ship-weight-range", {
            ...unit,
            min: kilograms(q.grams.min),
            max: kilograms(q.grams.max),
          })
        : t("postings-ship-weight", unit);
    case "gtd":
      return t("postings-ship-gtd", unit);
    case "rnpt":
      return t("postings-ship-rnpt", unit);
  }
}

/** How a typed answer is read: refused with why, or the value sent to Ozon. */
function parserOf(t: Translate, q: UnitQuestion, answers: UnitAnswers, questions: UnitQuestion[]) {
  /** The same code typed for another unit: an easy slip with a scanner. */
  const twin = (value: string) => {
    const other = questions.find(
      (o) => o.id !== q.id && o.kind === q.kind && answers[o.id] === value,
    );
    return (
      other &&
      t("postings-ship-mark-duplicate", { name: clip(other.name, 100), unit: other.unit ?? 1 })
    );
  };
  const code: Parse = (text) => {
    const refused = freeTextRefusal(t, text, MAX_CODE_LENGTH) ?? twin(text);
    return refused === undefined ? { value: text } : { error: refused };
  };
  const imei: Parse = (text) => {
    const digits = text.replace(/[\s-]/g, "");
    if (!/^\d{15}$/.test(digits)) return { error: t("postings-ship-imei-invalid") };
    const refused = twin(digits);
    return refused === undefined ? { value: digits } : { error: refused };
  };
  const weight: Parse = (text) => {
    const parts = WEIGHT.exec(text);
    const grams = parts ? Number(parts[1]) * 1000 + Number((parts[2] ?? "").padEnd(3, "0")) : 0;
    if (!parts || grams <= 0) return { error: t("postings-ship-weight-invalid") };
    const range = q.grams;
    if (range && (grams < range.min || (range.max > 0 && grams > range.max))) {
      const limits = { min: kilograms(range.min), max: kilograms(range.max) };
      return { error: t("postings-ship-weight-out", limits) };
    }
    return { value: String(grams) };
  };
  const number: Parse = (text) => {
    const refused = freeTextRefusal(t, text, MAX_NUMBER_LENGTH);
    return refused === undefined ? { value: text } : { error: refused };
  };
  switch (q.kind) {
    case "imei":
      return imei;
    case "weight":
      return weight;
    case "gtd":
    case "rnpt":
      return number;
    default:
      return code;
  }
}

/** An answer as the list of refused ones shows it. */
function shown(t: Translate, q: UnitQuestion, value: string | null | undefined): string {
  if (value === null || value === undefined) return t("postings-units-none");
  if (q.kind === "weight") return t("postings-units-kg", { kg: kilograms(Number(value)) });
  return clip(value, 60);
}

/** What Ozon refused, by question, in its words: heads the first question asked again. */
function refusedText(
  t: Translate,
  plan: PackPlan,
  refusals: readonly UnitRefusal[],
  answers: UnitAnswers,
): string {
  const items = refusals.flatMap((r) => {
    const q = plan.questions.find((one) => one.id === r.questionId);
    if (!q) return [];
    const what = t("postings-units-what", {
      kind: q.kind,
      name: clip(q.name, 60),
      unit: q.unit ?? 1,
      units: q.units,
    });
    const value = shown(t, q, answers[q.id]);
    const words = clip(r.words.join(", "), 300);
    return [
      words === ""
        ? t("postings-units-refused-plain", { what, value })
        : t("postings-units-refused-item", { what, value, words }),
    ];
  });
  const list = fitItems(items, TEXT_BUDGET - 400, (count) =>
    t("postings-ship-more-lines", { count }),
  ).join("\n");
  return t("postings-units-refused", { count: items.length, list });
}

/** What Ozon needs of this posting, by kind: heads the first question. */
function introText(t: Translate, plan: PackPlan): string {
  const counts = new Map<string, number>();
  for (const q of plan.questions) counts.set(q.kind, (counts.get(q.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => t("postings-units-part", { kind, count }));
  return t("postings-units-intro", { list: parts.join(", ") });
}

/**
 * One answer: a typed text `parse` takes; for the GTD and RNPT also their «none» button (null).
 * A refused text is said on the question, which stays.
 */
async function answerOf(
  dialog: Dialog,
  q: UnitQuestion,
  question: string,
  parse: Parse,
  step: string,
): Promise<string | null> {
  if (q.kind !== "gtd" && q.kind !== "rnpt") {
    return dialog.text<string>(question, (text) => parse(text));
  }
  const none = q.kind === "gtd" ? "postings-ship-no-gtd" : "postings-ship-no-rnpt";
  const keyboard = unitButtonKeyboard(dialog.button, dialog.t(none), step, "none");
  await dialog.ask(question, keyboard);
  const take = async (): Promise<string | null> => {
    const answer = await dialog.answer([step]);
    if (answer.kind === "button") return null;
    const parsed = parse(answer.text);
    if ("value" in parsed) return parsed.value;
    if (!(await dialog.refused(parsed.error, question, keyboard))) {
      await dialog.ask(question, keyboard);
    }
    return take();
  };
  return take();
}

/**
 * Asks what Ozon needs of the posting's units and gets it accepted. The marks of each SKU in unit
 * order (empty when nothing is needed: nothing is asked); undefined when the dialog ended here
 * (an Ozon failure or a refusal it names no value for, said on screen).
 */
export async function askUnits(
  dialog: Dialog,
  shop: DialogShop,
  posting: Posting,
  /** Heads the first screen with the card (when the dialog is on it). */
  headed: (text: string) => string,
  wait: UnitWait = {},
): Promise<Map<string, string[]> | undefined> {
  const { conversation, t } = dialog;
  const number = posting.postingNumber;
  const planned = await attempt(conversation, () => planPack(shop.seller(), posting), number);
  if (!planned.ok) {
    await dialog.show(headed(problemText(t, planned.problem)));
    return undefined;
  }
  const plan = planned.value;
  if (plan.questions.length === 0) return new Map();
  const answers: UnitAnswers = {};
  let round = 0;

  /** Ozon's answer to the values sent: accepted, some asked again, or looked at again later. */
  const settle = async (outcome: Outcome<SubmitOutcome>, look: number): Promise<boolean> => {
    if (!outcome.ok) {
      await dialog.show(problemText(t, outcome.problem));
      return false;
    }
    const verdict = outcome.value;
    switch (verdict.kind) {
      case "accepted":
        return true;
      case "refused":
        return again(verdict.refusals);
      case "not-accepted":
        await dialog.show(
          t("postings-units-not-accepted", { posting: number, status: clip(verdict.status, 100) }),
        );
        return false;
      case "checking": {
        const step = `w${round}.${look}`;
        const keyboard = unitButtonKeyboard(
          dialog.button,
          t("postings-units-check-again"),
          step,
          "again",
        );
        await dialog.choose(step, t("postings-units-checking"), keyboard);
        await dialog.ctx.replyWithChatAction("typing");
        const next = await attempt(
          conversation,
          () => awaitVerdict(shop.seller(), plan, wait),
          number,
        );
        return settle(next, look + 1);
      }
    }
  };

  /** Asks `questions` (`heading` above the first), has Ozon check them, then sends them all. */
  const ask = async (questions: readonly UnitQuestion[], heading: string): Promise<boolean> => {
    round += 1;
    let head: string | undefined = heading;
    for (const [i, q] of questions.entries()) {
      const text = questionText(t, q);
      const question = head === undefined ? text : `${head}\n\n${text}`;
      head = undefined;
      const parse = parserOf(t, q, answers, plan.questions);
      answers[q.id] = await answerOf(dialog, q, question, parse, `u${round}.${i}`);
    }
    const checked = await attempt(
      conversation,
      () => checkAnswers(shop.seller(), plan, answers),
      number,
    );
    if (!checked.ok) {
      await dialog.show(problemText(t, checked.problem));
      return false;
    }
    if (checked.value.length > 0) return again(checked.value);
    await dialog.ctx.replyWithChatAction("typing");
    const sent = await attempt(
      conversation,
      () => submitAnswers(shop.seller(), plan, answers, wait),
      number,
    );
    return settle(sent, 0);
  };

  /** Only what Ozon refused is asked again, its words heading the first question. */
  const again = (refusals: readonly UnitRefusal[]): Promise<boolean> => {
    const questions = plan.questions.filter((q) => refusals.some((r) => r.questionId === q.id));
    return ask(questions, refusedText(t, plan, refusals, answers));
  };

  if (!(await ask(plan.questions, headed(introText(t, plan))))) return undefined;
  return marksOf(plan, answers);
}
