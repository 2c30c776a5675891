/**
 * People as a module: /start and /help, language, invites, /users and access requests, and — as
 * its `unhandled` — what is said when no handler took an update (createBot installs this module
 * first, and its `unhandled` last).
 * Tests: none directly
 */
import { Composer } from "grammy";
import type { BotContext } from "../core/context.ts";
import type { BotModule } from "../core/module.ts";
import { accessRequestsFeature } from "./access-requests.ts";
import { fallbackFeature } from "./fallback.ts";
import { inviteFeature } from "./invite.ts";
import { languageFeature } from "./language.ts";
import { usersFeature } from "./users.ts";
import { welcomeFeature } from "./welcome.ts";

export function createPeopleModule(): BotModule {
  return {
    name: "people",
    features: [welcomeFeature, languageFeature, inviteFeature, usersFeature, accessRequestsFeature],
    unhandled: [({ codec }) => new Composer<BotContext>(fallbackFeature(codec))],
  };
}
