/**
 * Buyer chats: the relay, /chats, saved answers, product questions and reviews. What other
 * capabilities and the bot's wiring may use of this folder; everything else stays inside.
 * Tests: none directly
 */
import { QUESTIONS_ON_BUTTON } from "./buttons.ts";

export { createRelayModule } from "./module.ts";
export { createQuestionsModule } from "./questions/module.ts";
export { QUESTIONS_ON_BUTTON };
