/**
 * The Ozon methods this version still relies on that Ozon's documents announce switching off
 * (or, should it ever come to that, have switched off): /status tells admins, so an upgrade is
 * planned before the day and not after it. Seed forms kept only as fallbacks are left out.
 * Tests: none directly
 */
import type { MethodCatalogue } from "../../openapi/catalogue.ts";
import { declaredEndpoints } from "../../ozon/declared.ts";
import { checkEndpoints } from "../../ozon/documents-check.ts";

export interface SwitchOffNotice {
  /** `POST /v2/returns/rfbs/verify`. */
  method: string;
  /** What the bot uses it for (`returns/rfbsVerify`). */
  usedFor: string;
  /** The announced day (YYYY-MM-DD); none when Ozon has not named one yet. */
  offOn?: string;
  /** Days from today to it (0 or less: off already). */
  daysLeft?: number;
  successor?: string;
}

export async function switchOffsInUse(
  catalogue: MethodCatalogue,
  day: string,
): Promise<SwitchOffNotice[]> {
  const checked = checkEndpoints(await declaredEndpoints(), catalogue, day);
  return checked
    .filter((c) => c.verdict === "announced" || c.verdict === "gone")
    .map((c) => {
      const notice: SwitchOffNotice = {
        method: `${c.declared.method} ${c.declared.path}`,
        usedFor: c.declared.usedFor,
      };
      if (c.doc?.offOn) notice.offOn = c.doc.offOn;
      if (c.daysLeft !== undefined) notice.daysLeft = c.daysLeft;
      if (c.doc?.successor) notice.successor = c.doc.successor;
      return notice;
    })
    .sort(
      (a, b) =>
        (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) || a.method.localeCompare(b.method),
    );
}
