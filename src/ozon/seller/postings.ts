/**
 * The postings namespace: awaiting packaging (paged), get, by barcode, ship, cancel, reasons, labels.
 * Tests: none directly
 */
import {
  OzonDeclinedError,
  OzonInputError,
  OzonShipFailedError,
  resultDeclined,
} from "../errors.ts";
import { wireInt } from "../wire.ts";
import type { SellerContext } from "./context.ts";
import { POSTING_LIST_PAGE, postingListV4 } from "./endpoints/deliveries.ts";
import {
  awaitingPackaging,
  cancelPosting,
  cancelReasonList,
  packageLabel,
  postingByBarcodeV2,
  postingGetV3,
  ship as shipCapability,
  shipV2,
  shipV4,
  unfulfilledListV3,
  unfulfilledListV4,
  type WirePosting,
} from "./endpoints/postings.ts";
import { pdfFromAnswer } from "./pdf-answer.ts";
import { normalizePosting } from "./posting-normalize.ts";
import type {
  AwaitingPackagingFilter,
  CancelReason,
  Posting,
  ShipPackage,
  ShipResult,
} from "./types.ts";

const AWAITING_PACKAGING = "awaiting_packaging";
const DAY_MS = 86_400_000;
/** The v3 form needs a cut-off window of at most a year: half a year either side of now. */
const DEFAULT_WINDOW_MS = 182 * DAY_MS;
const MAX_PAGES = 1000;
/** Ozon's list reaches a year back at most; a day kept in hand for the clocks' difference. */
const ORDER_LOOKBACK_MS = 364 * DAY_MS;
/** The largest page each form takes: v3 up to 1 000 postings, v4 up to 100. */
const V3_MAX_PAGE = 1000;
const V4_MAX_PAGE = 100;
/** Cancel reason 402 ("other") needs a message. */
const REASON_OTHER = 402;

const NOTHING_EXTRA = { analytics_data: false, barcodes: false, financial_data: false };

export interface PostingsOptions {
  /** Page size (default and cap: 1 000 in the v3 form, 100 in the v4 form). */
  pageSize?: number;
}

