/**
 * /start (also with an invite payload), /help, and the menu buttons they show.
 * Tests: none directly
 */
import type { InlineKeyboard } from "grammy";
import type { Person, RedeemFailure } from "../../services/access/index.ts";
import { SubscriptionService, subscriberKey } from "../../services/subscriptions.ts";
import { actorOf, auditTrailOf, inviteObjectId, roleText } from "../audit/index.ts";
import { type CommandName, commandKey, commandSpec } from "../core/commands.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { leaveForAnotherJob } from "../core/dialog/leave.ts";
import { mayUse, refuse, roleNames } from "../core/guard.ts";
import { availableCommands, MENU_BUTTON, menuKeyboard, notApplying } from "../core/menu.ts";
import { commandArgs } from "../core/router.ts";
import { displayName, profileOf } from "../core/screen-text.ts";
import { refuseStranger } from "./access-requests.ts";
import { tellAdmins } from "./admins.ts";
import { inviteRoleText, scopeText } from "./scope-format.ts";

/** /start and /help, typed (with or without the bot's name): they show the subscription. */
const SHOWS_MENU = /^\/(?:start|help)(?:@\w+)?(?:\s|$)/;

const REDEEM_FAILURE_KEYS = {
  used: "invite-used",
  expired: "invite-expired",
  unknown: "invite-unknown",
} as const satisfies Record<RedeemFailure, string>;

