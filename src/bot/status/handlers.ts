/**
 * /status (admins only) and its 🔄 Refresh button: the whole picture in one message, edited in
 * place on refresh.
 * Tests: none directly
 */
import { InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import type { StatusSnapshot } from "../../services/health/snapshot.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { BotContext } from "../core/context.ts";
import type { FeatureFactory } from "../core/module.ts";
import { showScreen } from "../core/screen-text.ts";
import { STATUS_REFRESH } from "./buttons.ts";
import { statusText } from "./format.ts";

export interface StatusFeatureDeps {
  snapshot(): Promise<StatusSnapshot>;
  codec: CallbackCodec;
  logger: Logger;
}

export function statusFeature(deps: StatusFeatureDeps): FeatureFactory {
  const { codec } = deps;

  async function show(ctx: BotContext): Promise<void> {
    const snapshot = await deps.snapshot();
    const t = ctx.t.bind(ctx);
    const keyboard = new InlineKeyboard().text(t("status-refresh"), STATUS_REFRESH.data(codec));
    await showScreen(ctx, statusText(t, snapshot), keyboard);
  }

  return ({ router }) => {
    router.command("status", (ctx) => show(ctx));
    router.button(STATUS_REFRESH, ["admin"], async (ctx) => {
      await ctx.answerCallbackQuery();
      await show(ctx);
    });
  };
}
