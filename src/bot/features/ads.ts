/**
 * /budget and /report (managers and admins; the catalogue says so and the router checks it for
 * every command and press). Each command leaves any dialog the person had open here and starts
 * its own. A press on a dialog's button after the dialog ended (timed out, cancelled, finished)
 * is answered plainly by the dialog toolkit (conversations/dialog.ts).
 */

import type { BotContext } from "../context.ts";
import { BUDGET_CONVERSATION } from "../conversations/budget.ts";
import { REPORT_CONVERSATION } from "../conversations/report.ts";
import type { FeatureDeps } from "../deps.ts";

/** From a menu button too (the menu answers the press): the dialog starts in a new message. */
async function enter(ctx: BotContext, id: string): Promise<void> {
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(id);
}

export function adsFeature({ router }: FeatureDeps): undefined {
  const enters = { entersConversation: true } as const;
  router.command("budget", (ctx) => enter(ctx, BUDGET_CONVERSATION), enters);
  router.command("report", (ctx) => enter(ctx, REPORT_CONVERSATION), enters);
}
