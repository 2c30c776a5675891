/**
 * Who may use the bot: people, their roles, invites and the owner link. Free of Telegram:
 * the bot layer asks `find` on every update and turns the answers into replies.
 *
 * Store layout (keys are namespaced by the store adapter):
 *   person:<telegram id>       Person record (roles, name, chosen language); without any role
 *                              (a stranger who chose a language, a person whose roles were all
 *                              revoked) it expires after STRANGER_TTL_MS, renewed by each change
 *   invite:<payload>           a live invite (TTL: one day), taken atomically on redemption
 *   invite-issued:<payload>    remembers an invite a while longer, to tell "expired" from "wrong"
 *   invite-used:<payload>      remembers a redeemed invite, to tell "already used" from "wrong"
 *   owner-link                 payload of the current owner link while no admin exists (TTL as
 *                              the link's invite: one day; the next start writes a new one)
 *
 * Redeeming is one compareAndSetMany: the invite goes, the "used" mark and the role come, all in
 * one step, so a crash can neither spend an invite without granting its role nor grant it twice.
 */
import { randomBytes } from "node:crypto";
import type { Change, Store } from "../store/port.ts";

export const ROLES = ["admin", "seller", "warehouse", "manager"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** What is stored for a person. */
export interface PersonRecord {
  id: number;
  /** Roles granted through invites or by an admin (ADMIN_IDS are added when read). */
  roles: Role[];
  firstName?: string;
  lastName?: string;
  username?: string;
  /** Language chosen with /language; absent means "guess from Telegram". */
  locale?: string;
  joinedAt?: string;
  invitedBy?: number;
}

/** A person as the bot sees them: effective roles, ADMIN_IDS included. */
export interface Person extends PersonRecord {
  /** True when the admin role comes from ADMIN_IDS (it cannot be revoked in the bot). */
  configAdmin: boolean;
}

/** What Telegram tells about the person who acts; stored to show names in /users. */
export interface Profile {
  id: number;
  firstName?: string;
  lastName?: string;
  username?: string;
}

export interface Invite {
  role: Role;
  kind: "invite" | "owner";
  createdBy?: number;
  createdAt: string;
  expiresAt?: string;
}

export type RedeemFailure = "used" | "expired" | "unknown";
export type RedeemResult =
  | { ok: true; role: Role; kind: Invite["kind"]; person: Person }
  | {
      ok: false;
      reason: RedeemFailure;
      /** Who redeemed it, when it was used (and that is still remembered). */
      usedBy?: number;
    };

export type RoleChange =
  | { ok: true; person: Person }
  | {
      ok: false;
      reason: "unchanged" | "unknown-person" | "config-admin" | "last-admin";
      person?: Person;
    };

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
/** Telegram deep-link payloads allow A-Z, a-z, 0-9, _ and -, up to 64 characters. */
const PAYLOAD_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const personKey = (id: number) => `person:${id}`;
const inviteKey = (payload: string) => `invite:${payload}`;
const issuedKey = (payload: string) => `invite-issued:${payload}`;
const usedKey = (payload: string) => `invite-used:${payload}`;
const OWNER_LINK_KEY = "owner-link";

/** Role order used wherever roles are listed. */
function sortRoles(roles: Iterable<Role>): Role[] {
  const set = new Set(roles);
  return ROLES.filter((role) => set.has(role));
}

export class AccessService {
  readonly #store: Store;
  readonly #adminIds: ReadonlySet<number>;
  readonly #inviteTtlMs: number;
  readonly #inviteMemoryMs: number;
  readonly #ownerLinkTtlMs: number;
  readonly #now: () => number;
  readonly #cacheTtlMs: number;
  readonly #cache = new Map<number, CachedLookup>();

  constructor(options: AccessServiceOptions) {
    this.#store = options.store;
    this.#adminIds = new Set(options.adminIds);
    this.#inviteTtlMs = options.inviteTtlMs ?? DAY_MS;
    this.#inviteMemoryMs = options.inviteMemoryMs ?? 30 * DAY_MS;
    this.#ownerLinkTtlMs = options.ownerLinkTtlMs ?? DAY_MS;
    this.#now = options.now ?? Date.now;
    this.#cacheTtlMs = options.cacheTtlMs ?? 2_000;
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
      return {
        ...(record ?? { id, joinedAt: this.#isoNow(), invitedBy: by }),
        id,
        roles: sortRoles([...(record?.roles ?? []), role]),
      };
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
      return { ...record, roles: record.roles.filter((r) => r !== role) };
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

  /** A one-time invite for a role; redeemed by `/start <payload>` within `inviteTtlMs`. */
  async createInvite(role: Role, createdBy: number): Promise<{ payload: string; expiresAt: Date }> {
    const payload = newPayload();
    const invite = await this.#issue(
      payload,
      { role, kind: "invite", createdBy },
      this.#inviteTtlMs,
    );
    return { payload, expiresAt: new Date(invite.expiresAt ?? 0) };
  }

  /** Stores an invite that lives `ttlMs`, and the mark that tells "expired" from "wrong" later. */
  async #issue(
    payload: string,
    what: Pick<Invite, "role" | "kind" | "createdBy">,
    ttlMs: number,
  ): Promise<Invite> {
    const now = this.#now();
    const invite: Invite = {
      ...what,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + ttlMs).toISOString(),
    };
    await this.#store.set(issuedKey(payload), true, { ttlMs: ttlMs + this.#inviteMemoryMs });
    await this.#store.set(inviteKey(payload), invite, { ttlMs });
    return invite;
  }

  /** Withdraws an invite that was never handed out. */
  async forgetInvite(payload: string): Promise<void> {
    await this.#store.delete(inviteKey(payload));
  }

  /**
   * The owner link while nobody is admin: reused across restarts while it lives (so a link
   * printed earlier still works), a new one once it expired, none once an admin exists.
   */
  async ensureOwnerLink(): Promise<{ payload: string; expiresAt: Date } | undefined> {
    if (await this.hasAnyAdmin()) {
      const stale = await this.#store.take<string>(OWNER_LINK_KEY);
      if (stale) await this.#store.delete(inviteKey(stale));
      return undefined;
    }
    const current = await this.#currentOwnerLink();
    if (current) return current;
    const payload = newPayload();
    const invite = await this.#issue(
      payload,
      { role: "admin", kind: "owner" },
      this.#ownerLinkTtlMs,
    );
    // Several processes may start together: the first pointer wins, the others use it.
    if (await this.#store.setIfAbsent(OWNER_LINK_KEY, payload, { ttlMs: this.#ownerLinkTtlMs })) {
      return { payload, expiresAt: new Date(invite.expiresAt ?? 0) };
    }
    await this.#store.delete(inviteKey(payload));
    return this.#currentOwnerLink();
  }

  async #currentOwnerLink(): Promise<{ payload: string; expiresAt: Date } | undefined> {
    const payload = await this.#store.get<string>(OWNER_LINK_KEY);
    const invite = payload ? await this.#store.get<Invite>(inviteKey(payload)) : undefined;
    if (payload && invite?.kind === "owner") {
      // A link from before owner links expired has no expiresAt: it goes now, a new one comes.
      if (invite.expiresAt) return { payload, expiresAt: new Date(invite.expiresAt) };
      await this.#store.delete(inviteKey(payload));
    }
    if (payload) await this.#store.compareAndSet(OWNER_LINK_KEY, payload, undefined);
    return undefined;
  }

  /**
   * Redeems an invite or the owner link exactly once: taking the invite, marking it used and
   * granting the role are one atomic step (compareAndSetMany), retried when something changed
   * in between. Of several people at once, one gets the role; the others hear "used".
   * `guessedLocale` (from Telegram) is kept unless the person chose a language before: messages
   * sent outside any update of theirs (relayed buyer messages, alerts) speak it from the start.
   */
  async redeem(payload: string, profile: Profile, guessedLocale?: string): Promise<RedeemResult> {
    if (!PAYLOAD_PATTERN.test(payload)) return { ok: false, reason: "unknown" };
    for (let attempt = 0; attempt < 20; attempt++) {
      const invite = await this.#store.get<Invite>(inviteKey(payload));
      if (!invite || !isRole(invite.role)) return this.#whyNot(payload);
      const spend: Change[] = [
        { key: inviteKey(payload), expected: invite, next: undefined },
        {
          key: usedKey(payload),
          expected: undefined,
          next: { by: profile.id, at: this.#isoNow() } satisfies UsedMark,
          ttlMs: this.#inviteMemoryMs,
        },
      ];
      if (invite.kind === "owner") {
        // Only the current owner link, and only while nobody is admin; a stale one is spent.
        const pointer = await this.#store.get<string>(OWNER_LINK_KEY);
        if (pointer !== payload || (await this.hasAnyAdmin())) {
          await this.#store.compareAndSetMany(spend);
          return { ok: false, reason: "used" };
        }
        spend.push({ key: OWNER_LINK_KEY, expected: payload, next: undefined });
      }
      const record = await this.#read(profile.id);
      const next: PersonRecord = {
        ...(record ?? { id: profile.id, roles: [], joinedAt: this.#isoNow() }),
        ...profileFields(profile),
        id: profile.id,
        roles: sortRoles([...(record?.roles ?? []), invite.role]),
        invitedBy: record?.invitedBy ?? invite.createdBy,
        locale: record?.locale ?? guessedLocale,
      };
      const grant: Change = { key: personKey(profile.id), expected: record, next };
      if (await this.#store.compareAndSetMany([...spend, grant])) {
        this.#remember(profile.id, next);
        const person = this.#view(profile.id, next);
        return { ok: true, role: invite.role, kind: invite.kind, person };
      }
    }
    throw new Error(`invite for ${profile.id} changed concurrently too often; try again`);
  }

  async #whyNot(payload: string): Promise<RedeemResult & { ok: false }> {
    const used = await this.#store.get<UsedMark>(usedKey(payload));
    if (used) {
      return typeof used.by === "number"
        ? { ok: false, reason: "used", usedBy: used.by }
        : { ok: false, reason: "used" };
    }
    if (await this.#store.get(issuedKey(payload))) return { ok: false, reason: "expired" };
    return { ok: false, reason: "unknown" };
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

/** What `invite-used:<payload>` holds. */
interface UsedMark {
  by: number;
  at: string;
}

interface CachedLookup {
  at: number;
  lookup: { person?: Person; locale?: string };
}

function deepFreeze<T extends { roles: readonly unknown[] }>(value: T): T {
  Object.freeze(value.roles);
  return Object.freeze(value);
}

function newPayload(): string {
  // 16 random bytes: 22 characters, unguessable, valid as a Telegram start parameter.
  return randomBytes(16).toString("base64url");
}

function profileFields(
  profile: Profile,
): Pick<PersonRecord, "firstName" | "lastName" | "username"> {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
  };
}
