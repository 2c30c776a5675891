/**
 * Home: what /start, /help and the 🔄 and ⬅️ buttons show — what needs this person now (or, in a
 * group, the group's own work), each line a button into its job, and "as of" the time of the
 * counts. It opens the front door (core/front-door.ts) that people's /start and /help go through.
 * Tests: none directly
 */
import type { HomeCounts, HomeViewer } from "../../services/home/index.ts";
import { SubscriptionService } from "../../services/subscriptions.ts";
import { COMMANDS, type CommandName } from "../core/commands.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureDeps } from "../core/deps.ts";
import type { FrontDoorOptions } from "../core/front-door.ts";
import { mayUse, refuse } from "../core/guard.ts";
import { favouriteCommands, menuKeyboard } from "../core/menu.ts";
import { showScreen } from "../core/screen-text.ts";
import { HOME } from "./buttons.ts";
import { homeText } from "./format.ts";
import { homeKeyboard } from "./keyboards.ts";

/** Jobs offered on a Home with nothing to do. */
const JOBS_SHOWN = 6;

export interface HomeArea {
  counts: HomeCounts;
  timezone: string;
}

export function homeFeature(area: HomeArea) {
  return (deps: FeatureDeps): undefined => {
    const { router, codec } = deps;
    const subscriptions = new SubscriptionService(deps.store);

    async function draw(ctx: BotContext, options: FrontDoorOptions): Promise<void> {
      const person = ctx.person;
      if (!person) return refuse(ctx, "people");
      const chatId = ctx.chat?.id ?? person.id;
      const group = ctx.chat !== undefined && ctx.chat.type !== "private";
      const viewer: HomeViewer = group
        ? { kind: "group", chatId, subscriber: await subscriptions.get(chatId) }
        : { kind: "person", person };
      const view = await area.counts.view(viewer);
      const onHome = new Set<string>(view.lines.map((line) => line.job));
      const typed = options.help
        ? COMMANDS.filter(
            (c) =>
              c.name !== "start" &&
              c.name !== "help" &&
              !onHome.has(c.name) &&
              mayUse(person, c.audience),
          ).map((c): CommandName => c.name)
        : undefined;
      const text = homeText(ctx.t, view, {
        group,
        intro: options.intro,
        now: Date.now(),
        timezone: area.timezone,
        locale: ctx.locale,
        typed,
      });
      const jobs = group ? [] : favouriteCommands(person, JOBS_SHOWN);
      await showScreen(
        ctx,
        text,
        homeKeyboard(codec, ctx.t, view.lines, jobs, options.help === true),
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
      await draw(ctx, { help: action === "q" });
    });
  };
}
