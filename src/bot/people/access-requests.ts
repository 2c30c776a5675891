/**
 * Strangers ask for access: the refusal carries an "Ask for access" button; a press tells every
 * admin (name, @username, id) with buttons to invite them as a role — an invite link the admin
 * forwards — or to ignore. One request per person per day: `access-request:<id>` lives 24 h, so
 * a stranger leaves nothing permanent behind. The admin buttons act for admins only, and once.
 */
import { InlineKeyboard } from "grammy";
import { isRole } from "../../services/access/index.ts";
import { actorOf, auditTrailOf, inviteObjectId } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { ROLE_KEYS, refusalText } from "../core/guard.ts";
import { displayName, formatDateTime, profileOf, showScreen } from "../core/screen-text.ts";
import { tellAdmins } from "./admins.ts";
import { deepLink, roleKeyboard } from "./invite.ts";

export const ACCESS_REQUEST_CALLBACK = "ar";
export const ACCESS_DECISION_CALLBACK = "ad";
export const ACCESS_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;
/** Requests that reach the admins in one hour, whoever asks: many new accounts cannot flood them. */
export const ACCESS_REQUESTS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

interface AccessRequest {
  at: number;
  /** The admin who answered it. */
  handledBy?: number;
}

const requestKey = (id: number) => `access-request:${id}`;
const ID = /^\d{1,15}$/;

/** The stranger's refusal, with the button that asks the admins. */
export async function refuseStranger(ctx: BotContext, codec: CallbackCodec): Promise<void> {
  const keyboard = new InlineKeyboard().text(
    ctx.t("access-request-button"),
    codec.encode(ACCESS_REQUEST_CALLBACK),
  );
  await ctx.reply(refusalText(ctx, "people"), { reply_markup: keyboard });
}

export function accessRequestsFeature(deps: FeatureDeps): undefined {
  const { router, codec, access, config, logger } = deps;
  const { store } = deps;

  router.callback(ACCESS_REQUEST_CALLBACK, "everyone", async (ctx) => {
    if (!ctx.from || ctx.chat?.type !== "private") return;
    if (ctx.person) {
      await ctx.answerCallbackQuery({ text: ctx.t("access-request-member") });
      return;
    }
    const fresh = await store.setIfAbsent(
      requestKey(ctx.from.id),
      { at: Date.now() } satisfies AccessRequest,
      { ttlMs: ACCESS_REQUEST_TTL_MS },
    );
    if (!fresh) {
      await ctx.answerCallbackQuery({ text: ctx.t("access-request-wait"), show_alert: true });
      return;
    }
    const hour = `access-request-hour:${Math.floor(Date.now() / HOUR_MS)}`;
    await store.setIfAbsent(hour, 0, { ttlMs: 2 * HOUR_MS });
    if ((await store.increment(hour)) > ACCESS_REQUESTS_PER_HOUR) {
      // Not this person's fault: nothing of theirs is kept, so they may ask again later.
      await store.delete(requestKey(ctx.from.id));
      await ctx.answerCallbackQuery({ text: ctx.t("access-request-busy"), show_alert: true });
      return;
    }
    const who = profileOf(ctx.from);
    const id = who.id;
    const reached = await tellAdmins(ctx.api, deps, (t) => {
      const keyboard = roleKeyboard(t, (role) =>
        codec.encode(ACCESS_DECISION_CALLBACK, "i", id, role),
      );
      keyboard
        .row()
        .text(t("access-request-ignore"), codec.encode(ACCESS_DECISION_CALLBACK, "x", id));
      // displayName says "Name (@username)" when there is a username.
      const text = t("access-request-admin", { name: displayName(who), id: String(id) });
      return { text, keyboard };
    });
    logger.info({ user_id: id, reached }, "A stranger asked for access");
    await ctx.answerCallbackQuery();
    await showScreen(ctx, ctx.t(reached > 0 ? "access-request-sent" : "access-request-nobody"));
  });

  router.callback(ACCESS_DECISION_CALLBACK, ["admin"], async (ctx, [action, rawId, role]) => {
    if (
      !ctx.from ||
      !rawId ||
      !ID.test(rawId) ||
      (action !== "x" && !(action === "i" && isRole(role)))
    ) {
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
    const id = Number(rawId);
    const request = await store.get<AccessRequest>(requestKey(id));
    const left = request ? request.at + ACCESS_REQUEST_TTL_MS - Date.now() : 0;
    // Only once: the first admin's answer marks the request; the mark lives as long as the request.
    const taken =
      request !== undefined &&
      request.handledBy === undefined &&
      left > 0 &&
      (await store.compareAndSet(
        requestKey(id),
        request,
        { ...request, handledBy: ctx.from.id },
        { ttlMs: left },
      ));
    if (!taken) {
      await ctx.answerCallbackQuery({ text: ctx.t("access-request-handled"), show_alert: true });
      await showScreen(ctx, ctx.t("access-request-handled"));
      return;
    }
    await ctx.answerCallbackQuery();
    if (action === "x" || !isRole(role)) {
      await showScreen(ctx, ctx.t("access-request-ignored", { id: rawId }));
      return;
    }
    const { payload, expiresAt } = await access.createInvite(role, ctx.from.id);
    await auditTrailOf(deps).record({
      kind: "invite",
      actor: actorOf(ctx),
      objectId: inviteObjectId(payload),
      via: "made",
      to: role,
      result: { status: "done" },
    });
    logger.info(
      { user_id: ctx.from.id, for_user: id, role },
      "Invite created for an access request",
    );
    await showScreen(
      ctx,
      ctx.t("invite-created", {
        role: ctx.t(ROLE_KEYS[role]),
        link: deepLink(ctx.me.username, payload),
        expires: formatDateTime(expiresAt, ctx.locale, config.timezone),
      }),
    );
  });
}
