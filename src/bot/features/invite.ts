/** /invite: an admin picks a role and gets a one-time deep link that lives for a day. */
import { InlineKeyboard } from "grammy";
import { isRole, type Role } from "../../services/access.ts";
import type { FeatureDeps } from "../deps.ts";
import { ROLE_KEYS } from "../guard.ts";
import { formatDateTime, showScreen } from "../messages.ts";
import { isChatUnreachable } from "../telegram-errors.ts";

export const INVITE_CALLBACK = "iv";

/** Roles offered for an invite, the most common first. */
export const INVITE_ROLES = [
  "warehouse",
  "seller",
  "manager",
  "admin",
] as const satisfies readonly Role[];

/** Role buttons two per row, each pressing `encode(role)`. */
export function roleKeyboard(
  t: (key: string) => string,
  encode: (role: Role) => string,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  INVITE_ROLES.forEach((role, index) => {
    if (index > 0 && index % 2 === 0) keyboard.row();
    keyboard.text(t(ROLE_KEYS[role]), encode(role));
  });
  return keyboard;
}

/** The deep link Telegram opens in the private chat with the bot, running `/start <payload>`. */
export function deepLink(botUsername: string, payload: string): string {
  return `https://t.me/${botUsername}?start=${payload}`;
}

export function inviteFeature(deps: FeatureDeps): undefined {
  const { access, codec, router, config, logger } = deps;

  router.command("invite", async (ctx) => {
    const keyboard = roleKeyboard(ctx.t, (role) => codec.encode(INVITE_CALLBACK, role));
    await ctx.reply(ctx.t("invite-choose-role"), { reply_markup: keyboard });
  });

  router.callback(INVITE_CALLBACK, ["admin"], async (ctx, [role]) => {
    if (!isRole(role) || !ctx.from) {
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
    const { payload, expiresAt } = await access.createInvite(role, ctx.from.id);
    logger.info({ user_id: ctx.from.id, role }, "Invite created");
    const text = ctx.t("invite-created", {
      role: ctx.t(ROLE_KEYS[role]),
      link: deepLink(ctx.me.username, payload),
      expires: formatDateTime(expiresAt, ctx.locale, config.timezone),
    });
    if (ctx.chat?.type === "private") {
      await ctx.answerCallbackQuery();
      await showScreen(ctx, text);
      return;
    }
    // In a group everyone would see (and could use) the link: it goes to the admin privately.
    try {
      await ctx.api.sendMessage(ctx.from.id, text, { link_preview_options: { is_disabled: true } });
    } catch (error) {
      if (!isChatUnreachable(error)) throw error;
      await access.forgetInvite(payload);
      await ctx.answerCallbackQuery({ text: ctx.t("invite-open-private-chat"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await showScreen(ctx, ctx.t("invite-sent-privately"));
  });
}
