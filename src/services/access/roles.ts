/**
 * The roles, and a person as stored and as the bot sees them.
 * Tests: test/bot/chats/relay/partial-delivery.test.ts and 6 more
 */

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
  /**
   * Roles limited to some Ozon stores (shop ids), e.g. warehouse of one store only. A role not
   * named here covers every store; admin always covers every store.
   */
  shops?: Partial<Record<Role, string[]>>;
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

export type RoleChange =
  | { ok: true; person: Person }
  | {
      ok: false;
      reason: "unchanged" | "unknown-person" | "config-admin" | "last-admin";
      person?: Person;
    };

export const personKey = (id: number) => `person:${id}`;

/** Role order used wherever roles are listed. */
export function sortRoles(roles: Iterable<Role>): Role[] {
  const set = new Set(roles);
  return ROLES.filter((role) => set.has(role));
}

export function profileFields(
  profile: Profile,
): Pick<PersonRecord, "firstName" | "lastName" | "username"> {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
  };
}