export function createPostingsApi(ctx: SellerContext, options: PostingsOptions = {}) {
  // Fewer calls a pass: 10 000 postings are 10 calls in the v3 form rather than 100.
  const v3PageSize = Math.min(Math.max(options.pageSize ?? V3_MAX_PAGE, 1), V3_MAX_PAGE);
  const v4PageSize = Math.min(v3PageSize, V4_MAX_PAGE);

  interface Page {
    postings: WirePosting[];
    hasNext: boolean;
    cursor: string | undefined;
  }

  async function v3Page(filter: AwaitingPackagingFilter, offset: number): Promise<Page> {
    const now = ctx.clock.now();
    const answer = await ctx.http.call(unfulfilledListV3, {
      body: {
        dir: "ASC",
        filter: {
          cutoff_from: filter.cutoffFrom ?? new Date(now - DEFAULT_WINDOW_MS).toISOString(),
          cutoff_to: filter.cutoffTo ?? new Date(now + DEFAULT_WINDOW_MS).toISOString(),
          status: AWAITING_PACKAGING,
          ...(filter.warehouseIds?.length
            ? { warehouse_id: filter.warehouseIds.map(wireInt) }
            : {}),
          ...(filter.deliveryMethodIds?.length
            ? { delivery_method_id: filter.deliveryMethodIds.map(wireInt) }
            : {}),
        },
        limit: v3PageSize,
        offset,
        with: NOTHING_EXTRA,
      },
    });
    const postings = answer.result.postings ?? [];
    const count = answer.result.count;
    const hasNext =
      postings.length > 0 &&
      (count !== undefined && count !== null
        ? offset + postings.length < count
        : postings.length >= v3PageSize);
    return { postings, hasNext, cursor: undefined };
  }

  async function v4Page(
    filter: AwaitingPackagingFilter,
    cursor: string | undefined,
  ): Promise<Page> {
    const answer = await ctx.http.call(unfulfilledListV4, {
      body: {
        ...(cursor ? { cursor } : {}),
        filter: {
          statuses: [AWAITING_PACKAGING],
          ...(filter.cutoffFrom ? { cutoff_from: filter.cutoffFrom } : {}),
          ...(filter.cutoffTo ? { cutoff_to: filter.cutoffTo } : {}),
          ...(filter.warehouseIds?.length
            ? { warehouse_ids: filter.warehouseIds.map(String) }
            : {}),
          ...(filter.deliveryMethodIds?.length
            ? { delivery_method_ids: filter.deliveryMethodIds.map(String) }
            : {}),
        },
        limit: v4PageSize,
        sort_dir: "ASC",
        with: NOTHING_EXTRA,
      },
    });
    return {
      postings: answer.postings ?? [],
      hasNext: answer.has_next ?? false,
      cursor: answer.cursor,
    };
  }

  /** Every posting awaiting packaging, page after page. */
  async function* listAwaitingPackaging(
    filter: AwaitingPackagingFilter = {},
  ): AsyncGenerator<Posting, void, undefined> {
    const seen = new Set<string>();
    let offset = 0;
    let cursor: string | undefined;
    let form: "spec" | "successor" | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await ctx.successors.run(
        awaitingPackaging,
        () => v3Page(filter, offset),
        // A move in the middle of a listing restarts it in the new form; `seen` drops repeats.
        () => v4Page(filter, form === "successor" ? cursor : undefined),
      );
      form = result.form;
      const { postings, hasNext } = result.value;
      for (const wire of postings) {
        if (wire.status !== AWAITING_PACKAGING || seen.has(wire.posting_number)) continue;
        seen.add(wire.posting_number);
        yield normalizePosting(wire);
      }
      if (!hasNext) return;
      if (form === "spec") {
        offset += postings.length;
      } else {
        const next = result.value.cursor;
        if (!next || next === cursor) return;
        cursor = next;
      }
    }
  }

  async function get(postingNumber: string, signal?: AbortSignal): Promise<Posting> {
    const answer = await ctx.http.call(postingGetV3, {
      body: { posting_number: postingNumber, with: NOTHING_EXTRA },
      ...(signal ? { signal } : {}),
    });
    return normalizePosting(answer.result);
  }

  /**
   * The postings of one order (an order may be split in several), newest first: Ozon's chats name
   * the order, not the posting. One page of today's list, over the year it can reach.
   */
  async function ofOrder(orderNumber: string, signal?: AbortSignal): Promise<Posting[]> {
    const now = ctx.clock.now();
    const answer = await ctx.http.call(postingListV4, {
      body: {
        filter: {
          since: new Date(now - ORDER_LOOKBACK_MS).toISOString(),
          to: new Date(now + DAY_MS).toISOString(),
          order_numbers: [orderNumber],
        },
        limit: POSTING_LIST_PAGE,
        sort_dir: "DESC",
      },
      ...(signal ? { signal } : {}),
    });
    return (answer.postings ?? []).map(normalizePosting);
  }

  /** The posting whose label's lower barcode has these digits (Ozon's v2 form: no delivery method). */
  async function byBarcode(barcode: string, signal?: AbortSignal): Promise<Posting> {
    const answer = await ctx.http.call(postingByBarcodeV2, {
      body: { barcode },
      ...(signal ? { signal } : {}),
    });
    return normalizePosting(answer.result);
  }

  /** Packs the posting; re-reads it afterwards, since HTTP 200 does not prove it moved on. */
  async function ship(
    postingNumber: string,
    packages: readonly ShipPackage[],
  ): Promise<ShipResult> {
    if (packages.length === 0 || packages.some((p) => p.items.length === 0)) {
      throw new OzonInputError("packages", "at least one package with at least one item is needed");
    }
    const { form, value } = await ctx.successors.run(
      shipCapability,
      () =>
        ctx.http.call(shipV2, {
          body: {
            posting_number: postingNumber,
            packages: packages.map((p) => ({
              items: p.items.map((item) => ({
                sku: wireInt(item.sku),
                quantity: item.quantity,
                mandatory_mark: [...(item.marks ?? [])],
              })),
            })),
          },
        }),
      () =>
        ctx.http.call(shipV4, {
          body: {
            posting_number: postingNumber,
            packages: packages.map((p) => ({
              products: p.items.map((item) => ({
                product_id: wireInt(item.sku),
                quantity: item.quantity,
              })),
            })),
          },
        }),
    );
    const posting = await get(postingNumber);
    const stuck = form === "successor" && posting.status === AWAITING_PACKAGING;
    if (posting.substatus === "ship_failed" || stuck) {
      throw new OzonShipFailedError(postingNumber, posting.status, posting.substatus);
    }
    return { postingNumbers: value.result ?? [], posting };
  }

  async function cancel(postingNumber: string, reasonId: number, message?: string): Promise<void> {
    const text = message?.trim();
    if (reasonId === REASON_OTHER && !text) {
      throw new OzonInputError("cancel_reason_message", "reason 402 (other) needs a message");
    }
    const answer = await ctx.http.call(cancelPosting, {
      body: {
        posting_number: postingNumber,
        cancel_reason_id: reasonId,
        ...(text ? { cancel_reason_message: text } : {}),
      },
    });
    if (resultDeclined(answer.result)) {
      throw new OzonDeclinedError(cancelPosting.path, `cancelling posting ${postingNumber}`);
    }
  }

  async function cancelReasons(): Promise<CancelReason[]> {
    const answer = await ctx.http.call(cancelReasonList);
    return answer.result.map((reason) => ({
      id: reason.id,
      title: reason.title,
      typeId:
        reason.type_id === null || reason.type_id === undefined
          ? undefined
          : String(reason.type_id),
      available: reason.is_available_for_cancellation ?? true,
    }));
  }

  /** Package labels as one PDF. */
  async function label(postingNumbers: readonly string[]): Promise<Uint8Array> {
    const answer = await ctx.http.call(packageLabel, {
      body: { posting_number: [...postingNumbers] },
    });
    return pdfFromAnswer(answer, packageLabel);
  }

  return {
    listAwaitingPackaging,
    get,
    ofOrder,
    byBarcode,
    ship,
    cancel,
    cancelReasons,
    packageLabel: label,
  };
}

export type PostingsApi = ReturnType<typeof createPostingsApi>;
