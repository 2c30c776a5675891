/**
 * What Home counts of one store, read the cheapest way the bot has: the stores' own records where
 * the bot keeps them (stock marks, rating zones, keys' health), else one listing of Ozon's
 * (postings awaiting packaging, open chats with the relay's digests, rFBS requests, own
 * deliveries, the counts of questions and reviews), each boiled down to the little Home shows.
 * Tests: none directly
 */
import { OzonAuthError } from "../../ozon/errors.ts";
import type { SellerClient } from "../../ozon/index.ts";
import type { Store } from "../../store/port.ts";
import { ChatInbox } from "../chats/inbox/inbox.ts";
import { listOpenChats } from "../chats/inbox/open-chats.ts";
import { deliveriesInProgress } from "../deliveries/in-progress.ts";
import { awaitingPostings } from "../postings/awaiting.ts";
import { decisionDeadline } from "../returns/watcher.ts";
import { STOCK_STATE_KEY, type WatchState } from "../stock/watcher.ts";

/** A store as Home reads it. */
export interface HomeShop {
  readonly id: string;
  readonly name: string;
  readonly paused: boolean;
  readonly seller?: Pick<
    SellerClient,
    "postings" | "chats" | "returns" | "deliveries" | "questions"
  >;
  readonly store: Store;
}

/** A posting awaiting packaging: where it ships from and by when (epoch ms). */
export interface PackFact {
  warehouseId: string;
  dueAt: number | undefined;
}

/** A buyer chat that waits for an answer: since when, and the Telegram chats it was relayed to. */
export interface ChatFact {
  since: number | undefined;
  relayedTo: number[];
}

/** Postings awaiting packaging, at most the list's cap. */
export async function readToPack(seller: NonNullable<HomeShop["seller"]>): Promise<PackFact[]> {
  const postings = await awaitingPostings(seller as SellerClient);
  return postings.map((p) => {
    const due = p.shipmentDate ? Date.parse(p.shipmentDate) : Number.NaN;
    return {
      warehouseId: String(p.deliveryMethod?.warehouseId ?? ""),
      dueAt: Number.isFinite(due) ? due : undefined,
    };
  });
}

/** Open buyer chats that wait for an answer (as /chats counts them). */
export async function readWaitingChats(shop: HomeShop): Promise<ChatFact[]> {
  if (!shop.seller) return [];
  const open = await listOpenChats(shop.seller.chats, new ChatInbox(shop.store));
  return open
    .filter((chat) => chat.waiting)
    .map((chat) => {
      const since = chat.digest ? Date.parse(chat.digest.lastBuyerAt) : Number.NaN;
      return {
        since: Number.isFinite(since) ? since : undefined,
        relayedTo: [...new Set((chat.digest?.copies ?? []).map((copy) => copy.chatId))],
      };
    });
}

/** The decision deadlines (epoch ms, when known) of rFBS requests waiting for the seller. */
export async function readReturnsToDecide(
  seller: NonNullable<HomeShop["seller"]>,
): Promise<Array<number | undefined>> {
  const requests = (await seller.returns.rfbsOpen()).filter((r) => r.groupState === "New");
  return requests.map((r) => {
    const deadline = decisionDeadline(r.createdAt);
    const ms = deadline ? Date.parse(deadline) : Number.NaN;
    return Number.isFinite(ms) ? ms : undefined;
  });
}

/** How many own deliveries wait for the seller's next step (tracking number, delivering…). */
export async function readOwnDeliveries(
  seller: NonNullable<HomeShop["seller"]>,
  now: number,
): Promise<number> {
  const groups = await deliveriesInProgress(seller as SellerClient, now);
  return groups.reduce((sum, group) => sum + group.postings.length, 0);
}

/**
 * Product questions or reviews not yet processed (one count call). A store whose seller lacks the
 * subscription (Ozon refuses: 403 code 7) has none to show: undefined, kept like any read, so
 * the line is left out without naming the store as unread.
 */
export async function readUnanswered(
  seller: NonNullable<HomeShop["seller"]>,
  kind: "questions" | "reviews",
): Promise<number | undefined> {
  try {
    return kind === "questions"
      ? await seller.questions.unansweredQuestions()
      : await seller.questions.unansweredReviews();
  } catch (error) {
    if (error instanceof OzonAuthError) return undefined;
    throw error;
  }
}

/** Products (at a warehouse) the stock watcher marked low and out of stock. */
export async function readStockMarks(store: Store): Promise<{ low: number; zero: number }> {
  const state = await store.get<WatchState>(STOCK_STATE_KEY);
  let low = 0;
  let zero = 0;
  for (const mark of Object.values(state?.marks ?? {})) {
    if (mark === "zero") zero += 1;
    else if (mark === "low") low += 1;
  }
  return { low, zero };
}

/** Ratings the ratings watcher last found in Ozon's warning or danger zone. */
export async function readRatingZones(store: Store): Promise<{ warning: number; danger: number }> {
  const zones = await store.list<string>("ratings:zone:");
  return {
    warning: zones.filter((z) => z.value === "warning").length,
    danger: zones.filter((z) => z.value === "danger").length,
  };
}
