/**
 * Home: what /start, /help and the 🔄 and ⬅️ buttons show — what needs this person now (or, in a
 * group, the group's own work), each line a button into its job, and "as of" the time of the
 * counts. It opens the front door (core/front-door.ts) that people's /start and /help go through.
 * Each Home drawn becomes its chat's open Home (services/home/open-screens.ts), which live.ts
 * redraws when a count changes; a press that turns the message into another screen forgets it.
 * Tests: none directly
 */
import { Composer, type InlineKeyboard } from "grammy";
import type { OpenScreens } from "../../services/home/open-screens.ts";
import { countsSignature } from "../../services/home/open-screens.ts";
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
  /** Updates whose message became (or stayed) Home: the others forget it (forgetOtherScreens). */
  drawn: WeakSet<BotContext>;
  now: () => number;
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
      area.drawn.add(ctx);
      if (messageId === undefined) return;
      const now = area.now();
      const known = await area.screens.get(asked.chatId);
      const same = known?.messageId === messageId;
      await area.screens.remember(
        {
          chatId: asked.chatId,
          messageId,
          personId: asked.person.id,
          locale: asked.locale,
          group: asked.group,
          help: asked.help,
          openedAt: same && known ? known.openedAt : now,
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
 * Before everything else: once an update with a press has been handled, a Home message it turned
 * into another screen (☰ All jobs, a line's job shown in place) is no longer redrawn by itself.
 */
export function forgetOtherScreens(area: HomeArea): (deps: FeatureDeps) => Composer<BotContext> {
  return () =>
    new Composer<BotContext>(async (ctx, next) => {
      await next();
      const message = ctx.callbackQuery?.message;
      if (!message || area.drawn.has(ctx)) return;
      await area.screens.forget(message.chat.id, message.message_id);
    });
}
