/**
 * Strangers ask for access: the refusal carries an "Ask for access" button; a press tells every
 * admin (name, @username, id) with buttons to invite them as a role — an invite link the admin
 * forwards — or to ignore. One request per person per day: `access-request:<id>` lives 24 h, so
 * a stranger leaves nothing permanent behind. The admin buttons act for admins only, and once.
 * Tests: test/bot/people/access-requests.test.ts
 */
import { InlineKeyboard } from "grammy";
import { actorOf, auditTrailOf, inviteObjectId } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { ROLE_KEYS, refusalText } from "../core/guard.ts";
import { displayName, formatDateTime, profileOf, showScreen } from "../core/screen-text.ts";
import { tellAdmins } from "./admins.ts";
import { ACCESS_DECISION, ASK_FOR_ACCESS } from "./buttons.ts";
import { deepLink, roleKeyboard } from "./invite.ts";

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

/** The stranger's refusal, with the button that asks the admins. */
export async function refuseStranger(ctx: BotContext, codec: CallbackCodec): Promise<void> {
  const keyboard = new InlineKeyboard().text(
    ctx.t("access-request-button"),
    ASK_FOR_ACCESS.data(codec),
  );
  await ctx.reply(refusalText(ctx, "people"), { reply_markup: keyboard });
}

export function accessRequestsFeature(deps: FeatureDeps): undefined {
  const { router, codec, access, config, logger } = deps;
  const { store } = deps;

  router.button(ASK_FOR_ACCESS, "everyone", async (ctx) => {
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
      const keyboard = roleKeyboard(t, (role) => ACCESS_DECISION.data(codec, "i", id, role));
      keyboard.row().text(t("access-request-ignore"), ACCESS_DECISION.data(codec, "x", id));
      // displayName says "Name (@username)" when there is a username.
      const text = t("access-request-admin", { name: displayName(who), id: String(id) });
      return { text, keyboard };
    });
    logger.info({ user_id: id, reached }, "A stranger asked for access");
    await ctx.answerCallbackQuery();
    await showScreen(ctx, ctx.t(reached > 0 ? "access-request-sent" : "access-request-nobody"));
  });

  router.button(ACCESS_DECISION, ["admin"], async (ctx, [action, id, role]) => {
    if (!ctx.from) {
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
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
    if (action === "x") {
      await showScreen(ctx, ctx.t("access-request-ignored", { id: String(id) }));
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
