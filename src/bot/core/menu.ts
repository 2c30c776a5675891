/** Tests: none directly */
import { InlineKeyboard } from "grammy";
import { z } from "zod";
import { type Person, ROLES, type Role } from "../../services/access/index.ts";
import { declareButton } from "./buttons.ts";
import type { CallbackCodec } from "./callback-data.ts";
import {
  COMMANDS,
  type CommandName,
  commandKey,
  commandSpec,
  isCommandName,
  MENU_BY_ROLE,
} from "./commands.ts";
import type { BotContext } from "./context.ts";
import { mayUse } from "./guard.ts";

/** A menu button, `m:<command>`: runs a command of the catalogue as if it was typed. */
export const MENU_BUTTON = declareButton(
  "m",
  "menu: run a command as if typed",
  z.custom<CommandName>((value) => typeof value === "string" && isCommandName(value)),
);

/**
 * Commands this person may use that have a button, in catalogue order; `hidden` is left out (of
 * Subscribe and Unsubscribe, the one that does not apply here).
 */
export function availableCommands(person: Person | undefined, hidden?: CommandName): CommandName[] {
  return COMMANDS.filter((c) => c.button && c.name !== hidden && mayUse(person, c.audience)).map(
    (c) => c.name,
  );
}

/**
 * The jobs this person does most (MENU_BY_ROLE), at most `limit`: taken in turn from each of
 * their roles (an admin's own list for an admin), each once, only what they may use.
 */
export function favouriteCommands(person: Person | undefined, limit: number): CommandName[] {
  const roles: readonly Role[] = person?.roles.includes("admin")
    ? ["admin"]
    : ROLES.filter((role) => person?.roles.includes(role));
  const lists = roles.map((role) => MENU_BY_ROLE[role] as readonly CommandName[]);
  const names: CommandName[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const name = list[i];
      if (name === undefined || names.includes(name) || names.length >= limit) continue;
      if (mayUse(person, commandSpec(name).audience)) names.push(name);
    }
  }
  return names;
}

/** Of /subscribe and /unsubscribe, the one that does not apply to a chat so subscribed. */
export function notApplying(subscribed: boolean): CommandName {
  return subscribed ? "subscribe" : "unsubscribe";
}

/**
 * The buttons of /start and /help: only what this person may do, two per row. The menu depends
 * only on the language and the roles, so each combination is built once per codec.
 */
const menus = new WeakMap<CallbackCodec, Map<string, InlineKeyboard>>();

export function menuKeyboard(
  ctx: BotContext,
  codec: CallbackCodec,
  hidden?: CommandName,
): InlineKeyboard {
  let byKey = menus.get(codec);
  if (!byKey) {
    byKey = new Map();
    menus.set(codec, byKey);
  }
  const key = `${ctx.locale}:${ctx.person?.roles.join(",") ?? ""}:${hidden ?? ""}`;
  let keyboard = byKey.get(key);
  if (!keyboard) {
    keyboard = new InlineKeyboard();
    for (const [index, name] of availableCommands(ctx.person, hidden).entries()) {
      if (index > 0 && index % 2 === 0) keyboard.row();
      keyboard.text(ctx.t(commandKey(name, "button")), MENU_BUTTON.data(codec, name));
    }
    byKey.set(key, keyboard);
  }
  // A fresh copy: a caller may add rows (a feature adding its own button) without harm.
  return new InlineKeyboard(keyboard.inline_keyboard.map((row) => [...row]));
}
