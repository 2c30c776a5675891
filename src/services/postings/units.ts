/**
 * What Ozon needs of a posting's units before it is packed, and getting it accepted: which
 * questions a pack asks (a mark, a UIN, an IMEI or the weight of each unit that needs one; the
 * GTD and RNPT once per product, sent for each of its units), the answers' form checked by Ozon
 * (`exemplar/validate`), the answers sent (`exemplar/set`) and Ozon's check of them waited for
 * (`exemplar/status`, polled up to a deadline). What Ozon refused is named in its own words and
 * tied to the question that gave it, so only that is asked again.
 * Today's methods first. Where a store still lacks them (`exemplar/create-or-get` answers 404),
 * the seed's mark methods are the fallback: only Chestny ZNAK marks are asked, checked with
 * `mandatory-mark/validate` and shipped in the seed's ship form (packages.ts hands them out).
 *
 * Everything here returns plain data: a dialog runs it inside `conversation.external`.
 * Tests: none directly
 */
import { isPostingNotFoundError, isRetiredMethodError } from "../../ozon/errors.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type {
  ExemplarCheck,
  ExemplarProductValues,
  MarkKind,
  Posting,
} from "../../ozon/seller/types.ts";

/** What one question asks for. */
export type UnitAsk = MarkKind | "weight" | "gtd" | "rnpt";

/** One question of a pack: a unit's code or weight, or a product's GTD or RNPT. */
export interface UnitQuestion {
  /** `<sku>:<unit>:<kind>` for a unit's, `<sku>:<kind>` for a product's. */
  id: string;
  kind: UnitAsk;
  sku: string;
  name: string;
  /** 1-based among the product's units (a unit's question). */
  unit?: number;
  /** How many units the product has in the posting. */
  units: number;
  /** The weight's range in grams (a weight question; max 0: no upper bound given). */
  grams?: { min: number; max: number };
}

/** A product whose units need something, with what and their ids (today's form). */
export interface UnitProduct {
  sku: string;
  exemplarIds: string[];
  marks: MarkKind[];
  gtd: boolean;
  rnpt: boolean;
  weight: boolean;
}

export interface PackPlan {
  /** Today's units (`exemplars`), or the seed's mark methods where a store lacks them (`marks`). */
  form: "exemplars" | "marks";
  postingNumber: string;
  /** In asking order: per product its GTD, its RNPT, then each unit's codes and weight. */
  questions: UnitQuestion[];
  products: UnitProduct[];
}

/** Answers by question id: the text as sent; null: the product has no GTD or RNPT. */
export type UnitAnswers = Record<string, string | null>;

/** What Ozon refused, in its own words (codes), and the question that gave it. */
export interface UnitRefusal {
  questionId: string;
  words: string[];
}

export type SubmitOutcome =
  /** Ozon accepted every value: the posting may be packed. */
  | { kind: "accepted" }
  /** Ozon refused some: ask them again. */
  | { kind: "refused"; refusals: UnitRefusal[] }
  /** Ozon was still checking at the deadline. */
  | { kind: "checking" }
  /** Ozon's check ended without naming a refused value: its status word. */
  | { kind: "not-accepted"; status: string };

