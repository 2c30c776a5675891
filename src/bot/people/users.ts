/**
 * /users: admins see everyone with their roles and the stores each role covers ("warehouse
 * (Южный)"), change or revoke roles with buttons, and limit a role to some stores or widen it to
 * all with the store picker of /invite. A role granted here covers every store.
 * Tests: test/bot/people/users.test.ts
 */
import { InlineKeyboard } from "grammy";
import { type Person, ROLES, type Role, type RoleChange } from "../../services/access/index.ts";
import { actorOf, auditTrailOf, roleText } from "../audit/index.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import { ROLE_KEYS } from "../core/guard.ts";
import { chosenLabel } from "../core/marks.ts";
import { displayName, showScreen } from "../core/screen-text.ts";
import { USERS } from "./buttons.ts";
import { limitOf, personRolesText, scopeText, unreachableRoles } from "./scope-format.ts";
import {
  type PickerPress,
  pressPicker,
  type ScopeDraft,
  ScopeDrafts,
  scopeKeyboard,
} from "./shop-scope-picker.ts";

export const USERS_PAGE_SIZE = 8;

const CHANGE_FAILURE_KEYS = {
  unchanged: "users-unchanged",
  "unknown-person": "users-unknown-person",
  "config-admin": "users-config-admin-locked",
  "last-admin": "users-last-admin",
} as const satisfies Record<Extract<RoleChange, { ok: false }>["reason"], string>;

