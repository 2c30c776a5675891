/**
 * The process's one audit trail, and who acts and who reads, as the trail needs them. Every area
 * records through `auditTrailOf(container)`; the trail is built on first use from the container's
 * store and AUDIT_DAYS, so the container needs no part of its own for it.
 * Tests: none directly (reached through test/bot/ads/world.ts and 3 more)
 */
import { createHash } from "node:crypto";
import type { Container } from "../../container.ts";
import { ROLES } from "../../services/access/index.ts";
import { shopsInScope } from "../../services/access/shop-scope.ts";
import { type AuditActor, AuditTrail, type AuditViewer } from "../../services/audit/index.ts";
import type { BotContext } from "../core/context.ts";
import { displayName, profileOf } from "../core/screen-text.ts";

const trails = new WeakMap<Container, AuditTrail>();

export function auditTrailOf(container: Pick<Container, "store" | "config" | "logger">) {
  const key = container as Container;
  let trail = trails.get(key);
  if (!trail) {
    trail = new AuditTrail({
      store: container.store,
      keepDays: container.config.auditDays,
      logger: container.logger.child({ module: "audit" }),
    });
    trails.set(key, trail);
  }
  return trail;
}

/** Who pressed or typed: id and the name Telegram shows. */
export function actorOf(ctx: Pick<BotContext, "from">): AuditActor {
  const from = ctx.from;
  return from ? { id: from.id, name: displayName(profileOf(from)) } : { id: 0, name: "?" };
}

/**
 * What a person may read: admins everything; others the stores their roles reach — every store
 * (removed ones too) when one of their roles is not limited, else the stores named.
 */
export function viewerOf(
  person: BotContext["person"],
  allShops: readonly { id: string }[],
): AuditViewer {
  if (!person) return { admin: false, shops: [] };
  if (person.roles.includes("admin")) return { admin: true };
  if (person.roles.some((role) => person.shops?.[role] === undefined)) return { admin: false };
  const reach = new Set<string>();
  for (const role of ROLES) {
    for (const shop of shopsInScope(person, role, allShops)) reach.add(shop.id);
  }
  return { admin: false, shops: [...reach] };
}

/** An invite as the trail names it: never its link (the payload is a one-time secret). */
export function inviteObjectId(payload: string): string {
  return createHash("sha256").update(payload).digest("hex").slice(0, 12);
}

/** A role and the stores it is limited to, as the trail shows it: "warehouse (s1, s2)". */
export function roleText(role: string, shops: readonly string[] | undefined): string {
  return shops === undefined ? role : `${role} (${shops.join(", ")})`;
}
