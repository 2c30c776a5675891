/**
 * An Ozon failure as the returns and ratings screens say it: Ozon's words for a refusal.
 * Tests: none directly
 */
import { ozonFailureKind, ozonFailureMessage } from "../../ozon/errors.ts";
import { clip } from "../../text.ts";
import type { Translator } from "../core/i18n.ts";

const REFUSALS = new Set(["not_found", "our_input", "conflict"]);

export function ozonWords(t: Translator, error: unknown): string {
  const kind = ozonFailureKind(error);
  if (REFUSALS.has(kind))
    return t("ratings-ozon-refused", { reason: clip(ozonFailureMessage(error), 300) });
  if (kind === "keys_refused") return t("ratings-ozon-keys");
  return t("ratings-ozon-unavailable");
}
