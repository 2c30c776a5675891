/**
 * Who may use the bot: people, their roles, invites and the owner link. Free of Telegram:
 * the bot layer asks `find` on every update and turns the answers into replies.
 *
 * Store layout (keys are namespaced by the store adapter):
 *   person:<telegram id>       Person record (roles, the stores a role is limited to, name,
 *                              chosen language); without any role
 *                              (a stranger who chose a language, a person whose roles were all
 *                              revoked) it expires after STRANGER_TTL_MS, renewed by each change
 *   invite:<payload>           a live invite (TTL: one day), taken atomically on redemption
 *   invite-issued:<payload>    remembers an invite a while longer, to tell "expired" from "wrong"
 *   invite-used:<payload>      remembers a redeemed invite, to tell "already used" from "wrong"
 *   owner-link                 payload of the current owner link while no admin exists (TTL as
 *                              the link's invite: one day; the next start writes a new one)
 *
 * People and roles are this file; invites and the owner link are invites.ts, the role and
 * person types roles.ts.
 * Tests: test/bot/chats/relay/partial-delivery.test.ts and 4 more
 */
import type { Store } from "../../store/port.ts";
import { Invites, type RedeemResult } from "./invites.ts";
import {
  isRole,
  type Person,
  type PersonRecord,
  type Profile,
  personKey,
  profileFields,
  type Role,
  type RoleChange,
  sortRoles,
} from "./roles.ts";
import { normalizeScope, recordWithShops, withScope } from "./shop-scope.ts";

export type { Invite, RedeemFailure, RedeemResult } from "./invites.ts";
export {
  isRole,
  type Person,
  type PersonRecord,
  type Profile,
  personKey,
  ROLES,
  type Role,
  type RoleChange,
} from "./roles.ts";

export interface AccessServiceOptions {
  store: Store;
  /** ADMIN_IDS from the configuration: admins always, whatever the store says. */
  adminIds: readonly number[];
  /** How long an invite lives; one day by default. */
  inviteTtlMs?: number;
  /** How long a used or expired invite is still recognised as such. */
  inviteMemoryMs?: number;
  /** How long the owner link works; one day by default. */
  ownerLinkTtlMs?: number;
  /**
   * How long a person read from the store is reused for the next updates (default 2 s; 0: never).
   * Changes made through this service are seen at once; a change made by another process
   * sharing Redis is seen after at most this long.
   */
  cacheTtlMs?: number;
  now?: () => number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A record without any role (a stranger's language, a person whose roles went) lives this long. */
export const STRANGER_TTL_MS = 30 * DAY_MS;

export class AccessService {
  readonly #store: Store;
  readonly #adminIds: ReadonlySet<number>;
  readonly #inviteTtlMs: number;
  readonly #now: () => number;
  readonly #cacheTtlMs: number;
  readonly #cache = new Map<number, CachedLookup>();
  readonly #invites: Invites;

  constructor(options: AccessServiceOptions) {
    this.#store = options.store;
    this.#adminIds = new Set(options.adminIds);
    this.#inviteTtlMs = options.inviteTtlMs ?? DAY_MS;
    this.#now = options.now ?? Date.now;
    this.#cacheTtlMs = options.cacheTtlMs ?? 2_000;
    this.#invites = new Invites({
      store: options.store,
      people: {
        hasAnyAdmin: () => this.hasAnyAdmin(),
        read: (id) => this.#read(id),
        remember: (id, record) => void this.#remember(id, record),
        view: (id, record) => this.#view(id, record),
      },
      inviteTtlMs: this.#inviteTtlMs,
      inviteMemoryMs: options.inviteMemoryMs ?? 30 * DAY_MS,
      ownerLinkTtlMs: options.ownerLinkTtlMs ?? DAY_MS,
      now: this.#now,
    });
  }

  get inviteTtlMs(): number {
    return this.#inviteTtlMs;
  }

  isConfigAdmin(id: number): boolean {
    return this.#adminIds.has(id);
  }

  /** The person with their effective roles, or undefined for a stranger (no role at all). */
  async find(id: number): Promise<Person | undefined> {
    const person = this.#view(id, await this.#read(id));
    return person.roles.length > 0 ? person : undefined;
  }

  /**
   * Who acts, once per update: the person (undefined for a stranger) and the language they
   * chose (strangers may choose too). Served from a short cache, see `cacheTtlMs`.
   */
  async lookup(id: number): Promise<{ person?: Person; locale?: string }> {
    let cached = this.#cache.get(id);
    if (!cached || this.#now() - cached.at >= this.#cacheTtlMs) {
      cached = this.#remember(id, await this.#read(id));
    }
    return cached.lookup;
  }

