/**
 * Commands and buttons are dispatched here: one middleware looks the command (or the button's
 * kind) up in a table, checks the role of the person who sent or pressed it, and runs the
 * handler. One lookup instead of one middleware layer per command and per button: grammY pays
 * a few microseconds for each layer an update passes, and there are dozens.
 *
 * Features register their commands and buttons while the bot is built:
 *   router.command("invite", handler)            // audience from the command catalogue
 *   router.button(RETRY, ["manager"], handler)   // a declared button (buttons.ts): typed arguments
 *   router.command("ship", enterShip, { entersConversation: true })
 * Every button is declared (its kind, name and argument schemas, buttons.ts) and routed with
 * `button`: a press is parsed and refused in one place, never split by hand in a handler.
 * A route whose handler enters a conversation must say so (see core/dialog/conversations.ts: the
 * conversations plugin only runs for updates that may need it).
 * Tests: test/bot/core/button-registry.test.ts
 */
import type { MiddlewareFn } from "grammy";
import type { ButtonKind } from "./buttons.ts";
import { type Audience, commandSpec, isCommandName } from "./commands.ts";
import type { BotContext } from "./context.ts";
import { mayUse, refuse } from "./guard.ts";
import { MENU_BUTTON } from "./menu.ts";

/** Runs a command; called for `/name` and for its menu button (then `ctx.match` is absent). */
export type CommandHandler = (ctx: BotContext) => Promise<unknown>;

/** Handles a button press; must answer the callback query. */
export type CallbackHandler = (ctx: BotContext, args: string[]) => Promise<unknown>;

export interface RouteOptions {
  /** Who may use it; for commands of the catalogue (commands.ts) the catalogue decides. */
  audience?: Audience;
  /** The handler enters (or inspects) a conversation: ctx.conversation must be the real one. */
  entersConversation?: boolean;
}

interface Route<H> {
  audience: Audience;
  handler: H;
  entersConversation: boolean;
}

export class Router {
  readonly #commands = new Map<string, Route<CommandHandler>>();
  readonly #callbacks = new Map<string, Route<CallbackHandler>>();

  /** `/name`: the catalogue's audience for catalogue commands, else `options.audience`. */
  command(name: string, handler: CommandHandler, options: RouteOptions = {}): void {
    if (this.#commands.has(name)) throw new Error(`command /${name} is defined twice`);
    const audience = isCommandName(name) ? commandSpec(name).audience : options.audience;
    if (!audience) throw new Error(`command /${name} is not in the catalogue: give its audience`);
    this.#commands.set(name, {
      audience,
      handler,
      entersConversation: options.entersConversation ?? false,
    });
  }

  /**
   * Buttons of a declared kind (buttons.ts): the handler gets the arguments as declared; a press
   * whose arguments do not fit is told the button no longer works and goes no further.
   */
  button<A extends readonly unknown[]>(
    declared: ButtonKind<A>,
    audience: Audience,
    handler: (ctx: BotContext, args: A) => Promise<unknown>,
    options: RouteOptions = {},
  ): void {
    const typed: CallbackHandler = async (ctx, raw) => {
      const args = declared.parse(raw);
      if (args) return handler(ctx, args);
      await ctx.answerCallbackQuery({ text: ctx.t("callback-invalid"), show_alert: true });
    };
    if (this.#callbacks.has(declared.kind)) {
      throw new Error(`button kind "${declared.kind}" is routed twice`);
    }
    this.#callbacks.set(declared.kind, {
      audience,
      handler: typed,
      entersConversation: options.entersConversation ?? false,
    });
  }

  /** The kinds of the buttons routed here (for the check that every declared button has a route). */
  buttonKinds(): string[] {
    return [...this.#callbacks.keys()];
  }

  has(name: string): boolean {
    return this.#commands.has(name);
  }

  handler(name: string): CommandHandler | undefined {
    return this.#commands.get(name)?.handler;
  }

  /** Whether this update goes to a route that enters a conversation (menu buttons included). */
  entersConversation(ctx: BotContext): boolean {
    const pressed = ctx.callback;
    if (pressed) {
      if (this.#callbacks.get(pressed.kind)?.entersConversation) return true;
      // A menu button runs a command (menu.ts); a press that names none enters nothing.
      if (pressed.kind !== MENU_BUTTON.kind) return false;
      const [command] = MENU_BUTTON.parse(pressed.args) ?? [];
      return command !== undefined && this.#commands.get(command)?.entersConversation === true;
    }
    const name = commandOf(ctx);
    return name !== undefined && this.#commands.get(name)?.entersConversation === true;
  }

  middleware(): MiddlewareFn<BotContext> {
    return async (ctx, next) => {
      const pressed = ctx.callback;
      if (pressed) {
        const route = this.#callbacks.get(pressed.kind);
        if (!route) return next();
        if (!mayUse(ctx.person, route.audience)) return refuse(ctx, route.audience);
        await route.handler(ctx, pressed.args);
        return;
      }
      const name = commandOf(ctx);
      const route = name === undefined ? undefined : this.#commands.get(name);
      if (!route) return next();
      if (!mayUse(ctx.person, route.audience)) return refuse(ctx, route.audience);
      await route.handler(ctx);
    };
  }
}

/**
 * The command a message starts with (`/name` or `/name@this_bot`), setting `ctx.match` to the
 * rest as grammY's own `command()` does; undefined for other messages and other bots' commands.
 */
function commandOf(ctx: BotContext): string | undefined {
  const message = ctx.message;
  const entity = message?.entities?.[0];
  if (!message?.text || entity?.type !== "bot_command" || entity.offset !== 0) return undefined;
  const command = message.text.substring(1, entity.length);
  const at = command.indexOf("@");
  if (at !== -1 && command.substring(at + 1).toLowerCase() !== ctx.me.username.toLowerCase()) {
    return undefined;
  }
  ctx.match = message.text.substring(entity.length).trimStart();
  return at === -1 ? command : command.substring(0, at);
}

/** The text after a command (`/start abc` → "abc"); empty when run from a button. */
export function commandArgs(ctx: BotContext): string {
  return typeof ctx.match === "string" ? ctx.match.trim() : "";
}
