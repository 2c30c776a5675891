/**
 * Commands of later issues (postings, ship, budget...): until a feature defines them, people who
 * may use them hear "coming soon"; everyone else gets the usual refusal. Installed after all
 * features, so it only covers what nobody has defined.
 * Tests: none directly
 */
import { PLANNED_COMMANDS } from "./commands.ts";
import type { FeatureDeps } from "./deps.ts";

export function comingSoonFeature(deps: FeatureDeps): undefined {
  for (const name of PLANNED_COMMANDS) {
    if (deps.router.has(name)) continue;
    deps.router.command(name, async (ctx) => {
      await ctx.reply(ctx.t("coming-soon", { command: name }));
    });
  }
}
