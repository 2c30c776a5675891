/** Tests: test/bot/core/dialog/dialog-buttons.test.ts */
import type { Logger } from "../../logger.ts";
import {
  clientIdSchema,
  MAX_SHOP_NAME_LENGTH,
  type ShopEntry,
  shopNameSchema,
} from "../../shops/entry.ts";
import { type CheckClientFactory, checkShopKeys } from "../../shops/key-check.ts";
import { ShopError, type ShopRegistry } from "../../shops/registry.ts";
import { type AuditActor, type AuditRecorder, actorOf } from "../audit/index.ts";
import type { CallbackCodec } from "../core/callback-data.ts";
import type { ConversationContext } from "../core/context.ts";
import type { ConversationSpec } from "../core/dialog/conversations.ts";
import type { Answer, Checkpoint, Dialog } from "../core/dialog/dialog.ts";
import { declareDialogButtons } from "../core/dialog/dialog-buttons.ts";
import { dialogSpec } from "../core/dialog/dialog-spec.ts";
import { openDialogRun } from "../core/dialog/person-places.ts";
import { skipKeyboard } from "./keyboards.ts";
import type { ExpectedAnswer, KeyIntake } from "./keys.ts";

export const ADD_STORE_CONVERSATION = "add-store";
export const ADD_STORE_DIALOG = declareDialogButtons("dsa", "add a store");

export interface AddStoreDeps {
  shops: ShopRegistry;
  /** Clients built the container's way, only to check the keys. */
  checkClients: CheckClientFactory;
  intake: KeyIntake;
  codec: CallbackCodec;
  logger: Logger;
  /** Where a store added is recorded (the audit trail; never its keys). */
  audit?: AuditRecorder;
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

/** What is said when a key comes at a question that wants something else (it was deleted). */
const KEY_AT_WRONG_STEP = {
  name: "stores-key-not-name",
  client: "stores-key-not-client-id",
  "performance-id": "stores-key-not-performance-id",
} as const;

type Outcome =
  | { kind: "added"; name: string; performance: boolean }
  | { kind: "refused"; api: "seller" | "performance" }
  | { kind: "unavailable" }
  | { kind: "taken"; reason: "duplicate-id" | "duplicate-name" }
  | { kind: "lost" };

export function addStoreConversation(deps: AddStoreDeps): ConversationSpec {
  const { shops, intake } = deps;
  return dialogSpec({
    id: ADD_STORE_CONVERSATION,
    buttons: ADD_STORE_DIALOG,
    codec: deps.codec,
    overKey: "stores-add-over",
    leftKey: "stores-add-left",
    audience: ["admin"],
    run: async (dialog, first) => {
      const { conversation, t } = dialog;
      if (first.chat?.type !== "private") {
        await dialog.show(t("stores-add-private"));
        return;
      }
      const userId = first.from?.id ?? 0;
      const chatId = first.chat.id;
      const run = await conversation.external((outside) => openDialogRun(outside) ?? "");
      const q = new StoreQuestions(dialog, intake, { userId, chatId, run, t });

      // Each question is asked again (Dialog.rewind) with why an answer was not taken.
      const named = await dialog.checkpoint();
      const asked = t("stores-add-name", { max: MAX_SHOP_NAME_LENGTH });
      const typed = await q.typed(named, "name", asked, (text) => nameProblem(t, text));
      const name = shopNameSchema.parse(typed);
      const taken = await conversation.external(
        () => shops.all().find((shop) => sameName(shop.name, name))?.name ?? null,
      );
      if (taken) return dialog.rewind(named, t("stores-name-taken", { name: taken }));

      const client = await dialog.checkpoint();
      const clientId = await q.typed(
        client,
        "client",
        t("stores-add-client-id", { name }),
        (text) => (clientIdSchema.safeParse(text).success ? undefined : t("stores-client-id-bad")),
      );
      const connected = await conversation.external(() => shops.get(clientId)?.name ?? null);
      if (connected) return dialog.rewind(client, t("stores-client-id-taken", { name: connected }));

      const keyed = await dialog.checkpoint();
      const sealedKey = await q.key(keyed, t("stores-add-api-key"));

      const performance = await dialog.checkpoint();
      const performanceId = await q.typed(
        performance,
        "performance-id",
        t("stores-add-performance-id"),
        (text) => (PERFORMANCE_ID_FORMAT.test(text) ? undefined : t("stores-performance-id-bad")),
        t("stores-skip"),
      );
      const secreted = performanceId === undefined ? undefined : await dialog.checkpoint();
      const sealedSecret = secreted && (await q.key(secreted, t("stores-add-performance-secret")));

      await dialog.show(t("stores-checking"));
      const outcome = await conversation.external(() =>
        checkAndSave(
          deps,
          { userId, run, name, clientId, sealedKey, performanceId, sealedSecret },
          actorOf(dialog.ctx),
        ),
      );
      switch (outcome.kind) {
        case "added": {
          const key = outcome.performance ? "stores-added-both" : "stores-added";
          await dialog.show(t(key, { name: outcome.name }));
          return;
        }
        case "unavailable":
          await dialog.show(t("stores-check-unavailable"));
          return;
        case "refused":
          // Refused keys are asked again from the id they go with.
          return dialog.rewind(
            outcome.api === "performance" ? performance : client,
            t(REFUSED_KEYS[outcome.api]),
          );
        case "taken":
          if (outcome.reason === "duplicate-id") {
            return dialog.rewind(client, t("stores-client-id-taken", { name: clientId }));
          }
          return dialog.rewind(named, t("stores-name-taken", { name }));
        case "lost":
          return dialog.rewind(keyed, t("stores-key-bad"));
      }
    },
  });
}

/** What the dialog gathered; the keys sealed (opened only in `checkAndSave`). */
interface Gathered {
  userId: number;
  run: string;
  name: string;
  clientId: string;
  sealedKey: string;
  performanceId: string | undefined;
  sealedSecret: string | undefined;
}

/**
 * Opens the keys, checks them with one cheap Ozon call each and saves the store (run once, in
 * conversation.external: it returns no key).
 */
async function checkAndSave(
  deps: AddStoreDeps,
  gathered: Gathered,
  actor: AuditActor,
): Promise<Outcome> {
  const { shops, intake, logger } = deps;
  const { userId, run, name, clientId, sealedKey, performanceId, sealedSecret } = gathered;
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
  const checked = check.seller === "ok" && (!entry.performance || check.performance === "ok");
  if (!checked) return { kind: "unavailable" };
  try {
    const shop = await shops.add(entry, userId);
    logger.info({ shop: shop.id, by: userId }, "A store was added in the bot");
    await deps.audit?.record({
      kind: "store",
      actor,
      shopId: shop.id,
      objectId: shop.id,
      via: "added",
      to: shop.name,
      result: { status: "done" },
    });
    return { kind: "added", name: shop.name, performance: Boolean(shop.performance) };
  } catch (error) {
    if (error instanceof ShopError && error.reason.startsWith("duplicate-")) {
      return { kind: "taken", reason: error.reason as "duplicate-id" | "duplicate-name" };
    }
    throw error;
  }
}

interface Asker {
  userId: number;
  chatId: number;
  /** The dialog run's tag: the key intake seals for this run only. */
  run: string;
  t: Translate;
}

/** The questions of the add-store dialog: typed answers, keys sealed before the dialog sees them. */
class StoreQuestions {
  readonly #dialog: Dialog;
  readonly #intake: KeyIntake;
  readonly #asker: Asker;

