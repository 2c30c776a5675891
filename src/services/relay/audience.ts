/**
 * Where buyer messages go: the relay group an admin set (`/relay_here`), or else every person
 * with the seller role, admins included, each in their private chat. The list of people comes
 * from an injected function, so this does not depend on how the access service stores them.
 */
import type { Store } from "../../store/port.ts";

export const RELAY_GROUP_KEY = "relay:group";

export interface RelayGroup {
  chatId: number;
  title?: string;
  /** A forum: each buyer chat gets its own topic. */
  isForum: boolean;
  /** Telegram user id of the admin who set it. */
  setBy?: number;
  setAt: string;
}

export type RelayAudience =
  | { kind: "group"; group: RelayGroup }
  | { kind: "people"; chatIds: number[] };

export class RelayGroupSetting {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async get(): Promise<RelayGroup | undefined> {
    const group = await this.#store.get<RelayGroup>(RELAY_GROUP_KEY);
    return group && typeof group.chatId === "number" ? group : undefined;
  }

  async set(group: Omit<RelayGroup, "setAt"> & { setAt?: string }): Promise<RelayGroup> {
    const value: RelayGroup = { ...group, setAt: group.setAt ?? new Date().toISOString() };
    await this.#store.set(RELAY_GROUP_KEY, value);
    return value;
  }

  /** Back to private chats; true when a group was set. */
  async clear(): Promise<boolean> {
    return this.#store.delete(RELAY_GROUP_KEY);
  }

  /** Back to private chats when the relay group is this chat (and still is at the write). */
  async clearIf(chatId: number): Promise<boolean> {
    const current = await this.#store.get<RelayGroup>(RELAY_GROUP_KEY);
    if (current?.chatId !== chatId) return false;
    return this.#store.compareAndSet(RELAY_GROUP_KEY, current, undefined);
  }
}

export interface AudienceOptions {
  groups: RelayGroupSetting;
  /** Telegram user ids of everyone who holds the seller role, admins included. */
  listSellerIds: () => Promise<readonly number[]>;
}

export async function resolveRelayAudience(options: AudienceOptions): Promise<RelayAudience> {
  const group = await options.groups.get();
  if (group) return { kind: "group", group };
  const ids = await options.listSellerIds();
  return { kind: "people", chatIds: [...new Set(ids)].sort((a, b) => a - b) };
}
