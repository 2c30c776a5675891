/**
 * Who gets a shop's buyer messages (chat messages, product questions and reviews) in Telegram:
 * the relay groups that take the shop, else every seller whose role reaches it, in private, each
 * with the language to write in, and how one item goes to all of them (a blocked seller skipped,
 * nobody reached = the item waits). Both relay notifiers use it, so both reach the same people
 * the same way.
 * Tests: none directly
 */

import { AccessService } from "../../../services/access/index.ts";
import { reachesShop } from "../../../services/access/shop-scope.ts";
import {
  type RelayGroup,
  type RelayGroupSetting,
  resolveRelayAudience,
} from "../../../services/chats/relay/audience.ts";
import { type Locale, localeOr } from "../../core/i18n.ts";
import { isChatUnreachable } from "../../core/telegram-errors.ts";

export interface RelayRecipient {
  chatId: number;
  kind: "private" | "group";
  locale: Locale;
  /** The relay group's setting, for a group recipient. */
  group?: RelayGroup;
}

export interface RelayAudienceSource {
  groups: RelayGroupSetting;
  access: Pick<AccessService, "listPeople">;
  /** The shop whose buyers write; undefined (a single-shop setup in tests) reaches every seller. */
  shopId: string | undefined;
  /** Groups are written to in it; a seller without a language of ours too. */
  defaultLocale: Locale;
}

/** Where the shop's buyer messages go now, each recipient with the language to write in. */
export async function relayRecipients(source: RelayAudienceSource): Promise<RelayRecipient[]> {
  const { groups, access, shopId, defaultLocale } = source;
  const people = new Map<number, Locale>();
  const audience = await resolveRelayAudience({
    groups,
    shopId,
    listSellerIds: async () => {
      const everyone = await access.listPeople();
      // A seller limited to other shops never sees this shop's buyers.
      const sellers = everyone.filter(
        (p) =>
          AccessService.holds(p, "seller") &&
          (shopId === undefined || reachesShop(p, "seller", shopId)),
      );
      for (const p of sellers) people.set(p.id, localeOr(p.locale, defaultLocale));
      return sellers.map((p) => p.id);
    },
  });
  if (audience.kind === "groups") {
    return audience.groups.map((group) => ({
      chatId: group.chatId,
      kind: "group",
      locale: defaultLocale,
      group,
    }));
  }
  return audience.chatIds.map((chatId) => ({
    chatId,
    kind: "private",
    locale: people.get(chatId) ?? defaultLocale,
  }));
}

/**
 * Sends one item to every recipient at once and gives, in recipients' order, what each reached
 * one returned. A seller who cannot be reached in private (blocked the bot) is skipped after
 * `onUnreachable`, so they do not hold up everyone else; any other failure rejects once every
 * recipient was tried (delivery marks keep a retry from sending twice). Nobody to send to, or
 * nobody reached, is NoRelayAudienceError: marking the item relayed would lose it, so it waits.
 */
export async function deliverToAll<T>(
  recipients: readonly RelayRecipient[],
  deliver: (recipient: RelayRecipient) => Promise<T>,
  onUnreachable?: (recipient: RelayRecipient, error: unknown) => void,
): Promise<Array<{ recipient: RelayRecipient; value: T }>> {
  if (recipients.length === 0) throw new NoRelayAudienceError();
  const results = await Promise.allSettled(recipients.map(deliver));
  const delivered: Array<{ recipient: RelayRecipient; value: T }> = [];
  const failures: unknown[] = [];
  results.forEach((result, index) => {
    const recipient = recipients[index];
    if (!recipient) return;
    if (result.status === "fulfilled") {
      delivered.push({ recipient, value: result.value });
    } else if (recipient.kind === "private" && isChatUnreachable(result.reason)) {
      onUnreachable?.(recipient, result.reason);
    } else {
      failures.push(result.reason);
    }
  });
  if (failures.length > 0) throw failures[0];
  if (delivered.length === 0) throw new NoRelayAudienceError();
  return delivered;
}

/** Nobody can get buyer messages: no relay group, and no seller reachable in private. */
export class NoRelayAudienceError extends Error {
  override name = "NoRelayAudienceError";
  constructor() {
    super(
      "Nobody to relay buyer messages to: set a relay group with /relay_here or give someone the seller role (for this store)",
    );
  }
}
