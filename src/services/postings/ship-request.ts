/**
 * The ship request of the ship dialog, and whose pack it turned out to be.
 *
 * Two people may confirm the same posting (both tapped Ship on one alert); only a ship this
 * person's request made counts as theirs:
 * - Ozon confirmed it: theirs, noted in the PackedByLedger for whoever comes second.
 * - It failed, yet the posting is packed now: Ozon's state decides, the answer alone cannot (it
 *   may have been lost). When one of this dialog's requests went unanswered (a timeout, a cut
 *   body, Ozon down) it may have gone through: theirs, unless someone's pack is noted already.
 *   Otherwise Ozon refused it and someone else packed it: the ledger says who and when, or
 *   nobody did through the bot (Ozon's seller cabinet).
 * - Otherwise the failure, said in plain words.
 * Tests: none directly
 */
import { type OzonFailureKind, ozonFailureKind } from "../../ozon/errors.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type { ShipPackage } from "../../ozon/seller/types.ts";
import type { Store } from "../../store/port.ts";
import { type AuditRecorder, resultOf } from "../audit/outcome.ts";
import { shipOnceKey } from "../audit/repair.ts";
import { type PackedBy, PackedByLedger } from "./packed-by.ts";
import { describeOzonError, type Problem } from "./problem.ts";

/** Statuses of a posting that has been packed and handed on. */
const PACKED = new Set([
  "awaiting_deliver",
  "delivering",
  "driver_pickup",
  "delivered",
  "sent_by_seller",
]);

/** Failures after which the request may still have gone through: no answer was heard. */
const UNANSWERED = new Set<OzonFailureKind>([
  "network",
  "timeout",
  "ozon_down",
  "bad_answer",
  "unknown",
]);

export type ShipOutcome = { unanswered: boolean } & (
  | { kind: "shipped"; parts: string[]; by: PackedBy }
  | { kind: "packed"; by?: PackedBy }
  | { kind: "failed"; problem: Problem }
);

export interface ShipRequest {
  postingNumber: string;
  packages: ShipPackage[];
  packer: Pick<PackedBy, "userId" | "name">;
  /** An earlier request of this dialog went unanswered. */
  unanswered: boolean;
  /**
   * Where the ship is recorded (services/audit): the store and how it was asked for ("dialog",
   * "one-tap", "batch"). A confirmed ship is recorded after its packed-by note, with the note's
   * once-key, so a crash between the two is repaired at the next start.
   */
  audit?: { recorder: AuditRecorder; shopId: string; via: string };
}

/** Where a ship goes: the shop's Seller client and its part of the store, looked up now. */
export interface ShipShop {
  seller(): SellerClient;
  store(): Store;
}

/**
 * Ships once (call it inside `conversation.external`: the outcome is plain data). A shop paused
 * or removed meanwhile fails before Ozon is called.
 */
export async function requestShip(shop: ShipShop, request: ShipRequest): Promise<ShipOutcome> {
  let deps: { seller: SellerClient; packedBy: PackedByLedger };
  try {
    deps = { seller: shop.seller(), packedBy: new PackedByLedger(shop.store()) };
  } catch (error) {
    const problem = describeOzonError(error, request.postingNumber);
    return { kind: "failed", problem, unanswered: request.unanswered };
  }
  const number = request.postingNumber;
  const packer = (parts: string[]): PackedBy => ({
    ...request.packer,
    at: new Date().toISOString(),
    parts,
  });
  let failure: unknown;
  let parts: string[] | undefined;
  try {
    parts = (await deps.seller.postings.ship(number, request.packages)).postingNumbers;
  } catch (error) {
    failure = error;
  }
  if (parts) {
    const by = packer(parts);
    await deps.packedBy.record(number, by);
    await recordShip(request, by);
    return { kind: "shipped", parts, by, unanswered: request.unanswered };
  }
  const unanswered = request.unanswered || UNANSWERED.has(ozonFailureKind(failure));
  const problem = describeOzonError(failure, number);
  const now = await deps.seller.postings.get(number).catch(() => undefined);
  if (!now || !PACKED.has(now.status)) {
    await request.audit?.recorder.record({ ...shipRecord(request), result: resultOf(failure) });
    return { kind: "failed", problem, unanswered };
  }
  const mine = packer([]);
  if (unanswered && (await deps.packedBy.claim(number, mine))) {
    await recordShip(request, mine);
    return { kind: "shipped", parts: [], by: mine, unanswered };
  }
  const by = await deps.packedBy.get(number);
  return { kind: "packed", ...(by ? { by } : {}), unanswered };
}

function shipRecord(request: ShipRequest) {
  const audit = request.audit;
  return {
    kind: "ship" as const,
    actor: { id: request.packer.userId, name: request.packer.name },
    shopId: audit?.shopId ?? "",
    objectId: request.postingNumber,
    ...(audit ? { via: audit.via } : {}),
  };
}

/** The confirmed ship's record, once per packed-by note (the repair uses the same once-key). */
async function recordShip(request: ShipRequest, by: PackedBy): Promise<void> {
  const audit = request.audit;
  if (!audit) return;
  await audit.recorder.record({
    ...shipRecord(request),
    ...(by.parts.length > 0 ? { to: by.parts.join(", ") } : {}),
    result: { status: "done" },
    onceKey: shipOnceKey(audit.shopId, request.postingNumber, by.at),
    at: Date.parse(by.at),
  });
}