export function usersFeature(deps: FeatureDeps): undefined {
  const { access, codec, router, menus, shops } = deps;
  const drafts = new ScopeDrafts(deps.store);
  const trail = auditTrailOf(deps);

  async function showList(ctx: BotContext, requestedPage: number) {
    const people = await access.listPeople();
    if (people.length === 0) return showScreen(ctx, ctx.t("users-empty"));
    const pages = Math.ceil(people.length / USERS_PAGE_SIZE);
    const page = Math.min(Math.max(requestedPage, 0), pages - 1);
    const shown = people.slice(page * USERS_PAGE_SIZE, (page + 1) * USERS_PAGE_SIZE);
    const lines = shown.map(
      (person, i) =>
        `${page * USERS_PAGE_SIZE + i + 1}. ${displayName(person)} — ${personRolesText(ctx.t, shops, person)}`,
    );
    const keyboard = new InlineKeyboard();
    shown.forEach((person, i) => {
      if (i > 0 && i % 2 === 0) keyboard.row();
      keyboard.text(displayName(person).slice(0, 40), USERS.data(codec, "o", person.id, page));
    });
    if (pages > 1) {
      keyboard.row();
      if (page > 0) keyboard.text("«", USERS.data(codec, "p", page - 1));
      keyboard.text(`${page + 1} / ${pages}`, USERS.data(codec, "p", page));
      if (page < pages - 1) keyboard.text("»", USERS.data(codec, "p", page + 1));
    }
    const title = ctx.t("users-title", { count: people.length });
    await showScreen(ctx, [title, "", ...lines].join("\n"), keyboard);
  }

  async function showPerson(ctx: BotContext, person: Person, page: number) {
    const lines = [
      ctx.t("users-person", {
        name: displayName(person),
        id: String(person.id),
        roles:
          person.roles.length > 0 ? personRolesText(ctx.t, shops, person) : ctx.t("users-no-roles"),
      }),
    ];
    if (person.configAdmin) lines.push(ctx.t("users-config-admin"));
    for (const role of unreachableRoles(shops, person)) {
      lines.push(ctx.t("users-scope-unreachable", { role: ctx.t(ROLE_KEYS[role]) }));
    }
    const keyboard = new InlineKeyboard();
    ROLES.forEach((role, index) => {
      if (index > 0 && index % 2 === 0) keyboard.row();
      const holds = person.roles.includes(role);
      const label = holds
        ? chosenLabel(ctx.t(ROLE_KEYS[role]), true)
        : `➕ ${ctx.t(ROLE_KEYS[role])}`;
      keyboard.text(label, USERS.data(codec, holds ? "r" : "g", person.id, role, page));
    });
    // Which stores each role covers, when there is a choice (or a limit to undo).
    for (const role of person.roles) {
      if (role === "admin" || (!shops.many && limitOf(person, role) === undefined)) continue;
      const label = ctx.t("users-scope-button", {
        role: ctx.t(ROLE_KEYS[role]),
        shops: scopeText(ctx.t, shops, limitOf(person, role)),
      });
      keyboard.row().text(label.slice(0, 60), USERS.data(codec, "s", person.id, role, page));
    }
    keyboard.row().text(ctx.t("users-back"), USERS.data(codec, "p", page));
    await showScreen(ctx, lines.join("\n"), keyboard);
  }

  function showPicker(ctx: BotContext, draft: ScopeDraft, draftId: string, name: string) {
    // The picker's presses as /invite's, their actions prefixed with s (buttons.ts).
    const keyboard = scopeKeyboard(ctx.t, shops, draft.marked, {
      all: USERS.data(codec, "sa", draftId),
      done: USERS.data(codec, "sd", draftId),
      toggle: (ref) => USERS.data(codec, "st", draftId, ref),
    });
    const role = ctx.t(ROLE_KEYS[draft.role]);
    return showScreen(ctx, ctx.t("users-scope-choose", { name, role }), keyboard);
  }

  /** Opens the store picker for `role` of the person, with the stores it covers now marked. */
  async function openPicker(ctx: BotContext, person: Person, role: Role, page: number) {
    const current = limitOf(person, role) ?? [];
    const marked = shops
      .all()
      .filter((shop) => current.includes(shop.id))
      .map((s) => s.id);
    const draft: ScopeDraft = { role, marked, person: person.id, page };
    const id = await drafts.open(draft);
    await ctx.answerCallbackQuery();
    await showPicker(ctx, draft, id, displayName(person));
  }

  /** Applies the picker's choice to the person's role and shows their card again. */
  async function applyScope(ctx: BotContext, draft: ScopeDraft, scope: string[] | undefined) {
    const id = draft.person ?? 0;
    const page = draft.page ?? 0;
    const change = await access.setScope(id, draft.role, scope);
    if (change.ok) {
      await trail.record({
        kind: "role",
        actor: actorOf(ctx),
        objectId: String(id),
        via: "changed",
        to: roleText(draft.role, scope),
        result: { status: "done" },
      });
      const shopsText = scopeText(ctx.t, shops, limitOf(change.person, draft.role));
      const role = ctx.t(ROLE_KEYS[draft.role]);
      await ctx.answerCallbackQuery({
        text: ctx.t("users-scope-changed", { role, shops: shopsText }),
      });
      return showPerson(ctx, change.person, page);
    }
    // The role was revoked (or the person left) meanwhile: say so and show what is true now.
    await ctx.answerCallbackQuery({ text: ctx.t(CHANGE_FAILURE_KEYS[change.reason]) });
    const current = await access.find(id);
    if (current) return showPerson(ctx, current, page);
    return showList(ctx, page);
  }

  router.command("users", (ctx) => showList(ctx, 0));

  router.button(USERS, ["admin"], async (ctx, press) => {
    switch (press[0]) {
      case "p":
        await ctx.answerCallbackQuery();
        return showList(ctx, press[1]);
      case "o": {
        const [, id, page = 0] = press;
        const person = await access.find(id);
        if (!person) {
          await ctx.answerCallbackQuery({ text: ctx.t("users-unknown-person") });
          return showList(ctx, page);
        }
        await ctx.answerCallbackQuery();
        return showPerson(ctx, person, page);
      }
      case "s": {
        const [, id, role, page = 0] = press;
        const person = await access.find(id);
        if (!person?.roles.includes(role)) {
          await ctx.answerCallbackQuery({ text: ctx.t("users-unchanged") });
          return person ? showPerson(ctx, person, page) : showList(ctx, page);
        }
        return openPicker(ctx, person, role, page);
      }
      case "g":
      case "r": {
        const [action, id, role, page = 0] = press;
        return changeRole(ctx, action === "g" ? "granted" : "revoked", id, role, page);
      }
      case "st":
        return pressScope(ctx, { action: "t", draftId: press[1], ref: press[2] });
      case "sa":
      case "sd":
        return pressScope(ctx, { action: press[0] === "sa" ? "a" : "d", draftId: press[1] });
    }
  });

  /** A press on the store picker of a person's role. */
  async function pressScope(ctx: BotContext, press: PickerPress) {
    const picked = await pressPicker(ctx, drafts, shops, press, async (draft, id) => {
      const who = await access.find(draft.person ?? 0);
      return showPicker(ctx, draft, id, who ? displayName(who) : String(draft.person));
    });
    if (picked?.draft.person !== undefined) return applyScope(ctx, picked.draft, picked.scope);
    // A draft of /invite pressed here: not made by this screen.
    if (picked)
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
  }

  async function changeRole(
    ctx: BotContext,
    via: "granted" | "revoked",
    id: number,
    role: Role,
    page: number,
  ) {
    const change =
      via === "granted"
        ? await access.grant(id, role, ctx.from?.id)
        : await access.revoke(id, role);
    if (change.ok) {
      await trail.record({
        kind: "role",
        actor: actorOf(ctx),
        objectId: String(id),
        via,
        to: role,
        result: { status: "done" },
      });
      await menus.refresh(ctx.api, id);
      const key = via === "granted" ? "users-granted" : "users-revoked";
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
}
