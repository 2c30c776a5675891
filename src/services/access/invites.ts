/**
 * Invites and the owner link: one-time links that grant a role, redeemed by `/start <payload>`.
 * The owner link is an invite of the admin role that exists only while nobody is admin.
 *
 * Redeeming is one compareAndSetMany: the invite goes, the "used" mark and the role come, all in
 * one step, so a crash can neither spend an invite without granting its role nor grant it twice.
 * Tests: none directly
 */
import { randomBytes } from "node:crypto";
import type { Change, Store } from "../../store/port.ts";
import {
  isRole,
  type Person,
  type PersonRecord,
  type Profile,
  personKey,
  profileFields,
  type Role,
  sortRoles,
} from "./roles.ts";
import { normalizeScope, recordWithShops, widenedScope, withScope } from "./shop-scope.ts";

export interface Invite {
  role: Role;
  kind: "invite" | "owner";
  createdBy?: number;
  /** The stores (shop ids) the role is granted for; absent: all stores. Never for admin. */
  shops?: string[];
  createdAt: string;
  expiresAt?: string;
}

export type RedeemFailure = "used" | "expired" | "unknown";
export type RedeemResult =
  | {
      ok: true;
      role: Role;
      kind: Invite["kind"];
      /** The stores the invite named (absent: all); the person's scope may be wider. */
      shops?: string[];
      person: Person;
    }
  | {
      ok: false;
      reason: RedeemFailure;
      /** Who redeemed it, when it was used (and that is still remembered). */
      usedBy?: number;
    };

/** What invites need of the people they grant roles to (AccessService gives them). */
export interface InvitePeople {
  hasAnyAdmin(): Promise<boolean>;
  read(id: number): Promise<PersonRecord | undefined>;
  /** Caches the record as the person's latest, for the next lookups. */
  remember(id: number, record: PersonRecord): void;
  /** The person with their effective roles, ADMIN_IDS included. */
  view(id: number, record: PersonRecord): Person;
}

export interface InvitesOptions {
  store: Store;
  people: InvitePeople;
  inviteTtlMs: number;
  inviteMemoryMs: number;
  ownerLinkTtlMs: number;
  now: () => number;
}

/** Telegram deep-link payloads allow A-Z, a-z, 0-9, _ and -, up to 64 characters. */
const PAYLOAD_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const inviteKey = (payload: string) => `invite:${payload}`;
const issuedKey = (payload: string) => `invite-issued:${payload}`;
const usedKey = (payload: string) => `invite-used:${payload}`;
const OWNER_LINK_KEY = "owner-link";

export class Invites {
  readonly #store: Store;
  readonly #people: InvitePeople;
  readonly #inviteTtlMs: number;
  readonly #inviteMemoryMs: number;
  readonly #ownerLinkTtlMs: number;
  readonly #now: () => number;

  constructor(options: InvitesOptions) {
    this.#store = options.store;
    this.#people = options.people;
    this.#inviteTtlMs = options.inviteTtlMs;
    this.#inviteMemoryMs = options.inviteMemoryMs;
    this.#ownerLinkTtlMs = options.ownerLinkTtlMs;
    this.#now = options.now;
  }

  /**
   * A one-time invite for a role, limited to `shops` when given (admin is always all stores);
   * redeemed by `/start <payload>` within `inviteTtlMs`.
   */
  async createInvite(
    role: Role,
    createdBy: number,
    shops?: readonly string[],
  ): Promise<{ payload: string; expiresAt: Date }> {
    const scope = role === "admin" ? undefined : normalizeScope(shops);
    if (scope?.length === 0) throw new Error("an invite limited to stores names at least one");
    const payload = newPayload();
    const invite = await this.#issue(
      payload,
      { role, kind: "invite", createdBy, ...(scope ? { shops: scope } : {}) },
      this.#inviteTtlMs,
    );
    return { payload, expiresAt: new Date(invite.expiresAt ?? 0) };
  }

  /** Stores an invite that lives `ttlMs`, and the mark that tells "expired" from "wrong" later. */
  async #issue(
    payload: string,
    what: Pick<Invite, "role" | "kind" | "createdBy" | "shops">,
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
    if (await this.#people.hasAnyAdmin()) {
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
        if (pointer !== payload || (await this.#people.hasAnyAdmin())) {
          await this.#store.compareAndSetMany(spend);
          return { ok: false, reason: "used" };
        }
        spend.push({ key: OWNER_LINK_KEY, expected: payload, next: undefined });
      }
      const record = await this.#people.read(profile.id);
      const offered = invite.role === "admin" ? undefined : normalizeScope(invite.shops);
      const scope = widenedScope(record, invite.role, offered);
      const next: PersonRecord = recordWithShops(
        {
          ...(record ?? { id: profile.id, roles: [], joinedAt: this.#isoNow() }),
          ...profileFields(profile),
          id: profile.id,
          roles: sortRoles([...(record?.roles ?? []), invite.role]),
          invitedBy: record?.invitedBy ?? invite.createdBy,
          locale: record?.locale ?? guessedLocale,
        },
        withScope(record?.shops, invite.role, scope),
      );
      const grant: Change = { key: personKey(profile.id), expected: record, next };
      if (await this.#store.compareAndSetMany([...spend, grant])) {
        this.#people.remember(profile.id, next);
        const person = this.#people.view(profile.id, next);
        const granted = { ok: true as const, role: invite.role, kind: invite.kind, person };
        return offered ? { ...granted, shops: offered } : granted;
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

  #isoNow(): string {
    return new Date(this.#now()).toISOString();
  }
}

/** What `invite-used:<payload>` holds. */
interface UsedMark {
  by: number;
  at: string;
}

function newPayload(): string {
  // 16 random bytes: 22 characters, unguessable, valid as a Telegram start parameter.
  return randomBytes(16).toString("base64url");
}
