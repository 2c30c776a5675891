/**
 * /invite: an admin picks a role and, when the bot serves several stores, which of them it covers
 * (all, or some: the store picker); the one-time deep link lives for a day and names both
 * ("warehouse · Южный"). The admin role always covers every store: no picker for it.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Role } from "../../services/access/index.ts";
import { actorOf, auditTrailOf, inviteObjectId, roleText } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { ROLE_KEYS } from "../core/guard.ts";
import { formatDateTime, showScreen } from "../core/screen-text.ts";
import { isChatUnreachable } from "../core/telegram-errors.ts";
import { INVITE } from "./buttons.ts";
import { inviteRoleText } from "./scope-format.ts";
import { pressPicker, type ScopeDraft, ScopeDrafts, scopeKeyboard } from "./shop-scope-picker.ts";

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

/** Under an invite's link: share it (Telegram's share sheet) and revoke it. */
function inviteKeyboard(
  codec: CallbackCodec,
  t: (key: string) => string,
  link: string,
  payload: string,
): InlineKeyboard {
  const share = `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(t("invite-share-text"))}`;
  return new InlineKeyboard()
    .url(t("invite-share-button"), share)
    .text(t("invite-revoke-button"), INVITE.data(codec, "x", payload));
}

export function inviteFeature(deps: FeatureDeps): undefined {
  const { access, codec, router, config, logger, shops } = deps;
  const drafts = new ScopeDrafts(deps.store);

  router.command("invite", async (ctx) => {
    const keyboard = roleKeyboard(ctx.t, (role) => INVITE.data(codec, role));
    await ctx.reply(ctx.t("invite-choose-role"), { reply_markup: keyboard });
  });

  function showPicker(ctx: BotContext, draft: ScopeDraft, draftId: string) {
    const keyboard = scopeKeyboard(ctx.t, shops, draft.marked, {
      all: INVITE.data(codec, "a", draftId),
      done: INVITE.data(codec, "d", draftId),
      toggle: (ref) => INVITE.data(codec, "t", draftId, ref),
    });
    const role = ctx.t(ROLE_KEYS[draft.role]);
    return showScreen(ctx, ctx.t("scope-choose-invite", { role }), keyboard);
  }

  // A role, then (for several stores) the store picker's presses: buttons.ts.
  router.button(INVITE, ["admin"], async (ctx, press) => {
    if (press[0] === "x") {
      // Revoked: the link no longer works; the message says so and loses its buttons.
      const [, payload] = press;
      await access.forgetInvite(payload);
      await auditTrailOf(deps).record({
        kind: "invite",
        actor: actorOf(ctx),
        objectId: inviteObjectId(payload),
        via: "revoked",
        result: { status: "done" },
      });
      await ctx.answerCallbackQuery();
      await showScreen(ctx, ctx.t("invite-revoked"));
      return;
    }
    if (press.length !== 1) {
      const [action, draftId, ref] = press;
      const picked = await pressPicker(
        ctx,
        drafts,
        shops,
        action === "t" ? { action, draftId, ref } : { action, draftId },
        (d, id) => showPicker(ctx, d, id),
      );
      if (picked) await sendInvite(ctx, picked.draft.role, picked.scope);
      return;
    }
    const [role] = press;
    if (!ctx.from) {
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
    if (role !== "admin" && shops.many) {
      const draft: ScopeDraft = { role, marked: [] };
      const id = await drafts.open(draft);
      await ctx.answerCallbackQuery();
      await showPicker(ctx, draft, id);
      return;
    }
    await sendInvite(ctx, role, undefined);
  });

  /** Makes the invite and shows its link: here in a private chat, privately from a group. */
  async function sendInvite(ctx: BotContext, role: Role, scope: string[] | undefined) {
    if (!ctx.from) return;
    const { payload, expiresAt } = await access.createInvite(role, ctx.from.id, scope);
    await auditTrailOf(deps).record({
      kind: "invite",
      actor: actorOf(ctx),
      objectId: inviteObjectId(payload),
      via: "made",
      to: roleText(role, scope),
      result: { status: "done" },
    });
    logger.info({ user_id: ctx.from.id, role, shops: scope }, "Invite created");
    const text = ctx.t("invite-created", {
      role: inviteRoleText(ctx.t, shops, role, scope),
      link: deepLink(ctx.me.username, payload),
      expires: formatDateTime(expiresAt, ctx.locale, config.timezone),
    });
    const keyboard = inviteKeyboard(codec, ctx.t, deepLink(ctx.me.username, payload), payload);
    if (ctx.chat?.type === "private") {
      await ctx.answerCallbackQuery();
      await showScreen(ctx, text, keyboard);
      return;
    }
    // In a group everyone would see (and could use) the link: it goes to the admin privately.
    try {
      await ctx.api.sendMessage(ctx.from.id, text, {
        link_preview_options: { is_disabled: true },
        reply_markup: keyboard,
      });
    } catch (error) {
      if (!isChatUnreachable(error)) throw error;
      await access.forgetInvite(payload);
      await ctx.answerCallbackQuery({ text: ctx.t("invite-open-private-chat"), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await showScreen(ctx, ctx.t("invite-sent-privately"));
  }
}
