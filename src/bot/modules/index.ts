/**
 * The product areas the running bot is made of, built once from the container.
 * An area whose Ozon client is missing (no credentials for that API) is left out.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Container } from "../../container.ts";
import type { LocalizedContext } from "../i18n.ts";
import type { BotModule } from "../module.ts";

export interface ModuleDeps {
  container: Container;
  i18n: I18n<LocalizedContext>;
}

export function createModules(_deps: ModuleDeps): BotModule[] {
  return [];
}
