/**
 * The stores area as a bot module: /stores with its buttons, the add and rename dialogs, the
 * guards that keep Ozon keys out of chats (installed before any dialog, and before the other
 * modules' early handlers, so a key pasted in a relay group never reaches a buyer), and, once
 * the bot can send, the admins told when a store's keys stop or start working.
 * Tests: none directly
 */
import type { Container } from "../../container.ts";
import { SecretBox } from "../../shops/secrets.ts";
import { auditTrailOf } from "../audit/index.ts";
import type { BotModule, ModuleDeps } from "../core/module.ts";
import { apiForSender } from "../core/sender/index.ts";
import { addStoreConversation } from "./add-store-dialog.ts";
import { storesFeature } from "./handlers.ts";
import { tellAdminsOfHealth } from "./health.ts";
import { groupKeyGuard, KeyIntake, keyIntakeGuard } from "./keys.ts";
import { renameStoreConversation } from "./rename-dialog.ts";

export function createStoresModule(deps: ModuleDeps): BotModule {
  const { container, codec, i18n, sender } = deps;
  const { config, logger, store, shops, access } = container;
  const { health, ozonClients } = needs(container);
  // Sealed keys live only while a dialog waits: a box of the bot's own is enough.
  const secrets = config.secretsKey
    ? SecretBox.fromKey(config.secretsKey)
    : SecretBox.fromBotToken(config.botToken);
  const intake = new KeyIntake({ store, secrets, logger });
  const storesLogger = logger.child({ module: "stores" });
  const audit = auditTrailOf(container);
  let stopTelling: (() => void) | undefined;

  return {
    name: "stores",
    beforeConversations: [
      groupKeyGuard(intake, storesLogger),
      keyIntakeGuard(intake, storesLogger),
    ],
    features: [
      storesFeature({
        shops,
        health,
        codec,
        timezone: config.timezone,
        logger: storesLogger,
        audit,
      }),
    ],
    conversations: [
      addStoreConversation({
        shops,
        checkClients: ozonClients.forCheck,
        intake,
        codec,
        logger: storesLogger,
        audit,
      }),
      renameStoreConversation({ shops, codec, intake, audit }),
    ],
    start(api) {
      stopTelling ??= tellAdminsOfHealth(
        {
          health,
          shops,
          access,
          sender,
          i18n,
          defaultLocale: config.defaultLocale,
          logger: storesLogger,
        },
        apiForSender(api),
      );
    },
    async stop() {
      stopTelling?.();
      stopTelling = undefined;
    },
  };
}

function needs(container: Container) {
  const { health, ozonClients } = container;
  if (!health || !ozonClients)
    throw new Error("the stores module needs the container's health and clients");
  return { health, ozonClients };
}