/** How long to wait for Ozon's check, and the clock to wait by (tests pass their own). */
export interface UnitWait {
  deadlineMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Ozon's check usually ends within seconds; a person waits no longer than this at once. */
export const CHECK_DEADLINE_MS = 20_000;
/** Pauses between status reads: soon at first, then every few seconds. */
const POLL_STEPS_MS = [0, 300, 700, 1500, 3000];

const unitId = (sku: string, unit: number, kind: UnitAsk) => `${sku}:${unit}:${kind}`;
const productId = (sku: string, kind: "gtd" | "rnpt") => `${sku}:${kind}`;

/** The products of a posting by SKU: name and units (a SKU on several lines counts once). */
function productsOf(posting: Posting): Map<string, { name: string; units: number }> {
  const found = new Map<string, { name: string; units: number }>();
  for (const p of posting.products) {
    const known = found.get(p.sku);
    found.set(p.sku, { name: known?.name ?? p.name, units: (known?.units ?? 0) + p.quantity });
  }
  return found;
}

/** The questions of one product, in asking order. */
function questionsOf(product: UnitProduct, name: string, grams?: UnitQuestion["grams"]) {
  const units = product.exemplarIds.length;
  const base = { sku: product.sku, name, units };
  const questions: UnitQuestion[] = [];
  if (product.gtd) questions.push({ ...base, id: productId(product.sku, "gtd"), kind: "gtd" });
  if (product.rnpt) questions.push({ ...base, id: productId(product.sku, "rnpt"), kind: "rnpt" });
  for (let unit = 1; unit <= units; unit++) {
    for (const kind of product.marks) {
      questions.push({ ...base, id: unitId(product.sku, unit, kind), kind, unit });
    }
    if (product.weight && grams) {
      questions.push({
        ...base,
        id: unitId(product.sku, unit, "weight"),
        kind: "weight",
        unit,
        grams,
      });
    }
  }
  return questions;
}

/**
 * What the pack of `posting` asks: Ozon's units of each product and what they need. A store
 * without the exemplar methods is asked the seed's way (marks only).
 */
export async function planPack(seller: SellerClient, posting: Posting): Promise<PackPlan> {
  const names = productsOf(posting);
  const nameOf = (sku: string) => names.get(sku)?.name ?? sku;
  let described: Awaited<ReturnType<SellerClient["exemplars"]["createOrGet"]>>;
  try {
    described = await seller.exemplars.createOrGet(posting.postingNumber);
  } catch (error) {
    if (!isRetiredMethodError(error) || isPostingNotFoundError(error)) throw error;
    return planByMarks(seller, posting, names);
  }
  const products: UnitProduct[] = [];
  const questions: UnitQuestion[] = [];
  for (const p of described) {
    const weight = p.weight !== undefined;
    if (p.marks.length === 0 && !p.gtd && !p.rnpt && !weight) continue;
    const product = {
      sku: p.sku,
      exemplarIds: p.exemplarIds.slice(0, p.quantity),
      marks: p.marks,
      gtd: p.gtd,
      rnpt: p.rnpt,
      weight,
    };
    products.push(product);
    const grams = p.weight && {
      min: Math.round(p.weight.minKg * 1000),
      max: Math.round(p.weight.maxKg * 1000),
    };
    questions.push(...questionsOf(product, nameOf(p.sku), grams || undefined));
  }
  return { form: "exemplars", postingNumber: posting.postingNumber, questions, products };
}

async function planByMarks(
  seller: SellerClient,
  posting: Posting,
  names: Map<string, { name: string; units: number }>,
): Promise<PackPlan> {
  const required = await seller.marks.isRequired([...names.keys()]);
  const needing = new Set(required.filter((r) => r.isRequired).map((r) => String(r.sku)));
  const products: UnitProduct[] = [...names]
    .filter(([sku]) => needing.has(sku))
    .map(([sku, { units }]) => ({
      sku,
      // No unit ids in the seed's form: a unit is its number.
      exemplarIds: Array.from({ length: units }, (_, i) => String(i + 1)),
      marks: ["mandatory_mark"],
      gtd: false,
      rnpt: false,
      weight: false,
    }));
  const questions = products.flatMap((p) => questionsOf(p, names.get(p.sku)?.name ?? p.sku));
  return { form: "marks", postingNumber: posting.postingNumber, questions, products };
}

/** Each product's values for Ozon, from the answers. */
function valuesOf(plan: PackPlan, answers: UnitAnswers): ExemplarProductValues[] {
  const text = (id: string) => answers[id] ?? undefined;
  return plan.products.map((product) => ({
    sku: product.sku,
    exemplars: product.exemplarIds.map((exemplarId, i) => {
      const unit = i + 1;
      const grams = product.weight ? text(unitId(product.sku, unit, "weight")) : undefined;
      return {
        exemplarId,
        marks: product.marks.map((kind) => ({
          kind,
          code: text(unitId(product.sku, unit, kind)) ?? "",
        })),
        ...(product.gtd ? { gtd: answers[productId(product.sku, "gtd")] ?? null } : {}),
        ...(product.rnpt ? { rnpt: answers[productId(product.sku, "rnpt")] ?? null } : {}),
        ...(grams === undefined ? {} : { weightGrams: Number(grams) }),
      };
    }),
  }));
}

/** The Chestny ZNAK marks of each SKU in unit order (the seed's ship form carries them). */
export function marksOf(plan: PackPlan, answers: UnitAnswers): Map<string, string[]> {
  const marks = new Map<string, string[]>();
  for (const product of plan.products) {
    if (!product.marks.includes("mandatory_mark")) continue;
    marks.set(
      product.sku,
      product.exemplarIds.map(
        (_, i) => answers[unitId(product.sku, i + 1, "mandatory_mark")] ?? "",
      ),
    );
  }
  return marks;
}

/** The questions of a unit that an error about the unit as a whole may mean. */
function unitTargets(plan: PackPlan, sku: string, unit: number, words: string[]): string[] {
  const own = plan.questions.filter((q) => q.sku === sku);
  const said = words.join(" ");
  const named = own.filter(
    (q) =>
      (q.kind === "gtd" && /GTD/i.test(said)) ||
      (q.kind === "rnpt" && /RNPT/i.test(said)) ||
      (q.kind === "weight" && q.unit === unit && /WEIGHT/i.test(said)),
  );
  if (named.length > 0) return named.map((q) => q.id);
  const values = own.filter(
    (q) => q.kind === "gtd" || q.kind === "rnpt" || (q.kind === "weight" && q.unit === unit),
  );
  return (values.length > 0 ? values : own.filter((q) => q.unit === unit)).map((q) => q.id);
}

/** Refusals of the same question merged, its words once each, in the questions' order. */
function merged(plan: PackPlan, refusals: UnitRefusal[]): UnitRefusal[] {
  const words = new Map<string, Set<string>>();
  for (const r of refusals) {
    const known = words.get(r.questionId) ?? new Set<string>();
    for (const word of r.words) known.add(word);
    words.set(r.questionId, known);
  }
  return plan.questions
    .filter((q) => words.has(q.id))
    .map((q) => ({ questionId: q.id, words: [...(words.get(q.id) ?? [])] }));
}

/**
 * Ozon's check of the answers' form before anything is sent (`exemplar/validate`, or the seed's
 * `mandatory-mark/validate`): what it refused, by question.
 */
export async function checkAnswers(
  seller: SellerClient,
  plan: PackPlan,
  answers: UnitAnswers,
): Promise<UnitRefusal[]> {
  if (plan.form === "marks") return checkMarks(seller, plan, answers);
  const values = valuesOf(plan, answers);
  const verdicts = await seller.exemplars.validate(plan.postingNumber, values);
  const refusals: UnitRefusal[] = [];
  for (const verdict of verdicts) {
    const product = plan.products.find((p) => p.sku === verdict.sku);
    if (!product) continue;
    let named = false;
    verdict.exemplars.forEach((exemplar, i) => {
      const unit = i + 1;
      for (const mark of exemplar.marks) {
        if (mark.valid !== false && mark.errors.length === 0) continue;
        const kind = product.marks.find((k) => k === mark.kind) ?? product.marks[0];
        if (!kind) continue;
        refusals.push({ questionId: unitId(product.sku, unit, kind), words: mark.errors });
        named = true;
      }
      if (exemplar.errors.length > 0) {
        for (const id of unitTargets(plan, product.sku, unit, exemplar.errors)) {
          refusals.push({ questionId: id, words: exemplar.errors });
        }
        named = true;
      }
    });
    if (!named && (verdict.error || verdict.valid === false)) {
      // Refused as a whole: every question of the product, with Ozon's word when it gave one.
      const words = verdict.error ? [verdict.error] : [];
      for (const q of plan.questions.filter((q) => q.sku === product.sku)) {
        refusals.push({ questionId: q.id, words });
      }
    }
  }
  return merged(plan, refusals);
}

async function checkMarks(
  seller: SellerClient,
  plan: PackPlan,
  answers: UnitAnswers,
): Promise<UnitRefusal[]> {
  const asked = plan.questions.map((q) => ({ id: q.id, mark: answers[q.id] ?? "" }));
  if (asked.length === 0) return [];
  const checks = await seller.marks.validate(asked.map((a) => a.mark));
  const bad = new Map(checks.filter((c) => !c.valid).map((c) => [c.mark, c.detail]));
  return asked
    .filter((a) => bad.has(a.mark))
    .map((a) => {
      const detail = bad.get(a.mark);
      return { questionId: a.id, words: detail ? [detail] : [] };
    });
}

/** A check not over yet: still `processing`, or the posting's status says so. */
const checking = (check: ExemplarCheck) => check.status === "processing";
const refused = (check: ExemplarCheck) =>
  check.codes.length > 0 ||
  (check.status !== undefined && /fail|invalid|error/i.test(check.status));

/** Ozon's check of the values sent last, read once: over or not, and what it refused. */
async function readVerdict(
  seller: SellerClient,
  plan: PackPlan,
): Promise<SubmitOutcome | undefined> {
  const verdict = await seller.exemplars.status(plan.postingNumber);
  const exemplars = verdict.products.flatMap((p) => p.exemplars.map((e) => ({ sku: p.sku, e })));
  const over =
    verdict.status !== "validation_in_process" &&
    !exemplars.some(
      ({ e }) =>
        e.marks.some((m) => checking(m.check)) ||
        checking(e.gtd) ||
        checking(e.rnpt) ||
        checking(e.weight),
    );
  if (!over) return undefined;
  if (verdict.status === "ship_available") return { kind: "accepted" };
  const refusals: UnitRefusal[] = [];
  for (const { sku, e } of exemplars) {
    const product = plan.products.find((p) => p.sku === sku);
    const index = product?.exemplarIds.indexOf(e.exemplarId) ?? -1;
    if (!product || index < 0) continue;
    const unit = index + 1;
    for (const mark of e.marks) {
      if (!refused(mark.check)) continue;
      const kind = product.marks.find((k) => k === mark.kind) ?? product.marks[0];
      if (kind) refusals.push({ questionId: unitId(sku, unit, kind), words: mark.check.codes });
    }
    if (product.gtd && refused(e.gtd)) {
      refusals.push({ questionId: productId(sku, "gtd"), words: e.gtd.codes });
    }
    if (product.rnpt && refused(e.rnpt)) {
      refusals.push({ questionId: productId(sku, "rnpt"), words: e.rnpt.codes });
    }
    if (product.weight && refused(e.weight)) {
      refusals.push({ questionId: unitId(sku, unit, "weight"), words: e.weight.codes });
    }
  }
  if (refusals.length > 0) return { kind: "refused", refusals: merged(plan, refusals) };
  if (verdict.status === undefined) return { kind: "accepted" };
  return { kind: "not-accepted", status: verdict.status };
}

/**
 * Waits for Ozon's check of the values sent last: status read now, then after growing pauses
 * until it is over or the deadline passed (then `checking`: the person may look again).
 */
export async function awaitVerdict(
  seller: SellerClient,
  plan: PackPlan,
  wait: UnitWait = {},
): Promise<SubmitOutcome> {
  const now = wait.now ?? Date.now;
  const sleep = wait.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = now() + (wait.deadlineMs ?? CHECK_DEADLINE_MS);
  for (let step = 0; ; step++) {
    const pause = POLL_STEPS_MS[Math.min(step, POLL_STEPS_MS.length - 1)] ?? 0;
    if (step > 0 && now() + pause > deadline) return { kind: "checking" };
    await sleep(pause);
    const outcome = await readVerdict(seller, plan);
    if (outcome) return outcome;
  }
}

/**
 * Sends every answer (the whole set: Ozon replaces what it had) and waits for Ozon's check. The
 * seed's form has nothing to send: its marks go with the ship.
 */
export async function submitAnswers(
  seller: SellerClient,
  plan: PackPlan,
  answers: UnitAnswers,
  wait: UnitWait = {},
): Promise<SubmitOutcome> {
  if (plan.form === "marks" || plan.products.length === 0) return { kind: "accepted" };
  await seller.exemplars.set(plan.postingNumber, valuesOf(plan, answers));
  return awaitVerdict(seller, plan, wait);
}
