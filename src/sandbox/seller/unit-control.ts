/**
 * The control of what each product's units need at packing and of Ozon's check of their values,
 * for tests and benchmarks (`control.units`; HTTP twin in unit-control-http.ts).
 * Tests: none directly
 */
import { NO_NEEDS } from "../data.ts";
import type { ExemplarNeeds, Product, SandboxState } from "../state.ts";
import { type CodeKind, sampleCode, sampleMark } from "./marks.ts";

/** What a product's units need at packing: a Chestny ZNAK mark, and the rest (`ExemplarNeeds`). */
export type ProductNeeds = Partial<ExemplarNeeds> & { mark?: boolean };

/** A posting's units as Ozon keeps them, and the values sent last. */
export interface ExemplarSnapshot {
  /** Values were sent (`exemplar/set`). */
  sent: boolean;
  /** Status reads left before Ozon's check of them is over. */
  pending: number;
  products: Array<{
    sku: number;
    exemplars: Array<{
      id: number;
      marks: Array<{ mark: string; type: string }>;
      gtd: string;
      gtdAbsent: boolean;
      rnpt: string;
      rnptAbsent: boolean;
      weight: number | null;
    }>;
  }>;
}

export interface UnitControl {
  /**
   * What each unit of a product needs at packing; the postings waiting to be packed follow.
   * Needs not named stay as they were.
   */
  setNeeds(
    sku: number,
    needs: ProductNeeds,
  ): { sku: number; markRequired: boolean; needs: ExemplarNeeds };
  /** A posting's units and the values sent for them (null: Ozon has not made them yet). */
  of(postingNumber: string): ExemplarSnapshot | null;
  /** A code of `kind` of the form Ozon takes (a mark, an IMEI, a UIN, a GTD or RNPT number). */
  sample(kind: CodeKind): string;
  /** A mark of the right form already in circulation: Ozon's check refuses it as used. */
  usedMark(): string;
  /**
   * How many status reads Ozon's check of sent values stays `processing` (default 1); a check
   * under way ends no later than one started now.
   */
  setCheckPolls(reads: number): void;
}

export function createUnitControl(state: SandboxState): UnitControl {
  const productOf = (sku: number): Product => {
    const product = state.products.find((p) => p.sku === sku);
    if (!product) throw new Error(`product ${sku} not found`);
    return product;
  };
  return {
    setNeeds(sku, needs) {
      const product = productOf(sku);
      const { mark, ...rest } = needs;
      const apply = (target: { markRequired: boolean; needs?: ExemplarNeeds }) => {
        if (mark !== undefined) target.markRequired = mark;
        target.needs = { ...NO_NEEDS, ...target.needs, ...rest };
      };
      apply(product);
      for (const posting of state.postings.values()) {
        if (posting.status !== "awaiting_packaging") continue;
        for (const line of posting.lines) if (line.sku === sku) apply(line);
      }
      return {
        sku,
        markRequired: product.markRequired,
        needs: structuredClone({ ...NO_NEEDS, ...product.needs }),
      };
    },
    of(postingNumber) {
      const posting = state.postings.get(postingNumber);
      if (!posting) throw new Error(`posting ${postingNumber} not found`);
      const units = posting.exemplars;
      if (!units) return null;
      return {
        sent: units.sent,
        pending: units.pending,
        products: units.products.map(({ sku, exemplars }) => ({
          sku,
          exemplars: exemplars.map(({ verdict: _verdict, ...e }) => structuredClone(e)),
        })),
      };
    },
    sample: (kind) => sampleCode(state.activity, kind),
    usedMark() {
      const mark = sampleMark(state.activity);
      state.exemplarDesk.usedMarks.add(mark);
      return mark;
    },
    setCheckPolls(reads) {
      if (!Number.isInteger(reads) || reads < 0) throw new Error("reads must be a whole number");
      state.exemplarDesk.checkPolls = reads;
      // Checks under way end no later than a check started now.
      for (const posting of state.postings.values()) {
        const units = posting.exemplars;
        if (units) units.pending = Math.min(units.pending, reads);
      }
    },
  };
}
