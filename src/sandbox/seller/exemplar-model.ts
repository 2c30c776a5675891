/**
 * A posting's units ("exemplars") as today's Ozon keeps them: made at the first
 * `exemplar/create-or-get`, each product saying what its units need (a Chestny ZNAK mark, a UIN,
 * an IMEI, the GTD, the RNPT, the weight); values checked for form (`validate`), sent whole
 * (`set`) and checked afterwards: `status` says `processing` for the first `checkPolls` reads,
 * then each check's verdict in Ozon's codes. `/v4/posting/fbs/ship` refuses a posting whose
 * needed values were not sent or not accepted, and ships the accepted marks with it.
 *
 * The rules of each code are marks.ts's; a mark is refused as used when it was shipped before, is
 * held by the control as in circulation, or is accepted on another posting waiting to be packed.
 * Tests: test/bot/audit/returns-audit.test.ts, test/bot/returns/double-tap.test.ts and 44 more
 */
import { NO_NEEDS } from "../data.ts";
import { fail, GRPC, sellerError } from "../http.ts";
import type {
  Exemplar,
  ExemplarNeeds,
  ExemplarVerdict,
  Posting,
  PostingExemplars,
  PostingLine,
  SandboxState,
} from "../state.ts";
import { CODE_RULES, isGtdValid, isRnptValid } from "./marks.ts";

const refuse = (message: string): never => fail(sellerError(400, GRPC.invalidArgument, message));

/** Ozon's words (error codes) for what the sandbox refuses. */
export const EXEMPLAR_ERRORS = {
  markFormat: "INVALID_MARK_FORMAT",
  markUsed: "MARK_ALREADY_USED",
  markType: "UNKNOWN_MARK_TYPE",
  markRedundant: "MANDATORY_MARK_REDUNDANT",
  gtdFormat: "INVALID_GTD_FORMAT",
  gtdMissing: "GTD_MUST_BE_SPECIFIED_FOR_PRODUCT_COUNTRY",
  rnptFormat: "INVALID_RNPT_FORMAT",
  rnptMissing: "RNPT_MUST_BE_SPECIFIED",
  weightRange: "WEIGHT_IS_OUT_OF_RANGE",
  weightMissing: "WEIGHT_IS_REQUIRED",
  notComplete: "EXEMPLAR_INFO_NOT_FILLED_COMPLETELY",
  unknownProduct: "UNKNOWN_PRODUCT_DEFINED",
  wrongStatus: "Posting must have 'awaiting_packaging' status",
} as const;

/** First unit id: Ozon's ids are large; a store's start apart from the others' is not needed. */
const FIRST_ID = 410_000_000_000;

/** What a unit of `line` needs: the mark is `markRequired`, the rest its `needs`. */
export function needsOf(line: PostingLine): ExemplarNeeds & { mark: boolean } {
  return { ...NO_NEEDS, ...line.needs, mark: line.markRequired };
}

/** The mark types a unit of `line` must carry. */
function markTypes(line: PostingLine): string[] {
  const needs = needsOf(line);
  return [
    ...(needs.mark ? ["mandatory_mark"] : []),
    ...(needs.jwUin ? ["jw_uin"] : []),
    ...(needs.imei ? ["imei"] : []),
  ];
}

/** Does a unit of `line` need anything at all? */
export function needsAnything(line: PostingLine): boolean {
  const needs = needsOf(line);
  return (
    needs.mark || needs.gtd || needs.rnpt || needs.imei || needs.jwUin || needs.weight !== null
  );
}

/** The posting's line of a requested id: the SKU first, the product id accepted too. */
export function lineOf(posting: Posting, id: number): PostingLine | undefined {
  return posting.lines.find((l) => l.sku === id) ?? posting.lines.find((l) => l.productId === id);
}

const blank = (id: number): Exemplar => ({
  id,
  marks: [],
  gtd: "",
  gtdAbsent: false,
  rnpt: "",
  rnptAbsent: false,
  weight: null,
  verdict: null,
});

