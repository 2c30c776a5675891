/**
 * Conversations: the plugin set-up and the list of guided dialogs. Later features add their
 * conversation specs (one file per conversation in this folder) to `BUILT_IN_CONVERSATIONS`;
 * the bot's own dialogs are built with the toolkit in dialog.ts.
 *
 * Bump CONVERSATIONS_VERSION whenever a conversation's code changes in a way that would replay
 * differently: saved state of another version is dropped and the person starts over.
 * Tests: none directly (reached through test/support/older-dialog.ts)
 */
import {
  type ConversationControls,
  type ConversationData,
  conversations,
  createConversation,
  type VersionedState,
} from "@grammyjs/conversations";
import type { I18n } from "@grammyjs/i18n";
import { Composer, type MiddlewareFn } from "grammy";
import type { BotContext, BotConversation, ConversationContext } from "../context.ts";
import { mayUse, refuse } from "../guard.ts";
import type { LocalizedContext } from "../i18n.ts";
import { retryInConversation } from "../retry.ts";
import type { Router } from "../router.ts";
import { type ConversationSpec, pressedAfterDialog } from "./dialog-spec.ts";

export type { ConversationSpec } from "./dialog-spec.ts";

import { personPlace, removePlace } from "./person-places.ts";

export const CONVERSATIONS_VERSION = 11;

/** A dialog left unanswered this long is over: the next message is handled as usual. */
export const DEFAULT_WAIT_MS = 60 * 60 * 1000;

/** The bot's own conversations; features of later issues add theirs here. */
export const BUILT_IN_CONVERSATIONS: ConversationSpec[] = [];

type Saved = VersionedState<ConversationData>;

/**
 * The conversations plugin. Its state is kept in the chat session (so in the store, and with
 * Redis or the file store a dialog continues at the same step after a restart), per person, so
 * in a group each person has their own dialog and nobody else's messages are swallowed.
 * Inside conversations the person's language and the 429 retry are installed as plugins: the
 * outside middleware does not reach there.
 */
export function conversationsPlugin(i18n: I18n<LocalizedContext>): MiddlewareFn<BotContext> {
  const translate = i18n.middleware() as unknown as MiddlewareFn<ConversationContext>;
  return conversations<BotContext, ConversationContext>({
    storage: {
      type: "context",
      version: CONVERSATIONS_VERSION,
      adapter: {
        read: (ctx) => {
          const place = personPlace(ctx);
          const saved =
            place === undefined ? undefined : (ctx.session.conversations?.[place] as Saved);
          if (place !== undefined && saved && saved.version?.[1] !== CONVERSATIONS_VERSION) {
            // Saved by other code (the version was bumped): the person starts over.
            removePlace(ctx, place);
            return undefined;
          }
          return saved;
        },
        write: (ctx, state) => {
          const place = personPlace(ctx);
          if (place === undefined) return;
          ctx.session.conversations = { ...ctx.session.conversations, [place]: state };
        },
        delete: (ctx) => {
          const place = personPlace(ctx);
          if (place !== undefined) removePlace(ctx, place);
        },
      },
    },
    plugins: (conversation: BotConversation) => [
      async (ctx, next) => {
        // The locale the outside middleware negotiated for this update (recorded for replays).
        ctx.locale = await conversation.external((outside) => outside.locale);
        await next();
      },
      translate,
      retryInConversation(conversation),
    ],
  });
}

/** True when this person has a dialog saved in this chat (it must receive the update). */
export function hasSavedDialog(ctx: BotContext): boolean {
  const place = personPlace(ctx);
  return place !== undefined && ctx.session.conversations?.[place] !== undefined;
}

/**
 * `ctx.conversation` for updates that skip the conversations plugin (no saved dialog, and the
 * route does not enter one): nothing is active, leaving is a no-op, entering is a mistake.
 */
export const NO_DIALOG: ConversationControls = Object.freeze({
  enter: async (name: string) => {
    throw new Error(
      `Conversation "${name}" entered from a route not marked { entersConversation: true } (see src/bot/core/router.ts)`,
    );
  },
  exit: async () => {},
  exitAll: async () => {},
  exitOne: async () => {},
  active: ((name?: string) => (name === undefined ? {} : 0)) as ConversationControls["active"],
});

/**
 * Registers conversations so `ctx.conversation.enter(id)` works and their updates reach them;
 * a press of a dialog's button that no open dialog takes is answered on `router`.
 */
export function registerConversations(
  specs: readonly ConversationSpec[],
  router: Router,
): Composer<BotContext> {
  for (const { buttons, audience } of specs) {
    if (!buttons) continue;
    router.button(buttons.declared, audience ?? "people", (ctx, [, owner]) =>
      pressedAfterDialog(ctx, owner, buttons.overKey),
    );
  }
  const composer = new Composer<BotContext>();
  // The router's role check does not see updates a dialog takes, so the dialog's own audience
  // is checked here, before the dialog gets the update.
  composer.use(async (ctx, next) => {
    for (const spec of specs) {
      const audience = spec.audience ?? "people";
      if (ctx.conversation.active(spec.id) === 0 || mayUse(ctx.person, audience)) continue;
      await ctx.conversation.exit(spec.id);
      await refuse(ctx, audience);
      return;
    }
    return next();
  });
  for (const spec of specs) {
    composer.use(
      createConversation<BotContext, ConversationContext>(spec.builder, {
        id: spec.id,
        maxMillisecondsToWait: spec.maxMillisecondsToWait ?? DEFAULT_WAIT_MS,
      }),
    );
  }
  return composer;
}
