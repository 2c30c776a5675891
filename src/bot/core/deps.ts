/** Tests: none directly */
import type { I18n } from "@grammyjs/i18n";
import type { Config } from "../../config.ts";
import type { Logger } from "../../logger.ts";
import type { AccessService } from "../../services/access/index.ts";
import type { ShopRegistry } from "../../shops/registry.ts";
import type { Store } from "../../store/port.ts";
import type { CallbackCodec } from "./callback-data.ts";
import type { FrontDoor } from "./front-door.ts";
import type { LocalizedContext } from "./i18n.ts";
import type { PersonMenus } from "./person-menus.ts";
import type { ReadAhead } from "./read-ahead.ts";
import type { Router } from "./router.ts";

/** What features need of the shop registry: the shops, by id or by a button's ref. */
export type BotShops = Pick<ShopRegistry, "all" | "get" | "byRef" | "many">;

/** No shop at all (callers that serve none, older tests): nothing is offered per store. */
export const NO_SHOPS: BotShops = {
  all: () => [],
  get: () => undefined,
  byRef: () => undefined,
  many: false,
};

/** What every feature (one Composer per file in its capability folder) is built from. */
export interface FeatureDeps {
  config: Config;
  logger: Logger;
  access: AccessService;
  store: Store;
  codec: CallbackCodec;
  /** Where features register their commands and buttons. */
  router: Router;
  i18n: I18n<LocalizedContext>;
  /** Each person's command menu, set again when their roles, language or subscription change. */
  menus: PersonMenus;
  /** The Ozon stores the bot serves (look a shop up whenever acting; never keep one). */
  shops: BotShops;
  /** What /start and /help open: Home, when its module is installed (front-door.ts). */
  frontDoor: FrontDoor;
  /** Keys read along with the chat lock (read-ahead.ts); absent without the lock. */
  readAhead?: ReadAhead;
}