/** The posting's units, made now when this is the first time they are asked for. */
export function exemplarsOf(state: SandboxState, posting: Posting): PostingExemplars {
  if (posting.exemplars) return posting.exemplars;
  const desk = state.exemplarDesk;
  const units = new Map<number, number>();
  for (const line of posting.lines) units.set(line.sku, (units.get(line.sku) ?? 0) + line.quantity);
  posting.exemplars = {
    products: [...units].map(([sku, quantity]) => ({
      sku,
      exemplars: Array.from({ length: quantity }, () => blank(FIRST_ID + ++desk.seq)),
    })),
    sent: false,
    pending: 0,
  };
  return posting.exemplars;
}

export function requireAwaitingPackaging(posting: Posting): void {
  if (posting.status !== "awaiting_packaging") refuse(EXEMPLAR_ERRORS.wrongStatus);
}

export const weightOf = (line: PostingLine) => needsOf(line).weight;

/** A mark's form, by its type: the codes it is refused with (none: it has the form). */
export function formErrors(mark: { mark: string; type: string }): string[] {
  const rule = CODE_RULES[mark.type];
  if (!rule) return [EXEMPLAR_ERRORS.markType];
  return rule(mark.mark) ? [] : [EXEMPLAR_ERRORS.markFormat];
}

export function weightErrors(weight: number | null, range: { min: number; max: number } | null) {
  if (range === null) return [];
  if (weight === null) return [EXEMPLAR_ERRORS.weightMissing];
  const above = range.max > 0 && weight > range.max;
  return weight < range.min || above ? [EXEMPLAR_ERRORS.weightRange] : [];
}

export interface SetProduct {
  product_id: number;
  exemplars: Array<{
    exemplar_id: number;
    marks?: Array<{ mark?: string; mark_type?: string }>;
    gtd?: string;
    is_gtd_absent?: boolean;
    rnpt?: string;
    is_rnpt_absent?: boolean;
    weight?: number;
  }>;
}

/** Marks accepted on other postings waiting to be packed: in circulation there. */
function heldElsewhere(state: SandboxState, posting: Posting): Set<string> {
  const held = new Set<string>();
  for (const other of state.postings.values()) {
    if (other === posting || other.status !== "awaiting_packaging" || !other.exemplars) continue;
    for (const { exemplars } of other.exemplars.products) {
      for (const e of exemplars) {
        e.marks.forEach((m, i) => {
          if (e.verdict?.marks[i]?.passed) held.add(m.mark);
        });
      }
    }
  }
  return held;
}

/**
 * `/v6/fbs/posting/product/exemplar/set`: the whole set replaces the last one (a unit not sent
 * has no values), each unit is judged now and the verdict is revealed after `checkPolls` reads.
 */
export function setExemplars(state: SandboxState, posting: Posting, products: SetProduct[]): void {
  requireAwaitingPackaging(posting);
  const units = exemplarsOf(state, posting);
  // The whole request is checked before anything changes.
  const sent = new Map<number, SetProduct["exemplars"][number]>();
  for (const product of products) {
    const line = lineOf(posting, product.product_id);
    if (!line) refuse(EXEMPLAR_ERRORS.unknownProduct);
    const own = units.products.find((p) => p.sku === line?.sku);
    for (const e of product.exemplars) {
      if (!own?.exemplars.some((x) => x.id === e.exemplar_id)) {
        refuse(`exemplar ${e.exemplar_id} does not belong to product ${product.product_id}`);
      }
      sent.set(e.exemplar_id, e);
    }
  }
  const used = new Set([...state.exemplarDesk.usedMarks, ...heldElsewhere(state, posting)]);
  const seen = new Set<string>();
  for (const { sku, exemplars } of units.products) {
    const line = lineOf(posting, sku) as PostingLine;
    for (const exemplar of exemplars) {
      const values = sent.get(exemplar.id);
      Object.assign(exemplar, blank(exemplar.id), {
        marks: (values?.marks ?? []).map((m) => ({ mark: m.mark ?? "", type: m.mark_type ?? "" })),
        gtd: values?.gtd ?? "",
        gtdAbsent: values?.is_gtd_absent ?? false,
        rnpt: values?.rnpt ?? "",
        rnptAbsent: values?.is_rnpt_absent ?? false,
        weight: values?.weight ?? null,
      });
      exemplar.verdict = judge(line, exemplar, used, seen);
    }
  }
  units.sent = true;
  units.pending = state.exemplarDesk.checkPolls;
}

