/**
 * The sandbox's returns of one store: returns coming back to the seller (`/v1/returns/list`) and
 * rFBS return requests (`/v2/returns/rfbs/*`) with the state rules of a request — each decision
 * only in the states that allow it, a partial refund no larger than the price — and the control
 * knobs tests turn (a return arrives or moves on, a buyer files a request, the product comes
 * back). Kept beside the store's state, like the shipping desk: only these routes read it.
 */
import { z } from "zod";
import type { Posting, SandboxState } from "../state.ts";

export interface SandboxReturn {
  id: number;
  postingNumber: string;
  sku: number;
  offerId: string;
  name: string;
  price: string;
  quantity: number;
  status: string;
  reason: string;
  changedAt: number;
}

/** A request's states, in order; each names its group and the actions it allows. */
export const RFBS_STATES = {
  new: { group: "New", name: "Новая заявка", actions: [1, -1, 1020, 3] },
  approved: { group: "Delivering", name: "Покупатель везёт товар", actions: [2] },
  received: { group: "Checkout", name: "Товар получен, на проверке", actions: [3, -10, 1020] },
  compensated: { group: "Approved", name: "Частичная компенсация", actions: [] },
  money_returned: { group: "Approved", name: "Деньги возвращены", actions: [] },
  rejected: { group: "Rejected", name: "Заявка отклонена", actions: [] },
} as const satisfies Record<string, { group: string; name: string; actions: readonly number[] }>;
export type RfbsState = keyof typeof RFBS_STATES;

export const ACTION_NAMES: Record<number, string> = {
  1: "Одобрить",
  [-1]: "Отклонить",
  [-10]: "Отклонить после проверки",
  1020: "Вернуть часть денег",
  2: "Подтвердить получение",
  3: "Вернуть деньги",
};

export const RFBS_REJECTION_REASONS = [
  {
    id: 11,
    name: "Товар надлежащего качества",
    hint: "Покупатель может открыть спор",
    comment: false,
  },
  { id: 12, name: "Другое", hint: "Объясните причину покупателю", comment: true },
] as const;

export interface RfbsRequestRecord {
  id: number;
  number: string;
  postingNumber: string;
  sku: number;
  offerId: string;
  name: string;
  /** Roubles with kopecks, "1290.00". */
  price: string;
  state: RfbsState;
  createdAt: number;
  clientName: string;
  comment: string;
  reason: string;
  isDefect: boolean;
  /** What the seller decided, as received (exact strings). */
  compensation?: string;
  rejection?: { reasonId: number; comment?: string };
}

export interface ReturnsDesk {
  returns: Map<number, SandboxReturn>;
  requests: Map<number, RfbsRequestRecord>;
  seq: number;
}

const desks = new WeakMap<SandboxState, ReturnsDesk>();

export function returnsDeskOf(state: SandboxState): ReturnsDesk {
  let desk = desks.get(state);
  if (!desk) {
    desk = { returns: new Map(), requests: new Map(), seq: 0 };
    desks.set(state, desk);
  }
  return desk;
}

const returnSeed = z.object({
  postingNumber: z.string().min(1).max(100).optional(),
  status: z.string().min(1).max(100).optional(),
  reason: z.string().min(1).max(500).optional(),
});
const requestSeed = z.object({
  postingNumber: z.string().min(1).max(100).optional(),
  comment: z.string().max(1000).optional(),
  reason: z.string().min(1).max(500).optional(),
  isDefect: z.boolean().optional(),
});

function postingFor(state: SandboxState, number: string | undefined): Posting {
  if (number) {
    const found = state.postings.get(number);
    if (!found) throw new Error(`posting ${number} not found`);
    return found;
  }
  const any = [...state.postings.values()][0];
  if (!any) throw new Error("posting not found: the store has none");
  return any;
}

/** Control: a return appears (default: on its way to the seller). */
export function addReturn(state: SandboxState, input: unknown) {
  const seed = returnSeed.parse(input ?? {});
  const desk = returnsDeskOf(state);
  const posting = postingFor(state, seed.postingNumber);
  const line = posting.lines[0];
  const id = 70_000_000 + ++desk.seq;
  const record: SandboxReturn = {
    id,
    postingNumber: posting.postingNumber,
    sku: line?.sku ?? 0,
    offerId: line?.offerId ?? "",
    name: line?.name ?? "",
    price: line?.price ?? "0",
    quantity: line?.quantity ?? 1,
    status: seed.status ?? "MovingToSeller",
    reason: seed.reason ?? "Не подошёл размер",
    changedAt: state.now(),
  };
  desk.returns.set(id, record);
  return { ...record };
}

/** Control: a return moves on (say, to `ArrivedAtReturnPlace`). */
export function setReturnStatus(state: SandboxState, id: number, input: unknown) {
  const { status } = z.object({ status: z.string().min(1).max(100) }).parse(input);
  const found = returnsDeskOf(state).returns.get(id);
  if (!found) throw new Error(`return ${id} not found`);
  found.status = status;
  found.changedAt = state.now();
  return { ...found };
}

/** Control: a buyer files an rFBS return request. */
export function addRfbsRequest(state: SandboxState, input: unknown) {
  const seed = requestSeed.parse(input ?? {});
  const desk = returnsDeskOf(state);
  const posting = postingFor(state, seed.postingNumber);
  const line = posting.lines[0];
  const id = 80_000_000 + ++desk.seq;
  const record: RfbsRequestRecord = {
    id,
    number: `R-${id}`,
    postingNumber: posting.postingNumber,
    sku: line?.sku ?? 0,
    offerId: line?.offerId ?? "",
    name: line?.name ?? "",
    price: line?.price ?? "0",
    state: "new",
    createdAt: state.now(),
    clientName: "Анна",
    comment: seed.comment ?? "Пришёл с царапиной на корпусе",
    reason: seed.reason ?? "Товар с браком",
    isDefect: seed.isDefect ?? true,
  };
  desk.requests.set(id, record);
  return { ...record };
}

/** Control: the buyer's parcel reached the seller (approved → at the check). */
export function rfbsProductArrived(state: SandboxState, id: number) {
  const found = returnsDeskOf(state).requests.get(id);
  if (!found) throw new Error(`request ${id} not found`);
  if (found.state !== "approved") throw new Error(`request ${id} is ${found.state}, not approved`);
  found.state = "received";
  return { ...found };
}

export function rfbsSnapshot(state: SandboxState) {
  const desk = returnsDeskOf(state);
  return {
    returns: [...desk.returns.values()].map((r) => ({ ...r })),
    requests: [...desk.requests.values()].map((r) => ({ ...r })),
  };
}
