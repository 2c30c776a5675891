/**
 * Home: what /start, /help and the 🔄 and ⬅️ buttons show — what needs this person now (or, in a
 * group, the group's own work), each line a button into its job, and "as of" the time of the
 * counts. It opens the front door (core/front-door.ts) that people's /start and /help go through.
 * Each Home drawn becomes its chat's open Home (services/home/open-screens.ts), which live.ts
 * redraws when a count changes; a press on it forgets it first (forgetOtherScreens), and only a
 * redraw of Home remembers it again.
 * Tests: none directly
 */
import { Composer, type InlineKeyboard } from "grammy";
import type { OpenScreens } from "../../services/home/open-screens.ts";
import { countsSignature, openScreenKey } from "../../services/home/open-screens.ts";
import { SubscriptionService } from "../../services/subscriptions.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import type { FrontDoorOptions } from "../core/front-door.ts";
import { refuse } from "../core/guard.ts";
import { menuKeyboard } from "../core/menu.ts";
import { isNotModified, showScreen } from "../core/screen-text.ts";
import { HOME } from "./buttons.ts";
import { type HomeRenderDeps, renderFeed, renderHome } from "./render.ts";

export interface HomeArea {
  counts: HomeRenderDeps["counts"];
  timezone: string;
  screens: OpenScreens;
  now: () => number;
  money?: HomeRenderDeps["money"];
}

/** Shows a screen (in place on a press) and says which message holds it. */
async function show(
  ctx: BotContext,
  text: string,
  keyboard: InlineKeyboard,
): Promise<number | undefined> {
  const options = { reply_markup: keyboard, link_preview_options: { is_disabled: true } };
  const pressed = ctx.callbackQuery?.message;
  if (pressed) {
    try {
      await ctx.editMessageText(text, options);
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
    return pressed.message_id;
  }
  return (await ctx.reply(text, options)).message_id;
}

export function homeFeature(area: HomeArea) {
  return (deps: FeatureDeps): undefined => {
    const { router, codec } = deps;
    const render: HomeRenderDeps = {
      counts: area.counts,
      subscriptions: new SubscriptionService(deps.store),
      codec,
      timezone: area.timezone,
      money: area.money,
    };

    function request(ctx: BotContext, help: boolean, intro?: string) {
      const person = ctx.person;
      if (!person) return undefined;
      const chatId = ctx.chat?.id ?? person.id;
      const group = ctx.chat !== undefined && ctx.chat.type !== "private";
      return { person, chatId, group, help, t: ctx.t, locale: ctx.locale, intro };
    }

    async function draw(ctx: BotContext, options: FrontDoorOptions): Promise<void> {
      const asked = request(ctx, options.help === true, options.intro);
      if (!asked) return refuse(ctx, "people");
      const drawn = await renderHome(render, asked);
      const messageId = await show(ctx, drawn.text, drawn.keyboard);
      if (messageId === undefined) return;
      const now = area.now();
      // 🔄 on an open Home keeps its age (the press forgot it: the message says when it came).
      const sentAt = ctx.callbackQuery?.message?.date;
      const openedAt = sentAt !== undefined ? Math.min(now, sentAt * 1000) : now;
      await area.screens.remember(
        {
          chatId: asked.chatId,
          messageId,
          personId: asked.person.id,
          locale: asked.locale,
          group: asked.group,
          help: asked.help,
          openedAt,
          drawnAt: now,
          counts: countsSignature(drawn.view.lines),
        },
        now,
      );
    }

    deps.frontDoor.open(draw);

    router.button(HOME, "people", async (ctx, [action]) => {
      await ctx.answerCallbackQuery();
      if (action === "a") {
        const keyboard = menuKeyboard(ctx, codec);
        keyboard.row().text(ctx.t("home-back"), HOME.data(codec, "h"));
        await showScreen(ctx, ctx.t("home-all-title"), keyboard);
        return;
      }
      if (action === "f") {
        const asked = request(ctx, false);
        if (!asked) return refuse(ctx, "people");
        const feed = await renderFeed(render, asked);
        await showScreen(ctx, feed.text, feed.keyboard);
        return;
      }
      await draw(ctx, { help: action === "q" });
    });
  };
}

/**
 * Before the dialogs: a press on the chat's open Home forgets it before anything runs — the press
 * turns it into another screen (a line's job, ☰ All jobs), or redraws it and it is remembered
 * again (🔄, ⬅️). The record is read along with the chat lock where there is one. Nothing is
 * awaited after the rest of the bot runs, so Home is on no other job's way.
 */
export function forgetOtherScreens(area: HomeArea): (deps: FeatureDeps) => Composer<BotContext> {
  return (deps) => {
    const pressedOn = (ctx: { callbackQuery?: { message?: { chat: { id: number } } } }) =>
      ctx.callbackQuery?.message?.chat.id;
    deps.readAhead?.register((ctx) => {
      const chatId = pressedOn(ctx);
      return chatId === undefined ? undefined : openScreenKey(chatId);
    });
    return new Composer<BotContext>(async (ctx, next) => {
      const message = ctx.callbackQuery?.message;
      if (!message) return next();
      const known = deps.readAhead?.take(openScreenKey(message.chat.id));
      await area.screens.forget(message.chat.id, message.message_id, known);
      return next();
    });
  };
}