  constructor(dialog: Dialog, intake: KeyIntake, asker: Asker) {
    this.#dialog = dialog;
    this.#intake = intake;
    this.#asker = asker;
  }

  /**
   * Asks `question` (headed by why it is asked again) and waits for the answer; the key intake
   * seals the answer when a key is expected, else only a key-shaped one.
   */
  async #ask(
    asked: Checkpoint,
    question: string,
    expects: ExpectedAnswer,
    skip?: string,
  ): Promise<Answer> {
    const { conversation } = this.#dialog;
    const { userId, chatId, run } = this.#asker;
    await conversation.external(() => this.#intake.expect(userId, chatId, run, expects));
    const keyboard = skip ? skipKeyboard(this.#dialog.button, skip) : undefined;
    const text = [asked.notice, question].filter(Boolean).join("\n\n");
    await this.#dialog.ask(text, keyboard);
    const answer = await this.#dialog.answer(skip ? ["skip"] : []);
    if (expects === "key") {
      await conversation.external(() => this.#intake.expect(userId, chatId, run, "answer"));
    }
    return answer;
  }

  /**
   * A typed answer that is no key and that `problem` takes (asked again with why otherwise);
   * with `skip`, its button answers undefined.
   */
  async typed(
    asked: Checkpoint,
    about: keyof typeof KEY_AT_WRONG_STEP,
    question: string,
    problem: (text: string) => string | undefined,
  ): Promise<string>;
  async typed(
    asked: Checkpoint,
    about: keyof typeof KEY_AT_WRONG_STEP,
    question: string,
    problem: (text: string) => string | undefined,
    skip: string,
  ): Promise<string | undefined>;
  async typed(
    asked: Checkpoint,
    about: keyof typeof KEY_AT_WRONG_STEP,
    question: string,
    problem: (text: string) => string | undefined,
    skip?: string,
  ): Promise<string | undefined> {
    const answer = await this.#ask(asked, question, "answer", skip);
    if (answer.kind === "button") return undefined;
    const { t } = this.#asker;
    if (this.#intake.isSealed(answer.text)) {
      return this.#dialog.rewind(asked, t(KEY_AT_WRONG_STEP[about]));
    }
    const why = problem(answer.text);
    return why === undefined ? answer.text : this.#dialog.rewind(asked, why);
  }

  /** A key: the next text is sealed and deleted before this dialog gets it; its sealed text. */
  async key(asked: Checkpoint, question: string): Promise<string> {
    const answer = await this.#ask(asked, question, "key");
    const { userId, run } = this.#asker;
    const sealed = answer.kind === "text" ? answer.text : "";
    const fine = await this.#dialog.conversation.external(() => {
      const key = this.#intake.open(sealed, userId, run);
      return key !== undefined && KEY_FORMAT.test(key);
    });
    if (fine) return sealed;
    return this.#dialog.rewind(asked, this.#asker.t("stores-key-bad"));
  }
}
