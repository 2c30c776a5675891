/** /users: admins see everyone with their roles and change or revoke roles with buttons. */
import { InlineKeyboard } from "grammy";
import { isRole, type Person, ROLES, type RoleChange } from "../../services/access.ts";
import type { BotContext } from "../context.ts";
import type { FeatureDeps } from "../deps.ts";
import { ROLE_KEYS, roleNames } from "../guard.ts";
import { displayName, showScreen } from "../messages.ts";

export const USERS_CALLBACK = "us";
export const USERS_PAGE_SIZE = 8;

const CHANGE_FAILURE_KEYS = {
  unchanged: "users-unchanged",
  "unknown-person": "users-unknown-person",
  "config-admin": "users-config-admin-locked",
  "last-admin": "users-last-admin",
} as const satisfies Record<Extract<RoleChange, { ok: false }>["reason"], string>;

/** A non-negative integer argument, or undefined for anything else (forged or damaged data). */
function intArg(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

export function usersFeature(deps: FeatureDeps): undefined {
  const { access, codec, router, menus } = deps;

  async function showList(ctx: BotContext, requestedPage: number) {
    const people = await access.listPeople();
    if (people.length === 0) return showScreen(ctx, ctx.t("users-empty"));
    const pages = Math.ceil(people.length / USERS_PAGE_SIZE);
    const page = Math.min(Math.max(requestedPage, 0), pages - 1);
    const shown = people.slice(page * USERS_PAGE_SIZE, (page + 1) * USERS_PAGE_SIZE);
    const lines = shown.map(
      (person, i) =>
        `${page * USERS_PAGE_SIZE + i + 1}. ${displayName(person)} — ${roleNames(ctx, person.roles)}`,
    );
    const keyboard = new InlineKeyboard();
    shown.forEach((person, i) => {
      if (i > 0 && i % 2 === 0) keyboard.row();
      keyboard.text(
        displayName(person).slice(0, 40),
        codec.encode(USERS_CALLBACK, "o", person.id, page),
      );
    });
    if (pages > 1) {
      keyboard.row();
      if (page > 0) keyboard.text("«", codec.encode(USERS_CALLBACK, "p", page - 1));
      keyboard.text(`${page + 1} / ${pages}`, codec.encode(USERS_CALLBACK, "p", page));
      if (page < pages - 1) keyboard.text("»", codec.encode(USERS_CALLBACK, "p", page + 1));
    }
    const title = ctx.t("users-title", { count: people.length });
    await showScreen(ctx, [title, "", ...lines].join("\n"), keyboard);
  }

  async function showPerson(ctx: BotContext, person: Person, page: number) {
    const lines = [
      ctx.t("users-person", {
        name: displayName(person),
        id: String(person.id),
        roles: person.roles.length > 0 ? roleNames(ctx, person.roles) : ctx.t("users-no-roles"),
      }),
    ];
    if (person.configAdmin) lines.push(ctx.t("users-config-admin"));
    const keyboard = new InlineKeyboard();
    ROLES.forEach((role, index) => {
      if (index > 0 && index % 2 === 0) keyboard.row();
      const holds = person.roles.includes(role);
      const label = `${holds ? "✅" : "➕"} ${ctx.t(ROLE_KEYS[role])}`;
      keyboard.text(label, codec.encode(USERS_CALLBACK, holds ? "r" : "g", person.id, role, page));
    });
    keyboard.row().text(ctx.t("users-back"), codec.encode(USERS_CALLBACK, "p", page));
    await showScreen(ctx, lines.join("\n"), keyboard);
  }

  router.command("users", (ctx) => showList(ctx, 0));

  router.callback(USERS_CALLBACK, ["admin"], async (ctx, [action, ...args]) => {
    const invalid = () =>
      ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });

    if (action === "p") {
      const page = intArg(args[0]);
      if (page === undefined) return invalid();
      await ctx.answerCallbackQuery();
      return showList(ctx, page);
    }

    const id = intArg(args[0]);
    if (id === undefined) return invalid();

    if (action === "o") {
      const page = intArg(args[1]) ?? 0;
      const person = await access.find(id);
      if (!person) {
        await ctx.answerCallbackQuery({ text: ctx.t("users-unknown-person") });
        return showList(ctx, page);
      }
      await ctx.answerCallbackQuery();
      return showPerson(ctx, person, page);
    }

    if (action === "g" || action === "r") {
      const role = args[1];
      const page = intArg(args[2]) ?? 0;
      if (!isRole(role)) return invalid();
      const change =
        action === "g" ? await access.grant(id, role, ctx.from?.id) : await access.revoke(id, role);
      if (change.ok) {
        await menus.refresh(ctx.api, id);
        const key = action === "g" ? "users-granted" : "users-revoked";
        await ctx.answerCallbackQuery({ text: ctx.t(key, { role: ctx.t(ROLE_KEYS[role]) }) });
        return showPerson(ctx, change.person, page);
      }
      // A stale button (someone changed it meanwhile) or a rule: say so and show what is true now.
      const alert = change.reason === "config-admin" || change.reason === "last-admin";
      await ctx.answerCallbackQuery({
        text: ctx.t(CHANGE_FAILURE_KEYS[change.reason]),
        show_alert: alert,
      });
      const current = await access.find(id);
      if (current) return showPerson(ctx, current, page);
      return showList(ctx, page);
    }

    return invalid();
  });
}
