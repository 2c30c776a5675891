/**
 * Adding an Ozon store (admins, private chat only): name → Client-Id → Api-Key → optionally the
 * Performance client id and secret (Skip) → the keys are checked with one cheap Ozon call each →
 * saved through the registry (keys encrypted at rest), and its pollers start.
 *
 * Keys never pass through this dialog in plain text: the key intake (stores/keys.ts)
 * seals the message that carries one and deletes it before the dialog sees it, so the dialog's
 * saved state holds only sealed text; the keys are opened only inside the one external step that
 * checks and saves them, which returns no key. Nothing is saved unless Ozon took every key. A key
 * typed at another step (an Api-Key as the Client-Id, a secret as the Performance client id) is
 * sealed and deleted the same way, and refused here as that step's answer.
 */
import { InlineKeyboard } from "grammy";
import type { Logger } from "../../logger.ts";
import {
  clientIdSchema,
  MAX_SHOP_NAME_LENGTH,
  type ShopEntry,
  shopNameSchema,
} from "../../shops/entry.ts";
import { type CheckClientFactory, checkShopKeys } from "../../shops/key-check.ts";
import { ShopError, type ShopRegistry } from "../../shops/registry.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationContext } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import { type Answer, dialogSpec } from "../core/dialog/dialog.ts";
import { openDialogRun } from "../core/dialog/person-places.ts";
import type { ExpectedAnswer, KeyIntake } from "./keys.ts";

export const ADD_STORE_CONVERSATION = "add-store";
/** Callback kind of the add-store dialog's buttons (dialog.ts). */
export const ADD_STORE_DIALOG_CALLBACK = "dsa";

export interface AddStoreDeps {
  shops: ShopRegistry;
  /** Clients built the container's way, only to check the keys. */
  checkClients: CheckClientFactory;
  intake: KeyIntake;
  codec: CallbackCodec;
  logger: Logger;
}

type Translate = ConversationContext["t"];

/** Why a typed name is not taken (a name of 500 characters, say); undefined when it is fine. */
export function nameProblem(t: Translate, typed: string): string | undefined {
  const parsed = shopNameSchema.safeParse(typed);
  if (parsed.success) return undefined;
  const name = typed.replace(/\s+/g, " ").trim();
  if (name.length === 0) return t("stores-name-empty");
  if (name.length > MAX_SHOP_NAME_LENGTH) {
    return t("stores-name-too-long", { max: MAX_SHOP_NAME_LENGTH, length: name.length });
  }
  return t("stores-name-bad-characters");
}

export function sameName(a: string, b: string): boolean {
  return a.toLocaleLowerCase("ru") === b.toLocaleLowerCase("ru");
}

/** What a key may look like before Ozon is asked (the registry's own rule, entry.ts). */
const KEY_FORMAT = /^\S{1,4096}$/;
const PERFORMANCE_ID_FORMAT = /^\S{1,256}$/;

const REFUSED_KEYS = {
  seller: "stores-refused-seller",
  performance: "stores-refused-performance",
} as const;

type Step = "name" | "client" | "key" | "performance-id" | "performance-secret" | "check";

/** What is said when a key comes at a step that wants something else (it was deleted). */
const KEY_AT_WRONG_STEP = {
  name: "stores-key-not-name",
  client: "stores-key-not-client-id",
  "performance-id": "stores-key-not-performance-id",
} as const satisfies Partial<Record<Step, string>>;

type Outcome =
  | { kind: "added"; name: string; performance: boolean }
  | { kind: "refused"; api: "seller" | "performance" }
  | { kind: "unavailable" }
  | { kind: "taken"; reason: "duplicate-id" | "duplicate-name" }
  | { kind: "lost" };

