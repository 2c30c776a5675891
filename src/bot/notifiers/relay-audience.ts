/**
 * Who gets a shop's buyer messages (chat messages, product questions and reviews) in Telegram:
 * the relay groups that take the shop, else every seller whose role reaches it, in private, each
 * with the language to write in. Both relay notifiers ask here, so both reach the same people.
 */
import { reachesShop } from "../../services/access/shop-scope.ts";
import { AccessService } from "../../services/access.ts";
import {
  type RelayGroup,
  type RelayGroupSetting,
  resolveRelayAudience,
} from "../../services/relay/audience.ts";
import { type Locale, localeOr } from "../i18n.ts";

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

/** Nobody can get buyer messages: no relay group, and no seller reachable in private. */
export class NoRelayAudienceError extends Error {
  override name = "NoRelayAudienceError";
  constructor() {
    super(
      "Nobody to relay buyer messages to: set a relay group with /relay_here or give someone the seller role (for this store)",
    );
  }
}
