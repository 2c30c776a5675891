/**
 * What the sandbox does to a posting when asked: ship it as packages, cancel it, each checked in
 * full before anything changes, refusals in Ozon's words.
 * Tests: none directly
 */
import { fail, GRPC, sellerError } from "../http.ts";
import type { Posting, PostingLine, PostingStatus, SandboxState } from "../state.ts";
import { acceptedMarks, putInCirculation, shipRefusal } from "./exemplar-model.ts";
import { isMarkValid } from "./marks.ts";
import { setStatus, shipAsPackages } from "./posting-model.ts";

/** Ozon's seller cancel reasons (v2 list); 402 "other" needs a message. */
export const CANCEL_REASONS = [
  { id: 352, title: "Товар закончился на складе продавца", type_id: "seller", available: true },
  { id: 400, title: "Остался только бракованный товар", type_id: "seller", available: true },
  { id: 401, title: "Отмена из арбитража", type_id: "seller", available: false },
  { id: 402, title: "Другое (вина продавца)", type_id: "seller", available: true },
  { id: 665, title: "Покупатель не забрал заказ", type_id: "buyer", available: false },
  {
    id: 666,
    title: "Возврат из службы доставки: нет доставки в указанный регион",
    type_id: "seller",
    available: false,
  },
  { id: 667, title: "Заказ утерян службой доставки", type_id: "seller", available: false },
] as const;
export const OTHER_REASON_ID = 402;

export const postingError = (message: string): never =>
  fail(sellerError(400, GRPC.invalidArgument, message));

export function findPosting(state: SandboxState, postingNumber: string): Posting {
  const posting = state.postings.get(postingNumber);
  if (!posting) return fail(sellerError(404, GRPC.notFound, "POSTING_NOT_FOUND"));
  return posting;
}

export interface ShipItem {
  /** SKU (v2) or product_id (v4; Ozon means the SKU, the product id is accepted too). */
  id: number;
  quantity: number;
  marks?: string[];
}

/**
 * Ship (package) a posting. The whole request is checked before anything changes, so a refusal
 * leaves the state as it was. Returns the posting numbers the packages became, in package order.
 * The seed's v2 form carries the marks itself; the v4 form carries none and ships what the units'
 * values hold (exemplar-model.ts), refused while those were not sent or not accepted.
 */
export function shipPosting(
  state: SandboxState,
  posting: Posting,
  packages: ShipItem[][],
  form: "v2" | "v4",
): string[] {
  refuseUnlessAwaitingPackaging(posting);
  const planned = planPackages(posting, packages, form === "v2");
  if (form === "v4") {
    const refusal = shipRefusal(posting);
    if (refusal) postingError(refusal);
    handOutMarks(planned, acceptedMarks(posting));
  }

  if (posting.failNextShip) {
    // Ozon answers 200 yet the posting stays; only a re-read shows the failure.
    posting.failNextShip = false;
    posting.previousSubstatus = posting.substatus;
    posting.substatus = "ship_failed";
    return [posting.postingNumber];
  }
  putInCirculation(state, posting);
  const shipped = shipAsPackages(state, posting, planned);
  for (const part of shipped) putInCirculation(state, part);
  return shipped.map((p) => p.postingNumber);
}

/** Each SKU's marks handed out over the packages' lines in unit order. */
function handOutMarks(packages: PostingLine[][], marks: Map<number, string[]>): void {
  const handedOut = new Map<number, number>();
  for (const line of packages.flat()) {
    const all = marks.get(line.sku);
    if (!all) continue;
    const from = handedOut.get(line.sku) ?? 0;
    handedOut.set(line.sku, from + line.quantity);
    line.marks = all.slice(from, from + line.quantity);
  }
}

/** The posting's line for a requested id: the SKU first, the product id accepted too. */
function lineFor(posting: Posting, id: number): PostingLine {
  const line =
    posting.lines.find((l) => l.sku === id) ?? posting.lines.find((l) => l.productId === id);
  return line ?? postingError("PRODUCT_IS_NOT_IN_POSTING");
}

/**
 * Checks a ship request against the posting and returns each package's lines (fresh copies):
 * only the posting's products, each exactly its quantity over all packages, and (v2) one valid
 * mark per unit in each item of a product that needs marks. Reads the posting, never changes it.
 */
function planPackages(
  posting: Posting,
  packages: ShipItem[][],
  checkMarks: boolean,
): PostingLine[][] {
  if (packages.length === 0 || packages.some((p) => p.length === 0)) {
    postingError("PACKAGES_ARE_EMPTY");
  }
  const resolved = packages.map((items) =>
    items.map((item) => ({ item, line: lineFor(posting, item.id) })),
  );

  const ordered = new Map<number, number>();
  for (const line of posting.lines) {
    ordered.set(line.sku, (ordered.get(line.sku) ?? 0) + line.quantity);
  }
  const shipped = new Map<number, number>();
  for (const { item, line } of resolved.flat()) {
    shipped.set(line.sku, (shipped.get(line.sku) ?? 0) + item.quantity);
  }
  for (const [sku, quantity] of ordered) {
    if (shipped.get(sku) !== quantity) postingError("INCORRECT_PRODUCT_QUANTITY");
  }

  const marksOf = (item: ShipItem) => (item.marks ?? []).filter((m) => m.trim() !== "");
  if (checkMarks) {
    for (const { item, line } of resolved.flat()) {
      if (!line.markRequired) continue;
      const marks = marksOf(item);
      if (marks.length !== item.quantity) postingError("MANDATORY_MARK_REQUIRED");
      if (!marks.every(isMarkValid)) postingError("INVALID_MANDATORY_MARK");
    }
  }

  return resolved.map((items) => {
    const bySku = new Map<number, PostingLine>();
    for (const { item, line } of items) {
      const marks = checkMarks && line.markRequired ? marksOf(item) : [];
      const merged = bySku.get(line.sku);
      if (merged) {
        merged.quantity += item.quantity;
        merged.marks.push(...marks);
      } else {
        bySku.set(line.sku, { ...line, quantity: item.quantity, marks: [...marks] });
      }
    }
    return [...bySku.values()];
  });
}

function refuseUnlessAwaitingPackaging(posting: Posting): void {
  if (posting.status === "awaiting_packaging") return;
  if (posting.status === "cancelled") postingError("POSTING_ALREADY_CANCELLED");
  const shipped: PostingStatus[] = ["awaiting_deliver", "delivering", "driver_pickup", "delivered"];
  if (shipped.includes(posting.status)) postingError("POSTING_ALREADY_SHIPPED");
  postingError("HAS_INCORRECT_STATUS");
}

export function cancelPosting(
  state: SandboxState,
  posting: Posting,
  reasonId: number,
  message: string | undefined,
): void {
  if (posting.status === "cancelled") postingError("POSTING_ALREADY_CANCELLED");
  if (posting.status !== "awaiting_packaging" && posting.status !== "awaiting_deliver") {
    postingError("HAS_INCORRECT_STATUS");
  }
  const reason = CANCEL_REASONS.find((r) => r.id === reasonId && r.available);
  if (!reason) postingError("HAS_INCORRECT_CANCEL_REASON");
  if (reasonId === OTHER_REASON_ID && !message?.trim()) postingError("HAS_INCORRECT_CANCEL_REASON");
  posting.cancellation = {
    reasonId,
    reason: reasonId === OTHER_REASON_ID && message ? message.trim() : (reason?.title ?? ""),
    type: "seller",
    initiator: "Продавец",
    afterShip: posting.status === "awaiting_deliver",
  };
  setStatus(state, posting, "cancelled");
}