export function addStoreConversation(deps: AddStoreDeps): ConversationSpec {
  const { shops, intake, logger } = deps;
  return dialogSpec({
    id: ADD_STORE_CONVERSATION,
    kind: ADD_STORE_DIALOG_CALLBACK,
    codec: deps.codec,
    overKey: "stores-add-over",
    leftKey: "stores-add-left",
    audience: ["admin"],
    run: async (dialog, first) => {
      const { conversation } = dialog;
      const t: Translate = first.t.bind(first);
      if (first.chat?.type !== "private") {
        await dialog.show(first, t("stores-add-private"));
        return;
      }
      const userId = first.from?.id ?? 0;
      const chatId = first.chat.id;
      const run = await conversation.external((outside) => openDialogRun(outside) ?? "");
      let at: ConversationContext = first;
      let step: Step = "name";
      let notice = "";
      let name = "";
      let clientId = "";
      let sealedKey = "";
      let performanceId: string | undefined;
      let sealedSecret: string | undefined;

      /**
       * Asks `question` (after the notice, if any) and waits for the answer; the key intake seals
       * the answer when a key is expected, else only a key-shaped one.
       */
      const ask = async (
        question: string,
        keyboard?: InlineKeyboard,
        buttons: string[] = [],
        expects: ExpectedAnswer = "answer",
      ) => {
        await conversation.external(() => intake.expect(userId, chatId, run, expects));
        await dialog.ask(at, [notice, question].filter(Boolean).join("\n\n"), keyboard);
        notice = "";
        const answer = await dialog.answer(buttons);
        at = answer.ctx;
        if (expects === "key") {
          await conversation.external(() => intake.expect(userId, chatId, run, "answer"));
        }
        return answer;
      };
      /** A typed answer to a step that wants no key: undefined (and why) when it is a key. */
      const notKey = (
        answer: Answer,
        asked: keyof typeof KEY_AT_WRONG_STEP,
      ): string | undefined => {
        if (answer.kind !== "text") return undefined;
        if (!intake.isSealed(answer.text)) return answer.text;
        notice = t(KEY_AT_WRONG_STEP[asked]);
        return undefined;
      };
      /** Asks for a key: the next text is sealed and deleted before this dialog gets it. */
      const askKey = async (question: string): Promise<string | undefined> => {
        const answer = await ask(question, undefined, [], "key");
        if (answer.kind !== "text") return undefined;
        const fine = await conversation.external(() => {
          const key = intake.open(answer.text, userId, run);
          return key !== undefined && KEY_FORMAT.test(key);
        });
        if (!fine) notice = t("stores-key-bad");
        return fine ? answer.text : undefined;
      };

      for (;;) {
        if (step === "name") {
          const answer = await ask(t("stores-add-name", { max: MAX_SHOP_NAME_LENGTH }));
          const text = notKey(answer, "name");
          if (text === undefined) continue;
          const problem = nameProblem(t, text);
          if (problem) {
            notice = problem;
            continue;
          }
          const typed = shopNameSchema.parse(text);
          const taken = await conversation.external(
            () => shops.all().find((shop) => sameName(shop.name, typed))?.name ?? null,
          );
          if (taken) notice = t("stores-name-taken", { name: taken });
          else [name, step] = [typed, "client"];
          continue;
        }
        if (step === "client") {
          const answer = await ask(t("stores-add-client-id", { name }));
          const text = notKey(answer, "client");
          if (text === undefined) continue;
          const parsed = clientIdSchema.safeParse(text);
          if (!parsed.success) {
            notice = t("stores-client-id-bad");
            continue;
          }
          const connected = await conversation.external(() => shops.get(parsed.data)?.name ?? null);
          if (connected) notice = t("stores-client-id-taken", { name: connected });
          else [clientId, step] = [parsed.data, "key"];
          continue;
        }
        if (step === "key") {
          const sealed = await askKey(t("stores-add-api-key"));
          if (sealed) [sealedKey, step] = [sealed, "performance-id"];
          continue;
        }
        if (step === "performance-id") {
          const skip = new InlineKeyboard().text(t("stores-skip"), dialog.button("skip"));
          const answer = await ask(t("stores-add-performance-id"), skip, ["skip"]);
          if (answer.kind === "button") {
            [performanceId, sealedSecret, step] = [undefined, undefined, "check"];
            continue;
          }
          const text = notKey(answer, "performance-id");
          if (text === undefined) continue;
          if (PERFORMANCE_ID_FORMAT.test(text))
            [performanceId, step] = [text, "performance-secret"];
          else notice = t("stores-performance-id-bad");
          continue;
        }
        if (step === "performance-secret") {
          const sealed = await askKey(t("stores-add-performance-secret"));
          if (sealed) [sealedSecret, step] = [sealed, "check"];
          continue;
        }

        await dialog.show(at, t("stores-checking"));
        const outcome = await conversation.external(async (): Promise<Outcome> => {
          const apiKey = intake.open(sealedKey, userId, run);
          const secret = sealedSecret ? intake.open(sealedSecret, userId, run) : undefined;
          if (!apiKey || (sealedSecret && !secret)) return { kind: "lost" };
          const entry: ShopEntry = {
            id: clientId,
            name,
            seller: { clientId, apiKey },
            ...(performanceId && secret
              ? { performance: { clientId: performanceId, clientSecret: secret } }
              : {}),
          };
          const check = await checkShopKeys(entry, deps.checkClients, (error) =>
            logger.warn({ err: error, shop: clientId }, "could not check a new store's keys"),
          );
          if (check.seller === "refused") return { kind: "refused", api: "seller" };
          if (check.performance === "refused") return { kind: "refused", api: "performance" };
          const checked =
            check.seller === "ok" && (!entry.performance || check.performance === "ok");
          if (!checked) return { kind: "unavailable" };
          try {
            const shop = await shops.add(entry, userId);
            logger.info({ shop: shop.id, by: userId }, "A store was added in the bot");
            return { kind: "added", name: shop.name, performance: Boolean(shop.performance) };
          } catch (error) {
            if (error instanceof ShopError && error.reason.startsWith("duplicate-")) {
              return { kind: "taken", reason: error.reason as "duplicate-id" | "duplicate-name" };
            }
            throw error;
          }
        });
        switch (outcome.kind) {
          case "added":
            await dialog.show(
              at,
              t(outcome.performance ? "stores-added-both" : "stores-added", { name: outcome.name }),
            );
            return;
          case "unavailable":
            await dialog.show(at, t("stores-check-unavailable"));
            return;
          case "refused":
            notice = t(REFUSED_KEYS[outcome.api]);
            step = outcome.api === "performance" ? "performance-id" : "client";
            continue;
          case "taken":
            notice =
              outcome.reason === "duplicate-id"
                ? t("stores-client-id-taken", { name: clientId })
                : t("stores-name-taken", { name });
            step = outcome.reason === "duplicate-id" ? "client" : "name";
            continue;
          case "lost":
            notice = t("stores-key-bad");
            step = "key";
            continue;
        }
      }
    },
  });
}
