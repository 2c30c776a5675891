/**
 * The sandbox's returns of one store: returns coming back to the seller (`/v1/returns/list`) and
 * rFBS return requests (`/v2/returns/rfbs/*`, `/v1/returns/rfbs/action/set`) with the state
 * rules of a request — each action only in the states that offer it, a partial compensation
 * below the price — and the control knobs tests turn (a return arrives or moves on, a buyer files
 * a request, the product comes back, the shape `available_actions` is written in). Kept beside
 * the store's state, like the shipping desk: only these routes read it.
 *
 * Action ids: Ozon's documents name -1 and -10 (reject, with a reason and a comment) and 1020
 * (partial compensation); the others here (10 approve, 20 receipt, 1010 the money back) are
 * Ozon-like ids of the sandbox's own, named in Russian as Ozon names actions. The bot knows only
 * the documented three and offers the rest by the names `available_actions` gives.
 * Tests: none directly
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
  /** When it appeared: the day Ozon accrues the return (seller/finance-model.ts). */
  createdAt: number;
}

/** The sandbox's action ids (see the header): what each does to the request. */
export const RFBS_ACTION = {
  approve: 10,
  reject: -1,
  rejectAfterCheck: -10,
  receive: 20,
  returnMoney: 1010,
  compensate: 1020,
} as const;

/** A request's states, in order; each names its group and the actions it allows. */
export const RFBS_STATES = {
  new: {
    group: "New",
    name: "Новая заявка",
    actions: [
      RFBS_ACTION.approve,
      RFBS_ACTION.reject,
      RFBS_ACTION.compensate,
      RFBS_ACTION.returnMoney,
    ],
  },
  approved: { group: "Delivering", name: "Покупатель везёт товар", actions: [RFBS_ACTION.receive] },
  received: {
    group: "Checkout",
    name: "Товар получен, на проверке",
    actions: [RFBS_ACTION.returnMoney, RFBS_ACTION.rejectAfterCheck, RFBS_ACTION.compensate],
  },
  compensated: { group: "Approved", name: "Частичная компенсация", actions: [] },
  money_returned: { group: "Approved", name: "Деньги возвращены", actions: [] },
  rejected: { group: "Rejected", name: "Заявка отклонена", actions: [] },
} as const satisfies Record<string, { group: string; name: string; actions: readonly number[] }>;
export type RfbsState = keyof typeof RFBS_STATES;

/** Each action's name as `available_actions` gives it. */
export const ACTION_NAMES: Record<number, string> = {
  [RFBS_ACTION.approve]: "Одобрить заявку",
  [RFBS_ACTION.reject]: "Отклонить заявку",
  [RFBS_ACTION.rejectAfterCheck]: "Отказать после проверки товара",
  [RFBS_ACTION.receive]: "Подтвердить получение товара",
  [RFBS_ACTION.returnMoney]: "Вернуть деньги покупателю",
  [RFBS_ACTION.compensate]: "Частичная компенсация",
};

/** Where each action takes the request. */
export const ACTION_LEADS_TO: Record<number, RfbsState> = {
  [RFBS_ACTION.approve]: "approved",
  [RFBS_ACTION.reject]: "rejected",
  [RFBS_ACTION.rejectAfterCheck]: "rejected",
  [RFBS_ACTION.receive]: "received",
  [RFBS_ACTION.returnMoney]: "money_returned",
  [RFBS_ACTION.compensate]: "compensated",
};

/**
 * How `available_actions` is written: `[{id, name}]` as the schema has it (default), or
 * `[{action: {id, name}}]` as Ozon's example shows it.
 */
export type RfbsActionShape = "schema" | "example";

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
  /** What the seller decided, as received (exact: the amount's literal as it came). */
  compensation?: string;
  rejection?: { reasonId: number; comment?: string };
  /** The actions taken on it, in order: their ids and the method that took each. */
  taken: Array<{ id: number; via: string }>;
}

export interface ReturnsDesk {
  returns: Map<number, SandboxReturn>;
  requests: Map<number, RfbsRequestRecord>;
  seq: number;
  actionShape: RfbsActionShape;
}

const desks = new WeakMap<SandboxState, ReturnsDesk>();

export function returnsDeskOf(state: SandboxState): ReturnsDesk {
  let desk = desks.get(state);
  if (!desk) {
    desk = { returns: new Map(), requests: new Map(), seq: 0, actionShape: "schema" };
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
  /** The product's price as Ozon writes it this time ("1290.0000", say); default the posting's. */
  price: z.string().max(40).optional(),
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
    createdAt: state.now(),
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
    price: seed.price ?? line?.price ?? "0",
    state: "new",
    createdAt: state.now(),
    clientName: "Анна",
    comment: seed.comment ?? "Пришёл с царапиной на корпусе",
    reason: seed.reason ?? "Товар с браком",
    isDefect: seed.isDefect ?? true,
    taken: [],
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

/** Control: how `/v2/returns/rfbs/get` writes `available_actions` (`{shape}`). */
export function setRfbsActionShape(state: SandboxState, input: unknown) {
  const { shape } = z.object({ shape: z.enum(["schema", "example"]) }).parse(input);
  returnsDeskOf(state).actionShape = shape;
  return { shape };
}

export function rfbsSnapshot(state: SandboxState) {
  const desk = returnsDeskOf(state);
  return {
    returns: [...desk.returns.values()].map((r) => ({ ...r })),
    requests: [...desk.requests.values()].map((r) => ({ ...r, taken: [...r.taken] })),
    actionShape: desk.actionShape,
  };
}
