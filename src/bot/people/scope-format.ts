/**
 * A role with the stores it covers, as invites and /users show it: "warehouse · Южный" on an
 * invite, "warehouse (Южный)" on /users. A role not limited to stores covers all of them; a shop
 * removed later simply drops out of a limit, and a limit naming only removed shops reaches none.
 * Tests: none directly
 */
import type { Person, Role } from "../../services/access/index.ts";
import type { BotShops } from "../core/deps.ts";
import { ROLE_KEYS } from "../core/guard.ts";

type Translate = (key: string, args?: Record<string, string | number>) => string;

/** Names shown before "+N": a scope of dozens of stores stays one short line. */
const NAMES_SHOWN = 3;

/** The shops of a limit that still exist, in the registry's order. */
export function shopsOfScope<S extends { id: string }>(
  all: readonly S[],
  scope: readonly string[],
): S[] {
  return all.filter((shop) => scope.includes(shop.id));
}

/** "Северный, Южный, +2"; "" when no shop of the limit exists any more. */
export function scopeNames(t: Translate, shops: BotShops, scope: readonly string[]): string {
  const names = shopsOfScope(shops.all(), scope).map((shop) => shop.name);
  if (names.length <= NAMES_SHOWN) return names.join(", ");
  const more = t("scope-more", { count: names.length - NAMES_SHOWN });
  return [...names.slice(0, NAMES_SHOWN), more].join(", ");
}

/** "all stores", the stores' names, or "no store" (every store of the limit was removed). */
export function scopeText(
  t: Translate,
  shops: BotShops,
  scope: readonly string[] | undefined,
): string {
  if (scope === undefined) return t("scope-all-stores");
  return scopeNames(t, shops, scope) || t("scope-no-store");
}

/**
 * The role of an invite with its stores, "warehouse · Южный", whenever there is more than one
 * store ("warehouse · all stores") or the invite is limited; just "warehouse" otherwise.
 */
export function inviteRoleText(
  t: Translate,
  shops: BotShops,
  role: Role,
  scope: readonly string[] | undefined,
): string {
  const name = t(ROLE_KEYS[role]);
  if (role === "admin" || (scope === undefined && !shops.many)) return name;
  return t("invite-role-scope", { role: name, shops: scopeText(t, shops, scope) });
}

/** The stores `role` of `person` is limited to; undefined when it covers every store. */
export function limitOf(person: Pick<Person, "shops">, role: Role): string[] | undefined {
  return role === "admin" ? undefined : person.shops?.[role];
}

/** "warehouse (Южный)" for a role limited to stores; plain "warehouse" for all stores. */
export function personRoleText(
  t: Translate,
  shops: BotShops,
  person: Pick<Person, "shops">,
  role: Role,
): string {
  const name = t(ROLE_KEYS[role]);
  const scope = limitOf(person, role);
  if (scope === undefined) return name;
  return t("users-role-scoped", { role: name, shops: scopeText(t, shops, scope) });
}

export function personRolesText(
  t: Translate,
  shops: BotShops,
  person: Pick<Person, "roles" | "shops">,
): string {
  return person.roles.map((role) => personRoleText(t, shops, person, role)).join(", ");
}

/** Roles limited to stores that were all removed since: they reach no store now. */
export function unreachableRoles(shops: BotShops, person: Pick<Person, "roles" | "shops">): Role[] {
  return person.roles.filter((role) => {
    const scope = limitOf(person, role);
    return scope !== undefined && shopsOfScope(shops.all(), scope).length === 0;
  });
}
