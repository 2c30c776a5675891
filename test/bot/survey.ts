/**
 * A tiny test conversation with two waits, and a feature to enter it and to count visits in the
 * session. Texts are test-only, except one translated word that shows i18n inside conversations.
 */

import { declareButton } from "../../src/bot/core/buttons.ts";
import type { ConversationSpec } from "../../src/bot/core/dialog/conversations.ts";
import type { FeatureFactory } from "../../src/bot/core/module.ts";

export const survey: ConversationSpec = {
  id: "survey",
  builder: async (conversation, ctx) => {
    await ctx.reply(`step 1: name? [${ctx.t("cancel-button")}]`);
    const nameCtx = await conversation.waitFor("message:text");
    const name = nameCtx.message.text;
    await nameCtx.reply(`step 2: age of ${name}?`);
    const ageCtx = await conversation.waitFor("message:text");
    await ageCtx.reply(`done: ${name}, ${ageCtx.message.text} [${ageCtx.t("cancel-button")}]`);
  },
};

export const exploding: ConversationSpec = {
  id: "exploding",
  builder: async (conversation, ctx) => {
    await ctx.reply("say something");
    await conversation.waitFor("message:text");
    throw new Error("conversation kaboom");
  },
};

type VisitSession = { visits?: number };

/** A button that enters the survey: `sv`, no arguments. */
export const SURVEY_BUTTON = declareButton("sv", "test: enter the survey");

/** /survey and /explode enter the conversations (so their routes say so); /visit counts. */
export const surveyFeature: FeatureFactory = ({ router }) => {
  const enters = { audience: "people", entersConversation: true } as const;
  router.command("survey", (ctx) => ctx.conversation.enter("survey"), enters);
  router.command("explode", (ctx) => ctx.conversation.enter("exploding"), enters);
  router.button(
    SURVEY_BUTTON,
    "people",
    async (ctx) => {
      await ctx.answerCallbackQuery();
      await ctx.conversation.enter("survey");
    },
    { entersConversation: true },
  );
  // A mistake on purpose: enters a conversation without saying so.
  router.command("sneaky", (ctx) => ctx.conversation.enter("survey"), { audience: "people" });
  router.command(
    "visit",
    async (ctx) => {
      const session = ctx.session as VisitSession;
      session.visits = (session.visits ?? 0) + 1;
      await ctx.reply(`visits: ${session.visits}`);
    },
    { audience: "people" },
  );
  return undefined;
};
