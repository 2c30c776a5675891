/**
 * Home's counts for one viewer: a person (what their roles and stores call for) or a group (the
 * postings of the warehouses it is subscribed to, the buyer chats relayed there — nothing of
 * anyone's private jobs). Every store's source is read through ShopReads, so the Ozon calls
 * depend on the stores and the minute, not on how many people open Home.
 * Tests: none directly
 */
import type { Person, Role } from "../access/index.ts";
import { shopsInScope } from "../access/shop-scope.ts";
import { type LoopStatus, STALL_FLOOR_MS } from "../health/health.ts";
import { isStalled } from "../health/stall-watch.ts";
import { type Subscriber, wantsShop, warehousesOf } from "../subscriptions.ts";
import {
  type ChatFact,
  type HomeShop,
  type PackFact,
  readOwnDeliveries,
  readRatingZones,
  readReturnsToDecide,
  readStockMarks,
  readToPack,
  readUnanswered,
  readWaitingChats,
} from "./facts.ts";
import { type HomeLine, packLine, sortLines } from "./lines.ts";
import { KeptReadFailure, type Read, ShopReads } from "./shop-reads.ts";

export type HomeViewer =
  | { kind: "person"; person: Pick<Person, "roles" | "shops"> }
  | { kind: "group"; chatId: number; subscriber: Subscriber | undefined };

export interface HomeView {
  lines: HomeLine[];
  /** Epoch ms of the oldest read the lines come from (now when nothing was read). */
  asOf: number;
  /** Names of the stores a count could not be read from just now. */
  unread: string[];
}

export interface HomeCountsOptions {
  /** The stores served now (looked up at every open). */
  shops: () => readonly HomeShop[];
  /** The store owning the unprefixed subscription filter (SubscriptionService's legacy shop). */
  legacyShopId?: () => string | undefined;
  /** Whether each store's keys work (src/shops/health.ts). */
  keys?: { of(shopId: string): Promise<Record<string, { keys?: "ok" | "refused" }>> };
  /** The loops' health across processes (src/services/health/health.ts). */
  loops?: { loops(): Promise<LoopStatus[]> };
  stallFloorMs?: number;
  reads?: ShopReads;
  now?: () => number;
  /** Told of a read that failed (the count is left out, the store named). */
  onError?: (error: unknown, shopId: string, source: string) => void;
}

/** Ids every shop-less read is kept under. */
const EVERY_SHOP = "*";

export class HomeCounts {
  readonly #o: HomeCountsOptions;
  readonly #reads: ShopReads;
  readonly #now: () => number;
  readonly #startedAt: number;

  constructor(options: HomeCountsOptions) {
    this.#o = options;
    this.#reads = options.reads ?? new ShopReads({ now: options.now });
    this.#now = options.now ?? Date.now;
    this.#startedAt = this.#now();
  }

  async view(viewer: HomeViewer): Promise<HomeView> {
    const now = this.#now();
    const shops = this.#o.shops().filter((shop) => !shop.paused);
    const ask = new Asker(this.#reads, now, this.#o.onError);
    const lines =
      viewer.kind === "group"
        ? await this.#groupLines(viewer, shops, ask, now)
        : await this.#personLines(viewer.person, shops, ask, now);
    return {
      lines: sortLines(lines),
      asOf: ask.oldest ?? now,
      unread: [...new Set(ask.failed)]
        .map((id) => shops.find((s) => s.id === id)?.name)
        .filter((name): name is string => name !== undefined),
    };
  }

  async #personLines(
    person: Pick<Person, "roles" | "shops">,
    all: readonly HomeShop[],
    ask: Asker,
    now: number,
  ): Promise<HomeLine[]> {
    const scope = (...roles: Role[]) => {
      const ids = new Set(
        roles.flatMap((role) => shopsInScope(person, role, all).map((shop: HomeShop) => shop.id)),
      );
      return all.filter((shop) => ids.has(shop.id));
    };
    const selling = scope("seller").filter(withSeller);
    const lines = await Promise.all([
      this.#pack(scope("warehouse").filter(withSeller), ask, now, () => undefined),
      this.#chats(selling, ask, now, () => true),
      this.#returns(selling, ask),
      this.#feed(selling, ask, "questions"),
      this.#feed(selling, ask, "reviews"),
      this.#deliveries(scope("warehouse", "seller").filter(withSeller), ask, now),
      this.#stock(scope("warehouse", "manager"), ask),
      this.#rating(scope("manager"), ask),
      person.roles.includes("admin") ? this.#health(all, ask, now) : [],
    ]);
    return lines.flat();
  }