  /**
   * True when `lookup(id)` would read the store now (nothing fresh in its cache) and would answer
   * from a record `rememberRead` is given instead.
   */
  wantsRead(id: number): boolean {
    if (this.#cacheTtlMs <= 0) return false;
    const cached = this.#cache.get(id);
    return cached === undefined || this.#now() - cached.at >= this.#cacheTtlMs;
  }

  /**
   * The person's record as just read from the store by someone else (the chat lock reads it in
   * the same round trip as it takes the lock): the next `lookup` answers from it (within the
   * cache's time, as if it had read it itself).
   */
  rememberRead(id: number, record: unknown): void {
    this.#remember(id, (record ?? undefined) as PersonRecord | undefined);
  }

  /** Admin counts as every role: admins may do everything. */
  static holds(person: Pick<Person, "roles"> | undefined, role: Role): boolean {
    if (!person) return false;
    return person.roles.includes(role) || person.roles.includes("admin");
  }

  /** Everyone with at least one role, ADMIN_IDS included, ordered by id. */
  async listPeople(): Promise<Person[]> {
    const entries = await this.#store.list<PersonRecord>("person:");
    const people = new Map<number, Person>();
    for (const { value } of entries) {
      const person = this.#view(value.id, value);
      if (person.roles.length > 0) people.set(person.id, person);
    }
    for (const id of this.#adminIds) {
      if (!people.has(id)) people.set(id, this.#view(id, undefined));
    }
    return [...people.values()].sort((a, b) => a.id - b.id);
  }

  /** True when somebody holds the admin role (from ADMIN_IDS or granted in the bot). */
  async hasAnyAdmin(): Promise<boolean> {
    if (this.#adminIds.size > 0) return true;
    const entries = await this.#store.list<PersonRecord>("person:");
    return entries.some(({ value }) => value.roles?.includes("admin"));
  }

  async grant(id: number, role: Role, by?: number): Promise<RoleChange> {
    let unchanged: Person | undefined;
    const next = await this.#update(id, (record) => {
      const person = this.#view(id, record);
      if (person.roles.includes(role)) {
        unchanged = person;
        return undefined;
      }
      // Granted here, a role covers every store; the card's store picker limits it.
      return recordWithShops(
        {
          ...(record ?? { id, joinedAt: this.#isoNow(), invitedBy: by }),
          id,
          roles: sortRoles([...(record?.roles ?? []), role]),
        },
        withScope(record?.shops, role, undefined),
      );
    });
    if (unchanged) return { ok: false, reason: "unchanged", person: unchanged };
    return { ok: true, person: this.#view(id, next) };
  }

  async revoke(id: number, role: Role): Promise<RoleChange> {
    if (role === "admin" && this.isConfigAdmin(id)) {
      return { ok: false, reason: "config-admin", person: this.#view(id, await this.#read(id)) };
    }
    if (role === "admin" && (await this.#adminCount()) <= 1) {
      const person = this.#view(id, await this.#read(id));
      if (person.roles.includes("admin")) return { ok: false, reason: "last-admin", person };
    }
    let failure: RoleChange | undefined;
    const next = await this.#update(id, (record) => {
      if (!record) {
        failure = this.isConfigAdmin(id)
          ? { ok: false, reason: "unchanged", person: this.#view(id, record) }
          : { ok: false, reason: "unknown-person" };
        return undefined;
      }
      if (!record.roles.includes(role)) {
        failure = { ok: false, reason: "unchanged", person: this.#view(id, record) };
        return undefined;
      }
      // The role's store limit goes with it: granted again, it covers every store.
      return recordWithShops(
        { ...record, roles: record.roles.filter((r) => r !== role) },
        withScope(record.shops, role, undefined),
      );
    });
    return failure ?? { ok: true, person: this.#view(id, next) };
  }

  /**
   * Limits `role` of a person to the stores `shops` (shop ids, at least one), or lets it cover
   * every store again (undefined). The admin role always covers every store.
   */
  async setScope(
    id: number,
    role: Role,
    shops: readonly string[] | undefined,
  ): Promise<RoleChange> {
    const scope = normalizeScope(shops);
    if (role === "admin" || scope?.length === 0) {
      throw new Error("a store limit names at least one store, and never of the admin role");
    }
    let failure: RoleChange | undefined;
    const next = await this.#update(id, (record) => {
      if (!record?.roles.includes(role)) {
        failure = record
          ? { ok: false, reason: "unchanged", person: this.#view(id, record) }
          : { ok: false, reason: "unknown-person" };
        return undefined;
      }
      // The same stores again (a second press of Done) changes nothing and is no failure.
      if (sameScope(record.shops?.[role], scope)) return undefined;
      return recordWithShops(record, withScope(record.shops, role, scope));
    });
    return failure ?? { ok: true, person: this.#view(id, next) };
  }

  /** Remembers the language a person chose; works for strangers too. */
  async setLocale(profile: Profile, locale: string): Promise<void> {
    await this.#update(profile.id, (record) => ({
      ...(record ?? { id: profile.id, roles: [] }),
      ...profileFields(profile),
      locale,
    }));
  }

  /** Refreshes the stored name of a known person when Telegram shows a different one. */
  async rememberProfile(profile: Profile): Promise<void> {
    const fields = profileFields(profile);
    await this.#update(profile.id, (record) => {
      // Strangers are not recorded; ADMIN_IDS admins get a record for their name.
      if (!record && !this.isConfigAdmin(profile.id)) return undefined;
      const same =
        record !== undefined &&
        record.firstName === fields.firstName &&
        record.lastName === fields.lastName &&
        record.username === fields.username;
      return same ? undefined : { ...(record ?? { id: profile.id, roles: [] }), ...fields };
    });
  }

  /**
   * A one-time invite for a role, limited to the stores `shops` when given; redeemed by
   * `/start <payload>` within `inviteTtlMs`.
   */
  createInvite(
    role: Role,
    createdBy: number,
    shops?: readonly string[],
  ): Promise<{ payload: string; expiresAt: Date }> {
    return this.#invites.createInvite(role, createdBy, shops);
  }

  /** Withdraws an invite that was never handed out. */
  forgetInvite(payload: string): Promise<void> {
    return this.#invites.forgetInvite(payload);
  }

  /** The owner link while nobody is admin (see Invites.ensureOwnerLink). */
  ensureOwnerLink(): Promise<{ payload: string; expiresAt: Date } | undefined> {
    return this.#invites.ensureOwnerLink();
  }

  /** Redeems an invite or the owner link exactly once (see Invites.redeem). */
  redeem(payload: string, profile: Profile, guessedLocale?: string): Promise<RedeemResult> {
    return this.#invites.redeem(payload, profile, guessedLocale);
  }

  #read(id: number): Promise<PersonRecord | undefined> {
    return this.#store.get<PersonRecord>(personKey(id));
  }

  /** Caches what `lookup` answers for this record (frozen: every update of the person shares it). */
  #remember(id: number, record: PersonRecord | undefined): CachedLookup {
    const view = this.#view(id, record);
    const person = view.roles.length > 0 ? deepFreeze(view) : undefined;
    const entry: CachedLookup = {
      at: this.#now(),
      lookup: Object.freeze({ person, locale: record?.locale }),
    };
    if (this.#cacheTtlMs <= 0) return entry;
    // A bounded cache: when full, the oldest entries (Map keeps insertion order) go first.
    if (this.#cache.size >= 50_000) {
      for (const key of [...this.#cache.keys()].slice(0, 10_000)) this.#cache.delete(key);
    }
    this.#cache.delete(id);
    this.#cache.set(id, entry);
    return entry;
  }

  /**
   * Read-modify-write of a person record without lost updates: two admins changing the same
   * person at once both take effect (compare-and-set, retried). `change` returns undefined to
   * leave the record as it is; the record as it ends up is returned.
   */
  async #update(
    id: number,
    change: (record: PersonRecord | undefined) => PersonRecord | undefined,
  ): Promise<PersonRecord | undefined> {
    const key = personKey(id);
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.#store.get<PersonRecord>(key);
      const next = change(current);
      if (next === undefined) {
        this.#remember(id, current);
        return current;
      }
      // Nobody keeps a record without a role for ever: strangers leave nothing behind.
      const ttlMs = this.#view(id, next).roles.length === 0 ? STRANGER_TTL_MS : undefined;
      if (await this.#store.compareAndSetMany([{ key, expected: current, next, ttlMs }])) {
        this.#remember(id, next);
        return next;
      }
    }
    throw new Error(`person ${id} changed concurrently too often; try again`);
  }

  async #adminCount(): Promise<number> {
    const people = await this.listPeople();
    return people.filter((p) => p.roles.includes("admin")).length;
  }

  #view(id: number, record: PersonRecord | undefined): Person {
    const configAdmin = this.#adminIds.has(id);
    const stored = Array.isArray(record?.roles) ? record.roles.filter(isRole) : [];
    const roles = configAdmin ? sortRoles(["admin", ...stored]) : stored;
    return { ...(record ?? {}), id, roles, configAdmin };
  }

  #isoNow(): string {
    return new Date(this.#now()).toISOString();
  }
}

/** Two scopes name the same stores (undefined: all stores). */
function sameScope(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((id) => b.includes(id));
}

interface CachedLookup {
  at: number;
  lookup: { person?: Person; locale?: string };
}

function deepFreeze<T extends Pick<PersonRecord, "roles" | "shops">>(value: T): T {
  Object.freeze(value.roles);
  if (value.shops) {
    for (const ids of Object.values(value.shops)) Object.freeze(ids);
    Object.freeze(value.shops);
  }
  return Object.freeze(value);
}
