/**
 * Changing a product's stock at one warehouse or its prices, once (once.ts), with Ozon's answer
 * for the item in plain data: done, refused with Ozon's code and words, or the change limit
 * (with when to try again). Call inside `conversation.external`: the outcome is JSON-safe.
 * Tests: test/services/products/money.test.ts, test/bot/audit/products-audit.test.ts and 2 more
 */
import { type ItemResult, type SellerClient, STOCK_CHANGE_WINDOW_MS } from "../../ozon/index.ts";
import type { Store } from "../../store/port.ts";
import { type ChangeAudit, type KeptChange, recordAnswered, recordFailed } from "./audit.ts";
import type { ChangeOutcome } from "./change-outcome.ts";
import { rublesText } from "./money.ts";

export type { ChangeOutcome } from "./change-outcome.ts";

import { sendOnce } from "./once.ts";

/**
 * Ozon allows a product's price to change 10 times an hour: refused, it is
 * taken again an hour later (to the next whole minute: the person is told HH:MM).
 */
const HOUR_MS = 60 * 60_000;
const priceRetryAt = (now: number) => Math.ceil((now + HOUR_MS) / 60_000) * 60_000;

export interface StockChangeRequest {
  /** Unique per confirmation (the dialog's run and step). */
  onceKey: string;
  productId: string;
  warehouseId: string;
  /** Units available after the change (reserved ones come on top at Ozon). */
  units: number;
}

export interface PriceChangeRequest {
  onceKey: string;
  productId: string;
  /** Kopecks as decimal strings. */
  price: string;
  oldPrice?: string;
  minPrice?: string;
}

type Changer = Pick<SellerClient, "stock">;

/**
 * Sends once under `key`; Ozon's answer is kept with the record's note, then recorded (audit.ts:
 * a crash between the two is repaired at start). A failed call is recorded as it failed.
 */
async function sendRecorded(
  store: Store,
  kind: "stock" | "price",
  key: string,
  audit: ChangeAudit | undefined,
  send: () => Promise<ChangeOutcome>,
): Promise<ChangeOutcome> {
  const once = await sendOnce<KeptChange>(store, `${kind}:${key}`, async () => {
    let outcome: ChangeOutcome;
    try {
      outcome = await send();
    } catch (error) {
      await recordFailed(audit, kind, error);
      throw error;
    }
    return audit ? { outcome, note: { ...audit.note, at: Date.now() } } : { outcome };
  });
  if (!once.first) return duplicate(keptOutcome(once.value));
  await recordAnswered(audit, kind, key, once.value);
  return once.value.outcome;
}

/** Ozon's answer as kept (a bare outcome was kept before records had notes). */
function keptOutcome(kept: KeptChange | undefined): ChangeOutcome | undefined {
  if (!kept) return undefined;
  return "outcome" in kept ? kept.outcome : (kept as ChangeOutcome);
}

export async function changeStock(
  seller: Changer,
  store: Store,
  request: StockChangeRequest,
  now: () => number,
  audit?: ChangeAudit,
): Promise<ChangeOutcome> {
  return sendRecorded(store, "stock", request.onceKey, audit, async () => {
    const [result] = await seller.stock.setStocks([
      { productId: request.productId, warehouseId: request.warehouseId, stock: request.units },
    ]);
    return outcomeOf(result, { limit: "stock", retryAt: now() + STOCK_CHANGE_WINDOW_MS });
  });
}

export async function changePrice(
  seller: Changer,
  store: Store,
  request: PriceChangeRequest,
  now: () => number,
  audit?: ChangeAudit,
): Promise<ChangeOutcome> {
  const money = (kopecks: string | undefined) =>
    kopecks === undefined ? undefined : rublesText(BigInt(kopecks));
  return sendRecorded(store, "price", request.onceKey, audit, async () => {
    const old = money(request.oldPrice);
    const min = money(request.minPrice);
    const [result] = await seller.stock.setPrices([
      {
        productId: request.productId,
        price: money(request.price) as string,
        ...(old !== undefined ? { oldPrice: old } : {}),
        ...(min !== undefined ? { minPrice: min } : {}),
      },
    ]);
    return outcomeOf(result, { limit: "price", retryAt: priceRetryAt(now()) });
  });
}

function duplicate(outcome: ChangeOutcome | undefined): ChangeOutcome {
  return outcome ? { kind: "duplicate", outcome } : { kind: "duplicate" };
}

function outcomeOf(
  result: ItemResult | undefined,
  limited: { limit: "stock" | "price"; retryAt: number },
): ChangeOutcome {
  if (!result) return { kind: "refused", code: "NO_ANSWER", message: "" };
  if (result.updated) return { kind: "done" };
  if (result.tooManyRequests) return { kind: "limited", ...limited };
  if (result.refusal === "stock_too_big") {
    return { kind: "refused", code: "STOCK_TOO_BIG", message: result.errors[0]?.message ?? "" };
  }
  const [first] = result.errors;
  return {
    kind: "refused",
    code: first?.code ?? "",
    message: (first?.message ?? "").slice(0, 300),
  };
}
