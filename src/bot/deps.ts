import type { I18n } from "@grammyjs/i18n";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { AccessService } from "../services/access.ts";
import type { Store } from "../store/port.ts";
import type { CallbackCodec } from "./callback-data.ts";
import type { LocalizedContext } from "./i18n.ts";
import type { PersonMenus } from "./person-menus.ts";
import type { Router } from "./router.ts";

/** What every feature (one Composer per file in features/) is built from. */
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
}
