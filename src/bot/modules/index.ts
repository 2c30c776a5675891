/**
 * The product areas the running bot is made of, built once from the container.
 * An area whose Ozon client is missing (no credentials for that API) is left out.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Container } from "../../container.ts";
import type { LocalizedContext } from "../i18n.ts";
import type { BotModule } from "../module.ts";
import { createAdsModule } from "./ads.ts";
import { createPostingsModule } from "./postings.ts";
import { createRelayModule } from "./relay.ts";

export interface ModuleDeps {
  container: Container;
  i18n: I18n<LocalizedContext>;
}

export function createModules(_deps: ModuleDeps): BotModule[] {
  return [
    ...(_deps.container.ozon.performance ? [createAdsModule(_deps)] : []),
    ...(_deps.container.ozon.seller ? [createRelayModule(_deps)] : []),
    ...(_deps.container.ozon.seller ? [createPostingsModule(_deps)] : []),
  ];
}
