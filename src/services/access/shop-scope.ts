/**
 * Which Ozon stores a person's role reaches. By default a role covers every store; an admin may
 * limit it (an invite for "warehouse of Южный"). The admin role always covers every store.
 * Tests: test/bot/people/access-shops.test.ts, test/shops/shop-scope.test.ts
 */
import type { Person, PersonRecord, Role } from "./roles.ts";

/** The shops of `all` where `person` acts as `role`, in the order given. */
export function shopsInScope<S extends { id: string }>(
  person: Pick<Person, "roles" | "shops"> | undefined,
  role: Role,
  all: readonly S[],
): S[] {
  if (!person) return [];
  if (person.roles.includes("admin")) return [...all];
  if (!person.roles.includes(role)) return [];
  const limited = person.shops?.[role];
  return limited ? all.filter((shop) => limited.includes(shop.id)) : [...all];
}

/** True when `role` of `person` reaches the shop `shopId`. */
export function reachesShop(
  person: Pick<Person, "roles" | "shops"> | undefined,
  role: Role,
  shopId: string,
): boolean {
  return shopsInScope(person, role, [{ id: shopId }]).length === 1;
}

/**
 * Most stores one role may be limited to. A scope is chosen with buttons, so more than this is
 * damaged or forged data, not a choice.
 */
export const MAX_SCOPE_SHOPS = 500;
const SHOP_ID = /^[A-Za-z0-9_.-]{1,64}$/;

/** A scope as stored: shop ids, unique, valid, at most MAX_SCOPE_SHOPS; undefined means all. */
export function normalizeScope(ids: readonly unknown[] | undefined): string[] | undefined {
  if (ids === undefined) return undefined;
  const valid = ids.filter((id): id is string => typeof id === "string" && SHOP_ID.test(id));
  return [...new Set(valid)].slice(0, MAX_SCOPE_SHOPS);
}

/**
 * The scope of `role` after an invite for `offered` (undefined: all stores) is redeemed. An
 * invite adds stores and never takes any away: a role already held for all stores stays so, and
 * a role held for some stores gains the offered ones.
 */
export function widenedScope(
  record: Pick<Person, "roles" | "shops"> | undefined,
  role: Role,
  offered: readonly string[] | undefined,
): string[] | undefined {
  if (role === "admin" || offered === undefined) return undefined;
  if (!record?.roles.includes(role)) return [...offered];
  const current = record.shops?.[role];
  if (current === undefined) return undefined;
  return normalizeScope([...current, ...offered]);
}

/**
 * `shops` of a person record with `role` limited to `scope` (undefined: the role covers all
 * stores again). Undefined when no role is limited, so the record carries no empty object.
 */
export function withScope(
  shops: PersonRecord["shops"],
  role: Role,
  scope: readonly string[] | undefined,
): PersonRecord["shops"] {
  const next: Partial<Record<Role, string[]>> = { ...shops };
  if (scope === undefined || role === "admin") delete next[role];
  else next[role] = [...scope];
  return Object.keys(next).length > 0 ? next : undefined;
}

/** The record with `shops` set, or without the property when no role is limited. */
export function recordWithShops<R extends PersonRecord>(record: R, shops: R["shops"]): R {
  const { shops: _old, ...rest } = record;
  return (shops ? { ...rest, shops } : rest) as R;
}