export function welcomeFeature(deps: FeatureDeps): undefined {
  const { access, codec, router, logger, menus, shops } = deps;
  const subscriptions = new SubscriptionService(deps.store);
  // The chat's subscription, which /start and /help show, read along with the chat lock (one
  // round trip per update rather than two). Typed text only: a menu button reads it itself.
  deps.readAhead?.register((ctx) =>
    ctx.chatId !== undefined && SHOWS_MENU.test(ctx.message?.text ?? "")
      ? subscriberKey(ctx.chatId)
      : undefined,
  );

  /** Of Subscribe and Unsubscribe, the one that does not apply to this chat (left out). */
  async function hiddenHere(ctx: BotContext): Promise<CommandName | undefined> {
    if (ctx.chatId === undefined) return undefined;
    const ahead = deps.readAhead?.take(subscriberKey(ctx.chatId));
    if (!mayUse(ctx.person, commandSpec("subscribe").audience)) return undefined;
    const subscribed = ahead ? ahead.value : await subscriptions.get(ctx.chatId);
    return notApplying(subscribed !== undefined && subscribed !== null);
  }

  /** The menu with a greeting: `joined` greets someone who just joined by an invite (once). */
  async function showWelcome(ctx: BotContext, intro?: string, joined?: string) {
    const person = ctx.person;
    if (!person && ctx.chat?.type === "private") return refuseStranger(ctx, codec);
    if (!person) return refuse(ctx, "people");
    // Home, when its module is installed: the greeting of a new member above it, once.
    const home = deps.frontDoor.screen;
    if (home) {
      const above = [intro, joined].filter(Boolean).join("\n\n");
      return home(ctx, above ? { intro: above } : {});
    }
    const greeting =
      joined ??
      ctx.t("welcome-person", {
        name: displayName(person),
        roles: roleNames(ctx, person.roles),
      });
    const text = [intro, greeting, sellerHint(ctx)].filter(Boolean).join("\n\n");
    await ctx.reply(text, { reply_markup: menuKeyboard(ctx, codec, await hiddenHere(ctx)) });
  }

  async function redeem(ctx: BotContext, payload: string) {
    if (!ctx.from) return;
    const result = await access.redeem(payload, profileOf(ctx.from), ctx.locale);
    if (!result.ok) {
      // Their own link again (the owner link, say): they are in already.
      if (ctx.person && result.usedBy === ctx.from.id) {
        return showWelcome(ctx, ctx.t("invite-used-by-you"));
      }
      // "Ask an administrator" is no advice to an administrator.
      const admin = ctx.person?.roles.includes("admin");
      await ctx.reply(
        admin
          ? ctx.t("invite-failed-admin", { reason: result.reason })
          : ctx.t(REDEEM_FAILURE_KEYS[result.reason]),
      );
      return;
    }
    ctx.person = result.person;
    await auditTrailOf(deps).record({
      kind: "invite",
      actor: actorOf(ctx),
      objectId: inviteObjectId(payload),
      via: result.kind === "owner" ? "owner-link" : "used",
      to: roleText(result.role, result.shops),
      result: { status: "done" },
    });
    await menus.refresh(ctx.api, ctx.from.id);
    if (result.kind === "owner") {
      logger.info({ user_id: ctx.from.id }, "Owner link used: this person is now the admin");
    } else {
      logger.info({ user_id: ctx.from.id, role: result.role }, "Invite redeemed");
      const name = displayName(result.person);
      // "warehouse · Южный": the stores the invite named, when there are several.
      const { role, shops: scope } = result;
      await tellAdmins(
        ctx.api,
        deps,
        (t) => ({
          text: t("invite-accepted", { name, role: inviteRoleText(t, shops, role, scope) }),
        }),
        ctx.from.id,
      );
    }
    if (result.kind === "owner") return showWelcome(ctx, ctx.t("invite-joined-owner"));
    // One greeting: "Вика, вы в команде как сотрудник склада." (with the stores, when limited).
    const { role, shops: scope } = result;
    const limited = role !== "admin" && (scope !== undefined || shops.many);
    const joined = ctx.t("invite-joined", {
      name: displayName(result.person),
      role,
      scope: limited ? ctx.t("invite-joined-scope", { shops: scopeText(ctx.t, shops, scope) }) : "",
    });
    await showWelcome(ctx, undefined, joined);
  }

  router.command("start", async (ctx) => {
    const payload = commandArgs(ctx);
    // Deep links open the private chat; in a group /start only shows the menu.
    if (payload && ctx.chat?.type === "private") return redeem(ctx, payload);
    return showWelcome(ctx);
  });

  /**
   * The /help reply, text and menu, depends only on the language, the roles, the hidden command
   * and whether the seller hint applies: made once per combination (the translations and the
   * catalogue are fixed while the bot runs) and sent as it is, not rebuilt on every /help
   * (bench/ingress.ts). Frozen, so nothing on the way to Telegram changes a reply others share.
   */
  const helpReplies = new Map<string, HelpReply>();
  function helpReply(ctx: BotContext, person: Person, hidden: CommandName | undefined): HelpReply {
    const hinted = hasSellerHint(ctx);
    const key = `${ctx.locale}|${person.roles.join(",")}|${hidden ?? ""}|${hinted ? 1 : 0}`;
    let reply = helpReplies.get(key);
    if (reply === undefined) {
      const lines = availableCommands(person, hidden).map(
        (name) => `/${name} — ${ctx.t(commandKey(name, "description"))}`,
      );
      lines.push(`/cancel — ${ctx.t(commandKey("cancel", "description"))}`);
      const intro = ctx.t("help-intro", { roles: roleNames(ctx, person.roles) });
      const hint = hinted ? ["", ctx.t("welcome-seller-hint")] : [];
      const keyboard = menuKeyboard(ctx, codec, hidden);
      for (const row of keyboard.inline_keyboard) Object.freeze(row);
      Object.freeze(keyboard.inline_keyboard);
      reply = Object.freeze({
        text: [intro, "", ...lines, ...hint].join("\n"),
        other: Object.freeze({ reply_markup: Object.freeze(keyboard) }),
      });
      // Bounded: a few languages × role sets; cleared rather than grown should that ever change.
      if (helpReplies.size >= 1_000) helpReplies.clear();
      helpReplies.set(key, reply);
    }
    return reply;
  }

  router.command("help", async (ctx) => {
    const person = ctx.person;
    if (!person) return refuse(ctx, "people");
    const home = deps.frontDoor.screen;
    if (home) return home(ctx, { help: true });
    const { text, other } = helpReply(ctx, person, await hiddenHere(ctx));
    await ctx.reply(text, other);
  });

  // A menu button runs its command exactly as typing it would, after the same role check.
  router.button(MENU_BUTTON, "everyone", async (ctx, [name]) => {
    // A command of the catalogue this bot runs without (its module is off) is no button either.
    const handler = router.handler(name);
    if (!handler) {
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
      return;
    }
    const spec = commandSpec(name);
    if (!mayUse(ctx.person, spec.audience)) return refuse(ctx, spec.audience);
    await ctx.answerCallbackQuery();
    // Another job begins: a dialog left open elsewhere must not take what is typed for this one.
    await leaveForAnotherJob(ctx);
    await handler(ctx);
  });
}

/** Buyer chats have no command: a seller in a private chat is told how they work. */
function sellerHint(ctx: BotContext): string | undefined {
  return hasSellerHint(ctx) ? ctx.t("welcome-seller-hint") : undefined;
}

function hasSellerHint(ctx: BotContext): boolean {
  return ctx.chat?.type === "private" && mayUse(ctx.person, ["seller"]);
}

/** A /help reply as sent: its text and the rest of sendMessage's parameters (the menu). */
interface HelpReply {
  readonly text: string;
  readonly other: { readonly reply_markup: InlineKeyboard };
}