  async #groupLines(
    viewer: Extract<HomeViewer, { kind: "group" }>,
    all: readonly HomeShop[],
    ask: Asker,
    now: number,
  ): Promise<HomeLine[]> {
    const subscriber = viewer.subscriber;
    const legacy = this.#o.legacyShopId?.();
    const subscribed = subscriber
      ? all.filter((shop) => withSeller(shop) && wantsShop(subscriber, shop.id))
      : [];
    const lines = await Promise.all([
      this.#pack(subscribed, ask, now, (shop) =>
        subscriber ? warehousesOf(subscriber, shop.id, legacy) : undefined,
      ),
      this.#chats(all.filter(withSeller), ask, now, (chat) =>
        chat.relayedTo.includes(viewer.chatId),
      ),
    ]);
    return lines.flat();
  }

  async #pack(
    shops: readonly HomeShop[],
    ask: Asker,
    now: number,
    warehouses: (shop: HomeShop) => readonly string[] | undefined,
  ): Promise<HomeLine[]> {
    if (shops.length === 0) return [];
    const postings: PackFact[] = [];
    for (const [shop, facts] of await ask.each(shops, "pack", (s) => readToPack(sellerOf(s)))) {
      const only = warehouses(shop);
      postings.push(...(only ? facts.filter((p) => only.includes(p.warehouseId)) : facts));
    }
    return [packLine(postings, now)];
  }

  async #chats(
    shops: readonly HomeShop[],
    ask: Asker,
    now: number,
    wanted: (chat: ChatFact) => boolean,
  ): Promise<HomeLine[]> {
    if (shops.length === 0) return [];
    const chats = (await ask.each(shops, "chats", readWaitingChats))
      .flatMap(([, facts]) => facts)
      .filter(wanted);
    const since = chats.map((c) => c.since).filter((s): s is number => s !== undefined);
    const oldestMs = since.length > 0 ? Math.max(0, now - Math.min(...since)) : undefined;
    return [{ kind: "chats", job: "chats", count: chats.length, oldestMs }];
  }

  async #returns(shops: readonly HomeShop[], ask: Asker): Promise<HomeLine[]> {
    if (shops.length === 0) return [];
    const deadlines = (
      await ask.each(shops, "returns", (s) => readReturnsToDecide(sellerOf(s)))
    ).flatMap(([, facts]) => facts);
    const known = deadlines.filter((d): d is number => d !== undefined);
    const nearest = known.length > 0 ? Math.min(...known) : undefined;
    return [{ kind: "returns", job: "returns", count: deadlines.length, nearest }];
  }

  /** Questions or reviews without an answer, summed over the stores (each store named apart). */
  async #feed(
    shops: readonly HomeShop[],
    ask: Asker,
    kind: "questions" | "reviews",
  ): Promise<HomeLine[]> {
    if (shops.length === 0) return [];
    const counts = await ask.each(shops, kind, (s) => readUnanswered(sellerOf(s), kind));
    const byStore = counts
      .filter((c): c is [HomeShop, number] => c[1] !== undefined && c[1] > 0)
      .map(([shop, count]) => ({ name: shop.name, count }));
    const count = byStore.reduce((sum, s) => sum + s.count, 0);
    return [{ kind, job: "feed", count, byStore }];
  }

  async #deliveries(shops: readonly HomeShop[], ask: Asker, now: number): Promise<HomeLine[]> {
    if (shops.length === 0) return [];
    const counts = await ask.each(shops, "deliveries", (s) => readOwnDeliveries(sellerOf(s), now));
    const count = counts.reduce((sum, [, n]) => sum + n, 0);
    return [{ kind: "deliveries", job: "deliveries", count }];
  }

  async #stock(shops: readonly HomeShop[], ask: Asker): Promise<HomeLine[]> {
    if (shops.length === 0) return [];
    const marks = await ask.each(shops, "stock", (s) => readStockMarks(s.store));
    const zero = marks.reduce((sum, [, m]) => sum + m.zero, 0);
    const low = marks.reduce((sum, [, m]) => sum + m.low, 0);
    return [
      { kind: "stock-out", job: "products", count: zero },
      { kind: "stock-low", job: "products", count: low },
    ];
  }

  async #rating(shops: readonly HomeShop[], ask: Asker): Promise<HomeLine[]> {
    if (shops.length === 0) return [];
    const zones = await ask.each(shops, "rating", (s) => readRatingZones(s.store));
    const danger = zones.reduce((sum, [, z]) => sum + z.danger, 0);
    const count = zones.reduce((sum, [, z]) => sum + z.warning + z.danger, 0);
    return [{ kind: "rating", job: "rating", count, danger }];
  }

  async #health(shops: readonly HomeShop[], ask: Asker, now: number): Promise<HomeLine[]> {
    const lines: HomeLine[] = [];
    const keys = this.#o.keys;
    if (keys) {
      const states = await ask.each(shops, "keys", (s) => keys.of(s.id));
      const refused = states.filter(([, apis]) =>
        Object.values(apis).some((api) => api.keys === "refused"),
      ).length;
      lines.push({ kind: "keys", job: "stores", count: refused });
    }
    const loops = this.#o.loops;
    if (loops) {
      const floor = this.#o.stallFloorMs ?? STALL_FLOOR_MS;
      const all = await ask.one(EVERY_SHOP, "loops", () => loops.loops());
      const active = new Set(shops.map((s) => s.id));
      const stalled = (all ?? []).filter(
        (loop) =>
          (loop.shopId === undefined || active.has(loop.shopId)) &&
          isStalled(loop, now, this.#startedAt, floor),
      ).length;
      lines.push({ kind: "stalled", job: "status", count: stalled });
    }
    return lines;
  }
}

