/**
 * Which Ozon stores a person's role reaches. By default a role covers every store; an admin may
 * limit it (an invite for "warehouse of Южный"). The admin role always covers every store.
 */
import type { Person, Role } from "./roles.ts";

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
