/**
 * The bot's version, from package.json (answered to Ozon's push check, TYPE_PING).
 * Tests: none directly
 */
import { readFileSync } from "node:fs";

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

export const BOT_VERSION = readVersion();
