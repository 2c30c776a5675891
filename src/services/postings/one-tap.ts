/**
 * The one-tap pack (⚡ on a posting's card), decided in one place: whether someone's tap is packing
 * the posting now, whether it can ship in one box without a question (Ozon is asked what its units
 * need, units.ts), the ship itself (ship-request.ts: two taps at once make one pack, the second is
 * told who), and the label right after. The bot draws what this returns (bot/postings/pack-label.ts).
 * Tests: none directly
 */
import type { SellerClient } from "../../ozon/index.ts";
import type { Posting } from "../../ozon/seller/types.ts";
import type { Store } from "../../store/port.ts";
import type { AuditRecorder } from "../audit/index.ts";
import { oneBox, packagesOf } from "./packages.ts";
import type { PackedBy } from "./packed-by.ts";
import { describeOzonError, type Problem } from "./problem.ts";
import { requestShip } from "./ship-request.ts";
import { planPack } from "./units.ts";

/** A second tap within this time (a double tap, another person) packs nothing more. */
const BUSY_MS = 60_000;
const AWAITING_PACKAGING = "awaiting_packaging";

/** The store key held while a tap packs `number` (BUSY_MS at most). */
const busyKey = (number: string) => `quick-pack:${number}`;

export interface OneTapShop {
  id: string;
  seller: SellerClient;
  store: Store;
}

export interface OneTapRequest {
  postingNumber: string;
  packer: Pick<PackedBy, "userId" | "name">;
  /** Where the pack is recorded (the audit trail). */
  audit?: AuditRecorder;
}

/** What a label asked for right after a pack came to. */
export type LabelOutcome =
  | { kind: "pdf"; pdf: Uint8Array }
  /** Cancelled meanwhile: not to be shipped (who cancelled it, in the posting). */
  | { kind: "cancelled"; posting: Posting }
  | { kind: "refused"; problem: Problem; error: unknown };

export type OneTapOutcome =
  /** Someone's tap is packing it now. */
  | { kind: "busy" }
  /** Something to ask (or it no longer awaits packaging): the ship dialog takes over. */
  | { kind: "dialog" }
  /** The posting could not be read from Ozon. */
  | { kind: "unreadable"; problem: Problem }
  /** Ozon refused the ship: the card stays, tapping again is the retry. */
  | { kind: "failed"; problem: Problem }
  /** Packed before this tap (by `by`, when known). */
  | { kind: "packed-before"; posting: Posting; by?: PackedBy }
  /** Packed by this tap: `parts` are its package numbers, with the label asked right after. */
  | { kind: "packed"; posting: Posting; parts: string[]; by: PackedBy; label: LabelOutcome };

/** Someone's tap is packing it now (a hint for the first answer; `pack` checks again, atomically). */
export async function oneTapBusy(shop: OneTapShop, postingNumber: string): Promise<boolean> {
  return Boolean(await shop.store.get(busyKey(postingNumber)));
}

/** Packs the posting in one box when nothing more is needed; held against a second tap meanwhile. */
export async function packOneTap(shop: OneTapShop, request: OneTapRequest): Promise<OneTapOutcome> {
  const key = busyKey(request.postingNumber);
  if (!(await shop.store.setIfAbsent(key, true, { ttlMs: BUSY_MS }))) return { kind: "busy" };
  try {
    return await pack(shop, request);
  } finally {
    await shop.store.delete(key);
  }
}

async function pack(shop: OneTapShop, request: OneTapRequest): Promise<OneTapOutcome> {
  const number = request.postingNumber;
  let posting: Posting;
  try {
    posting = await shop.seller.postings.get(number);
  } catch (error) {
    return { kind: "unreadable", problem: describeOzonError(error, number) };
  }
  if (posting.status !== AWAITING_PACKAGING) return { kind: "dialog" };
  // Anything to ask (or Ozon could not say): the dialog asks it, or says what went wrong.
  const plan = await planPack(shop.seller, posting).catch(() => undefined);
  if (!plan || plan.questions.length > 0) return { kind: "dialog" };
  const outcome = await requestShip(
    { seller: () => shop.seller, store: () => shop.store },
    {
      postingNumber: number,
      packages: packagesOf(oneBox(posting), new Map()),
      packer: request.packer,
      unanswered: false,
      ...(request.audit && {
        audit: { recorder: request.audit, shopId: shop.id, via: "one-tap" },
      }),
    },
  );
  if (outcome.kind === "failed") return { kind: "failed", problem: outcome.problem };
  if (outcome.kind === "packed") {
    return { kind: "packed-before", posting, ...(outcome.by && { by: outcome.by }) };
  }
  const label = await labelOf(shop.seller, number);
  return { kind: "packed", posting, parts: outcome.parts, by: outcome.by, label };
}

/** A posting's package label from Ozon; a final refusal of a cancelled posting says so. */
export async function labelOf(seller: SellerClient, postingNumber: string): Promise<LabelOutcome> {
  try {
    return { kind: "pdf", pdf: await seller.postings.packageLabel([postingNumber]) };
  } catch (error) {
    const problem = describeOzonError(error, postingNumber);
    const now = problem.final
      ? await seller.postings.get(postingNumber).catch(() => undefined)
      : undefined;
    if (now?.status === "cancelled") return { kind: "cancelled", posting: now };
    return { kind: "refused", problem, error };
  }
}
