/** Tests: test/server/webhook.test.ts */
import { createHash } from "node:crypto";
import { type Bot, type Context, webhookCallback } from "grammy";
import type { Logger } from "../logger.ts";
import { type Route, sendJson } from "./http.ts";

/**
 * The secret Telegram sends in X-Telegram-Bot-Api-Secret-Token. WEBHOOK_SECRET when set; else
 * one derived from the bot token, so a webhook is never open to anyone who guesses its URL
 * (an unauthenticated webhook would let anyone forge updates, and with them any sender).
 */
export function webhookSecret(configured: string | undefined, botToken: string): string {
  if (configured) return configured;
  return createHash("sha256").update(`webhook:${botToken}`).digest("base64url").slice(0, 48);
}

/**
 * The URL given to Telegram and the path served for it, one made from the other so that they
 * always agree: WEBHOOK_URL as it is, or with /telegram added when it names no path.
 */
export function webhookEndpoint(webhookUrl: string): { url: string; path: string } {
  const url = new URL(webhookUrl);
  if (url.pathname === "/") url.pathname = "/telegram";
  return { url: url.href, path: url.pathname };
}

/**
 * POST <path>: updates from Telegram. A wrong or missing secret answers 401 and the update is
 * not handled. A slow update is answered 200 after 8 s while it goes on (Telegram would resend).
 */
export function webhookRoute<C extends Context>(
  bot: Bot<C>,
  options: { path: string; secretToken: string; logger: Logger },
): Route {
  const callback = webhookCallback(bot, "http", {
    secretToken: options.secretToken,
    onTimeout: "return",
    timeoutMilliseconds: 8_000,
  });
  return {
    method: "POST",
    path: options.path,
    async handle(req, res) {
      try {
        await callback(req, res);
      } catch (error) {
        // Bad JSON or an error escaping the bot: say so; Telegram retries on non-2xx.
        options.logger.warn({ err: error }, "webhook request failed");
        if (!res.headersSent) sendJson(res, 400, { ok: false, error: "bad update" });
      }
    },
  };
}
