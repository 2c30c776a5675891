/**
 * The exemplars namespace: what each unit of a posting needs before it is packed (marks, GTD, RNPT,
 * weight, IMEI), the values checked and sent, and Ozon's verdict on them. Today's methods; the
 * seed's mark methods are the marks namespace (marks.ts), kept for stores that lack these.
 * Tests: none directly
 */
import { OzonError } from "../errors.ts";
import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import {
  exemplarCreateOrGet,
  exemplarSet,
  exemplarStatus,
  exemplarValidate,
} from "./endpoints/exemplars.ts";
import type {
  ExemplarCheck,
  ExemplarProduct,
  ExemplarProductValues,
  ExemplarStatus,
  ExemplarValues,
  ExemplarVerdict,
  MarkKind,
} from "./types.ts";

const check = (status: string | undefined, codes: readonly string[] | null | undefined) =>
  ({ status, codes: [...(codes ?? [])] }) satisfies ExemplarCheck;

/** Grams as Ozon's kilograms (a float: 455 g is 0.455). */
const kilograms = (grams: number) => grams / 1000;

function wireValues(values: ExemplarValues) {
  return {
    exemplar_id: wireInt(values.exemplarId),
    ...(values.marks.length > 0
      ? { marks: values.marks.map((m) => ({ mark: m.code, mark_type: m.kind })) }
      : {}),
    ...(values.gtd === null ? { is_gtd_absent: true } : {}),
    ...(typeof values.gtd === "string" ? { gtd: values.gtd } : {}),
    ...(values.rnpt === null ? { is_rnpt_absent: true } : {}),
    ...(typeof values.rnpt === "string" ? { rnpt: values.rnpt } : {}),
    ...(values.weightGrams === undefined ? {} : { weight: kilograms(values.weightGrams) }),
  };
}

export function createExemplarsApi(ctx: SellerContext) {
  return {
    /** Each product of the posting: what its units need and their ids (made at the first call). */
    async createOrGet(postingNumber: string): Promise<ExemplarProduct[]> {
      const answer = await ctx.http.call(exemplarCreateOrGet, {
        body: { posting_number: postingNumber },
      });
      return (answer.products ?? []).map((product) => {
        const marks: MarkKind[] = [];
        if (product.is_mandatory_mark_needed) marks.push("mandatory_mark");
        if (product.is_jw_uin_needed) marks.push("jw_uin");
        if (product.has_imei) marks.push("imei");
        const ids = (product.exemplars ?? []).map((e) => e.exemplar_id);
        const quantity = product.quantity ?? ids.length;
        const weight = product.is_weight_needed
          ? { minKg: product.weight_min ?? 0, maxKg: product.weight_max ?? 0 }
          : undefined;
        const gtd = product.is_gtd_needed ?? false;
        const rnpt = product.is_rnpt_needed ?? false;
        const needs = marks.length > 0 || gtd || rnpt || weight !== undefined;
        if (needs && ids.length < quantity) {
          throw new OzonError(
            `Ozon named ${ids.length} of the ${quantity} units of product ${product.product_id} of posting ${postingNumber}`,
          );
        }
        return { sku: product.product_id, quantity, marks, gtd, rnpt, weight, exemplarIds: ids };
      });
    },

    /** Checks the values' form before they are sent (nothing is kept by Ozon). */
    async validate(
      postingNumber: string,
      products: readonly ExemplarProductValues[],
    ): Promise<ExemplarVerdict[]> {
      const answer = await ctx.http.call(exemplarValidate, {
        body: {
          posting_number: postingNumber,
          products: products.map((product) => ({
            product_id: wireInt(product.sku),
            exemplars: product.exemplars.map((values) => {
              const {
                exemplar_id: _id,
                is_gtd_absent,
                is_rnpt_absent,
                ...checked
              } = wireValues(values);
              return checked;
            }),
          })),
        },
      });
      return (answer.products ?? []).map((product) => ({
        sku: product.product_id,
        valid: product.valid ?? undefined,
        error: product.error,
        exemplars: (product.exemplars ?? []).map((exemplar) => ({
          valid: exemplar.valid ?? undefined,
          errors: [...(exemplar.errors ?? [])],
          marks: (exemplar.marks ?? []).map((m) => ({
            kind: m.mark_type,
            code: m.mark,
            valid: m.valid ?? undefined,
            errors: [...(m.errors ?? [])],
          })),
        })),
      }));
    },

    /** Sends every unit's values (the whole set each time); Ozon checks them afterwards. */
    async set(postingNumber: string, products: readonly ExemplarProductValues[]): Promise<void> {
      await ctx.http.call(exemplarSet, {
        body: {
          posting_number: postingNumber,
          products: products.map((product) => ({
            product_id: wireInt(product.sku),
            exemplars: product.exemplars.map(wireValues),
          })),
        },
      });
    },

    /** Ozon's verdict on the values sent last. */
    async status(postingNumber: string): Promise<ExemplarStatus> {
      const answer = await ctx.http.call(exemplarStatus, {
        body: { posting_number: postingNumber },
      });
      return {
        status: answer.status,
        products: (answer.products ?? []).map((product) => ({
          sku: product.product_id,
          exemplars: (product.exemplars ?? []).map((e) => ({
            exemplarId: e.exemplar_id,
            marks: (e.marks ?? []).map((m) => ({
              kind: m.mark_type,
              code: m.mark,
              check: check(m.check_status, m.error_codes),
            })),
            gtd: check(e.gtd_check_status, e.gtd_error_codes),
            rnpt: check(e.rnpt_check_status, e.rnpt_error_codes),
            weight: check(e.weight_check_status, e.weight_error_codes),
          })),
        })),
      };
    },
  };
}

export type ExemplarsApi = ReturnType<typeof createExemplarsApi>;
