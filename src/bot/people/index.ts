/**
 * People: roles, invites, /users, language, /start and /help, and what strangers are told.
 * What the bot's wiring may use of this folder; everything else stays inside.
 * Tests: none directly
 */
export { createPeopleModule } from "./module.ts";
