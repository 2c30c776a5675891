/**
 * After a product question or review was answered (or a question marked processed) from
 * Telegram: a question is marked PROCESSED at Ozon (an answer alone leaves it "new" in the
 * seller's cabinet), every relayed copy's buttons shrink to one that says who did it and still
 * answers (again) on purpose, and the others who got the item hear it in a short note — the buyer
 * chats' note code (chats/inbox/claims.ts). Failures here are logged: the answer already went.
 * Tests: none directly
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../../../logger.ts";
import { snippetOf } from "../../../services/chats/inbox/inbox.ts";
import {
  type FeedCopy,
  FeedItems,
  type FeedLink,
  type FeedLinks,
} from "../../../services/chats/questions/records.ts";
import type { Shop, ShopRegistry } from "../../../shops/registry.ts";
import { type AuditActor, type AuditRecorder, audited } from "../../audit/index.ts";
import type { CallbackCodec } from "../../core/callback-data.ts";
import type { Locale, LocalizedContext, Translator } from "../../core/i18n.ts";
import { withShopTag } from "../../core/shop-tags.ts";
import { NOTE_WORDS, noteToOtherChats, redrawCopyButtons } from "../inbox/claims.ts";
import { feedItemKeyboard } from "./keyboards.ts";

export interface FeedDoneDeps {
  codec: CallbackCodec;
  i18n: I18n<LocalizedContext>;
  defaultLocale: Locale;
  logger: Pick<Logger, "info" | "warn">;
  shops: ShopRegistry;
  links: FeedLinks;
  /** Where a question marked processed is recorded (the audit trail). */
  audit?: AuditRecorder;
}

/** What happened to the item: answered with these words, or marked processed unanswered. */
export type FeedDone = (
  | { how: "answered"; words: string; name: string; answeredIn: number }
  | { how: "processed"; name: string; answeredIn: number }
) & {
  /** Who did it, for the audit trail. */
  actor?: AuditActor;
};

/** Marks a question PROCESSED at Ozon; false (logged) when Ozon did not take it. */
export async function markQuestionProcessed(
  shop: Shop,
  id: string,
  logger: FeedDoneDeps["logger"],
  record?: { audit: AuditRecorder | undefined; actor: AuditActor; via: string },
): Promise<boolean> {
  try {
    const seller = shop.seller;
    if (!seller) return false;
    await audited(
      record?.audit,
      {
        kind: "question",
        actor: record?.actor ?? { id: 0, name: "" },
        shopId: shop.id,
        objectId: id,
        via: record?.via ?? "processed",
        to: "PROCESSED",
      },
      () => seller.questions.setQuestionStatus([id], "PROCESSED"),
    );
    return true;
  } catch (error) {
    logger.warn({ err: error, shop: shop.id, question: id }, "a question was not marked processed");
    return false;
  }
}

export async function afterFeedDone(
  deps: FeedDoneDeps & { api: Api },
  shop: Shop,
  link: FeedLink,
  done: FeedDone,
): Promise<void> {
  const { kind, id } = link;
  if (kind === "question" && done.how === "answered") {
    await markQuestionProcessed(
      shop,
      id,
      deps.logger,
      done.actor && { audit: deps.audit, actor: done.actor, via: "answered" },
    );
  }
  let copies: FeedCopy[] = [];
  try {
    copies = await new FeedItems(shop.store).copies(kind, id);
  } catch (error) {
    deps.logger.warn({ err: error, shop: shop.id }, "the relayed copies of an item are unknown");
    return;
  }
  const label = (t: Translator) =>
    done.how === "processed"
      ? t("questions-processed-done-button", { name: done.name })
      : t(`${kind}s-answered-button`, { name: done.name });
  await redrawCopyButtons(deps, copies, (t) =>
    feedItemKeyboard(deps.codec, t, kind, id, shop.ref, label(t)),
  );
  await noteToOtherChats(
    deps,
    copies,
    done.answeredIn,
    (t) => {
      const note =
        done.how === "processed"
          ? t("questions-processed-note", { name: done.name })
          : t(`${kind}s-answered-note`, {
              name: done.name,
              words: snippetOf(done.words, NOTE_WORDS),
            });
      return withShopTag(t, deps.shops, shop.id, note);
    },
    (note) => deps.links.remember([note], link),
  );
}
