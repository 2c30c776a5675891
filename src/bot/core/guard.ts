/**
 * The one role check every command and button goes through, in private chats and in groups:
 * the person who sent or pressed is looked up for each update (ctx.person), never trusted from
 * the message or the button.
 * Tests: test/bot/core/i18n-keys.test.ts
 */
import type { MiddlewareFn } from "grammy";
import { AccessService, type Person, type Role } from "../../services/access/index.ts";
import type { Audience } from "./commands.ts";
import type { BotContext } from "./context.ts";
import { replyToMessage } from "./screen-text.ts";

/** Locale keys of role names. */
export const ROLE_KEYS = {
  admin: "role-admin",
  seller: "role-seller",
  warehouse: "role-warehouse",
  manager: "role-manager",
} as const satisfies Record<Role, string>;

export function mayUse(person: Person | undefined, audience: Audience): boolean {
  if (audience === "everyone") return true;
  if (!person) return false;
  if (audience === "people") return true;
  return audience.some((role) => AccessService.holds(person, role));
}

export function roleNames(ctx: Pick<BotContext, "t">, roles: readonly Role[]): string {
  return roles.map((role) => ctx.t(ROLE_KEYS[role])).join(", ");
}

/** The refusal text for this person and what they tried. */
export function refusalText(ctx: BotContext, audience: Audience): string {
  const id = ctx.from?.id ?? 0;
  if (!ctx.person || audience === "people" || audience === "everyone") {
    return ctx.t("access-stranger", { id: String(id) });
  }
  // Admins may do everything, so the admin role is always one way in.
  const roles = audience.includes("admin") ? audience : [...audience, "admin" as const];
  return ctx.t("access-denied", { roles: roleNames(ctx, roles) });
}

/** Tells the person they may not: an alert on a button, a reply to a message. */
export async function refuse(ctx: BotContext, audience: Audience): Promise<void> {
  const text = refusalText(ctx, audience);
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery({ text: text.slice(0, 200), show_alert: true });
    return;
  }
  if (ctx.chat) await replyToMessage(ctx, text);
}

/** Middleware that lets only the audience through and refuses everyone else. */
export function guard(audience: Audience): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    if (mayUse(ctx.person, audience)) return next();
    await refuse(ctx, audience);
  };
}
