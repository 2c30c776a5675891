/**
 * Where buyer messages go: the relay groups admins set (`/relay_here`), each for some shops or
 * all of them; a shop no group takes goes to every person whose seller role reaches it (admins
 * included), each in their private chat. The people come from an injected function, so this
 * does not depend on how the access service stores them.
 *
 * The targets are one record in the shared part of the store. The single-shop version kept one
 * group (no shops) under RELAY_GROUP_KEY: it is read as a group for all shops, and the first
 * change moves it into the list.
 * Tests: test/services/chats/relay/maps.test.ts and 8 more
 */
import type { Store } from "../../../store/port.ts";

/** The single-shop version's one relay group. */
export const RELAY_GROUP_KEY = "relay:group";
export const RELAY_TARGETS_KEY = "relay:targets";
/** More groups than anyone needs; the record stays small. */
const MAX_TARGETS = 50;
const MAX_UPDATE_TRIES = 10;

export interface RelayGroup {
  chatId: number;
  title?: string;
  /** A forum: each buyer chat gets its own topic. */
  isForum: boolean;
  /** Telegram user id of the admin who set it. */
  setBy?: number;
  setAt: string;
  /** The shops (ids) whose buyer chats come here; absent: every shop. */
  shops?: string[];
}

export type RelayAudience =
  | { kind: "groups"; groups: RelayGroup[] }
  | { kind: "people"; chatIds: number[] };

export type RelayGroupInput = Omit<RelayGroup, "setAt"> & { setAt?: string };

export class RelayGroupSetting {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Every relay group, oldest first. */
  async list(): Promise<RelayGroup[]> {
    return (await this.#read()).groups;
  }

  /** The relay group set in this chat. */
  async inChat(chatId: number): Promise<RelayGroup | undefined> {
    return (await this.list()).find((g) => g.chatId === chatId);
  }

  /** The groups that take this shop's buyer chats. */
  async forShop(shopId: string): Promise<RelayGroup[]> {
    return (await this.list()).filter((g) => takesShop(g, shopId));
  }

  /** Sets (or replaces) the relay group of `group.chatId`. */
  async set(group: RelayGroupInput): Promise<RelayGroup> {
    const value: RelayGroup = { ...group, setAt: group.setAt ?? new Date().toISOString() };
    if (value.shops) value.shops = [...new Set(value.shops)];
    await this.#update((groups) => {
      const others = groups.filter((g) => g.chatId !== value.chatId);
      return [...others, value].slice(-MAX_TARGETS);
    });
    return value;
  }

  /** Stops relaying to this chat; true when it was a relay group. */
  async clear(chatId: number): Promise<boolean> {
    let found = false;
    await this.#update((groups) => {
      found = groups.some((g) => g.chatId === chatId);
      return groups.filter((g) => g.chatId !== chatId);
    });
    return found;
  }

  /** Stops relaying to this chat, if it is a relay group (the bot was removed from it). */
  async clearIf(chatId: number): Promise<boolean> {
    return this.clear(chatId);
  }

  /**
   * The relay group of `fromChatId` now lives in `toChatId` (Telegram upgraded it), keeping its
   * shops; `change` says what else is known of it. Undefined when no group was set there.
   */
  async move(
    fromChatId: number,
    toChatId: number,
    change: Partial<Pick<RelayGroup, "isForum" | "title">>,
  ): Promise<RelayGroup | undefined> {
    let moved: RelayGroup | undefined;
    await this.#update((groups) => {
      const from = groups.find((g) => g.chatId === fromChatId);
      if (!from) {
        moved = groups.find((g) => g.chatId === toChatId);
        return groups;
      }
      moved = { ...from, ...change, chatId: toChatId };
      if (moved.title === undefined) delete moved.title;
      return [...groups.filter((g) => g.chatId !== fromChatId && g.chatId !== toChatId), moved];
    });
    return moved;
  }

  async #read(): Promise<{ groups: RelayGroup[]; raw: unknown; legacy: unknown }> {
    const [raw, legacy] = await Promise.all([
      this.#store.get<unknown>(RELAY_TARGETS_KEY),
      this.#store.get<unknown>(RELAY_GROUP_KEY),
    ]);
    if (Array.isArray(raw)) return { groups: raw.filter(isRelayGroup), raw, legacy };
    const groups = isRelayGroup(legacy) ? [legacy] : [];
    return { groups, raw, legacy };
  }

  /** Read, change, write only if nobody wrote in between; the legacy key goes with the write. */
  async #update(change: (groups: RelayGroup[]) => RelayGroup[]): Promise<void> {
    for (let attempt = 0; attempt < MAX_UPDATE_TRIES; attempt++) {
      const { groups, raw, legacy } = await this.#read();
      const next = change(groups);
      const written = await this.#store.compareAndSetMany([
        { key: RELAY_TARGETS_KEY, expected: raw, next: next.length > 0 ? next : undefined },
        { key: RELAY_GROUP_KEY, expected: legacy, next: undefined },
      ]);
      if (written) return;
    }
    throw new Error("The relay groups kept changing under a write; try again");
  }
}

export function takesShop(group: Pick<RelayGroup, "shops">, shopId: string): boolean {
  return group.shops === undefined || group.shops.includes(shopId);
}

function isRelayGroup(value: unknown): value is RelayGroup {
  if (!value || typeof value !== "object") return false;
  const group = value as Partial<RelayGroup>;
  if (typeof group.chatId !== "number" || typeof group.isForum !== "boolean") return false;
  return group.shops === undefined || Array.isArray(group.shops);
}

export interface AudienceOptions {
  groups: RelayGroupSetting;
  /** The shop whose buyer message goes out; undefined: a single-shop setup, every group. */
  shopId: string | undefined;
  /** Telegram user ids of everyone whose seller role reaches the shop, admins included. */
  listSellerIds: () => Promise<readonly number[]>;
}

export async function resolveRelayAudience(options: AudienceOptions): Promise<RelayAudience> {
  const { shopId } = options;
  const groups =
    shopId === undefined ? await options.groups.list() : await options.groups.forShop(shopId);
  if (groups.length > 0) return { kind: "groups", groups };
  const ids = await options.listSellerIds();
  return { kind: "people", chatIds: [...new Set(ids)].sort((a, b) => a - b) };
}
