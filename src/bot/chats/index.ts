/**
 * Buyer chats: the relay, /chats, saved answers, product questions and reviews. What other
 * capabilities and the bot's wiring may use of this folder; everything else stays inside.
 */
import { QUESTIONS_ON_BUTTON } from "./buttons.ts";

export { createRelayModule } from "./module.ts";
export { createQuestionsModule } from "./questions-module.ts";
export { QUESTIONS_ON_BUTTON };
/**
 * The kind alone, until stores/view.ts (another folder's) builds "ask for questions again" with
 * QUESTIONS_ON_BUTTON.data(codec, ref); then this goes.
 */
export const QUESTIONS_ON_CALLBACK = QUESTIONS_ON_BUTTON.kind;