function withSeller(shop: HomeShop): boolean {
  return shop.seller !== undefined;
}

function sellerOf(shop: HomeShop): NonNullable<HomeShop["seller"]> {
  if (!shop.seller) throw new Error(`store ${shop.id} has no Seller keys`);
  return shop.seller;
}

/** One open's reads: the oldest time read, and the stores whose read failed. */
class Asker {
  oldest: number | undefined;
  readonly failed: string[] = [];

  readonly #reads: ShopReads;
  readonly #now: number;
  readonly #onError: HomeCountsOptions["onError"];

  constructor(reads: ShopReads, now: number, onError: HomeCountsOptions["onError"]) {
    this.#reads = reads;
    this.#now = now;
    this.#onError = onError;
  }

  /** The source read of every store that answered, in the stores' order. */
  async each<T>(
    shops: readonly HomeShop[],
    source: string,
    load: (shop: HomeShop) => Promise<T>,
  ): Promise<Array<[HomeShop, T]>> {
    const results = await Promise.all(
      shops.map(async (shop) => [shop, await this.one(shop.id, source, () => load(shop))] as const),
    );
    return results.filter((r): r is readonly [HomeShop, Awaited<T>] => r[1] !== undefined) as Array<
      [HomeShop, T]
    >;
  }

  async one<T>(shopId: string, source: string, load: () => Promise<T>): Promise<T | undefined> {
    let read: Read<T>;
    try {
      read = await this.#reads.read(shopId, source, load);
    } catch (error) {
      this.failed.push(shopId);
      if (!(error instanceof KeptReadFailure)) this.#onError?.(error, shopId, source);
      return undefined;
    }
    this.oldest = Math.min(this.oldest ?? this.#now, read.at);
    return read.value;
  }
}