/** Ozon's check of one unit's values (`used` and `seen`: marks taken already). */
function judge(
  line: PostingLine,
  exemplar: Exemplar,
  used: ReadonlySet<string>,
  seen: Set<string>,
): ExemplarVerdict {
  const needs = needsOf(line);
  const verdict = (codes: string[]) => ({ passed: codes.length === 0, codes });
  const marks = exemplar.marks.map((m) => {
    const codes = formErrors(m);
    if (m.type === "mandatory_mark" && !needs.mark) codes.push(EXEMPLAR_ERRORS.markRedundant);
    if (codes.length === 0 && (used.has(m.mark) || seen.has(m.mark))) {
      codes.push(EXEMPLAR_ERRORS.markUsed);
    }
    seen.add(m.mark);
    return verdict(codes);
  });
  const given = new Set(exemplar.marks.map((m) => m.type));
  /** A number that may be said to be absent: missing, of the wrong form, or fine. */
  const numbered = (
    value: string,
    absent: boolean,
    valid: boolean,
    missing: string,
    form: string,
  ) => verdict(value === "" ? (absent ? [] : [missing]) : valid ? [] : [form]);
  const { gtdMissing, gtdFormat, rnptMissing, rnptFormat } = EXEMPLAR_ERRORS;
  return {
    marks,
    gtd: needs.gtd
      ? numbered(exemplar.gtd, exemplar.gtdAbsent, isGtdValid(exemplar.gtd), gtdMissing, gtdFormat)
      : null,
    rnpt: needs.rnpt
      ? numbered(
          exemplar.rnpt,
          exemplar.rnptAbsent,
          isRnptValid(exemplar.rnpt),
          rnptMissing,
          rnptFormat,
        )
      : null,
    weight: needs.weight === null ? null : verdict(weightErrors(exemplar.weight, needs.weight)),
    incomplete: markTypes(line).some((type) => !given.has(type)),
  };
}

/** Whether every unit that needs something was sent and passed every check. */
export function accepted(posting: Posting): boolean {
  const units = posting.exemplars;
  return posting.lines.filter(needsAnything).every((line) => {
    const own = units?.products.find((p) => p.sku === line.sku);
    if (!units?.sent || units.pending > 0 || !own) return false;
    return own.exemplars.every((e) => {
      const v = e.verdict;
      if (!v || v.incomplete) return false;
      const checks = [...v.marks, v.gtd, v.rnpt, v.weight].filter((c) => c !== null);
      return checks.every((c) => c.passed);
    });
  });
}

/**
 * Why `/v4/posting/fbs/ship` refuses the posting now (undefined: its units' values are in):
 * `WEIGHT_IS_REQUIRED` when only a weight is missing, else `EXEMPLAR_INFO_NOT_FILLED_COMPLETELY`.
 */
export function shipRefusal(posting: Posting): string | undefined {
  if (accepted(posting)) return undefined;
  const onlyWeight = posting.lines.filter(needsAnything).every((line) => {
    const needs = needsOf(line);
    return !needs.mark && !needs.gtd && !needs.rnpt && !needs.imei && !needs.jwUin;
  });
  return onlyWeight ? EXEMPLAR_ERRORS.weightMissing : EXEMPLAR_ERRORS.notComplete;
}

/** The accepted Chestny ZNAK marks of each SKU, in unit order (they go with the shipped lines). */
export function acceptedMarks(posting: Posting): Map<number, string[]> {
  const marks = new Map<number, string[]>();
  for (const { sku, exemplars } of posting.exemplars?.products ?? []) {
    const line = posting.lines.find((l) => l.sku === sku);
    if (!line?.markRequired) continue;
    marks.set(
      sku,
      exemplars.flatMap((e) =>
        e.marks.filter((m) => m.type === "mandatory_mark").map((m) => m.mark),
      ),
    );
  }
  return marks;
}

/** Every code the shipped posting carried is in circulation now: Ozon refuses it elsewhere. */
export function putInCirculation(state: SandboxState, posting: Posting): void {
  for (const line of posting.lines)
    for (const mark of line.marks) state.exemplarDesk.usedMarks.add(mark);
  for (const { exemplars } of posting.exemplars?.products ?? []) {
    for (const e of exemplars) for (const m of e.marks) state.exemplarDesk.usedMarks.add(m.mark);
  }
}
