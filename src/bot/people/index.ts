/**
 * People: roles, invites, /users, language, /start and /help, and what strangers are told.
 * What the bot's wiring may use of this folder; everything else stays inside.
 */
export { accessRequestsFeature } from "./access-requests.ts";
export { fallbackFeature } from "./fallback.ts";
export { inviteFeature } from "./invite.ts";
export { languageFeature } from "./language.ts";
export { usersFeature } from "./users.ts";
export { welcomeFeature } from "./welcome.ts";
