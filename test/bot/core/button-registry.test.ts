/**
 * The one registry of buttons: the bot built as main builds it (every module, the sandbox) routes
 * every declared button kind, and routes nothing undeclared — so a button a keyboard can make is
 * always parsed and refused in one place, and no declared button is left without a handler.
 */
import { afterEach, describe, expect, it } from "vitest";
import { declaredButtons } from "../../../src/bot/core/buttons.ts";
import { createCallbackCodec } from "../../../src/bot/core/callback-data.ts";
import { CLOSE_BUTTON } from "../../../src/bot/core/dialog/dialog-buttons.ts";
import { createI18n } from "../../../src/bot/core/i18n.ts";
import { Router } from "../../../src/bot/core/router.ts";
import { createBot } from "../../../src/bot/index.ts";
import { createModules } from "../../../src/bot/modules.ts";
import { loadConfig } from "../../../src/config.ts";
import { type Container, createContainer } from "../../../src/container.ts";
import { MemoryStore } from "../../../src/store/memory.ts";
import { captureLogger } from "../../ozon/support/logger.ts";
import { botInfoFor } from "../../support/bot-info.ts";

const containers: Container[] = [];
afterEach(async () => {
  for (const container of containers.splice(0)) await container.close();
});

describe("the button registry", () => {
  it("every declared kind is routed in the bot as main builds it, and only declared kinds are", async () => {
    const config = loadConfig({
      BOT_TOKEN: "123456:registry-test-token-aaaaaaaaaaaa",
      STORE: "memory",
    });
    const { logger } = captureLogger();
    const container = await createContainer(config, logger, { store: new MemoryStore() });
    containers.push(container);
    const i18n = createI18n({ defaultLocale: config.defaultLocale, logger });
    const codec = createCallbackCodec(config.botToken);
    const router = new Router();
    createBot({
      config,
      logger,
      store: container.store,
      access: container.access,
      shops: container.shops,
      i18n,
      codec,
      router,
      modules: createModules({ container, i18n, codec }),
      botInfo: botInfoFor(1, "ozon_test_bot"),
    });
    // Close is routed by its own router, before the dialogs (core/dialog/leave.ts).
    const routed = [...router.buttonKinds(), CLOSE_BUTTON.kind].sort();
    const declared = [...declaredButtons().keys()].sort();
    expect(declared.length).toBeGreaterThan(60);
    expect(routed).toEqual(declared);
  });
});
